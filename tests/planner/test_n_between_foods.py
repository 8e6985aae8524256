""" " n " between two foods is "and": a dish the table names with "and" is that dish ("mac
n cheese", "spaghetti n meatballs"), two foods it does not name stay two; a meal's time
said after a dish is no frozen "dinner" of it."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

AT_DINNER = context_at("America/New_York", 19)


@pytest.mark.parametrize(
    ("text", "dish"),
    [
        ("spaghetti n meatballs", "spaghetti and meatballs"),
        ("spaghetti n meatballs dinner", "spaghetti and meatballs"),
        ("had bangers n mash", "bangers and mash"),
        ("Spaghetti und Fleischbällchen", "spaghetti and meatballs"),
        ("spaghetti e polpette", "spaghetti and meatballs"),
        ("spaghetti aux boulettes", "spaghetti and meatballs"),
    ],
)
def test_a_dish_said_with_n_is_the_dish(text: str, dish: str) -> None:
    got = named_kcal(text, AT_DINNER, lower=True)
    assert len(got) == 1, got
    assert got[0][0].startswith(dish)
    assert 400 <= got[0][1] <= 900


def test_two_foods_said_with_n_stay_two() -> None:
    assert len(named_kcal("eggs n toast", AT_DINNER)) == 2
