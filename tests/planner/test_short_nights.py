"""A short night said in hours is a poor night: the hours stay in the day's notes and the sleep
rating is low, in each of the five languages; a usual or long night is not rated, and a rating
the person gave wins over the hours."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import CheckinUpsert
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner
from bot.planner.offline.sleep_hours import short_night_rating

NOW = dt.datetime(2026, 11, 22, 9, 0, tzinfo=ZoneInfo("Europe/Berlin"))


async def _checkin(text: str) -> CheckinUpsert:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Berlin"))
    [checkin] = [a for a in plan.actions if isinstance(a, CheckinUpsert)]
    return checkin


@pytest.mark.parametrize(
    "text",
    [
        "only got like 4 hrs of sleep, wrecked",
        "slept three hours",
        "nur 4 Stunden geschlafen",
        "ho dormito 4 ore stanotte",
        "j'ai dormi à peine 4 heures",
        "dormí unas 4 horas",
    ],
)
async def test_a_short_night_is_a_poor_one_and_its_hours_are_kept(text: str) -> None:
    checkin = await _checkin(text)
    assert checkin.sleep_quality in (1, 2)
    assert checkin.notes is not None and ("4" in checkin.notes or "three" in checkin.notes)


@pytest.mark.parametrize("text", ["slept 8 hours", "got 7.5 hours of sleep", "dormí 6 horas"])
async def test_a_usual_night_in_hours_is_not_rated(text: str) -> None:
    assert (await _checkin(text)).sleep_quality is None


async def test_the_persons_own_rating_wins_over_the_hours() -> None:
    assert (await _checkin("slept 4 hours but slept well")).sleep_quality == 4
    assert (await _checkin("sleep 3/5, about 4 hours")).sleep_quality == 3


def test_how_short_a_night_is() -> None:
    assert short_night_rating(2.5) == 1
    assert short_night_rating(4.5) == 2
    assert short_night_rating(5) is None
    assert short_night_rating(9) is None


@pytest.mark.parametrize(
    ("text", "hours", "rating"),
    [
        ("slept badly, only about 3 hours", "3 hours", 2),
        ("barely slept, maybe 2 hrs", "2 hrs", 1),
        ("mal dormi, à peine 4 heures", "4 heures", 2),
    ],
)
async def test_hours_said_a_little_after_the_sleep_are_its_hours(
    text: str, hours: str, rating: int
) -> None:
    checkin = await _checkin(text)
    assert checkin.notes is not None and hours in checkin.notes
    assert checkin.sleep_quality == rating


async def test_hours_far_from_any_sleep_are_not_sleep() -> None:
    plan = await OfflinePlanner().plan(
        "hiked maybe 3 hours", PlanContext(now=NOW, timezone="Europe/Berlin")
    )
    assert not any(isinstance(a, CheckinUpsert) for a in plan.actions)
