"""Values that should not be written without a second look.

The planner may misread ("5 kg" of pasta as a weight) or a person may mistype ("weight 27");
the service accepts such values silently. These checks flag what a careful person would
question, and the assistant asks before writing (save / fix / drop). Negative numbers and
check-in values outside the scale never get this far: the action models refuse them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.agent_api.actions import Action, NutritionAddEntry, WeightLog

MAX_ENTRY_KCAL = 5000
MAX_WEIGHT_JUMP_KG = 5.0
MACRO_TOLERANCE_KCAL = 100
MACRO_TOLERANCE_SHARE = 0.3
# Alcohol (7 kcal/g) explains energy that protein, carbs and fat do not.
_ALCOHOL = re.compile(
    r"beer|wine|vodka|whisk|gin\b|rum\b|cocktail|cider|prosecco|champagne|sake|spritz|"
    r"margarita|liqueur|bier|wein|cerveza|vino|sangria|mojito|tequila|brandy|cognac",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Concern:
    """One doubt about one action; render.py words it."""

    index: int
    kind: str  # "kcal_high" | "macros_mismatch" | "weight_jump"
    value: float
    reference: float


def macro_kcal(protein: float, carbs: float, fat: float) -> float:
    return 4 * protein + 4 * carbs + 9 * fat


def check(actions: Sequence[Action], *, last_weight_kg: float | None) -> list[Concern]:
    """Every concern about `actions`; empty when all look sane."""
    concerns: list[Concern] = []
    for index, action in enumerate(actions):
        if isinstance(action, NutritionAddEntry):
            e = action.entry
            if e.calories > MAX_ENTRY_KCAL:
                concerns.append(Concern(index, "kcal_high", e.calories, MAX_ENTRY_KCAL))
                continue
            computed = macro_kcal(e.protein, e.carbs, e.fat)
            tolerance = max(MACRO_TOLERANCE_KCAL, MACRO_TOLERANCE_SHARE * max(e.calories, computed))
            excess_is_alcohol = e.calories > computed and _ALCOHOL.search(e.food)
            if abs(e.calories - computed) > tolerance and not excess_is_alcohol:
                concerns.append(Concern(index, "macros_mismatch", e.calories, computed))
        elif isinstance(action, WeightLog) and last_weight_kg is not None:
            if abs(action.weight_kg - last_weight_kg) > MAX_WEIGHT_JUMP_KG:
                concerns.append(Concern(index, "weight_jump", action.weight_kg, last_weight_kg))
    return concerns
