"""A message that corrects itself with a weak word ("no", "enfin", "naja", "bueno", "beh")
and then names a food with its own amount logs only that food; a bare word after "no" is what
the food was had without. An amount settled and then said again with its food is one entry."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, named_kcal

logged = functools.partial(named_kcal, context=context_at("Europe/Paris", 10, 0), lower=True)


@pytest.mark.parametrize(
    ("text", "food", "low", "high"),
    [
        ("a pear, no an orange", "orange", 45, 90),
        ("une banane, enfin deux kiwis", "kiwi", 70, 110),
        ("ein Apfel, naja zwei Bananen", "banan", 180, 240),
        ("3 galletas... bueno 4 galletas maría", "galletas", 80, 140),  # about 26 kcal each
        ("2 biscotti... beh ne ho mangiati 5 gocciole", "gocciole", 200, 280),
    ],
)
async def test_the_food_said_after_the_correction_is_the_one_logged(
    text: str, food: str, low: float, high: float
) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    name, kcal = entries[0]
    assert food in name
    assert low <= kcal <= high


@pytest.mark.parametrize("text", ["a coffee, no milk", "toast, no butter"])
async def test_a_bare_word_after_no_is_not_eaten(text: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert "milk" not in entries[0][0] and "butter" not in entries[0][0]


@pytest.mark.parametrize(
    "text",
    [
        "uova, 2... anzi 3. 3 uova",
        "tostadas, 2... no espera 3. 3 tostadas",
        "Eier, 2 nee 3. 3 Eier",
    ],
)
async def test_an_amount_settled_and_said_again_is_one_entry(text: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert "3" in entries[0][0]


@pytest.mark.parametrize(
    ("text", "food"),
    [("a latte, I mean a cappuccino", "cappuccino"), ("had a coffee, I mean a tea", "tea")],
)
async def test_i_mean_takes_back_the_food_and_asks_nothing(text: str, food: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert food in entries[0][0]


@pytest.mark.parametrize(
    ("text", "count"), [("3 Kekse, ach nein 4", "4"), ("2 Brezeln, ach nee 3", "3")]
)
async def test_ach_nein_settles_the_amount(text: str, count: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert f"{count} " in entries[0][0]


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("tres empanadas, bueno cuatro", "4"),
        ("2 donuts... fine, 3", "3"),
        ("3 Brezeln, naja 4", "4"),
        ("2 panini, vabbè 3", "3"),
        ("2 tranches de jambon, bon, 3", "3"),
    ],
)
async def test_a_weak_word_before_a_number_settles_it(text: str, count: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert f"{count} " in entries[0][0]
