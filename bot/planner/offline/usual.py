""" "The usual": meals logged again from the person's own days and recipes.

"same breakfast as yesterday", "same lunch as monday", "my usual coffee", "again" after a
logged meal, "a serving of my chili". `find_repeat` reads the message (no network) into a
`Repeat`: one read (the day's `GET /nutrition`, or `GET /recipes`) and what to pick from it;
`picked` turns that read into the entries to log. Neither costs a model call, and the core
makes the one read (bot/core/personal.py).

The service does not say which meal an entry was: breakfast is the day's first entry, by when
it was logged (`createdAt`, in the person's zone), and those logged within 90 minutes of it,
all before 11:00 of its day; lunch is what was logged from 11:00 to 16:00, dinner from 16:00
until the person's day ended (bot/kernel/days.py). An entry logged on another day
for that one (backdated) belongs to no meal. "again" repeats the entries of the last message,
which the service stamps with the same `createdAt`.
"""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo
from collections.abc import Mapping
from typing import Any, Literal

from bot.agent_api.actions import Entry, NutritionAddEntry
from bot.planner.base import Plan, ReadRequest, Repeat
from bot.planner.offline.dates import WEEKDAYS
from bot.planner.offline.table import food_table
from bot.planner.offline.text import normalize

Meal = Literal["breakfast", "lunch", "dinner"]
MEALS: dict[str, Meal] = {
    "breakfast": "breakfast",
    "brekkie": "breakfast",
    "brekky": "breakfast",
    "fruhstuck": "breakfast",
    "desayuno": "breakfast",
    "lunch": "lunch",
    "mittagessen": "lunch",
    "dinner": "dinner",
    "supper": "dinner",
    "abendessen": "dinner",
    "cena": "dinner",
    "colazione": "breakfast",
    "pranzo": "lunch",
    "almuerzo": "lunch",
    "comida": "lunch",
    "midi": "lunch",
    "soir": "dinner",
    "diner": "dinner",
    "abendbrot": "dinner",
    "petit dej": "breakfast",
    "petit dejeuner": "breakfast",
}
# When each meal ends, in hours into its day (the last runs until the day ends).
LUNCH_FROM, DINNER_FROM = 11, 16
BREAKFAST_SPAN = dt.timedelta(minutes=90)  # the first entry and those this soon after it
MAX_SERVINGS = 20.0

