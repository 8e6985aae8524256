"""A number said alone to correct the food said before it ("3 eggs, no wait 2"): it replaces
the last number said, or counts a food said with none ("sausage roll, no make that 2").

Its unit is the one of the amount it replaces, unless that makes it absurdly small: "500ml
Apfelschorle, nee 0,3" is 0,3 l, the glass size a German or Austrian menu names, not 0.3 ml;
"200 g de queso, no, 0,5" half a kilo. A number a hundredth of the one replaced or less, where
the unit a thousand (a hundred) times bigger makes it about the same, is said in that one. A
whole number keeps the unit ("500 ml, no 2" may be two glasses as much as two litres).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import Plan

# The amounts a correction settles on, in the five languages ("fueron dos", "anzi tre").
NUMBER_WORDS = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|zwei|drei|vier|fünf|funf|sechs|dos|tres"
    r"|cuatro|cinco|seis|deux|trois|quatre|cinq|six|due|tre|quattro|cinque|sei"
)
# ... and the amounts said before it, "a" or "one" of a food ("una copa", "ein Bier").
_SAID_BEFORE = rf"{NUMBER_WORDS}|a|an|un|une|una|uno|ein|eine|einen"
_LAST_NUMBER_RE = re.compile(
    rf"(?P<num>\d+(?:[.,]\d+)?|\b(?:{_SAID_BEFORE})\b)(?!.*(?:\d|\b(?:{_SAID_BEFORE})\b))",
    re.IGNORECASE | re.DOTALL,
)
_WORD_START_RE = re.compile(r"(?<![\w'’-])[^\W\d_]")


def with_number(before: str, number: str, plan_part: Callable[[str], Plan]) -> Plan | None:
    """ "3 eggs" corrected to "2": the last number said before is the one replaced; a food
    said with no number ("croissant, sorry 3") is counted by it."""
    match = _LAST_NUMBER_RE.search(before)
    if match is None:
        return _counted(before, number, plan_part)
    rewritten = before[: match.start()] + in_unit_meant(number, match["num"], before[match.end() :])
    plan = plan_part(rewritten)
    return plan if plan.actions else None


def _counted(before: str, number: str, plan_part: Callable[[str], Plan]) -> Plan | None:
    """The one food of `before`, said with no number, counted by `number`: the number put
    before the first word where the text is read in full as that one food."""
    earlier = [a for a in plan_part(before).actions if isinstance(a, NutritionAddEntry)]
    if len(earlier) != 1:
        return None
    for word in list(_WORD_START_RE.finditer(before))[:6]:
        plan = plan_part(f"{before[: word.start()]}{number} {before[word.start() :]}")
        foods = [a for a in plan.actions if isinstance(a, NutritionAddEntry)]
        if plan.understood and len(foods) == len(plan.actions) == 1:
            return plan
    return None


# A unit, and the bigger one its figures are said in when small: ml and cl in litres, g in kg.
_BIGGER = {"ml": ("l", 1000.0), "cl": ("l", 100.0), "g": ("kg", 1000.0)}
_UNIT_NAMES = {
    "ml": "ml|milliliter|millilitre|milliliters|millilitres|millilitri",
    "cl": "cl",
    "g": "g|gr|grs|gram|grams|gramm|gramme|grammes|gramo|gramos|grammi",
}
_UNIT_AFTER_RE = re.compile(
    "|".join(rf"^\s*(?P<{key}>{names})(?![^\W\d_])" for key, names in _UNIT_NAMES.items()),
    re.IGNORECASE,
)
_VULGAR = {"½": 0.5, "¼": 0.25, "¾": 0.75}


def _value(number: str) -> float | None:
    if number in _VULGAR:
        return _VULGAR[number]
    if re.fullmatch(r"\d+/[1-9]\d*", number):
        top, bottom = number.split("/")
        return int(top) / int(bottom)
    if re.fullmatch(r"\d+(?:[.,]\d+)?", number):
        return float(number.replace(",", "."))
    return None


def in_unit_meant(number: str, replaced: str, rest: str) -> str:
    """`number` put in the place of `replaced`, with `rest` the text said after it: its unit
    made the bigger one where the number, in the unit said, is far too small to be meant."""
    unit = _UNIT_AFTER_RE.match(rest)
    new, old = _value(number), _value(replaced)
    if unit is None or new is None or old is None or new <= 0 or new.is_integer():
        return number + rest
    bigger, factor = _BIGGER[next(k for k, v in unit.groupdict().items() if v)]
    if new > old / 100 or not old / 20 <= new * factor <= old * 20:
        return number + rest
    return f"{number} {bigger}{rest[unit.end() :]}"
