"""Step 3: numbers, fractions, ranges, containers and units in five languages."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pint
import pytest

from bot.planner.base import PlanContext
from bot.planner.offline.planner import plan_text
from bot.planner.reader.quantities import (
    HOUSEHOLD_ML,
    MASS_UNITS,
    counted_of,
    parse_measure,
    parse_prefix,
)
from tests.planner.logged import context_at, understood_kcal

CONTEXT = context_at("America/Chicago", 12)
UNITS: pint.UnitRegistry = pint.UnitRegistry()


@pytest.mark.parametrize(
    ("word", "pint_name", "measure"),
    [
        ("g", "gram", "g"),
        ("kg", "kilogram", "g"),
        ("oz", "ounce", "g"),
        ("lb", "pound", "g"),
        ("fl oz", "fluid_ounce", "ml"),
        ("fluid ounces", "fluid_ounce", "ml"),
        ("ml", "milliliter", "ml"),
        ("cl", "centiliter", "ml"),
        ("dl", "deciliter", "ml"),
        ("l", "liter", "ml"),
        ("pint", "imperial_pint", "ml"),
    ],
)
def test_every_unit_measures_what_pint_says(word: str, pint_name: str, measure: str) -> None:
    expected = UNITS.Quantity(1, pint_name).to("gram" if measure == "g" else "milliliter")
    assert MASS_UNITS[word][1] == pytest.approx(expected.magnitude, rel=0.01)


@pytest.mark.parametrize(
    ("unit", "pint_name"), [("cup", "cup"), ("tbsp", "tablespoon"), ("tsp", "teaspoon")]
)
def test_household_measures_are_the_us_ones(unit: str, pint_name: str) -> None:
    expected = UNITS.Quantity(1, pint_name).to("milliliter").magnitude
    assert HOUSEHOLD_ML[unit] == pytest.approx(expected, rel=0.02)


@pytest.mark.parametrize(
    ("words", "count", "unit"),
    [
        ("deux", 2.0, ""),
        ("due", 2.0, ""),
        ("tres", 3.0, ""),
        ("drei", 3.0, ""),
        ("cinq", 5.0, ""),
        ("1/2 cup", 0.5, "cup"),
        ("2 3", 2.5, ""),
        ("un verre de", 1.0, "glass"),
        ("un bicchiere di", 1.0, "glass"),
        ("une tranche de", 1.0, "slice"),
        ("una fetta di", 1.0, "slice"),
        ("24 fl oz of an", 24.0, "fl oz"),
        ("mezza", 0.5, ""),
    ],
)
def test_numbers_and_containers_before_a_food(words: str, count: float, unit: str) -> None:
    quantity = parse_prefix(words.split())
    assert (quantity.count, quantity.unit) == (count, unit)
    assert quantity.explicit


def _entries(text: str) -> list[tuple[str, float]]:
    return understood_kcal(text, CONTEXT)


@pytest.mark.parametrize(
    ("text", "measure"),
    [
        ("24 fl oz of an energy drink", "710 ml"),
        ("a 20 fl oz coke", "591 ml"),
        ("16oz latte", "473 ml"),
        ("12 oz of orange juice", "355 ml"),
        ("4 oz steak", "113 g"),
    ],
)
def test_fluid_ounces_are_a_volume_and_ounces_of_a_drink_are_fluid(text: str, measure: str) -> None:
    ((food, _kcal),) = _entries(text)
    assert measure in food


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("a glass of 2% milk", 100, 160),
        ("a 1% milk", 80, 160),
        ("100% apple juice", 100, 130),
        ("85% dark chocolate", 80, 120),
    ],
)
def test_a_percentage_is_never_a_count(text: str, low: float, high: float) -> None:
    ((_food, kcal),) = _entries(text)
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("a piece of medium pepperoni pizza", 250, 400),
        ("one slice of pepperoni pizza", 250, 400),
        ("una pizza margherita", 750, 1300),
        ("ho mangiato una pizza", 900, 1300),
        ("a pizza", 900, 1300),
    ],
)
def test_a_piece_of_pizza_is_a_slice_and_a_pizza_is_whole_in_every_language(
    text: str, low: float, high: float
) -> None:
    ((_food, kcal),) = _entries(text)
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("zone", "pint", "fl_oz"),
    [
        ("America/Chicago", "1 pint (473 ml)", "16 fl oz (473 ml)"),
        ("America/Los_Angeles", "1 pint (473 ml)", "16 fl oz (473 ml)"),
        ("Pacific/Honolulu", "1 pint (473 ml)", "16 fl oz (473 ml)"),
        ("Europe/London", "1 pint (568 ml)", "16 fl oz (455 ml)"),
        ("Europe/Dublin", "1 pint (568 ml)", "16 fl oz (455 ml)"),
        ("Europe/Berlin", "1 pint (568 ml)", "16 fl oz (473 ml)"),
        ("Australia/Sydney", "1 pint (568 ml)", "16 fl oz (473 ml)"),
    ],
)
def test_a_pint_and_a_fluid_ounce_are_those_of_where_the_person_lives(
    zone: str, pint: str, fl_oz: str
) -> None:
    """A US pint (473 ml) and fluid ounce (29.57 ml) in the Americas and Hawaii; imperial
    ones (568 ml, 28.41 ml) in the UK and Ireland; elsewhere the pub's imperial pint."""
    here = PlanContext(
        now=dt.datetime(2026, 11, 22, 12, 0, tzinfo=zoneinfo.ZoneInfo(zone)), timezone=zone
    )
    beer, cola = plan_text("a pint of beer and 16 fl oz of cola", here).actions
    assert pint in beer.entry.food  # type: ignore[attr-defined]
    assert fl_oz in cola.entry.food  # type: ignore[attr-defined]
    us = zone.startswith(("America/", "Pacific/"))
    kcal = beer.entry.calories  # type: ignore[attr-defined]
    assert (kcal < 220) if us else (kcal > 230)


@pytest.mark.parametrize(
    ("words", "count", "unit"),
    [
        ("a stick of", 1.0, "stick"),
        ("2 baby leaves of", 2.0, "baby leaf"),
        ("three wedges of", 3.0, "wedge"),
        ("a large snack bag of", 1.0, "large snack bag"),
    ],
)
def test_a_measure_only_the_foods_row_weighs(words: str, count: float, unit: str) -> None:
    known = {"stick", "baby leaf", "wedge", "large snack bag"}
    quantity = parse_measure(words.split(), known.__contains__)
    assert quantity is not None
    assert (quantity.count, quantity.unit, quantity.explicit) == (count, unit, True)
    assert quantity.tokens == len(words.split())


@pytest.mark.parametrize("words", ["a stick", "a twig of", "some stick of", "a large stick of"])
def test_no_measure_without_of_a_known_one_or_a_count(words: str) -> None:
    assert parse_measure(words.split(), {"stick"}.__contains__) is None


@pytest.mark.parametrize(
    ("words", "count", "size"),
    [("3 rolls of", 3.0, ""), ("a cocktail of", 1.0, ""), ("2 large wraps of", 2.0, "large")],
)
def test_a_count_of_some_other_thing_counts_the_food(words: str, count: float, size: str) -> None:
    quantity = counted_of(words.split())
    assert quantity is not None
    assert (quantity.count, quantity.size, quantity.explicit) == (count, size, True)
    assert quantity.tokens == len(words.split())


@pytest.mark.parametrize("words", ["a lot of", "a bit of", "rolls of", "3 rolls", "some rolls of"])
def test_vague_words_and_missing_counts_are_no_count_of(words: str) -> None:
    assert counted_of(words.split()) is None
