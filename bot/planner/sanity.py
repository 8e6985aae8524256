"""What no planner may write: malformed values, repaired where the repair is unambiguous,
otherwise refused (left out of the plan, and the person told).

Both planners' plans pass here (bot/core/planning.py) before anything is written, so a model
that emits `oatmeal, 1 cup cooked"}, {` as a food name, or 10 g of protein in 8 kcal, cannot
put it into a person's account, and neither can a bug in the built-in rules.

- **Names** (foods, supplements, recipes): markup (`<b>`, `**`, backticks) is removed and
  character references are read (`&amp;` is `&`; `&34;`, which stands for none, is dropped);
  JSON debris (a quote, brace or bracket inside the name) cuts the name there, so
  `oatmeal, 1 cup cooked"}, {` becomes `oatmeal, 1 cup cooked`. A name with no letter left is
  refused.
- **Energy and macros**: protein, carbs and fat give 4/4/9 kcal a gram. An entry whose macros
  make more than its calories by over 25% + 20 kcal cannot be right (which number is wrong
  is not known): refused. Carbs count 2 kcal a gram in that test: a label's carbs include
  fiber and sugar alcohols, which bring 0-2 (Fiber One: 90 kcal with 34 g carbs). Calories
  of 0 beside macros are filled from the macros (the only reading). Fewer macros than
  calories is allowed: macros are often unknown (0) and alcohol brings 7 kcal a gram. The
  softer "looks odd" checks stay in bot/kernel/plausibility.py, which asks the person.
- **Ranges**: the domain's bounds (bot/kernel/plausibility.py), the rules' own too: a body
  weight or goal weight of 25-350 kg, goals of 500-10,000 kcal and at most 1,000 g of a
  macro. Outside them: refused. An entry's energy has none here: "5000 g of butter" is
  36,000 kcal, huge but what was said, so it goes on to the plausibility checks, which show
  the number in a draft to save, fix or drop, rather than refusing it as if it were garbled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.agent_api.actions import (
    Action,
    CheckinUpsert,
    NutritionAddEntry,
    NutritionSetGoals,
    RecipeUpsert,
    SupplementAddItem,
    SupplementMarkTaken,
    SupplementToggle,
    WeightLog,
    WeightSetGoal,
)
from bot.kernel.plausibility import (
    MAX_GOAL_GRAMS,
    MAX_GOAL_KCAL,
    MAX_KG,
    MIN_GOAL_KCAL,
    MIN_KG,
    macro_kcal,
)
from bot.kernel.said import LeftOut, Malformed, MalformedKind
from bot.planner.base import Plan
from bot.planner.markup import without_markup

__all__ = ["MACRO_SLACK_KCAL", "MACRO_SLACK_SHARE", "Checked", "check_actions", "sane"]

MACRO_SLACK_SHARE = 0.25
MACRO_SLACK_KCAL = 20.0
MIN_CARB_SHARE = 0.5  # of 4 kcal a gram: all fiber (2 kcal) or sugar alcohols (0-2.4)
_MARKUP = re.compile(r"</?[A-Za-z][^<>]{0,40}>|[*_`#~]+")
_DEBRIS = re.compile(r'[{}\[\]"\\|<>]')
_SPACE = re.compile(r"\s+")
_INCHES = re.compile(r'(?<=\d)"')  # a 12" pizza
_TRAILING = " ,;:.-/&+"
# The figures of the bot's own record line copied into a name ("carrot, 35kcal · P 9g",
# "rolls, 2 rolls — 412 kcal · P 11 g"): a name ends before them; the figures are fields.
_RECORD = re.compile(
    r"\s*(?:[—–·|]\s*)?\d[\d.,]*\s*(?:kcal|cal|kj)\b|\s+[—–]\s*\d|\s+·\s", re.IGNORECASE
)
# "Bacon&34", "&amp": a character reference cut short (M&M's and AT&T are names)
_ENTITY_DEBRIS = re.compile(r"&#?\d{1,6}(?![\d;])|&(?:amp|lt|gt|quot|apos|nbsp)(?![\w;])")
_LEADING = re.compile(r"^[^\w(]+")  # "); " before the first word


@dataclass
class Checked:
    """Actions that may be written, what was repaired (labels for the logs) and what was
    refused (said to the person)."""

    actions: list[Action] = field(default_factory=list)
    repaired: list[str] = field(default_factory=list)
    refused: list[Malformed] = field(default_factory=list)


def clean_name(name: str) -> str | None:
    """A name without markup, JSON debris or the figures of a record line; None when
    nothing readable is left."""
    text = _INCHES.sub(" in", _MARKUP.sub("", without_markup(name)))
    text = _ENTITY_DEBRIS.sub("", _SPACE.sub(" ", text)).strip().strip("'\"“”‘’ ")
    text = _LEADING.sub("", text)  # "); eggs": the tail of something else before the name
    for pattern in (_DEBRIS, _RECORD):
        cut = pattern.search(text)
        if cut is not None:
            text = text[: cut.start()]
    text = _SPACE.sub(" ", text).strip().rstrip(_TRAILING).strip()
    return text if any(ch.isalpha() for ch in text) else None


def check_actions(actions: list[Action]) -> Checked:
    """Every action repaired or refused as the module docstring says."""
    checked = Checked()
    for action in actions:
        if _empty_checkin(action):
            continue  # says nothing: a model's tool call with every field null
        fixed = _check(action)
        if isinstance(fixed, Malformed):
            checked.refused.append(fixed)
            continue
        if fixed is not action:
            checked.repaired.append(_label(action))
        checked.actions.append(fixed)
    return checked


def _empty_checkin(action: Action) -> bool:
    if not isinstance(action, CheckinUpsert):
        return False
    fields = (action.mood, action.energy, action.sleep_quality)
    return all(f is None for f in fields) and not (action.notes or "").strip()


def sane(plan: Plan) -> Plan:
    """`plan` with only writable actions; what was refused is said (in place of a question,
    after anything else said) and makes it not understood (a model's plan may then give way
    to the rules')."""
    if not plan.actions:
        return plan
    checked = check_actions(plan.actions)
    plan.actions = checked.actions
    if checked.refused:
        note = LeftOut(tuple(checked.refused))
        plan.said = [note] if plan.is_question else [*plan.said, note]
        plan.is_question = False
        plan.understood = False
    return plan


def _label(action: Action) -> str:
    if isinstance(action, NutritionAddEntry):
        return repr(action.entry.food[:40])
    return action.type


def _check(action: Action) -> Action | Malformed:
    """The action (repaired, or itself) or, refused, what it was."""
    if isinstance(action, NutritionAddEntry):
        return _check_entry(action)
    if isinstance(action, SupplementAddItem | SupplementMarkTaken | SupplementToggle):
        name = clean_name(action.name)
        if name is None:
            return Malformed(MalformedKind.SUPPLEMENT)
        return action if name == action.name else action.model_copy(update={"name": name})
    if isinstance(action, RecipeUpsert):
        name = clean_name(action.name)
        if name is None:
            return Malformed(MalformedKind.RECIPE)
        return action if name == action.name else action.model_copy(update={"name": name})
    if isinstance(action, WeightLog):
        ok = MIN_KG <= action.weight_kg <= MAX_KG
        return action if ok else Malformed(MalformedKind.WEIGHT, kg=action.weight_kg)
    if isinstance(action, WeightSetGoal):
        ok = MIN_KG <= action.goal_kg <= MAX_KG
        return action if ok else Malformed(MalformedKind.GOAL_WEIGHT, kg=action.goal_kg)
    if isinstance(action, NutritionSetGoals):
        kcal_ok = action.calories is None or MIN_GOAL_KCAL <= action.calories <= MAX_GOAL_KCAL
        grams = [g for g in (action.protein, action.carbs, action.fat) if g is not None]
        fits = kcal_ok and all(g <= MAX_GOAL_GRAMS for g in grams)
        return action if fits else Malformed(MalformedKind.GOALS)
    return action


def _check_entry(action: NutritionAddEntry) -> Action | Malformed:
    entry = action.entry
    name = clean_name(entry.food)
    if name is None:
        return Malformed(MalformedKind.UNREADABLE_FOOD)
    calories = entry.calories
    from_macros = macro_kcal(entry.protein, entry.carbs, entry.fat)
    if calories == 0 and from_macros > 0:
        calories = round(from_macros)
    least = macro_kcal(entry.protein, entry.carbs * MIN_CARB_SHARE, entry.fat)
    if least > calories * (1 + MACRO_SLACK_SHARE) + MACRO_SLACK_KCAL:
        return Malformed(MalformedKind.FOOD, name=name)
    if name == entry.food and calories == entry.calories:
        return action
    fixed = entry.model_copy(update={"food": name, "calories": calories})
    return action.model_copy(update={"entry": fixed})
