"""A symptom said in German, Spanish, French or Italian is kept in the day's notes in the
person's words, beside any rating; a food beside it is still logged and no food is read from
it."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import CheckinUpsert, NutritionAddEntry
from bot.planner.base import Plan, PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 22, 15, 0, tzinfo=ZoneInfo("Europe/Berlin"))


async def _plan(text: str) -> Plan:
    return await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Berlin"))


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("starke Halsschmerzen", "Halsschmerzen"),
        ("tengo fiebre desde ayer", "fiebre"),
        ("me duele la cabeza", "duele"),
        ("un peu mal à la gorge", "mal à la gorge"),
        ("mal di schiena tutto il giorno", "mal di schiena"),
        ("un po' raffreddata", "raffreddata"),
    ],
)
async def test_a_symptom_is_a_note_in_its_own_words(text: str, said: str) -> None:
    plan = await _plan(text)
    [checkin] = [a for a in plan.actions if isinstance(a, CheckinUpsert)]
    assert checkin.notes is not None and said in checkin.notes
    assert not any(isinstance(a, NutritionAddEntry) for a in plan.actions)


async def test_a_symptom_beside_a_meal_and_a_rating() -> None:
    plan = await _plan("Bauchweh, Energie 2, mittags nur eine Suppe")
    [checkin] = [a for a in plan.actions if isinstance(a, CheckinUpsert)]
    assert checkin.energy == 2 and "Bauchweh" in (checkin.notes or "")
    assert len([a for a in plan.actions if isinstance(a, NutritionAddEntry)]) == 1


async def test_sleeping_badly_in_french_is_no_symptom() -> None:
    plan = await _plan("mal dormi")
    [checkin] = [a for a in plan.actions if isinstance(a, CheckinUpsert)]
    assert checkin.sleep_quality == 2 and checkin.notes is None


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("sore throat since yesterday", "sore throat since yesterday"),
        ("Fieber seit gestern", "Fieber seit gestern"),
        ("migraine depuis ce matin", "migraine depuis ce matin"),
    ],
)
async def test_a_symptom_since_a_day_is_told_not_asked(text: str, note: str) -> None:
    plan = await _plan(text)
    notes = [a.notes for a in plan.actions if isinstance(a, CheckinUpsert)]
    assert notes == [note]
