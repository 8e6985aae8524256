"""An amount said after a food's comma, "of" a brand the table does not know and maybe
"with" what it was mixed in ("protein shake, 2 scoops of Dymatize with water"), is the
food's amount; "of" a food the table lacks ("pasta, 2 cups of sauce") is not."""

from __future__ import annotations

import pytest

from bot.planner.offline.planner import OfflinePlanner
from tests.fixtures.worded import worded
from tests.planner.logged import context_at, food_entries_of

GYM = context_at("Europe/Madrid", 19, 0)


async def foods(text: str) -> list[tuple[str, float]]:
    plan = worded(await OfflinePlanner().plan(text, GYM))
    return [(e.entry.food, e.entry.calories or 0.0) for e in food_entries_of(plan)]


@pytest.mark.parametrize(
    ("text", "scoops"),
    [
        ("protein shake, 3 scoops of Dymatize ISO100 with water", 3),
        ("Proteinshake, 2 Messlöffel von Foodspring mit Wasser", 2),
        ("batido de proteínas, 3 cazos de Prozis con agua", 3),
        ("shake protéiné, 2 mesurettes de Nutrimuscle avec de l'eau", 2),
        ("frullato proteico, 2 misurini di Prozis con acqua", 2),
    ],
)
async def test_scoops_of_a_brand_count_the_shake(text: str, scoops: int) -> None:
    got = await foods(text)
    one = (await foods("protein shake, 1 scoop"))[0][1]
    assert len(got) == 1 and f"{scoops} scoops" in got[0][0], got
    assert got[0][1] == pytest.approx(scoops * one), got


async def test_cups_of_a_food_the_table_lacks_are_not_the_food_before() -> None:
    got = await foods("pasta, 2 cups of sauce")
    assert got and got[0][0].startswith("Pasta, 1 plate"), got  # its usual plate
