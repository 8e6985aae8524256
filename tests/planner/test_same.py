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
