"""Logging messages for the offline planner: the rules' findings turned into actions.

Rules run in a fixed order, each claiming the tokens it understood (see text.Tokens):
dates, notes, goals, weights, check-ins, supplements, foods, stated energy. Dates are
per clause: "pizza last night, slept badly" puts the pizza on yesterday and the sleep on
today's check-in. Every word must be claimed or be a filler word ("had", "and", "zum
Frühstück"); anything else is named back to the person.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Callable, Sequence
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
from bot.planner.offline.dates import DayRef, find_day_refs, rx
from bot.planner.offline.fillers import FILLERS
from bot.planner.offline.foods import FoodItem, dish
from bot.planner.offline.meals import (
    alias_at,
    find_meal_foods,
    join_with,
    read_clauses,
    settle_unknown_words,
)
from bot.planner.offline.rules import (
    EACH_RE,
    FEELINGS,
    TOTAL_RE,
    RangeKind,
    exercise_to_note,
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
    hold_foods_named_by_a_feeling,
)
from bot.planner.offline.table import food_table
from bot.planner.offline.text import Found, Tokens, number_value
from bot.planner.offline.unitless import NEAR_RE, lone_weight, near_last, read_unitless
from bot.planner.reader.nutrients import MAX_COUNT, MAX_GRAMS
from bot.planner.reader.quantities import AMOUNT_WORDS
from bot.planner.reader.segment import Clause

_TIME_RE = rx(
    r"(?:at |um |a las |around |gegen )?\d{1,2}(?: : \d{2}(?: ?(?:am|pm|uhr|h))?"
    r"| ?(?:am|pm|uhr))"
)
# When or where it was eaten: read, never a date or an amount ("around 4", "after the gym").
_HOUR = r"(?:[1-9]|1[0-9]|2[0-3])"
_PLACES = "|".join(
    sorted(
        (
            "cafe|cafes|coffee shop|office|work|home|restaurant|diner|pub|bar|party|canteen"
            "|cafeteria|mall|airport|station|school|uni|university|cinema|movies|beach|park"
            "|friends|friends place|friends house|moms|mums|parents|grandmas|in laws|hotel|train"
            "|plane|car|desk|bakery|market|food court|food truck|buffet|wedding|bbq|barbecue"
            "|starbucks|mcdonalds|mcds|maccas|kfc|pret|costa|chipotle|nandos|subway|burger king"
            "|wendys|dominos|taco bell|five guys|greggs|tim hortons|dunkin|dunkin donuts"
            "|chippy|chip shop|takeaway|take away|takeout|drive thru|drive through|deli|shop"
            "|corner shop|supermarket|store|kebab shop|chinese|indian|thai|local|canteen"
        ).split("|"),
        key=len,
        reverse=True,
    )
)
_WHEN_WHERE_RE = rx(
    rf"(?:at|around|about|by|before|after|till|until|ca|circa|gegen|um) {_HOUR}(?: ish)?"
    r"(?= [^0-9]|$)(?! (?:kg|kgs|lb|lbs|kcal|cal|cals|g|ml|am|pm|x|slices?|pieces?|cups?))"
    r"|(?:at |around |about |for |by |after |before )?(?:lunchtime|lunch time|dinnertime"
    r"|dinner time|teatime|tea time|noon|midday|mid day|midnight|bedtime|bed time)"
    r"|(?:before|after) (?:bed|sleep|sleeping|work|school|class|church|practice|training"
    r"|the gym|gym|my run|the run|my workout|the workout|a workout|workout|my walk|the walk"
    r"|a run|a walk|my swim|yoga|pilates|the match|the game)"
    r"|(?:post|pre) (?:workout|gym|run|training|dinner|lunch)|post workout|pre workout"
    r"|mid (?:morning|afternoon|evening)|first thing(?: in the morning)?"
    r"|in the (?:morning|afternoon|evening|night)|at night|late night|late at night"
    r"|on the (?:way|go|road|train|bus|plane)(?: (?:home|to work|to school|back))?"
    rf"|(?:at|from|in) (?:the |a |my |our |his |her |their |a friends |my friends )?(?:{_PLACES})"
)
_OR_SO_RE = rx(r"or (?:two|three|so)|give or take|more or less|so bad|so much")
# What was not (yet) eaten: a food in such a clause is not logged ("craving chocolate", "gonna
# have pasta later", "didn't eat the cake"); "gonna log my lunch" is a log.
_NOT_EATEN_RE = rx(
    r"(?:i )?(?:want|wanna|wanted|craving|crave|craved|thinking about|thinking of|dreaming of"
    r"|planning(?: to| on)?|plan to|going to(?! (?:log|add|track))|gonna(?! (?:log|add|track))"
    r"|(?:will|ill)(?! (?:log|add|track))|should|shall|might|tomorrow|later(?! on)|next time"
    r"|resisted"
    r"|avoided|skipped|skip|didnt|did not|dont|do not|never|going)"
)
_SKIPPED_MEAL_RE = rx(
    r"(?:no|skipped|skip|missed|without) (?:breakfast|brunch|lunch|dinner|supper|snacks?|meals?)"
)
# A refusal that reaches back over the whole sentence ("pizza but I didn't have any").
_NONE_RE = rx(r"didnt (?:have|eat|touch|get) (?:any|it|one|some)|none for me|not for me")
# How long: read after symptoms and feelings, whose note keeps it ("headache all day").
_ALL_DAY_RE = rx(
    r"all day|all day long|the whole day|whole day|throughout the day|during the day|all night"
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
    sentence_of: list[int]

    def ref(self, index: int) -> DayRef | None:
        return self.refs.get(self.clause_of[index]) if index < len(self.clause_of) else None


def _clauses(tokens: Tokens, segmented: Sequence[Clause], today: dt.date) -> _Clauses:
    """The message's clauses as segmented, a second date phrase in one starting another
    ("pizza last night and today I'm 82.3 kg"), each with the date phrase that governs it."""
    found = find_day_refs(tokens, today)
    clause_of = [0] * len(tokens)
    sentence_of = [0] * len(tokens)
    clause = -1
    for part in segmented:
        clause += 1
        dated = False  # the current clause has a date phrase already
        for i in part.span:
            if i in found and dated:
                clause += 1
                if i > 0 and tokens.items[i - 1].text in {"and", "und", "y"}:
                    clause_of[i - 1] = clause
            dated = dated or i in found
            clause_of[i] = clause
            sentence_of[i] = part.sentence
    own: dict[int, DayRef] = {}
    for index, ref in sorted(found.items()):
        own.setdefault(clause_of[index], ref)
    # A clause without its own date takes the previous one in the sentence, else the next.
    first_token: dict[int, int] = {}
    for i, c in enumerate(clause_of):
        first_token.setdefault(c, i)
    refs: dict[int, DayRef] = dict(own)
    for c in range(max(clause, 0) + 1):
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
    return _Clauses(clause_of, refs, sentence_of)


def log_plan(text: str, tokens: Tokens, today: dt.date, last_kg: float | None = None) -> Plan:
    """The actions of a logging message, or a reply naming what could not be placed.
    `last_kg` (the person's last weight) decides the unit of a weight said without one."""
    segmented = read_clauses(tokens)
    for _match, span in tokens.matches(_TIME_RE):
        tokens.claim(span)
    clauses = _clauses(tokens, segmented, today)

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
    for _match, span in tokens.matches(_OR_SO_RE):  # "a beer or two": the hedge is read
        tokens.claim(span)
    for _match, span in tokens.matches(_WHEN_WHERE_RE):
        tokens.claim(span)
    refused_foods: list[range] = []
    not_eaten = _not_eaten_clauses(tokens, clauses)
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
    foods = _apply_energies(text, tokens, foods, [span for span, _f, _g in macros])
    stated = {f.first for f in foods if id(f) not in before_energies}
    foods = _apply_macros(tokens, foods, macros)
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
    for _match, span in tokens.matches(_ALL_DAY_RE):
        tokens.claim(span)
    if not (weights or weight_goals or nutrition_goals or refused):
        alone = not (foods or checkins or supplements or notes or exercise)
        weights = _near_last_weight(tokens, last_kg, foods, alone=alone)
        if not weights and alone and last_kg is None:
            weights = _first_weight(tokens, unsure)
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


def _not_eaten_clauses(tokens: Tokens, clauses: _Clauses) -> dict[int, list[range]]:
    """The clauses that say a food was not (or not yet) eaten, with the words saying so
    (claimed by the caller where a food was indeed left out); a skipped meal is read."""
    found: dict[int, list[range]] = {}
    for _match, span in tokens.matches(_SKIPPED_MEAL_RE):
        found.setdefault(clauses.clause_of[span.start], [])
        tokens.claim(span)
    for _match, span in tokens.matches(_NONE_RE):
        sentence = clauses.sentence_of[span.start]
        for c in {c for i, c in enumerate(clauses.clause_of) if clauses.sentence_of[i] == sentence}:
            found.setdefault(c, []).append(span)
    for _match, span in tokens.matches(_NOT_EATEN_RE):
        found.setdefault(clauses.clause_of[span.start], []).append(span)
    return found


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


def _apply_energies(
    text: str, tokens: Tokens, foods: list[FoodItem], macro_spans: list[range]
) -> list[FoodItem]:
    """Stated energy wins over the table: "protein bar 250 kcal", "quinoa bowl 450 kcal"."""
    energies = find_energies(tokens)
    in_macros = {i for span in macro_spans for i in span}
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
        # Back over commas and the figures stated with it ("shake 25g protein, 140 kcal").
        while k >= 0 and (
            (tokens.items[k].kind == "punct" and tokens.items[k].text in ",:=") or k in in_macros
        ):
            k -= 1
        said_after = _said_after(tokens, span.stop, TOTAL_RE) if not named else range(0)
        earlier = [f for f in result if f.last < span.start]
        if said_after and len(earlier) > 1:  # "salmon and rice, 700 kcal total": one item
            tokens.claim(said_after)
            at = result.index(earlier[0])
            whole = _together(earlier)
            result[at : at + len(earlier)] = [whole]
            result = [f for f in result if f not in earlier[1:]]
        before = next((f for f in result if f.last == k), None) if k >= 0 else None
        if before is None and not named:
            before = next((f for f in result if f.first == span.stop), None)
        if before is None and not named and len(result) == 1:
            before = result[0]  # "a shake (25 g protein, 140 kcal)": the message's one food
        if before is not None and before.added:
            before = _as_dish(result, before)  # the figure is for the dish, both parts
        each = _said_after(tokens, span.stop, EACH_RE)
        if before is not None and each:  # "2 granola bars, 200 kcal each"
            tokens.claim(each)
            kcal *= _count(before)
        if before is not None and extra and before.last < words[0]:
            # "chicken pho 450 kcal": a dish the table lacks, named as said, with the energy
            # stated and no macros guessed from the food it starts with.
            said = text[tokens.items[before.first].start : tokens.items[named[-1]].end]
            result[result.index(before)] = dataclasses.replace(
                before,
                name=said[:1].upper() + said[1:],
                amount="1 serving",
                kcal=kcal,
                protein=0.0,
                carbs=0.0,
                fat=0.0,
                last=named[-1],
            )
        elif before is not None:
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


def _said_after(tokens: Tokens, index: int, pattern: re.Pattern[str]) -> range:
    """The unclaimed words at `index` that `pattern` matches from their start, if any."""
    words: list[str] = []
    j = index
    while j < len(tokens) and j - index < 3 and tokens.items[j].kind == "word":
        if tokens.used[j]:
            break
        words.append(tokens.items[j].text)
        j += 1
    match = pattern.match(" ".join(words))
    return range(index, index + len(match.group(0).split())) if match else range(0)


def _count(item: FoodItem) -> float:
    """How many of its unit an item is, from its amount ("2 bars" -> 2)."""
    head = item.amount.split(" ")[0] if item.amount else ""
    return number_value(head) or 1.0


def _together(items: list[FoodItem]) -> FoodItem:
    """Several foods as one item, for a figure the person gave for all of them."""
    names = [items[0].name] + [f"{f.name[:1].lower()}{f.name[1:]}" for f in items[1:]]
    text = ", ".join(names[:-1]) + f" and {names[-1]}"
    return dataclasses.replace(
        items[0],
        name=text,
        amount="",
        kcal=sum(f.kcal for f in items),
        protein=sum(f.protein for f in items),
        carbs=sum(f.carbs for f in items),
        fat=sum(f.fat for f in items),
        last=items[-1].last,
        grams=sum(f.grams for f in items),
    )


def _as_dish(items: list[FoodItem], added: FoodItem) -> FoodItem:
    """Replace `added` and the food it comes with by the two as one item, in place."""
    at = items.index(added)
    items[at - 1 : at + 1] = [dish(items[at - 1], added)]
    return items[at - 1]


def _apply_macros(
    tokens: Tokens, foods: list[FoodItem], macros: list[tuple[range, str, float]]
) -> list[FoodItem]:
    """Stated protein, carbs or fat replace the table's: each goes to the food it follows
    (in the same clause), else to the message's one food; with no food it is left unplaced."""
    result = list(foods)
    for span, field, grams in macros:
        before = [f for f in result if f.last < span.start]
        target = max(before, key=lambda f: f.last) if before else None
        if target is None and len(result) == 1:
            target = result[0]
        if target is None:
            tokens.release(span)
            continue
        if target.added:
            target = _as_dish(result, target)
        result[result.index(target)] = target.with_macro(field, grams)
        tokens.claim(span)
    return result


def _near_last_weight(
    tokens: Tokens, last_kg: float | None, foods: list[FoodItem], *, alone: bool
) -> list[Found]:
    """A number close to the person's last weight that nothing else read is their weight
    ("ugh 82.4", "dropped to 211 🎉", "finally under 210 - 209.6": the last such number).
    Said `alone`, the words around it are how they feel about it, not something left unread.
    Next to foods only a number with decimals, and not right by a food ("80.6, had oatmeal";
    "chicken 85" is no weight)."""
    eaten = {i for f in foods for i in (f.first - 1, f.last + 1)}
    near = [
        (span, kg)
        for match, span in tokens.matches(NEAR_RE)
        if tokens.free(span)
        and (kg := near_last(float(match.group("num")), last_kg)) is not None
        and (not foods or ("." in match.group("num") and not eaten & set(span)))
    ]
    if not near:
        return []
    span, kg = near[-1]
    tokens.claim(range(len(tokens)) if alone else span)
    return [Found(span.start, kg)]


_WEIGH_WORDS = frozenset(
    "scale scales weigh weighed weighing weight weighin waage gewicht gewogen peso bascula".split()
)


def _first_weight(tokens: Tokens, unsure: list[float]) -> list[Found]:
    """With no weight logged before, a message of nothing but a number a grown-up may weigh
    with decimals ("ugh 62.3", "176.4 this morning"), or any such number beside a word of
    weighing ("176 on the scale", "morning weigh-in 64"), is their weight in the unit that
    makes it one, or in kilograms with the unit asked (`unsure`) when both do."""
    cue = any(t.text in _WEIGH_WORDS for t in tokens.items)
    for match, span in tokens.matches(NEAR_RE):
        value = match.group("num")
        reading = read_unitless(float(value), None) if "." in value or cue else None
        if reading is None or not tokens.free(span):
            continue
        tokens.claim(range(len(tokens)))
        if reading.ask:
            unsure.append(reading.value)
        return [Found(span.start, reading.kg)]
    return []


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
