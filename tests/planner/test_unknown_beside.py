"""Words nothing knows beside a food: after a drink, a word of talk; after "sauce", what the
sauce is named for, never a food eaten."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, named_kcal

BERLIN_LUNCH = context_at("Europe/Berlin", 13, 15)
# Each entry's name, in lower case, and its calories.
entries = functools.partial(named_kcal, context=BERLIN_LUNCH, lower=True)


@pytest.mark.parametrize(
    ("text", "drink"),
    [
        ("just had 1 samosa and chai yaar", "chai"),
        ("toast and a coffee bro", "coffee"),
        ("ein Croissant und ein Kaffee digga", "coffee"),
    ],
)
async def test_a_drink_before_a_word_of_talk_is_logged(text: str, drink: str) -> None:
    got = entries(text)
    assert len(got) == 2 and drink in got[1][0], got


@pytest.mark.parametrize(
    ("text", "not_logged"),
    [("boulettes sauce lapin", "rabbit"), ("Schnitzel Soße Pilze", "mushroom")],
)
async def test_a_food_named_after_sauce_is_not_eaten(text: str, not_logged: str) -> None:
    got = entries(text)
    assert not any(not_logged in name for name, _kcal in got), got


async def test_a_food_before_a_sauce_is_still_eaten() -> None:
    got = entries("frites sauce samouraï")
    assert len(got) == 1 and "fries" in got[0][0], got
