"""A weekday that starts the name of a food ("sunday roast") is that food, logged on the
day it is told, never a date that leaves the rest unread; a weekday and a meal ("Sunday
lunch", "domenica a pranzo") still date the meal."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.planner.base import PlanContext
from bot.planner.offline.planner import plan_text
from tests.planner.logged import food_entries_of

WEDNESDAY = dt.date(2026, 11, 25)
LAST_SUNDAY = dt.date(2026, 11, 22)
LONDON = PlanContext(
    now=dt.datetime(2026, 11, 25, 20, 0, tzinfo=ZoneInfo("Europe/London")),
    timezone="Europe/London",
)


@pytest.mark.parametrize(
    "text", ["a sunday roast at the pub", "sunday roast, a big plate", "sunday roast"]
)
def test_a_food_named_by_a_weekday_is_logged_today(text: str) -> None:
    plan = plan_text(text, LONDON)
    (entry,) = food_entries_of(plan)
    assert entry.date == WEDNESDAY and (entry.entry.calories or 0) > 500, entry


@pytest.mark.parametrize(
    "text",
    [
        "sunday lunch: spaghetti bolognese",
        "Sonntag Mittag Spaghetti Bolognese",
        "domingo al mediodía espaguetis a la boloñesa",
        "dimanche midi des spaghetti bolognaise",
        "domenica a pranzo spaghetti alla bolognese",
    ],
)
def test_a_weekday_and_a_meal_still_date_the_meal(text: str) -> None:
    entries = food_entries_of(plan_text(text, LONDON))
    assert entries and all(e.date == LAST_SUNDAY for e in entries), entries
