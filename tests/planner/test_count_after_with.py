"""A bare count said after what a food came with counts the food ("bagel with cream cheese,
2"), never the last thing it came with; a food the dish's own name already has is not added
again."""

from __future__ import annotations

import pytest

from bot.planner.offline.planner import OfflinePlanner
from tests.fixtures.worded import worded
from tests.planner.logged import context_at, food_entries_of

ROME_MORNING = context_at("Europe/Rome", 8, 30)


async def foods(text: str) -> list[tuple[str, float]]:
    plan = worded(await OfflinePlanner().plan(text, ROME_MORNING))
    assert plan.understood, plan.reply
    return [(e.entry.food, e.entry.calories or 0.0) for e in food_entries_of(plan)]


@pytest.mark.parametrize(
    ("text", "head", "count"),
    [
        ("pancakes with maple syrup and bacon, 3", "pancakes", "3"),
        ("Brötchen mit Butter, 2", "br", "2"),
        ("tostadas con mantequilla y mermelada, 2", "toast", "2"),
        ("crêpes avec du sucre, 3", "crêpes", "3"),
        ("fette biscottate con marmellata, 4", "rusks", "4"),
    ],
)
async def test_a_count_after_what_a_food_came_with_counts_the_food(
    text: str, head: str, count: str
) -> None:
    got = await foods(text)
    assert len(got) == 1, got  # the count goes to no addition of its own
    name, amount = got[0][0].lower().split(", ", 1)
    assert name.startswith(head) and amount.startswith(count), got


async def test_a_count_after_the_list_is_the_count_said_before_the_food() -> None:
    one = await foods("bagel with cream cheese and smoked salmon")
    before = await foods("2 bagels with cream cheese and smoked salmon")
    after = await foods("bagel with cream cheese and smoked salmon, 2")
    assert after == before and after[0][1] > one[0][1] + 200, (one, after)


async def test_oil_the_dish_is_named_with_is_not_added_again() -> None:
    got = await foods("friselle al pomodoro con olio extravergine")
    assert len(got) == 1 and got[0][1] < 260, got
