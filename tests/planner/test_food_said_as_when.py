"""A food said only as when a weight or a rating was taken ("that was after coffee", "nach
dem Kaffee", "después del café", "après le café", "dopo il caffè") is no meal: the weight or
the rating is written, no food. A food had after a meal ("had a coffee after lunch") or said
with a verb of eating is still logged."""

from __future__ import annotations

import pytest

from bot.agent_api.actions import CheckinUpsert, WeightLog
from bot.planner.offline.planner import plan_text
from tests.planner.logged import context_at, food_entries_of

CONTEXT = context_at("Europe/Madrid", 8, 30)


@pytest.mark.parametrize(
    "text",
    [
        "scale says 80.4 kg but that was after coffee",
        "82,4 kg heute früh, aber nach dem Kaffee",
        "70,1 kg después del café",
        "68,5 kg ce matin, après le café",
        "75 kg dopo il caffè",
        "weighed 79.9 kg right after a latte",
    ],
)
async def test_a_weight_taken_after_a_drink_writes_no_drink(text: str) -> None:
    plan = plan_text(text, CONTEXT)
    assert [a for a in plan.actions if isinstance(a, WeightLog)], plan.actions
    assert not food_entries_of(plan), plan.actions


@pytest.mark.parametrize("text", ["mood 4 after coffee", "Energie 3 nach dem Kaffee"])
async def test_a_rating_given_after_a_drink_writes_no_drink(text: str) -> None:
    plan = plan_text(text, CONTEXT)
    assert [a for a in plan.actions if isinstance(a, CheckinUpsert)], plan.actions
    assert not food_entries_of(plan), plan.actions


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("had a coffee after lunch", 1),
        ("80 kg, then a coffee and a croissant", 2),
        ("81 kg, had a banana after the gym", 1),
        ("energy 2, coffee after lunch", 1),
        ("80 kg, después del gimnasio me tomé un café", 1),
    ],
)
async def test_a_food_had_is_still_logged(text: str, count: int) -> None:
    assert len(food_entries_of(plan_text(text, CONTEXT))) == count
