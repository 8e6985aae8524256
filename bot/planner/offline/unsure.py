"""When to ask before writing: a crowded message's reading is offered, not written.

The rules misread most often where a message holds much and not every word of it could be
placed: a dish and the things in it read as several foods beside words of its name, a long
story whose words they cannot all place.
There a wrong entry is likelier than not, and an entry once written cannot be taken back from
the chat. So such a reading is shown as a draft (save, fix, drop) and written only when the
person saves it; a short message with one or two foods is written at once as before.

The thresholds were set on the development sets (tests/data/README.md): on those, the
messages caught here were written wrong more than half the time; the rest a fifth as often.
"""

from __future__ import annotations

import dataclasses

from bot.agent_api.actions import NutritionAddEntry
from bot.kernel.said import CheckFirst, Unplaced
from bot.planner.base import Plan

SOME_FOODS = 3  # foods in one message that are offered when some word could not be placed
LONG_MESSAGE = 12  # words beyond which a message with an unplaced word is offered


def checked_first(plan: Plan, words: int) -> Plan:
    """`plan` with its actions moved to an offer when the message is crowded (`words`: the
    message's words); any other plan unchanged."""
    foods = sum(isinstance(a, NutritionAddEntry) for a in plan.actions)
    unplaced = next((s.words for s in plan.said if isinstance(s, Unplaced)), ())
    crowded = bool(unplaced) and (foods >= SOME_FOODS or (foods >= 1 and words > LONG_MESSAGE))
    if not crowded or plan.offer or plan.repeat is not None:
        return plan
    said = [s for s in plan.said if not isinstance(s, Unplaced)]
    return dataclasses.replace(
        plan, actions=[], offer=plan.actions, said=[*said, CheckFirst(tuple(unplaced))]
    )
