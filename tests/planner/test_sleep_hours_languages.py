"""Hours slept, said in any of the five languages, are a note of the day: never a sleep
rating out of range, never words named back as unplaced; a usual night is not rated."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import CheckinUpsert
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 22, 8, 15, tzinfo=ZoneInfo("Europe/Rome"))


@pytest.mark.parametrize(
    "text",
    ["ho dormito 6 ore", "nur 6 Stunden geschlafen", "j'ai dormi 7 heures", "dormí 5 horas"],
)
async def test_hours_slept_are_a_note(text: str) -> None:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Rome"))
    [checkin] = [a for a in plan.actions if isinstance(a, CheckinUpsert)]
    assert checkin.sleep_quality is None
    assert checkin.notes is not None and text.split()[-1] in checkin.notes
