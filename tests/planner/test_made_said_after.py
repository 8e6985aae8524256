"""How a food was made, said after it as Spanish, French, Italian and German may say it
("merluza frita", "saumon grillé"), is read with the food: it is logged, nothing named back;
a word that starts a food's own name is left to it."""

from __future__ import annotations

import pytest

from bot.planner.offline.planner import OfflinePlanner
from tests.fixtures.worded import worded
from tests.planner.logged import context_at, food_entries_of

LISBON_DINNER = context_at("Europe/Lisbon", 20, 30)


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("merluza frita", "merluza"),
        ("un filete de salmón asado", "salm"),
        ("saumon grillé ce soir", "salmon"),
        ("pesce fritto", "pesce"),
        ("Forelle gebraten", "forelle"),
        ("salmon grilled, about 150 g", "salmon"),
    ],
)
async def test_a_food_with_how_it_was_made_after_it_is_logged(text: str, food: str) -> None:
    plan = worded(await OfflinePlanner().plan(text, LISBON_DINNER))
    got = [e.entry.food.lower() for e in food_entries_of(plan)]
    assert len(got) == 1 and food in got[0] and plan.understood, (got, plan.reply)
