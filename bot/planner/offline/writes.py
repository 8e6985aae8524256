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
from bot.kernel.plausibility import (
    MAX_GOAL_GRAMS,
    MAX_GOAL_KCAL,
    MAX_KG,
    MAX_STATED_KCAL,
    MIN_GOAL_KCAL,
    MIN_KG,
)
from bot.kernel.said import (
    AmountLimit,
    EnergyLimit,
    ExerciseNotTracked,
    GoalRange,
    Limit,
    Notice,
    NotTaken,
    OutOfRange,
    RatingScale,
    Unplaced,
    WeightRange,
)
from bot.planner.base import CHECKIN_SCALE, Plan
from bot.planner.offline.checkins import CheckinField, find_checkins, find_sleep_hours
from bot.planner.offline.clauses import date_clauses, not_eaten_clauses
from bot.planner.offline.feelings import (
    FEELINGS,
    exercise_to_note,
    find_exercise,
    find_feelings,
    find_notes,
    hold_foods_named_by_a_feeling,
)
from bot.planner.offline.figures import find_macros
from bot.planner.offline.fillers import ALL_DAY_RE, FILLERS, OR_SO_RE, TIME_RE, WHEN_WHERE_RE
from bot.planner.offline.foods import FoodItem
from bot.planner.offline.meals import (
    alias_at,
    find_meal_foods,
    join_with,
    read_clauses,
    settle_unknown_words,
)
from bot.planner.offline.rules import (
    RangeKind,
    find_nutrition_goals,
    find_out_of_range,
    find_supplements,
    find_weight_goals,
    find_weights,
)
from bot.planner.offline.stated import apply_energies, apply_macros
from bot.planner.offline.table import food_table
from bot.planner.offline.text import Found, Tokens
from bot.planner.offline.unitless import first_weight, lone_weight, near_last_weight
from bot.planner.reader.nutrients import MAX_COUNT, MAX_GRAMS
from bot.planner.reader.quantities import AMOUNT_WORDS