_MEAL = "|".join(MEALS)
_DAY = r"yesterday|last night|the day before yesterday|(?:last |on )?(?:" + "|".join(WEEKDAYS) + ")"
_LEAD = r"(?:(?:i )?(?:had|ate|have|log|add|eating|having) )?"
_TAIL = (
    rf"(?: (?:today|again|please|pls|for today|this morning|tonight|lol|thanks"
    rf"|(?:for|at|with) (?:my |the )?(?:{_MEAL})))*"
)
_DAYS = r"yesterdays|last nights"  # "yesterday's lunch", as cleaned
_SAME_MEAL = re.compile(
    rf"{_LEAD}(?:the )?same (?P<meal>{_MEAL})(?: (?:as|like) (?P<day>{_DAY}))?{_TAIL}"
    rf"|{_LEAD}(?:for )?(?P<meal2>{_MEAL}) (?:the )?same (?:as|like) (?P<day2>{_DAY}){_TAIL}"
    rf"|{_LEAD}(?:the )?same(?: thing| meal)? (?:as|like) (?P<day3>{_DAY})"
    rf" (?:for|at) (?P<meal3>{_MEAL}){_TAIL}"
    rf"|(?:repeat|log|add) (?P<day4>{_DAYS}) (?P<meal4>{_MEAL}){_TAIL}"
    rf"|{_LEAD}(?P<day5>{_DAYS}) (?P<meal5>{_MEAL}) again{_TAIL}"
)
# "zum Frühstück wie gestern", "pareil que hier midi", "lo mismo que ayer en el almuerzo",
# "stesso pranzo di ieri", "solita colazione di ieri": yesterday's meal, said the other ways.
_YESTERDAY = r"gestern|ayer|hier|ieri"
_LIKE = r"wie|como|comme|come|pareil que|pareil qu|lo mismo que|igual que|meme que|uguale a"
_AT = r"(?:(?:zum|zu|am|a|al|el|en el|para el|au|le|pour le|per|a|di|de|du) )?"
_SAME_MEAL_ELSEWHERE = re.compile(
    rf"(?:{_AT}(?P<meal>{_MEAL}) )?(?:{_LIKE}) (?:{_YESTERDAY})(?: {_AT}(?P<meal2>{_MEAL}))?"
    rf"|(?:lo |la |le |il |das |den |die )?(?:mismo|misma|stesso|stessa|meme|gleiche|gleichen"
    rf"|solito|solita|habituel|habituelle) (?P<meal3>{_MEAL}) (?:de|di|d|qu|wie|von|que) ?"
    rf"(?:{_YESTERDAY})"
)
_USUAL = r"(?:usual|regular)"
_USUAL_MEAL = re.compile(
    rf"{_LEAD}(?:my |the )?{_USUAL} (?:for )?(?P<meal>{_MEAL}){_TAIL}"
    rf"|{_LEAD}(?:the )?same (?P<meal2>{_MEAL}) as (?:usual|always|ever){_TAIL}"
)
# One to three words that name a food ("coffee", "oat latte"), not a place or an order.
_NOT_FOOD = (
    r"from|at|in|the|that|this|of|with|for|place|order|spot|one|thing|stuff|today|tonight"
    r"|again|please|pls|lol|thanks"
)
_FOOD_WORD = rf"(?!(?:{_NOT_FOOD})\b)[a-z]+"
_USUAL_FOOD = re.compile(
    rf"{_LEAD}(?:my |the )?{_USUAL} (?P<food>{_FOOD_WORD}(?: {_FOOD_WORD}){{0,2}}){_TAIL}"
)
_AGAIN = re.compile(
    rf"{_LEAD}(?:(?:the )?same(?: thing| meal| again| as before)*|that again|it again|again"
    rf"|one more|another one|ditto|repeat(?: that| last meal| my last meal)?){_TAIL}"
)
# "flat white again", the food and nothing else: today's last entry of it, when the words
# name a food ("I had oatmeal again" tells of eating it, and is logged as said).
_FOOD_AGAIN = re.compile(
    rf"(?:(?:a|an|my) )?(?P<food>{_FOOD_WORD}(?: {_FOOD_WORD}){{0,2}}) again{_TAIL}"
)
_SERVINGS = r"a|an|one|two|three|half a|half|\d+(?:\.\d+)?"
_RECIPE = re.compile(
    rf"{_LEAD}(?:(?P<n>{_SERVINGS}) )?(?:servings?|portions?|bowls?|plates?|helpings?"
    rf"|slices?|some) of my (?:homemade )?(?P<name>[a-z][a-z ]{{1,60}}?)(?: recipe)?{_TAIL}"
    rf"|{_LEAD}my (?:homemade )?(?P<name2>[a-z][a-z ]{{1,60}}?) recipe{_TAIL}"
    rf"|{_LEAD}(?:(?:the|some) )?(?:leftover |left over )?(?P<name3>[a-z][a-z ]{{1,60}}?)"
    rf" (?:from|of|off) my (?:own )?recipes?{_TAIL}"
)
_COUNTS = {"a": 1.0, "an": 1.0, "one": 1.0, "two": 2.0, "three": 3.0, "half a": 0.5, "half": 0.5}


def _clean(text: str) -> str:
    """The message as one line of lower-case words, as the patterns are written."""
    words = re.sub(r"[^a-z0-9. ]+", " ", normalize(text).replace("'", ""))
    return " ".join(words.replace(" .", " ").rstrip(".").split())


def _source_day(day: str | None, today: dt.date) -> dt.date:
    """The day a phrase names: "yesterday" (also when none is named), or the last weekday."""
    if day is None or day in {"yesterday", "last night"}:
        return today - dt.timedelta(days=1)
    if day == "the day before yesterday":
        return today - dt.timedelta(days=2)
    weekday = WEEKDAYS[day.split()[-1]]
    back = (today.weekday() - weekday) % 7 or 7
    return today - dt.timedelta(days=back)


def _when(day: dt.date, today: dt.date) -> str:
    if day == today - dt.timedelta(days=1):
        return "yesterday"
    return f"{day:%A}"


