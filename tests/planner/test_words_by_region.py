"""A word whose food differs by country is read as the food of the person's time zone, and
as the table's own food everywhere else (bot/planner/offline/regional.py)."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, food_entries


def _foods(text: str, zone: str) -> list[tuple[str, float]]:
    return [
        (e.entry.food.lower(), e.entry.calories or 0.0)
        for e in food_entries(text, context_at(zone, 19, 30))
    ]


@pytest.mark.parametrize(
    ("text", "zone", "food", "kcal"),
    [
        ("had chips with my burger", "Europe/London", "french fries", (250, 450)),
        ("a sausage and chips from the chippy", "Europe/Dublin", "french fries", (250, 450)),
        ("hot chips at the beach", "Australia/Sydney", "french fries", (250, 450)),
        ("had chips with my burger", "America/Chicago", "potato chips", (100, 200)),
        ("a bag of chips", "Europe/London", "potato chips", (100, 200)),
        ("chips", "Europe/Berlin", "potato chips", (100, 200)),
        ("un tinto por la mañana", "America/Bogota", "coffee", (0, 10)),
        ("me tomé un tinto con la cena", "Europe/Madrid", "red wine", (100, 160)),
        ("un demi en terrasse", "Europe/Paris", "demi of beer", (90, 130)),
        ("un demi, merci", "Europe/Zurich", "demi of beer", (90, 130)),
        ("two biscuits with butter", "America/New_York", "scone", (400, 700)),
        ("two biscuits with my tea", "Europe/London", "cookie", (100, 200)),
        ("deux biscuits avec mon café", "America/Montreal", "cookie", (100, 200)),
        ("jelly and ice cream", "Europe/London", "jelly dessert", (60, 110)),
        ("toast and jelly", "America/Denver", "jam", (40, 140)),
    ],
)
def test_the_word_names_the_food_of_the_zone(
    text: str, zone: str, food: str, kcal: tuple[float, float]
) -> None:
    found = _foods(text, zone)
    named = [(name, cal) for name, cal in found if food in name]
    assert named, found
    assert kcal[0] <= named[0][1] <= kcal[1], found


@pytest.mark.parametrize(
    ("text", "zone", "food"),
    [
        ("fish and chips", "Europe/London", "fish and chips"),
        ("fish and chips", "America/New_York", "fish and chips"),
        ("tortilla chips", "Europe/London", "tortilla chips"),
        ("a choc chip muffin", "Europe/London", "choc chip muffin"),
        ("cod n chips", "Europe/London", "fish and chips"),
        ("haddock and chips", "America/New_York", "fish and chips"),
        ("pb&j sandwich", "Europe/Berlin", "peanut butter and jelly sandwich"),
        ("biscuits and gravy", "America/New_York", "biscuits and gravy"),
        ("jelly beans", "Europe/London", "jelly beans"),
        ("toast with jelly", "Europe/London", "toast with jam"),
        ("un vino tinto", "America/Bogota", "red wine"),
        ("tinto de verano", "Europe/Madrid", "tinto de verano"),
        ("un demi croissant", "Europe/Paris", "croissant"),
    ],
)
def test_a_longer_name_keeps_its_food(text: str, zone: str, food: str) -> None:
    found = _foods(text, zone)
    assert [name for name, _ in found if name.startswith(food)], found


@pytest.mark.parametrize(
    ("text", "zone"),
    [("un tinto", "Europe/Berlin"), ("un demi", "Europe/Rome"), ("un demi", "Europe/Madrid")],
)
def test_elsewhere_the_word_is_left_unread(text: str, zone: str) -> None:
    assert _foods(text, zone) == []


@pytest.mark.parametrize(
    "text",
    [
        "pb on toast",
        "overnight oats w pb",
        "2 tbsp pb",
        "a tbsp of pb with an apple",
        "pb&j",
        "Reiswaffeln mit pb",
        "tostadas con pb",
    ],
)
def test_pb_beside_bread_or_a_measure_is_peanut_butter(text: str) -> None:
    found = _foods(text, "Europe/London")
    assert any("peanut butter" in name for name, _ in found), found


@pytest.mark.parametrize(
    "text", ["a new pb at parkrun", "nouveau pb sur 10 km", "neuer pb im Kreuzheben"]
)
def test_a_personal_best_is_no_peanut_butter(text: str) -> None:
    found = _foods(text, "America/New_York")
    assert not any("peanut butter" in name for name, _ in found), found


@pytest.mark.parametrize(
    ("text", "zone", "food"),
    [
        ("une soupe en entrée", "America/Montreal", "soup"),
        ("salmon as an entree", "America/Chicago", "salmon"),
        ("eine Suppe als Vorspeise", "Europe/Berlin", "soup"),
        ("calamares de entrante", "Europe/Madrid", "calamares"),
    ],
)
def test_the_course_is_no_food(text: str, zone: str, food: str) -> None:
    found = _foods(text, zone)
    assert len(found) == 1 and food in found[0][0], found
    assert not food_entries(text, context_at(zone, 19, 30))[0].entry.food.lower().count("entr")
