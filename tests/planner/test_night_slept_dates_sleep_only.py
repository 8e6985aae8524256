"""The night said with how one slept ("slept bad last night", "heute Nacht schlecht
geschlafen", "dormí fatal anoche", "mal dormi cette nuit", "dormito male stanotte") dates the
sleep only: the foods of the other clauses were had today. A night said with a food still
dates the food ("pizza last night")."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.agent_api.actions import CheckinUpsert
from bot.planner.offline.planner import plan_text
from tests.planner.logged import context_at, food_entries_of

CONTEXT = context_at("Europe/Rome", 19, 30)
TODAY = dt.date(2026, 11, 22)


@pytest.mark.parametrize(
    "text",
    [
        "roast chicken and a beer, slept bad last night btw",
        "slept badly last night, porridge for breakfast",
        "Pizza und ein Bier, heute Nacht schlecht geschlafen",
        "pasta y una cerveza, dormí fatal anoche",
        "une pizza et une bière, mal dormi cette nuit",
        "pizza e birra, dormito male stanotte",
    ],
)
async def test_the_night_slept_dates_the_sleep_not_the_food(text: str) -> None:
    plan = plan_text(text, CONTEXT)
    foods = food_entries_of(plan)
    assert foods, plan.actions
    assert {f.date for f in foods} == {TODAY}
    (checkin,) = [a for a in plan.actions if isinstance(a, CheckinUpsert)]
    assert checkin.sleep_quality is not None and checkin.sleep_quality <= 2


@pytest.mark.parametrize(
    "text",
    [
        "pizza last night, slept badly",
        "gestern Abend Pizza, schlecht geschlafen",
        "had pizza last night",
    ],
)
async def test_a_night_said_with_the_food_still_dates_it(text: str) -> None:
    foods = food_entries_of(plan_text(text, CONTEXT))
    assert {f.date for f in foods} == {TODAY - dt.timedelta(days=1)}
