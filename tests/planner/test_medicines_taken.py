"""Medicines said by a brand or their common name, in the five languages, are marked taken
under the common name, a dose said without its unit along with them."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry, SupplementMarkTaken
from bot.planner.base import PlanContext
from bot.planner.offline.planner import plan_text

NOW = dt.datetime(2026, 11, 24, 9, 0, tzinfo=ZoneInfo("Europe/Rome"))


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("popped two advil after the gym", {"Ibuprofen"}),
        ("took a tylenol 500 for the headache", {"Paracetamol"}),
        ("eine Ibuprofen 400 genommen und Euthyrox 50", {"Ibuprofen", "Levothyroxine"}),
        ("me tomé un paracetamol y la metformina", {"Paracetamol", "Metformin"}),
        ("j'ai pris un doliprane 1000", {"Paracetamol"}),
        ("presa una tachipirina e l'omeprazolo", {"Paracetamol", "Omeprazole"}),
        ("prenatal vitamins with lunch", {"Prenatal vitamin"}),
    ],
)
def test_medicines_are_marked_taken_by_common_name(text: str, names: set[str]) -> None:
    actions = plan_text(text, PlanContext(now=NOW, timezone="Europe/Rome")).actions
    assert {a.name for a in actions if isinstance(a, SupplementMarkTaken)} == names
    assert not [a for a in actions if isinstance(a, NutritionAddEntry)]
