"""A whole number and a half said in words ("72 and a half", "72 einhalb", "72 y medio",
"72 et demi", "72 e mezzo") is that number and a half: a weight is logged as such; the half
hour of a time ("alle 8 e mezza") stays a time."""

from __future__ import annotations

import pytest

from bot.agent_api.actions import WeightLog
from bot.planner.offline.planner import plan_text
from tests.planner.logged import context_at, food_entries

CONTEXT = context_at("Europe/Berlin", 8, 30)


@pytest.mark.parametrize(
    "text",
    [
        "weighed in at 72 and a half this morning",
        "Gewicht heute 72 einhalb",
        "Gewicht 72 und halb",
        "peso 72 y medio",
        "poids ce matin 72 et demi",
        "peso 72 e mezzo stamattina",
    ],
)
def test_a_weight_and_a_half_is_logged_with_its_half(text: str) -> None:
    weights = [a.weight_kg for a in plan_text(text, CONTEXT).actions if isinstance(a, WeightLog)]
    assert weights == [72.5]


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("3 and a half slices of toast", "3.5 slices"),
        ("2 y media tazas de arroz", "2.5 cups cooked"),
    ],
)
def test_a_count_and_a_half_of_a_food_is_counted_with_its_half(text: str, amount: str) -> None:
    entries = food_entries(text, CONTEXT)
    assert len(entries) == 1 and entries[0].entry.food.endswith(amount), entries


@pytest.mark.parametrize(
    "text", ["pizza alle 8 e mezza", "una pizza a las 8 y media", "une pizza à 8 et demie"]
)
def test_the_half_hour_of_a_time_is_no_half_of_anything(text: str) -> None:
    plan = plan_text(text, CONTEXT)
    assert not [a for a in plan.actions if isinstance(a, WeightLog)]
    assert all(".5" not in e.entry.food for e in food_entries(text, CONTEXT))
