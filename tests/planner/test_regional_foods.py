"""Regional dishes, pastries and drinks logged as the people who eat them name them: one
entry each, named so that a person recognises it, at the size they are served in (a Kölsch
in its 0.2 l glass, a pastis of 2.5 cl, an Italian cappuccino, a café con leche half milk)."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, named_kcal

CONTEXT = context_at("Europe/Paris", 12)
_entries = functools.partial(named_kcal, context=CONTEXT)


@pytest.mark.parametrize(
    ("text", "name", "low", "high"),
    [
        ("drei Kölsch im Brauhaus", "kölsch", 200, 320),
        ("un café con leche", "coffee", 55, 110),
        ("ein Milchkaffee", "coffee", 55, 110),
        ("un cappuccino", "cappuccino", 70, 120),
        ("una malta bien fría", "malta", 180, 280),
        ("un pastis bien frais", "pastis", 50, 90),
        ("ein Rösti, 250 g", "rösti", 330, 480),
        ("une brioche", "brioche", 170, 300),
        ("un verre de bissap", "bissap", 80, 140),
        ("dos tortas fritas", "torta frita", 450, 650),
        ("un pan con bistec", "steak", 450, 700),
        ("eine Portion Schweinsbraten", "pork", 380, 600),
        ("due seadas", "seada", 700, 1000),
        ("3 pasticciotti", "pasticciotto", 900, 1300),
        ("ajiaco santafereño", "ajiaco", 400, 600),
        ("a plate of encebollado", "encebollado", 300, 500),
    ],
)
def test_a_regional_food_is_one_entry_at_its_served_size(
    text: str, name: str, low: float, high: float
) -> None:
    entries = _entries(text)
    assert len(entries) == 1, entries
    food, kcal = entries[0]
    assert name in food.lower(), entries
    assert low <= kcal <= high, entries


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Backhendl mit Salat", ["chicken"]),
        ("pulpo a la gallega y pan", ["octopus"]),
        ("ein Fischbrötchen mit Matjes", ["fish"]),
        ("pescaíto frito y una caña", ["fish", "beer"]),
        ("une guajolota", ["tamal"]),
        ("deux quenelles et une salade", ["quenelle", "salad"]),
        ("attiéké et alloco", ["attiéké", "alloco"]),
        ("gofio y un café", ["gofio", "coffee"]),
        ("a bicerin and 2 gianduiotti", ["bicerin", "gianduiott"]),
    ],
)
def test_a_regional_food_is_named_as_eaten(text: str, names: list[str]) -> None:
    foods = [food.lower() for food, _ in _entries(text)]
    assert len(foods) >= len(names), foods
    for name in names:
        assert any(name in food for food in foods), (name, foods)


@pytest.mark.parametrize(
    "text", ["cheers mate", "thanks mate, legend", "mate that was a great run"]
)
def test_an_english_mate_is_a_friend_not_a_drink(text: str) -> None:
    assert _entries(text) == []


def test_a_spanish_mate_is_the_drink() -> None:
    foods = [food for food, _ in _entries("con el mate unos bizcochitos")]
    assert any("mate" in food.lower() for food in foods), foods