def find_repeat(text: str, today: dt.date) -> Repeat | None:
    """What the message asks to log again, or None when it asks nothing of the kind."""
    said = _clean(text)
    if not said:
        return None
    if found := _SAME_MEAL.fullmatch(said):
        meal = MEALS[_first(found, "meal")]
        day = _first(found, "day") or None
        source = _source_day("yesterday" if day in {"yesterdays", "last nights"} else day, today)
        phrase = f"the same {meal} as {_when(source, today)}"
        return _from_day(source, today, phrase, meal=meal)
    if (found := _SAME_MEAL_ELSEWHERE.fullmatch(said)) and (named := _first(found, "meal")):
        same = MEALS[named]
        source = _source_day(None, today)
        return _from_day(source, today, f"the same {same} as yesterday", meal=same)
    if found := _USUAL_MEAL.fullmatch(said):
        meal = MEALS[_first(found, "meal")]
        source = _source_day(None, today)
        return _from_day(source, today, f"your usual {meal} (as yesterday)", meal=meal)
    if _AGAIN.fullmatch(said):
        return _from_day(today, today, "the same again", meal="last")
    if found := _RECIPE.fullmatch(said):
        name = (found["name"] or found["name2"] or found["name3"]).strip()
        servings = _servings(found["n"])
        if servings is None:
            return None
        return Repeat(
            read=ReadRequest(route="recipes"),
            date=today,
            said=f"your {name}",
            recipe=name,
            servings=servings,
        )
    if (found := _FOOD_AGAIN.fullmatch(said)) and found["food"] in food_table().by_alias:
        return _from_day(today, today, f"{found['food']} again", food=found["food"])
    if found := _USUAL_FOOD.fullmatch(said):
        food = found["food"].strip()
        source = _source_day(None, today)
        return _from_day(source, today, f"your usual {food} (as yesterday)", food=food)
    return None


def _first(found: re.Match[str], name: str) -> str:
    """The group `name`, `name2`, `name3`... that matched (one per way of saying it), or ""."""
    for key in (name, *(f"{name}{n}" for n in range(2, 6))):
        if key in found.re.groupindex and found[key]:
            return str(found[key])
    return ""


def _from_day(
    source: dt.date,
    today: dt.date,
    said: str,
    *,
    meal: Literal["breakfast", "lunch", "dinner", "last"] | None = None,
    food: str | None = None,
) -> Repeat:
    return Repeat(
        read=ReadRequest(route="nutrition", date=source),
        date=today,
        said=said,
        meal=meal,
        food=food,
    )


def _servings(count: str | None) -> float | None:
    if count is None or count == "some":
        return 1.0
    value = _COUNTS.get(count)
    if value is None:
        value = float(count)
    return value if 0 < value <= MAX_SERVINGS else None


def repeat_plan(text: str, today: dt.date) -> Plan | None:
    """The plan for a message asking to log something again, or None for any other."""
    repeat = find_repeat(text, today)
    if repeat is None:
        return None
    return Plan(reads=[repeat.read], repeat=repeat)


# --- picking from what was read ----------------------------------------------------------


def _created(entry: Mapping[str, Any]) -> dt.datetime | None:
    raw = entry.get("createdAt")
    if not isinstance(raw, str):
        return None
    try:
        created = dt.datetime.fromisoformat(raw.replace("Z", "+00:00"))
    except ValueError:
        return None
    return created if created.tzinfo is not None else created.replace(tzinfo=dt.UTC)


def meal_of(
    entry: Mapping[str, Any], day: dt.date, zone: zoneinfo.ZoneInfo, day_ends_at: dt.time
) -> Meal | None:
    """The meal `entry` of `day` was, by when it was logged; None when it was logged on
    another day (backdated) or says no time."""
    created = _created(entry)
    if created is None:
        return None
    start = dt.datetime.combine(day, dt.time(0), tzinfo=zone)
    hours = (created.astimezone(zone) - start).total_seconds() / 3600
    end = 24 + day_ends_at.hour + day_ends_at.minute / 60
    if not 0 <= hours < end:
        return None
    if hours < LUNCH_FROM:
        return "breakfast"
    return "lunch" if hours < DINNER_FROM else "dinner"


def _entries(data: Mapping[str, Any] | None) -> list[Mapping[str, Any]]:
    entries = data.get("entries") if data else None
    return [e for e in entries or [] if isinstance(e, Mapping) and _usable(e)]


def _usable(entry: Mapping[str, Any]) -> bool:
    fields = ("calories", "protein", "carbs", "fat")
    return isinstance(entry.get("food"), str) and all(
        isinstance(entry.get(f), int | float) and entry[f] >= 0 for f in fields
    )


def _names(words: str) -> set[str]:
    return set(_clean(words).split())


