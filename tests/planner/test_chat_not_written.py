"""Small talk that holds a food or a feeling word writes nothing: a wish to someone else, a
polite "fine, thanks", a greeting; a craving is no meal, in the five languages."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import CheckinUpsert
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 22, 13, 0, tzinfo=ZoneInfo("Europe/Berlin"))
CONTEXT = PlanContext(now=NOW, timezone="Europe/Berlin")


@pytest.mark.parametrize(
    "text",
    [
        "have a great weekend!",
        "enjoy your day :)",
        "buen día!",
        "muy bien, gracias",
        "je vais bien merci",
        "sto bene, grazie",
        "I'm feeling good, thanks!",
    ],
)
async def test_wishes_and_polite_replies_write_nothing(text: str) -> None:
    assert (await OfflinePlanner().plan(text, CONTEXT)).actions == []


@pytest.mark.parametrize(
    "text",
    [
        "kinda feel like tacos tonight",
        "so in the mood for ice cream",
        "hab Lust auf Pommes",
        "me dan ganas de una pizza",
        "j'ai trop envie d'un burger",
        "che voglia di pizza",
    ],
)
async def test_a_craving_is_no_meal(text: str) -> None:
    assert (await OfflinePlanner().plan(text, CONTEXT)).actions == []


async def test_a_day_that_was_good_is_still_the_mood() -> None:
    for text in ("had a really good day", "hoy fue un buen día", "mood good, thanks"):
        plan = await OfflinePlanner().plan(text, CONTEXT)
        [checkin] = [a for a in plan.actions if isinstance(a, CheckinUpsert)]
        assert checkin.mood is not None and checkin.mood >= 4