def log_plan(text: str, tokens: Tokens, today: dt.date, last_kg: float | None = None) -> Plan:
    """The actions of a logging message, or a reply naming what could not be placed.
    `last_kg` (the person's last weight) decides the unit of a weight said without one."""
    segmented = read_clauses(tokens)
    for _match, span in tokens.matches(TIME_RE):
        tokens.claim(span)
    clauses = date_clauses(tokens, segmented, today)

    def item_day(index: int) -> dt.date:
        ref = clauses.ref(index)
        return ref.for_item(today) if ref else today

    def checkin_day(index: int) -> dt.date:
        ref = clauses.ref(index)
        return ref.for_checkin(today) if ref else today

    notes = find_notes(text, tokens)
    weight_goals = find_weight_goals(tokens)
    nutrition_goals = find_nutrition_goals(tokens)
    unsure: list[float] = []
    weights = find_weights(tokens, last_kg, unsure)
    slept_hours = find_sleep_hours(text, tokens)  # "slept 8 hours": a note, not a rating
    checkins = find_checkins(tokens)
    not_taken: list[str] = []
    supplements = find_supplements(tokens, clauses.clause_of, not_taken)
    for _match, span in tokens.matches(OR_SO_RE):  # "a beer or two": the hedge is read
        tokens.claim(span)
    for _match, span in tokens.matches(WHEN_WHERE_RE):
        tokens.claim(span)
    refused_foods: list[range] = []
    not_eaten = not_eaten_clauses(tokens, clauses)
    # Stated macros are held first, so "(25g protein)" is no 25 g portion of the food before.
    macros = find_macros(tokens)
    for span, _field, _grams in macros:
        tokens.claim(span)
    held = hold_foods_named_by_a_feeling(tokens)
    # A symptom is never read as a food the table might spell like it ("period").
    feeling_words = [i for i in _feeling_words(tokens) if not tokens.used[i]]
    for i in feeling_words:
        tokens.claim(range(i, i + 1))
    foods = join_with(tokens, find_meal_foods(text, tokens, refused_foods, segmented))
    tokens.release(held)
    skipped_food = [f for f in foods if clauses.clause_of[f.first] in not_eaten]
    foods = [f for f in foods if f not in skipped_food]
    for food in skipped_food:
        for span in not_eaten[clauses.clause_of[food.first]]:
            tokens.claim(span)
    for i in feeling_words:
        tokens.release(range(i, i + 1))
    before_energies = {id(f) for f in foods}
    foods = apply_energies(text, tokens, foods, [span for span, _f, _g in macros])
    stated = {f.first for f in foods if id(f) not in before_energies}
    foods = apply_macros(tokens, foods, macros)
    refused: list[tuple[range, RangeKind | Literal["amount"]]] = [
        (span, "amount") for span in refused_foods
    ]
    refused.extend(find_out_of_range(tokens))
    if not notes:  # "note: ..." says it all in the person's words
        eaten = {i for f in foods for i in range(f.first, f.last + 1)}
        notes.extend(find_feelings(text, tokens, eaten))
    notes[:0] = slept_hours
    note_it = exercise_to_note(tokens)
    exercise = find_exercise(text, tokens)
    if exercise and note_it:  # "ran 10k, please note it": kept in the day's notes
        notes.extend(Found(0, said) for said in exercise)
        exercise = []
    for _match, span in tokens.matches(ALL_DAY_RE):
        tokens.claim(span)
    if not (weights or weight_goals or nutrition_goals or refused):
        alone = not (foods or checkins or supplements or notes or exercise)
        weights = near_last_weight(
            tokens, last_kg, [range(f.first, f.last + 1) for f in foods], alone=alone
        )
        if not weights and alone and last_kg is None:
            weights = first_weight(tokens, unsure)
    foods = settle_unknown_words(
        text,
        tokens,
        foods,
        lambda i: (
            not tokens.used[i]
            and tokens.items[i].kind == "word"
            and tokens.items[i].text not in FILLERS
            and tokens.items[i].text not in AMOUNT_WORDS
        ),
        stated,
    )

    if not (foods or weights or checkins or supplements or weight_goals or nutrition_goals):
        lone = lone_weight(tokens, last_kg, FILLERS, unsure)  # "81.9 this morning"
        weights = [lone] if lone is not None else []

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
    skipped_meal = any(not spans for spans in not_eaten.values())
    if (skipped_food or skipped_meal) and not actions and not _unknown_phrases(text, tokens):
        return Plan(said=[Notice.NOT_EATEN])
    plan = _logged(text, tokens, actions, refused, not_taken, exercise)
    if unsure and plan.actions:
        plan.unit_question = unsure[0]
    return plan


def _feeling_words(tokens: Tokens) -> list[int]:
    """Symptom and feeling words that start no name of a food ("pain au chocolat")."""
    table = food_table()
    return [
        i
        for i, token in enumerate(tokens.items)
        if token.text in FEELINGS and alias_at(tokens, i, table, free=False) is None
    ]


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
        return Plan(understood=False, said=[OutOfRange(tuple(allowed), tuple(unknown))])
    if not actions and not unknown and not_taken:
        return Plan(said=[NotTaken(tuple(not_taken))])
    if not actions and not unknown and exercise:
        return Plan(said=[ExerciseNotTracked(tuple(exercise))])  # said plainly, no write
    if unknown or not actions:
        plan = Plan(
            actions=actions,
            understood=False,
            said=[Unplaced(tuple(unknown), bool(actions))],
        )
    else:
        plan = Plan(actions=actions)
    if exercise:
        plan.said.append(ExerciseNotTracked(tuple(exercise)))
        plan.understood = False  # a model may make more of it; without one, this is said
    return plan


def _allowed(kind: RangeKind | Literal["amount"]) -> Limit:
    """What the rules accept for one kind of number."""
    if kind == "rating":
        return RatingScale(CHECKIN_SCALE[1])
    if kind == "weight":
        return WeightRange(MIN_KG, MAX_KG)
    if kind == "energy":
        return EnergyLimit(MAX_STATED_KCAL)
    if kind == "goal":
        return GoalRange(MIN_GOAL_KCAL, MAX_GOAL_KCAL, MAX_GOAL_GRAMS, MIN_KG, MAX_KG)
    return AmountLimit(MAX_COUNT, MAX_GRAMS)


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
