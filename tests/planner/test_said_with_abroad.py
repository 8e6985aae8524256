"""What a food comes with, said the Italian and French way: "al burro", "col miele", "co' la
panna" and "une bretzel beurre" are one entry with what it comes with; a filled pastry names
all its fillings; an "etto" is 100 g; a beer "da 66" is its 66 cl bottle, a "bolée" of cider
its bowl; "régulière" is the regular size; a Rhineland "halve" is a half, never halva; an
Italian "bel piatto", "preparate da mia nonna" and a Peruvian "pe" are said around a food,
never one; "gekocht" after a weight is the cooked food, "crudo" the raw one."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, named_kcal

CONTEXT = context_at("Europe/Rome", 13)
_entries = functools.partial(named_kcal, context=CONTEXT)


@pytest.mark.parametrize(
    ("text", "name", "low", "high"),
    [
        ("3 supplì al burro", "", 0, 10_000),
        ("gnocchi col burro", "gnocch", 0, 10_000),
        ("una fetta di pane col miele", "bread", 100, 200),
        ("un cornetto co' la crema", "croissant", 200, 400),
        ("une baguette beurre", "baguette", 0, 10_000),
        ("deux crêpes beurre", "cr", 200, 500),
    ],
)
def test_what_it_comes_with_is_one_entry(text: str, name: str, low: float, high: float) -> None:
    entries = _entries(text)
    assert len(entries) == 1, entries
    food, kcal = entries[0]
    assert name in food.lower(), entries
    assert low <= kcal <= high, entries


def test_a_filled_pastry_names_every_filling() -> None:
    entries = _entries("un calzone prosciutto e funghi")
    assert len(entries) == 1, entries
    assert "funghi" in entries[0][0].lower() and "calzone" in entries[0][0].lower(), entries


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("3 etti di bistecca", 550, 750),
        ("un etto di prosciutto crudo", 100, 300),
        ("una Moretti da 66", 230, 340),
        ("una cerveza de 33", 120, 170),
        ("deux bolées de cidre", 180, 280),
    ],
)
def test_a_measure_said_abroad(text: str, low: float, high: float) -> None:
    entries = _entries(text)
    assert len(entries) == 1, entries
    assert low <= entries[0][1] <= high, entries


def test_a_regular_poutine_is_the_regular_size() -> None:
    entries = _entries("une poutine régulière svp")
    assert len(entries) == 1 and entries[0][0].startswith("Poutine"), entries
    assert 600 <= entries[0][1] <= 900, entries


def test_a_rhineland_half_is_no_halva() -> None:
    entries = _entries("ne halve Brötchen mit Käse")
    assert entries and not any("halva" in food.lower() for food, _ in entries), entries


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("un bel piatto di lasagne", "lasagn"),
        ("una bella fetta di torta", "cake"),
        ("un ceviche pe", "ceviche"),
        ("una inca kola pe", "inca"),
        ("un piatto di lasagne preparate da mia suocera", "lasagn"),
    ],
)
def test_words_said_around_a_food_are_no_food(text: str, name: str) -> None:
    entries = _entries(text)
    assert len(entries) == 1 and name in entries[0][0].lower(), entries


@pytest.mark.parametrize(
    ("text", "name", "low", "high"),
    [
        ("200g Kartoffeln gekocht", "potato", 120, 200),
        ("150 g reis gekocht", "rice", 160, 230),
        ("70g de arroz integral crudo", "brown rice", 230, 290),
        ("60 g de riz complet cru", "brown rice", 190, 250),
    ],
)
def test_a_weight_said_cooked_or_raw_after_the_food(
    text: str, name: str, low: float, high: float
) -> None:
    entries = _entries(text)
    assert len(entries) == 1 and name in entries[0][0].lower(), entries
    assert low <= entries[0][1] <= high, entries