# What a person calls by its kind when it is their usual: "my usual coffee" is the flat
# white they have every morning.
_KINDS: dict[str, str] = {
    "coffee": "latte|cappuccino|espresso|americano|macchiato|mocha|cortado|flat white"
    "|cold brew|lungo|ristretto|kaffee|cafe con leche",
    "tea": "chai|matcha|rooibos|earl grey|tee",
    "beer": "lager|ale|ipa|pilsner|pils|stout|weissbier|bier",
    "wine": "prosecco|champagne|wein|vino|riesling|merlot",
}


def _of_kind(name: str, kind: str) -> bool:
    """Whether `name` names a drink of `kind` by its own name ("Flat white" is a coffee)."""
    said = f" {_clean(name)} "
    return any(f" {one} " in said for one in _KINDS[kind].split("|")) if kind in _KINDS else False


def _matches(name: str, wanted: str) -> bool:
    """Whether a logged food's or recipe's `name` is the one `wanted` names ("coffee" is in
    "Coffee with milk"; "chilli" or "chili" find "Chili con carne"; "coffee" finds a
    "Flat white")."""
    have = _names(name)
    return all(
        w in have
        or w.rstrip("s") in have
        or w.replace("ll", "l") in have
        or _of_kind(name, w.rstrip("s"))
        for w in _names(wanted)
    )


def picked(
    repeat: Repeat,
    data: Mapping[str, Any] | None,
    zone: zoneinfo.ZoneInfo,
    day_ends_at: dt.time = dt.time(0),
) -> list[NutritionAddEntry]:
    """The entries to log for `repeat`, from the `data` its read returned (none: nothing
    fits, which the caller says)."""
    if repeat.recipe is not None:
        return _from_recipe(repeat, data)
    entries = _entries(data)
    source = repeat.read.date or repeat.date
    if repeat.meal == "last":
        stamps = [_created(e) for e in entries]
        latest = max((s for s in stamps if s is not None), default=None)
        chosen = [e for e, s in zip(entries, stamps, strict=True) if s == latest] if latest else []
        chosen = chosen or entries[-1:]
    elif repeat.meal == "breakfast":
        chosen = _first_meal(entries, source, zone, day_ends_at)
    elif repeat.meal is not None:
        chosen = [e for e in entries if meal_of(e, source, zone, day_ends_at) == repeat.meal]
    elif repeat.food is not None:
        chosen = [e for e in entries if _matches(e["food"], repeat.food)][-1:]
    else:
        chosen = []
    return [_copy(e, repeat.date) for e in chosen]


def _first_meal(
    entries: list[Mapping[str, Any]], day: dt.date, zone: zoneinfo.ZoneInfo, day_ends_at: dt.time
) -> list[Mapping[str, Any]]:
    """Breakfast: the day's first entry and those logged within `BREAKFAST_SPAN` of it, all
    before `LUNCH_FROM` (a banana at 10:30 after eggs at 8:10 is a snack, not breakfast)."""
    morning = [
        (created, e)
        for e in entries
        if meal_of(e, day, zone, day_ends_at) == "breakfast" and (created := _created(e))
    ]
    if not morning:
        return []
    first = min(created for created, _e in morning)
    return [e for created, e in morning if created - first <= BREAKFAST_SPAN]


def _copy(entry: Mapping[str, Any], day: dt.date) -> NutritionAddEntry:
    return NutritionAddEntry(
        date=day,
        entry=Entry(
            food=str(entry["food"])[:200] or "Food",
            calories=float(entry["calories"]),
            protein=float(entry["protein"]),
            carbs=float(entry["carbs"]),
            fat=float(entry["fat"]),
        ),
    )


def _from_recipe(repeat: Repeat, data: Mapping[str, Any] | None) -> list[NutritionAddEntry]:
    assert repeat.recipe is not None
    recipes = data.get("recipes") if data else None
    for recipe in reversed(recipes or []):
        if not isinstance(recipe, Mapping) or not isinstance(recipe.get("name"), str):
            continue
        per = recipe.get("perServing")
        if not _matches(recipe["name"], repeat.recipe) or not isinstance(per, Mapping):
            continue
        if not _usable({"food": recipe["name"], **per}):
            continue
        n = repeat.servings
        portion = "1 serving" if n == 1 else f"{n:g} servings"
        return [
            _copy(
                {
                    "food": f"{recipe['name']}, {portion}",
                    **{
                        f: round(float(per[f]) * n, 1)
                        for f in ("calories", "protein", "carbs", "fat")
                    },
                },
                repeat.date,
            )
        ]
    return []
