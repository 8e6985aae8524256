"""A food "again" is today's last entry of that food logged once more; words that name no
food ("headache again") are left to the other rules."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest

from bot.planner.offline.usual import find_repeat, picked

LONDON = zoneinfo.ZoneInfo("Europe/London")
TODAY = dt.date(2026, 11, 22)


def _entry(food: str, kcal: int, created: str) -> dict[str, object]:
    return {
        "food": food,
        "calories": kcal,
        "protein": 5,
        "carbs": 8,
        "fat": 6,
        "createdAt": created,
    }


@pytest.mark.parametrize("text", ["flat white again", "a flat white again lol"])
def test_the_last_one_of_that_food_is_logged_again(text: str) -> None:
    repeat = find_repeat(text, TODAY)
    assert repeat is not None and repeat.food == "flat white"
    data = {
        "entries": [
            _entry("Flat white", 110, "2026-11-22T08:00:00Z"),
            _entry("Toast", 90, "2026-11-22T08:00:00Z"),
            _entry("Flat white", 130, "2026-11-22T11:00:00Z"),
        ]
    }
    [again] = picked(repeat, data, LONDON)
    assert again.entry.calories == 130


@pytest.mark.parametrize("text", ["headache again", "tired again today", "gym again"])
def test_words_naming_no_food_are_no_repeat(text: str) -> None:
    assert find_repeat(text, TODAY) is None
