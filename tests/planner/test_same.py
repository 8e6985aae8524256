"""A food named twice, side by side or in brackets, is logged once."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, food_entries

logged = functools.partial(food_entries, context=context_at("Europe/Rome", 19, 15))


@pytest.mark.parametrize(
    "text",
    [
        "uno spritz aperol",  # two names of one drink
        "a tea (earl grey)",  # the bracket says which
        "ate 4 cookies (oreos)",
        "ein Bier (Helles)",
    ],
)
async def test_one_thing_named_twice_is_one_entry(text: str) -> None:
    assert len(logged(text)) == 1


@pytest.mark.parametrize("text", ["a tea and a coffee", "pasta (and a salad)"])
async def test_two_things_stay_two(text: str) -> None:
    assert len(logged(text)) == 2


@pytest.mark.parametrize(
    "text", ["a footlong cold cut combo", "2 footlong veggie delite", "footlong bmt"]
)
def test_a_footlong_said_before_a_sub_is_its_size(text: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    (six_inch,) = logged(text.replace("footlong ", ""))  # as many six-inch subs
    assert entries[0].entry.calories == pytest.approx(2 * (six_inch.entry.calories or 0))


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("had a beer, i think it was a heineken", "heineken"),
        ("une bière, c'était une leffe", "leffe"),
        ("ein Bier, war ein Helles", "helles"),
        ("una cerveza, era una mahou", "mahou"),
        ("a pizza, it was a margherita", "margherita"),
    ],
)
def test_a_food_said_again_after_it_was_is_the_one_before(text: str, named: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert named in entries[0].entry.food.lower()


def test_a_drink_after_it_was_beside_a_food_stays() -> None:
    assert len(logged("a burger and it was a coke")) == 2
