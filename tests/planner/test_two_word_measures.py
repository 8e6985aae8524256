"""A spoon measured by the words after it ("cuillère à soupe", "cucharada sopera") is that
much of the food, never a soup or a coffee of its own; a coffee said black ("schwarze
Kaffee") is counted as said."""

from __future__ import annotations

import pytest

from bot.planner.offline.planner import OfflinePlanner
from tests.fixtures.worded import worded
from tests.planner.logged import context_at, food_entries_of

PARIS_MORNING = context_at("Europe/Paris", 8, 0)


async def foods(text: str) -> list[tuple[str, float]]:
    plan = worded(await OfflinePlanner().plan(text, PARIS_MORNING))
    assert plan.understood, plan.reply
    return [(e.entry.food, e.entry.calories or 0.0) for e in food_entries_of(plan)]


@pytest.mark.parametrize(
    ("text", "amount", "low", "high"),
    [
        ("3 cuillères à soupe de crème fraîche", "3 tbsp", 90, 200),
        ("une cuillerée à café de miel", "1 tsp", 15, 30),
        ("deux cuillères à café de sucre dans mon thé", "2 tsp", 25, 40),
        ("dos cucharadas soperas de aceite de oliva", "2 tbsp", 200, 260),
    ],
)
async def test_a_spoon_measured_by_two_words_is_the_amount(
    text: str, amount: str, low: float, high: float
) -> None:
    got = await foods(text)
    measured = [(n, k) for n, k in got if amount in n]
    assert measured and low <= measured[0][1] <= high, got
    assert not any("soup" in n.lower() or "coffee" in n.lower() for n, _ in got), got


@pytest.mark.parametrize(
    ("text", "cups"), [("3 schwarze Kaffee", "3 cups"), ("zwei schwarzen Tee", "2 cups")]
)
async def test_a_drink_said_black_is_counted(text: str, cups: str) -> None:
    got = await foods(text)
    assert len(got) == 1 and cups in got[0][0], got
