"""Drafts: actions shown to the person before they are written (save / fix / drop).

A draft exists when confirm mode is on, when a value looks implausible (bot/kernel/plausibility.py)
or, later, for photo estimates. "Fix" takes a free-text correction; the planner reads the
correction on its own ("it was 2 eggs") and `merge_revision` puts it in place of what it
corrects, keeping the rest of the draft.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from bot.agent_api.actions import (
    Action,
    CheckinUpsert,
    NutritionAddEntry,
    NutritionSetGoals,
    SupplementMarkTaken,
    SupplementToggle,
    WeightLog,
    WeightSetGoal,
)

RETRY_WORDS = frozenset({"retry", "try again", "again", "nochmal", "reintentar", "otra vez"})
_WORD = re.compile(r"[^\W\d_]+")


def is_retry(text: str) -> bool:
    return text.strip().strip("!.").casefold() in RETRY_WORDS


def food_key(food: str) -> str:
    """What a correction refers to: the first word of the food, singular ("Eggs, 2" -> egg)."""
    match = _WORD.search(food.casefold())
    word = match.group(0) if match else food.casefold()
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def _key(action: Action) -> tuple[str, str] | None:
    if isinstance(action, NutritionAddEntry):
        return (action.type, food_key(action.entry.food))
    if isinstance(action, SupplementMarkTaken | SupplementToggle):
        return (action.type, action.name.casefold())
    if isinstance(action, CheckinUpsert | WeightLog | WeightSetGoal | NutritionSetGoals):
        return (action.type, "")
    return None


def merge_revision(old: Sequence[Action], new: Sequence[Action]) -> list[Action]:
    """The draft after a correction: each new action replaces the old one it corrects.

    Check-ins are merged field by field, so "sleep was fine actually" keeps the mood.
    Actions of the correction that correct nothing are added.
    """
    revised: list[Action] = list(old)
    for action in new:
        key = _key(action)
        index = next((i for i, a in enumerate(revised) if key is not None and _key(a) == key), None)
        if index is None:
            revised.append(action)
        elif isinstance(action, CheckinUpsert):
            previous = revised[index]
            update = action.model_dump(exclude_none=True, exclude={"type"})
            revised[index] = previous.model_copy(update=update)
        else:
            revised[index] = action
    return revised


_AMOUNT = re.compile(r"\d+(?:\.\d+)?")
_MACROS = ("calories", "protein", "carbs", "fat")


def added_by_correction(logged: Mapping[str, Any], said: NutritionAddEntry) -> dict[str, float]:
    """What `said` ("actually it was 3 eggs") has beyond the entry `logged` (as the service
    shows it): the energy and macros to add; empty when it has no more (the service cannot
    take anything away)."""
    extra = {}
    for key in _MACROS:
        value = logged.get(key)
        before = float(value) if isinstance(value, int | float) else 0.0
        extra[key] = max(0.0, round(getattr(said.entry, key) - before, 1))
    return extra if extra["calories"] >= 1 else {}


def amounts(logged_food: str, said_food: str) -> tuple[float, float] | None:
    """(logged, said): the counts of one food named the same way ("Eggs, 2 large", "Eggs, 3
    large"); None when the names do not say comparable amounts."""
    before, after = _AMOUNT.search(logged_food), _AMOUNT.search(said_food)
    if before is None or after is None:
        return None
    if logged_food[before.end() :] != said_food[after.end() :]:
        return None
    return float(before.group(0)), float(after.group(0))
