"""A yes-no question holding an amount, in the five languages, logs nothing; the same amount
said as a hedged log ("2 eggs?") is still logged."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 22, 13, 0, tzinfo=ZoneInfo("Europe/Berlin"))


async def _entries(text: str) -> list[NutritionAddEntry]:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Berlin"))
    return [a for a in plan.actions if isinstance(a, NutritionAddEntry)]


@pytest.mark.parametrize(
    "text",
    [
        "¿puedo comer 2 tostadas antes de correr?",
        "¿2 cervezas son muchas?",
        "posso bere 2 birre stasera?",
        "darf ich 2 Stück Kuchen essen?",
        "est-ce que 3 oeufs c'est trop ?",
        "should I have 2 bananas before the gym?",
    ],
)
async def test_a_question_with_an_amount_logs_nothing(text: str) -> None:
    assert await _entries(text) == []


@pytest.mark.parametrize("text", ["3 eggs?", "had 2 beers?", "2 Brezeln?"])
async def test_a_hedged_log_is_no_question(text: str) -> None:
    assert len(await _entries(text)) == 1
