"""Logging messages for the offline planner: what the rules read turned into actions.

`log_plan` is a pipeline of named steps, each claiming the tokens it understood (see
text.Tokens): the message is segmented into clauses and items (reader/segment.py) and each
clause dated (clauses.py); times and places are read; then the other areas (notes, goals,
weights, check-ins, supplements), foods through the reader, stated energy and macros, notes
and exercise, and weights said without a unit. Every word must be claimed or be a filler word
("had", "and", "zum Frühstück"); anything else is named back to the person.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from bot.agent_api.actions import (
    Action,
    CheckinUpsert,
    NutritionSetGoals,
    SupplementMarkTaken,
    WeightLog,
    WeightSetGoal,
)
from bot.kernel.said import Notice
from bot.planner.base import Plan
from bot.planner.offline.additions import join_with
from bot.planner.offline.another import kinds_said_after
from bot.planner.offline.checkins import CheckinField, find_checkins
from bot.planner.offline.clauses import MEALS_RE, Clauses, date_clauses, not_eaten_clauses
from bot.planner.offline.contents import dish_contents
from bot.planner.offline.feelings import (
    FEELINGS,
    FOOD_IN_FRENCH,
    exercise_to_note,
    find_exercise,
    find_feelings,
    find_notes,
    french_food,
    hold_foods_named_by_a_feeling,
)
from bot.planner.offline.figures import find_macros
from bot.planner.offline.fillers import ALL_DAY_RE, FILLERS, OR_SO_RE, TIME_RE, claim_when_where
from bot.planner.offline.flavours import claim_flavours, ice_cream_flavours
from bot.planner.offline.foods import FoodItem
from bot.planner.offline.held import logged_plan, unknown_phrases
from bot.planner.offline.meals import alias_at, find_meal_foods, read_clauses
from bot.planner.offline.negated import negations_read
from bot.planner.offline.others import others_food
from bot.planner.offline.places import claim_named_places
from bot.planner.offline.plate_size import plate_sized
from bot.planner.offline.remarks import day_remarks
from bot.planner.offline.rules import (
    RangeKind,
    find_nutrition_goals,
    find_out_of_range,
    find_weight_goals,
    find_weights,
)
from bot.planner.offline.said_when import claim_said_when
from bot.planner.offline.same import amount_in_brackets, one_per_thing
from bot.planner.offline.sleep_hours import find_sleep_hours
from bot.planner.offline.sources import claim_sources
from bot.planner.offline.stated import apply_energies, apply_macros
from bot.planner.offline.supplements import find_supplements
from bot.planner.offline.table import food_table
from bot.planner.offline.text import Found, Tokens
from bot.planner.offline.their_words import food_entry
from bot.planner.offline.unitless import (
    first_weight,
    in_unit_said,
    lone_weight,
    near_last_weight,
)
from bot.planner.offline.unknown import settle_unknown_words
from bot.planner.reader.measures import DEFAULT_MEASURES, Measures
from bot.planner.reader.quantities import AMOUNT_WORDS
from bot.planner.reader.segment import COFFEE_BREAK_RE, TEA_MEAL_RE, Clause


@dataclass
class _Reading:
    """What the rules read in one logging message, step by step (see `log_plan`)."""

    text: str
    tokens: Tokens
    clauses: Clauses
    last_kg: float | None
    measures: Measures
    language: str  # the reader's: names their foods (their_words.py)
    notes: list[Found[str]] = field(default_factory=list)
    slept_hours: list[Found[str]] = field(default_factory=list)
    weight_goals: list[Found[float]] = field(default_factory=list)
    nutrition_goals: dict[str, float] = field(default_factory=dict)
    weights: list[Found] = field(default_factory=list)
    unsure: list[float] = field(default_factory=list)  # weights that may be kg or lb
    checkins: list[Found[tuple[CheckinField, int]]] = field(default_factory=list)
    supplements: list[Found[str]] = field(default_factory=list)
    not_taken: list[str] = field(default_factory=list)
    foods: list[FoodItem] = field(default_factory=list)
    stated: set[int] = field(default_factory=set)  # first tokens of items with stated energy
    refused_foods: list[range] = field(default_factory=list)
    skipped_food: list[FoodItem] = field(default_factory=list)
    said_not_had: bool = False  # a food said not had ("no tea today") was left out
    others_ate: bool = False  # food someone else ate was left out ("my wife had the salad")
    not_eaten: dict[int, list[range]] = field(default_factory=dict)
    refused: list[tuple[range, RangeKind | Literal["amount"]]] = field(default_factory=list)
    exercise: list[str] = field(default_factory=list)


def log_plan(
    text: str,
    tokens: Tokens,
    today: dt.date,
    last_kg: float | None = None,
    measures: Measures = DEFAULT_MEASURES,
    night: bool = False,
    language: str = "en",
) -> Plan:
    """The actions of a logging message, or a reply naming what could not be placed: `last_kg`
    decides a unitless weight's unit, `measures` a pint's size, `night` (said after midnight)
    that "last night" is the night the person is in, `language` (the reader's) how a food
    called by the person's own word is named."""
    claim_sources(tokens)  # "app says 640": the number is the food's
    claim_flavours(tokens)  # "salt and vinegar crisps": one food, one clause
    segmented = read_clauses(tokens)
    _claim_all(tokens, TIME_RE)  # "at 8", "um 12 Uhr": when, never an amount
    clauses = date_clauses(tokens, segmented, today, night)
    reading = _Reading(text, tokens, clauses, last_kg, measures, language)
    _read_other_areas(reading)
    _claim_all(tokens, OR_SO_RE)  # "a beer or two": the hedge is read
    claim_when_where(tokens, lambda i: alias_at(tokens, i, food_table()) is not None)
    claim_named_places(tokens, lambda i: alias_at(tokens, i, food_table()) is not None)
    _read_foods(reading, segmented)
    _read_day_notes(reading)
    _claim_all(tokens, ALL_DAY_RE)
    _read_unitless_weights(reading)
    _settle_unknown_words(reading)
    if reading.checkins:  # "mood 4, long day ahead": the remark is the check-in's note
        eaten = {i for f in reading.foods for i in range(f.first, f.last + 1)}
        reading.notes.extend(day_remarks(text, tokens, eaten))
    reading.weights = in_unit_said(tokens, reading.weights, reading.unsure)
    return _plan(reading, today)


def _claim_all(tokens: Tokens, pattern: re.Pattern[str]) -> None:
    for _match, span in tokens.matches(pattern):
        tokens.claim(span)


def _read_other_areas(r: _Reading) -> None:
    """Notes, goals, weights, check-ins and supplements, read before foods: their words
    ("vitamin d", "82 kg") are never a food's."""
    r.notes = find_notes(r.text, r.tokens)
    r.weight_goals = find_weight_goals(r.tokens)
    r.nutrition_goals = find_nutrition_goals(r.tokens)
    r.weights = find_weights(r.tokens, r.last_kg, r.unsure)
    # "slept 8 hours": a note; "slept 4 hours" a poor night too, unless said otherwise
    r.slept_hours, short_night = find_sleep_hours(r.text, r.tokens)
    r.checkins = find_checkins(r.tokens) + short_night
    r.supplements = find_supplements(r.tokens, r.clauses.clause_of, r.not_taken)
    # "82 kg after coffee": the coffee says when it was weighed, no meal
    anchors = [f.index for f in r.weights] + [c.index for c in r.checkins]
    claim_said_when(r.tokens, anchors, r.clauses.sentence_of, lambda i: _food_words(r.tokens, i))


def _read_foods(r: _Reading, segmented: Sequence[Clause]) -> None:
    """The foods of the message through the reader (quantity, lookup, composition,
    nutrients; offline/meals.py), item by item of its clauses; then what the person stated
    about them wins (stated.py)."""
    tokens = r.tokens
    _claim_all(tokens, TEA_MEAL_RE)  # "beans on toast for tea": the meal, not a drink
    _claim_all(tokens, COFFEE_BREAK_RE)  # "Kuchen zum Kaffee": the coffee break
    r.not_eaten = not_eaten_clauses(tokens, r.clauses)
    for span in others_food(tokens, lambda i: _food_words(tokens, i)):
        tokens.claim(span)  # "my wife had the salad": not the person's
        r.others_ate = True
    macros = find_macros(tokens)  # held first: "(25g protein)" is no 25 g of the food before
    for span, _field, _grams in macros:
        tokens.claim(span)
    held = hold_foods_named_by_a_feeling(tokens)
    # A symptom is never read as a food the table might spell like it ("period").
    feeling_words = [i for i in _feeling_words(tokens) if not tokens.used[i]]
    for i in feeling_words:
        tokens.claim(range(i, i + 1))
    negations = negations_read(tokens)
    foods = find_meal_foods(r.text, tokens, r.refused_foods, segmented, r.measures)
    r.said_not_had = bool(negations_read(tokens) - negations)
    foods = join_with(tokens, amount_in_brackets(r.text, tokens, plate_sized(tokens, foods)))
    foods = ice_cream_flavours(tokens, foods)  # "gelato 2 gusti, pistacchio e nocciola"
    foods = dish_contents(tokens, kinds_said_after(tokens, one_per_thing(r.text, tokens, foods)))
    tokens.release(held)
    foods = _eaten(r, foods)
    for i in feeling_words:
        tokens.release(range(i, i + 1))
    before_energies = {id(f) for f in foods}
    foods = apply_energies(r.text, tokens, foods, [span for span, _f, _g in macros])
    r.stated = {f.first for f in foods if id(f) not in before_energies}
    r.foods = apply_macros(tokens, foods, macros)
    r.refused = [(span, "amount") for span in r.refused_foods]
    r.refused.extend(find_out_of_range(tokens))


def _food_words(tokens: Tokens, i: int) -> int:
    """How many words of a food's name the table knows start at token `i` (0 for none)."""
    found = alias_at(tokens, i, food_table())
    return found[1] if found is not None else 0


def _eaten(r: _Reading, foods: list[FoodItem]) -> list[FoodItem]:
    """The foods eaten: those of a clause saying otherwise ("craving chocolate") are left
    out (`r.skipped_food`), the words saying so read."""
    clause_of = r.clauses.clause_of
    r.skipped_food = [f for f in foods if clause_of[f.first] in r.not_eaten]
    for food in r.skipped_food:
        for span in r.not_eaten[clause_of[food.first]]:
            r.tokens.claim(span)
    return [f for f in foods if f not in r.skipped_food]


def _read_day_notes(r: _Reading) -> None:
    """Feelings and symptoms as notes (unless "note: ..." said it all), hours slept first;
    exercise, kept as a note when the person asks."""
    if not r.notes:
        eaten = {i for f in r.foods for i in range(f.first, f.last + 1)}
        r.notes.extend(find_feelings(r.text, r.tokens, eaten))
    r.notes[:0] = r.slept_hours
    note_it = exercise_to_note(r.tokens)
    r.exercise = find_exercise(r.text, r.tokens)
    if r.exercise and note_it:  # "ran 10k, please note it": kept in the day's notes
        r.notes.extend(Found(0, said) for said in r.exercise)
        r.exercise = []


def _read_unitless_weights(r: _Reading) -> None:
    """A weight said without a unit near the person's last one, or their first weight, once
    everything else is read."""
    if not (r.weights or r.weight_goals or r.nutrition_goals or r.refused):
        alone = not (r.foods or r.checkins or r.supplements or r.notes or r.exercise)
        spans = [range(f.first, f.last + 1) for f in r.foods]
        r.weights = near_last_weight(r.tokens, r.last_kg, spans, alone=alone)
        if not r.weights and alone and r.last_kg is None:
            r.weights = first_weight(r.tokens, r.unsure)


def _settle_unknown_words(r: _Reading) -> None:
    """The foods beside a word nothing knows (meals.settle_unknown_words); then, with
    nothing else read, a lone number as a weight ("81.9 this morning")."""
    tokens = r.tokens
    r.foods = settle_unknown_words(
        r.text,
        tokens,
        r.foods,
        lambda i: (
            not tokens.used[i]
            and tokens.items[i].kind == "word"
            and tokens.items[i].text not in FILLERS
            and tokens.items[i].text not in AMOUNT_WORDS
        ),
        r.stated,
    )
    if not (
        r.foods or r.weights or r.checkins or r.supplements or r.weight_goals or r.nutrition_goals
    ):
        lone = lone_weight(tokens, r.last_kg, FILLERS, r.unsure)  # "81.9 this morning"
        r.weights = [lone] if lone is not None else []


def _plan(r: _Reading, today: dt.date) -> Plan:
    """The plan of what was read: its actions, each on the day of its clause."""

    def item_day(index: int) -> dt.date:
        ref = r.clauses.ref(index)
        return ref.for_item(today) if ref else today

    def checkin_day(index: int) -> dt.date:
        ref = r.clauses.ref(index)
        return ref.for_checkin(today) if ref else today

    actions: list[Action] = []
    if r.nutrition_goals:
        g = r.nutrition_goals
        actions.append(
            NutritionSetGoals(
                calories=g.get("calories"),
                protein=g.get("protein"),
                carbs=g.get("carbs"),
                fat=g.get("fat"),
            )
        )
    actions.extend(WeightSetGoal(goal_kg=goal.value) for goal in r.weight_goals)
    actions.extend(food_entry(item, item_day(item.first), r.language) for item in r.foods)
    actions.extend(WeightLog(date=item_day(w.index), weight_kg=w.value) for w in r.weights)
    actions.extend(_checkin_actions(r.checkins, r.notes, checkin_day))
    seen: set[tuple[dt.date, str]] = set()
    for found in r.supplements:
        key = (item_day(found.index), str(found.value))
        if key not in seen:
            seen.add(key)
            actions.append(SupplementMarkTaken(date=key[0], name=key[1]))
    text, tokens = r.text, r.tokens
    if not actions and not r.not_taken:
        nothing_had = _nothing_had(r)
        if nothing_had is not None:
            return nothing_had
        if r.others_ate and not unknown_phrases(text, tokens):
            return Plan(said=[Notice.OTHERS_ATE])
    plan = logged_plan(text, tokens, actions, r.refused, r.not_taken, r.exercise)
    if r.unsure and plan.actions:
        plan.unit_question = r.unsure[0]
    return plan


def _nothing_had(r: _Reading) -> Plan | None:
    """The reply to a message that logs nothing because it says nothing was had: a meal
    skipped ("pas mangé ce midi"), a food said not had ("pas de café aujourd'hui"). The words
    after a meal said skipped, in its sentence, are why ("skipped lunch, too busy"): left
    unread, they are for a model to make more of; a meal named there is another log."""
    tokens = r.tokens
    skipped_meal = any(not spans for spans in r.not_eaten.values())
    if not (r.skipped_food or skipped_meal or r.said_not_had):
        return None
    if not unknown_phrases(r.text, tokens):
        return Plan(said=[Notice.NOT_EATEN])
    clauses = r.clauses
    skipped = [c for c, spans in r.not_eaten.items() if not spans]
    meals = {clauses.clause_of[span.start] for _match, span in tokens.matches(MEALS_RE)}
    skipped = [c for c in skipped if not any(m > c for m in meals)]
    for i, token in enumerate(tokens.items):
        if tokens.used[i] or token.kind == "punct" or token.text in FILLERS:
            continue
        why = token.kind == "word" and any(
            c < clauses.clause_of[i] and _same_sentence(clauses, c, i) for c in skipped
        )
        if not why:
            return None
    return Plan(understood=False, said=[Notice.NOT_EATEN])


def _same_sentence(clauses: Clauses, clause: int, index: int) -> bool:
    first = clauses.clause_of.index(clause)
    return clauses.sentence_of[first] == clauses.sentence_of[index]


def _feeling_words(tokens: Tokens) -> list[int]:
    """Symptom and feeling words that start no name of a food ("pain au chocolat"), and are
    not said as the French food they also are ("une tranche de pain")."""
    table = food_table()
    feelings: list[int] = []
    for i, token in enumerate(tokens.items):
        if token.text not in FEELINGS:
            continue
        found = alias_at(tokens, i, table, free=False)
        as_food = found is not None and (
            found[1] > 1 or token.text not in FOOD_IN_FRENCH or french_food(tokens, i)
        )
        if not as_food:
            feelings.append(i)
    return feelings


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
