"""The words around what a person logs from their own history: "the usual" (a meal of an
earlier day, the last meal again, a saved recipe) and a weight said without a unit.

Texts are Telegram-safe HTML; food and recipe names come from the person's account and are
escaped.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from bot.agent_api.actions import NutritionAddEntry
from bot.kernel.readers import Reader
from bot.kernel.refusals import NothingToRepeat
from bot.render.conversation import logged_line
from bot.render.format import day_label, esc
from bot.render.words import words

__all__ = [
    "no_recipe",
    "nothing_again",
    "nothing_of_food",
    "nothing_of_meal",
    "nothing_to_repeat",
    "repeated",
    "which_unit",
]


def repeated(said: str, entries: Sequence[NutritionAddEntry], reader: Reader) -> str:
    """What replaces "Logged" for a repeat: what was copied and its energy, then each entry
    on its own line as any logged food is shown."""
    w = words(reader)
    total = sum(e.entry.calories for e in entries)
    lines = [logged_line(e, e.date, reader) for e in entries]
    head = w._("<b>Logged {said}</b> — {energy}").format(said=esc(said), energy=w.energy(total))
    return "\n".join([head, *lines])


def nothing_of_meal(meal: str, day: dt.date, today: dt.date, reader: Reader) -> str:
    return (
        words(reader)
        ._(
            "I found no {meal} logged {day}, so I logged nothing. Tell me what you had, e.g. "
            "<i>oatmeal and a coffee</i>. (A meal counts as breakfast when it was logged "
            "before 11:00, lunch until 16:00, dinner after.)"
        )
        .format(meal=esc(meal), day=day_label(day, today, reader))
    )


def nothing_again(reader: Reader) -> str:
    return words(reader)._(
        "There's nothing logged today to repeat yet, so I logged nothing. Tell me what you "
        "had, e.g. <i>2 eggs and toast</i>."
    )


def nothing_of_food(food: str, day: dt.date, today: dt.date, reader: Reader) -> str:
    return (
        words(reader)
        ._(
            "I found no “{food}” logged {day}, so I logged nothing. "
            "Tell me what it was once, e.g. <i>flat white with oat milk</i>."
        )
        .format(food=esc(food), day=day_label(day, today, reader))
    )


def no_recipe(name: str, reader: Reader) -> str:
    return (
        words(reader)
        ._(
            "I found no saved recipe called “{name}”, so I logged nothing. Tell me what "
            "was in it, or save it as a recipe in your account first."
        )
        .format(name=esc(name))
    )


def nothing_to_repeat(why: NothingToRepeat, reader: Reader) -> str:
    """What the person is told when nothing they logged fits what they asked again."""
    if why.recipe is not None:
        return no_recipe(why.recipe, reader)
    if why.meal == "last":
        return nothing_again(reader)
    if why.meal is not None:
        return nothing_of_meal(why.meal, why.day, why.today, reader)
    return nothing_of_food(why.food or "", why.day, why.today, reader)


def which_unit(value: float, reader: Reader) -> str:
    w = words(reader)
    shown = w.number(value, 2, trim=True)
    return w._("Is that {value} kg or {value} lb? Tap one and I'll log it.").format(value=shown)
