"""The words around what a person logs from their own history: "the usual" (a meal of an
earlier day, the last meal again, a saved recipe) and a weight said without a unit.

Texts are Telegram-safe HTML; food and recipe names come from the person's account and are
escaped.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from bot.agent_api.actions import NutritionAddEntry
from bot.render.conversation import logged_line
from bot.render.format import day_label, esc, number

__all__ = [
    "no_recipe",
    "nothing_again",
    "nothing_of_food",
    "nothing_of_meal",
    "repeated",
    "which_unit",
]


def repeated(said: str, entries: Sequence[NutritionAddEntry]) -> str:
    """What replaces "Logged" for a repeat: what was copied and its calories, then each entry
    on its own line as any logged food is shown."""
    total = sum(e.entry.calories for e in entries)
    lines = [logged_line(e, e.date) for e in entries]
    return "\n".join([f"<b>Logged {esc(said)}</b> — {number(total, 'kcal')}", *lines])


def nothing_of_meal(meal: str, day: dt.date, today: dt.date) -> str:
    return (
        f"I found no {esc(meal)} logged {day_label(day, today)}, so I logged nothing. "
        "Tell me what you had, e.g. <i>oatmeal and a coffee</i>. (A meal counts as breakfast "
        "when it was logged before 11:00, lunch until 16:00, dinner after.)"
    )


def nothing_again() -> str:
    return (
        "There's nothing logged today to repeat yet, so I logged nothing. Tell me what you "
        "had, e.g. <i>2 eggs and toast</i>."
    )


def nothing_of_food(food: str, day: dt.date, today: dt.date) -> str:
    return (
        f"I found no “{esc(food)}” logged {day_label(day, today)}, so I logged nothing. "
        "Tell me what it was once, e.g. <i>flat white with oat milk</i>."
    )


def no_recipe(name: str) -> str:
    return (
        f"I found no saved recipe called “{esc(name)}”, so I logged nothing. Tell me what "
        "was in it, or save it as a recipe in your account first."
    )


def which_unit(value: float) -> str:
    shown = number(value, decimals=2, trim=True)
    return f"Is that {shown} kg or {shown} lb? Tap one and I'll log it."
