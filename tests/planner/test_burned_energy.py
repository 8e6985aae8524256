"""Energy said right after exercise is what it burned, never a food: nothing is written and the
reply speaks of the exercise. A food said after the exercise keeps its stated energy."""

from __future__ import annotations

import pytest

from bot.kernel.said import ExerciseNotTracked
from bot.planner.offline.planner import plan_text
from tests.planner.logged import context_at, food_entries

CONTEXT = context_at("Europe/Berlin", 19, 0)


@pytest.mark.parametrize(
    "text",
    [
        "1 Stunde Spinning, 550 kcal",
        "clase de spinning 45 min, 480 kcal",
        "45 min de vélo, 400 kcal",
        "un'ora di corsa, 600 kcal",
        "an hour on the elliptical, 350 cal",
        "20 min rowing machine, 300 kj output",
        "5 km Lauf, 400 kcal verbraucht",
        "j'ai dépensé 500 kcal au vélo",
        "gasté 300 kcal en la bici",
        "350 kcal consumate in palestra",
        "burned 600 cals on the bike",
    ],
)
async def test_energy_after_exercise_is_burned(text: str) -> None:
    plan = plan_text(text, CONTEXT)
    assert plan.actions == []
    assert any(isinstance(s, ExerciseNotTracked) for s in plan.said), plan.said


@pytest.mark.parametrize(
    ("text", "kcal"),
    [
        ("ran 5k then had a smoothie, 300 kcal", 300),
        ("nach dem Training ein Proteinshake, 180 kcal", 180),
        ("post gym shake 160 cal", 160),
        ("protein shake 300 kcal after the gym", 300),
    ],
)
async def test_a_food_after_exercise_keeps_its_energy(text: str, kcal: int) -> None:
    (entry,) = food_entries(text, CONTEXT)
    assert entry.entry.calories == kcal
