"""Logging messages for the offline planner: the rules' findings turned into actions.

Rules run in a fixed order, each claiming the tokens it understood (see text.Tokens):
dates, notes, goals, weights, check-ins, supplements, foods, stated energy. Dates are
per clause: "pizza last night, slept badly" puts the pizza on yesterday and the sleep on
today's check-in. Every word must be claimed or be a filler word ("had", "and", "zum
Frühstück"); anything else is named back to the person.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from bot.agent_api.actions import (
    Action,
    CheckinUpsert,
    Entry,
    NutritionAddEntry,
    NutritionSetGoals,
    SupplementMarkTaken,
    WeightLog,
    WeightSetGoal,
)
from bot.planner.base import CHECKIN_SCALE, Plan
from bot.planner.offline.checkins import CheckinField, find_checkins
from bot.planner.offline.dates import DayRef, find_day_refs, rx
from bot.planner.offline.foods import (
    MAX_COUNT,
    MAX_GRAMS,
    FoodItem,
    dish,
    find_foods,
    join_additions,
)
from bot.planner.offline.rules import (
    MAX_GOAL_GRAMS,
    MAX_GOAL_KCAL,
    MAX_KG,
    MAX_STATED_KCAL,
    MIN_GOAL_KCAL,
    MIN_KG,
    RangeKind,
    find_energies,
    find_exercise,
    find_feelings,
    find_macros,
    find_notes,
    find_nutrition_goals,
    find_out_of_range,
    find_supplements,
    find_weight_goals,
    find_weights,
)
from bot.planner.offline.text import CLAUSE_ENDS, SENTENCE_ENDS, Found, Tokens
from bot.render import offline

FILLERS = frozenset(
    """
    i im ive id me my mine we a an the some of and or with plus also too as well for to at in
    on around about approx approximately roughly ca just only then but so had have has having
    ate eaten eat eating drank drink drinking drunk got grabbed made cooked enjoyed finished
    was were is it its that this there breakfast brekkie lunch dinner supper snack snacks meal
    meals brunch dessert morning afternoon evening am pm oclock log logged add added track
    record please pls thanks thank you hi hello hey ok okay yes quick little bit like x
    another more extra today tonight earlier later after before
    kinda sorta kind sort lol lmao haha hehe btw fyi tbh imo omg ugh um uh oh well anyway
    really pretty very super quite actually basically literally probably maybe guess think
    forgot forget forgotten weighed weigh weighing
    snacked munched nibbled scarfed wolfed devoured
    cold hot warm leftover leftovers homemade fresh
    ich habe hab hatte gegessen getrunken essen trinken und mit zum zur dem den der die das
    fruhstuck fruehstueck mittag mittagessen abendessen abendbrot noch auch dazu bitte danke
    etwas bisschen war ist es gab um uhr als nach heute frueh fruh gerade eben
    yo he comi comido tome bebi bebido desayune almorce cene meriende unos unas y e con de del
    el la los las para al en mi mis desayuno almuerzo comida cena merienda tambien por favor
    gracias hola fue era poco algo hoy
    """.split()
)

_TIME_RE = rx(
    r"(?:at |um |a las |around |gegen )?\d{1,2}(?: : \d{2}(?: ?(?:am|pm|uhr|h))?"
    r"| ?(?:am|pm|uhr))"
)
_MEAL_NAMES = {
    "breakfast": "Breakfast",
    "brunch": "Brunch",
    "lunch": "Lunch",
    "dinner": "Dinner",
    "supper": "Dinner",
    "snack": "Snack",
    "dessert": "Dessert",
    "meal": "Meal",
    "fruhstuck": "Frühstück",
    "mittagessen": "Mittagessen",
    "abendessen": "Abendessen",
    "desayuno": "Desayuno",
    "almuerzo": "Almuerzo",
    "comida": "Comida",
    "cena": "Cena",
    "merienda": "Merienda",
}


@dataclass
class _Clauses:
    """Which clause each token is in, and the date phrase that governs each clause."""

    clause_of: list[int]
    refs: dict[int, DayRef]

    def ref(self, index: int) -> DayRef | None:
        return self.refs.get(self.clause_of[index]) if index < len(self.clause_of) else None


def _clauses(tokens: Tokens, today: dt.date) -> _Clauses:
    clause_of: list[int] = []
    sentence_of: list[int] = []
    clause = sentence = 0
    for token in tokens.items:
        if token.text in CLAUSE_ENDS:
            clause += 1
        if token.kind == "punct" and token.text in SENTENCE_ENDS:
            sentence += 1
        clause_of.append(clause)
        sentence_of.append(sentence)
    found = find_day_refs(tokens, today)
    own: dict[int, DayRef] = {}
    for index, ref in sorted(found.items()):
        own.setdefault(clause_of[index], ref)
    # A clause without its own date takes the previous one in the sentence, else the next.
    first_token: dict[int, int] = {}
    for i, c in enumerate(clause_of):
        first_token.setdefault(c, i)
    refs: dict[int, DayRef] = dict(own)
    for c in range(clause + 1):
        if c in own or c not in first_token:
            continue
        s = sentence_of[first_token[c]]
        same = [d for d in own if d in first_token and sentence_of[first_token[d]] == s]
        before = [d for d in same if d < c]
        after = [d for d in same if d > c]
        if before:
            refs[c] = own[max(before)]
        elif after:
            refs[c] = own[min(after)]
    return _Clauses(clause_of, refs)


def log_plan(text: str, tokens: Tokens, today: dt.date) -> Plan:
    """The actions of a logging message, or a reply naming what could not be placed."""
    for _match, span in tokens.matches(_TIME_RE):
        tokens.claim(span)
    clauses = _clauses(tokens, today)

    def item_day(index: int) -> dt.date:
        ref = clauses.ref(index)
        return ref.for_item(today) if ref else today

    def checkin_day(index: int) -> dt.date:
        ref = clauses.ref(index)
        return ref.for_checkin(today) if ref else today

    notes = find_notes(text, tokens)
    weight_goals = find_weight_goals(tokens)
    nutrition_goals = find_nutrition_goals(tokens)
    weights = find_weights(tokens)
    checkins = find_checkins(tokens)
    not_taken: list[str] = []
    supplements = find_supplements(tokens, clauses.clause_of, not_taken)
    refused_foods: list[range] = []
    foods = join_additions(tokens, find_foods(tokens, refused_foods))
    foods = _apply_energies(tokens, foods)
    foods = _apply_macros(tokens, foods)
    refused: list[tuple[range, RangeKind | Literal["amount"]]] = [
        (span, "amount") for span in refused_foods
    ]
    refused.extend(find_out_of_range(tokens))
    if not notes:  # "note: ..." says it all in the person's words
        notes.extend(find_feelings(text, tokens))
    exercise = find_exercise(text, tokens)

    actions: list[Action] = []
    if nutrition_goals:
        g = nutrition_goals
        actions.append(
            NutritionSetGoals(
                calories=g.get("calories"),
                protein=g.get("protein"),
                carbs=g.get("carbs"),
                fat=g.get("fat"),
            )
        )
    actions.extend(WeightSetGoal(goal_kg=goal.value) for goal in weight_goals)
    actions.extend(_entry(item, item_day(item.first)) for item in foods)
    actions.extend(WeightLog(date=item_day(w.index), weight_kg=w.value) for w in weights)
    actions.extend(_checkin_actions(checkins, notes, checkin_day))
    seen: set[tuple[dt.date, str]] = set()
    for found in supplements:
        key = (item_day(found.index), str(found.value))
        if key not in seen:
            seen.add(key)
            actions.append(SupplementMarkTaken(date=key[0], name=key[1]))
    return _logged(text, tokens, actions, refused, not_taken, exercise)


def _logged(
    text: str,
    tokens: Tokens,
    actions: list[Action],
    refused: list[tuple[range, RangeKind | Literal["amount"]]],
    not_taken: list[str],
    exercise: list[str],
) -> Plan:
    """The plan once every rule has run: its actions, unless a number was refused or words
    were left over; supplements said not taken and exercise are answered in words."""
    unknown = _unknown_phrases(text, tokens)
    if refused:
        allowed = [
            (tokens.raw_between(span.start, span.stop - 1, text), _allowed(kind))
            for span, kind in sorted(refused, key=lambda r: r[0].start)
        ]
        # The rest may hang on the refused number ("banana 99999 kcal"): save none of it.
        return Plan(understood=False, reply=offline.offline_out_of_range(allowed, unknown))
    if not actions and not unknown and not_taken:
        return Plan(reply=offline.supplements_not_taken(not_taken))
    if not actions and not unknown and exercise:
        return Plan(reply=offline.exercise_not_tracked(exercise))  # said plainly, no write
    if unknown or not actions:
        plan = Plan(
            actions=actions,
            understood=False,
            reply=offline.offline_not_understood(unknown, bool(actions)),
        )
    else:
        plan = Plan(actions=actions)
    if exercise:
        said = offline.exercise_not_tracked(exercise)
        plan.reply = f"{plan.reply}\n{said}" if plan.reply else said
        plan.understood = False  # a model may make more of it; without one, this is said
    return plan


def _allowed(kind: RangeKind | Literal["amount"]) -> str:
    """What the rules accept for one kind of number, in words."""
    if kind == "rating":
        return offline.range_rating(CHECKIN_SCALE[1])
    if kind == "weight":
        return offline.range_weight(MIN_KG, MAX_KG)
    if kind == "energy":
        return offline.range_energy(MAX_STATED_KCAL)
    if kind == "goal":
        return offline.range_goal(MIN_GOAL_KCAL, MAX_GOAL_KCAL, MAX_GOAL_GRAMS, MIN_KG, MAX_KG)
    return offline.range_amount(MAX_COUNT, MAX_GRAMS)


def _entry(item: FoodItem, day: dt.date) -> NutritionAddEntry:
    return NutritionAddEntry(
        date=day,
        entry=Entry(
            food=item.food_text[:200],
            calories=round(max(item.kcal, 0.0)),
            protein=round(max(item.protein, 0.0), 1),
            carbs=round(max(item.carbs, 0.0), 1),
            fat=round(max(item.fat, 0.0), 1),
        ),
    )


def _checkin_actions(
    checkins: list[Found[tuple[CheckinField, int]]],
    notes: list[Found[str]],
    day_of: Callable[[int], dt.date],
) -> list[CheckinUpsert]:
    """One check-in per day, with only the fields the person mentioned (first mention wins)."""
    ratings: dict[dt.date, dict[str, int]] = {}
    day_notes: dict[dt.date, str] = {}
    for found in checkins:
        field, value = found.value
        ratings.setdefault(day_of(found.index), {}).setdefault(field, value)
    for note in notes:
        day = day_of(note.index)
        ratings.setdefault(day, {})
        day_notes[day] = f"{day_notes[day]}; {note.value}" if day in day_notes else note.value
    return [
        CheckinUpsert(
            date=day,
            mood=fields.get("mood"),
            energy=fields.get("energy"),
            sleep_quality=fields.get("sleep_quality"),
            notes=day_notes.get(day),
        )
        for day, fields in ratings.items()
    ]


def _apply_energies(tokens: Tokens, foods: list[FoodItem]) -> list[FoodItem]:
    """Stated energy wins over the table: "protein bar 250 kcal", "quinoa bowl 450 kcal"."""
    energies = find_energies(tokens)
    result = list(foods)
    for span, kcal in energies:
        words: list[int] = []
        j = span.start - 1
        while j >= 0 and not tokens.used[j] and tokens.items[j].kind == "word" and len(words) < 6:
            words.insert(0, j)
            j -= 1
        named = [i for i in words if tokens.items[i].text not in FILLERS]
        extra = " ".join(tokens.items[i].raw for i in named)
        k = j
        while k >= 0 and tokens.items[k].kind == "punct" and tokens.items[k].text in ",:=":
            k -= 1
        before = next((f for f in result if f.last == k), None) if k >= 0 else None
        if before is None and not named:
            before = next((f for f in result if f.first == span.stop), None)
        if before is None and not named and len(result) == 1:
            before = result[0]  # "a shake (25 g protein, 140 kcal)": the message's one food
        if before is not None and before.added:
            before = _as_dish(result, before)  # the figure is for the dish, both parts
        if before is not None:
            result[result.index(before)] = before.with_kcal(kcal, extra)
        else:
            meal = next(
                (
                    _MEAL_NAMES[tokens.items[i].text]
                    for i in words
                    if tokens.items[i].text in _MEAL_NAMES
                ),
                None,
            )
            name = (extra[:1].upper() + extra[1:]) if extra else meal or "Food"
            result.append(
                FoodItem(name, "1 serving", kcal, 0.0, 0.0, 0.0, span.start, span.stop - 1)
            )
        tokens.claim(range(words[0] if words else span.start, span.stop))
    return result


def _as_dish(items: list[FoodItem], added: FoodItem) -> FoodItem:
    """Replace `added` and the food it comes with by the two as one item, in place."""
    at = items.index(added)
    items[at - 1 : at + 1] = [dish(items[at - 1], added)]
    return items[at - 1]


def _apply_macros(tokens: Tokens, foods: list[FoodItem]) -> list[FoodItem]:
    """Stated protein, carbs or fat replace the table's: each goes to the food it follows
    (in the same clause), else to the message's one food; with no food it is left unplaced."""
    result = list(foods)
    for span, field, grams in find_macros(tokens):
        before = [f for f in result if f.last < span.start]
        target = max(before, key=lambda f: f.last) if before else None
        if target is None and len(result) == 1:
            target = result[0]
        if target is None:
            continue
        if target.added:
            target = _as_dish(result, target)
        result[result.index(target)] = target.with_macro(field, grams)
        tokens.claim(span)
    return result


def _unknown_phrases(text: str, tokens: Tokens) -> list[str]:
    """Runs of unclaimed, meaningful tokens, quoted from the original text."""
    phrases: list[str] = []
    run: list[int] = []
    for i, token in enumerate(tokens.items):
        meaningful = not tokens.used[i] and token.kind != "punct" and token.text not in FILLERS
        if meaningful:
            run.append(i)
            continue
        if run and (tokens.used[i] or token.kind == "punct" or token.text in FILLERS):
            phrases.append(tokens.raw_between(run[0], run[-1], text))
            run = []
    if run:
        phrases.append(tokens.raw_between(run[0], run[-1], text))
    return list(dict.fromkeys(phrases))
