"""Questions the offline planner can answer: which reads to make, and the answer from them
(the figures read and the period they cover, bot/kernel/answers.py; render words them).

Read bodies come from a server we do not control, so every value is read leniently: a missing
key, a wrong type or an odd shape becomes "not recorded", never an exception.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.kernel.answers import (
    AnswerPart,
    CheckinAnswer,
    DaySummary,
    FoodList,
    NothingLogged,
    NutritionAnswer,
    Period,
    ReadAnswer,
    ReadFailed,
    SupplementsAnswer,
    Topic,
    WeightAnswer,
)
from bot.kernel.spans import (
    DayFoods,
    NutritionSpan,
    SupplementSpan,
    nutrition_span,
    supplement_span,
)
from bot.planner.base import ReadRequest, ReadResult
from bot.planner.offline.dates import find_day_refs
from bot.planner.offline.periods import average_span, find_span, without_period
from bot.planner.offline.rules import SUPPLEMENTS
from bot.planner.offline.text import Tokens, normalize, tokenize

QUESTION_STARTERS = frozenset(
    "how hows what whats when which show tell list did do have is are should does wie"
    " wieviel wieviele welche wann zeig cuanto cuanta cuantos cuantas que como cual dime"
    " muestrame combien quel quelle quels quelles quanto quanta quanti quante quale quali"
    " montre montrez mostrami dimmi".split()
)
# Verbs that ask only before who is asked about ("did I", "is my"): "did a 30 minute walk" is
# no question.
_VERB_STARTERS = frozenset("did do have".split())
_ASKED = frozenset("i you u we my it that this there ive im he she they your".split())
# Words that ask without a question word ("avg mood this week", "protein so far today"): a
# question when the message states no number.
_ASKING = re.compile(
    r"\b(?:avg|average|averages|mean|total|totals|trend|trends|so far|lately|recently"
    r"|summary|overview|stats|statistics|progress|history|how much|how many|left|remaining"
    r"|im schnitt|durchschnitt\w*|insgesamt|promedio|en total|moyenne|en moyenne|au total"
    r"|in media|in totale|la media|de media)\b"
)
_NUTRITION_FOCUS = {
    "calories": "calories calorie kcal cal cals kalorien calorias energy",
    "protein": "protein proteins eiweiss proteina proteinas proteines proteine",
    "carbs": "carbs carb carbohydrates kohlenhydrate carbohidratos glucides carboidrati",
    "fat": "fat fats fett grasa grasas lipides graisses grassi",
}
_NUTRITION_WORDS = frozenset(
    " ".join(_NUTRITION_FOCUS.values()).split()
    + "eat eaten ate food macros essen gegessen comido comi nutrition intake mange manges"
    " mangiato".split()
)
_LIST_WORDS = frozenset("what whats which list show eat ate eaten had food foods".split())
# "what did I have on monday", "what did I log yesterday": the food list, when nothing else
# was asked about.
_MEAL_LIST_WORDS = frozenset(
    "have had log logged breakfast lunch dinner supper snack snacks meal meals".split()
)
_REMAINING_WORDS = frozenset("left remaining budget ubrig uebrig quedan restantes more".split())
_WEIGHT_WORDS = frozenset(
    "weigh weight weighed gewicht wiege gewogen peso pese pesaba poids pesato".split()
)
_CHECKIN_FOCUS = {
    "sleep_quality": "sleep slept sleeping schlaf geschlafen dormi sueno sommeil sonno dormito",
    "mood": "mood stimmung laune animo feel felt humeur umore",
    "energy": "energie energia",
}
_CHECKIN_WORDS = frozenset([*" ".join(_CHECKIN_FOCUS.values()).split(), "checkin", "check"])
_SUPPLEMENT_WORDS = frozenset(
    "supplement supplements vitamins vitamin pills suplementos nahrungserganzung take took"
    " taken genommen tome complements integratori supplementi".split()
)
_SUMMARY_WORDS = frozenset("summary overview resumen zusammenfassung day doing tag dia".split())

# Asking to see a range rather than a figure: "how was my week?", "show my weight this month",
# "chart of the last 30 days". Answered with the /week or /month chart, not with words.
_CHART_RE = re.compile(
    r"^(?:(?:so|and|hey|ok|okay),? )?(?:"
    r"how (?:was|is|has been|did|s|was i doing) (?:my|this|the|last|past) (?P<how>week|month)"
    r"(?: (?:go|going|been|looking|doing))?"
    r"|(?:show|draw|plot|graph|chart|see)(?: me)?(?: (?:a|the|my))?"
    r"(?: (?:weight|calories|calorie|food|sleep|mood|macros|progress|chart|graph|trend|log)){0,2}"
    r"(?: (?:of|for|over|in|from))?(?: (?:this|the|my|last|past)){0,2}"
    r" (?P<show>week|month|7 days|30 days)"
    r"|my (?P<my>week|month))"
    r"(?: so far)?[ ?!.]*$"
)


def chart_days(text: str) -> int | None:
    """7 or 30 when the message asks to see its week or month as a chart; None otherwise."""
    words = " ".join(re.sub(r"[^\w' ?!.]", " ", normalize(text).replace("'", "")).split())
    found = _CHART_RE.match(words)
    if found is None:
        return None
    unit = found["how"] or found["show"] or found["my"]
    return 30 if unit in ("month", "30 days") else 7


@dataclass
class Question:
    """What was asked; kept in `Plan.state` so `answer` knows what to say about each read."""

    topics: list[str] = field(default_factory=list)  # nutrition, weight, checkin, ...
    nutrition_focus: list[str] = field(default_factory=list)
    remaining: bool = False
    list_foods: bool = False  # "what did I eat?": the foods, not the totals
    checkin_focus: list[str] = field(default_factory=list)
    supplements: list[str] = field(default_factory=list)  # the ones named ("vit d")
    day: dt.date | None = None
    start: dt.date | None = None
    end: dt.date | None = None


def looks_like_question(text: str, tokens: Tokens) -> bool:
    """A question word first, or a "?" on a message that states no number: "idk maybe 300g of
    rice?" is a hedged log, "calories yesterday?" a question."""
    words = [t.text for t in tokens.items if t.kind == "word"]
    if words and words[0] in _VERB_STARTERS and (len(words) < 2 or words[1] not in _ASKED):
        words = words[1:]  # "did a 30 minute walk", "have a coffee": not asked
    elif words and words[0] in QUESTION_STARTERS:
        return True
    unperiod = without_period(tokens.joined)
    if any(t.kind == "num" for t in Tokens(tokenize(unperiod)).items):
        return False  # "protein last 30 days": the 30 is the period's, not an amount
    # a period and no amount ("weight this month", "calories in november"): asked about
    return "?" in text or bool(_ASKING.search(tokens.joined)) or unperiod != tokens.joined


def read_question(tokens: Tokens, today: dt.date) -> Question:
    """Topics, focus fields and the day or period asked about."""
    words = {t.text for t in tokens.items}
    joined = tokens.joined
    q = Question()
    q.supplements = [  # named as a whole: the "a" of "vitamin a" alone is no supplement
        name
        for name, aliases in SUPPLEMENTS.items()
        if any(re.search(rf"\b{re.escape(a)}\b", joined) for a in normalize(aliases).split("|"))
    ]
    if words & _SUPPLEMENT_WORDS or q.supplements:
        q.topics.append("supplements")
    if words & _WEIGHT_WORDS:
        q.topics.append("weight")
    if words & _CHECKIN_WORDS or ("energy" in words and not words & _NUTRITION_WORDS - {"energy"}):
        q.topics.append("checkin")
        q.checkin_focus = [f for f, ws in _CHECKIN_FOCUS.items() if words & set(ws.split())]
        if "energy" in words and "energy" not in q.checkin_focus:
            q.checkin_focus.append("energy")
    if words & (_NUTRITION_WORDS - {"energy"}) or words & _REMAINING_WORDS:
        q.topics.append("nutrition")
        q.nutrition_focus = [f for f, ws in _NUTRITION_FOCUS.items() if words & set(ws.split())]
        q.remaining = bool(words & _REMAINING_WORDS)
        q.list_foods = not q.nutrition_focus and not q.remaining and bool(words & _LIST_WORDS)
    if not q.topics and words & _MEAL_LIST_WORDS:
        q.topics.append("nutrition")
        q.list_foods = True
    if not q.topics and words & _SUMMARY_WORDS:
        q.topics.append("summary")
    q.day, q.start, q.end = _period(tokens, joined, today)
    return q


def _period(
    tokens: Tokens, joined: str, today: dt.date
) -> tuple[dt.date, dt.date | None, dt.date | None]:
    """The day asked about, and for histories the range; defaults to today."""
    span = find_span(joined, today)
    if span is not None:
        return today, span.start, span.end
    refs = find_day_refs(tokens, today)
    if refs:
        day = next(iter(refs.values())).for_item(today)
        return day, day, day
    span = average_span(joined, today)  # "average sleep?": the last days, not today alone
    if span is not None:
        return today, span.start, span.end
    return today, None, None


def reads_for(q: Question, today: dt.date) -> list[ReadRequest]:
    """One read per topic; histories use from/to, day views use date."""
    day = q.day or today
    single_day = q.start is None or q.start == q.end
    reads: list[ReadRequest] = []
    for topic in q.topics:
        if topic == "nutrition":
            if single_day:
                reads.append(ReadRequest(route="nutrition", date=day))
            else:  # the core reads each day of the range
                reads.append(ReadRequest(route="nutrition", from_=q.start, to=q.end))
        elif topic == "weight":
            if q.start is None:
                reads.append(ReadRequest(route="weight"))
            else:
                reads.append(ReadRequest(route="weight", from_=q.start, to=q.end))
        elif topic == "checkin":
            if single_day:
                reads.append(ReadRequest(route="checkins", date=day))
            else:
                reads.append(ReadRequest(route="checkins", from_=q.start, to=q.end))
        elif topic == "supplements":
            if not single_day:
                reads.append(ReadRequest(route="supplements", from_=q.start, to=q.end))
            elif day == today:
                reads.append(ReadRequest(route="today"))
            else:
                reads.append(ReadRequest(route="supplements", date=day))
        elif topic == "summary":
            reads.append(ReadRequest(route="today", date=None if day == today else day))
    return reads


def _span_answer(
    q: Question, data: dict[str, Any], request: ReadRequest, today: dt.date
) -> NutritionSpan | SupplementSpan | None:
    """The answer to a food or supplements read over several days (the core's `{"from",
    "to", "days": [day views]}`); None for any other read."""
    days = [_dict(d) for d in _list(data.get("days"))]
    start = _date(data.get("from")) or request.from_
    end = _date(data.get("to")) or request.to
    if request.route not in ("nutrition", "supplements") or start is None or end is None:
        return None
    if request.route == "supplements":
        taken = [_supplement_items(d) for d in days]
        return supplement_span(start, end, taken, q.supplements)
    logged = [
        DayFoods(day, tuple(_foods(d) or ()), _nutrition_view(d)[0])
        for d in days
        if (day := _date(d.get("date"))) is not None
    ]
    goals = next((g for d in days if any((g := _nutrition_view(d)[1]).values())), {})
    return nutrition_span(start, end, logged, goals, q.nutrition_focus, q.list_foods)


# --- lenient readers ---------------------------------------------------------------------


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _num(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.replace(",", "."))
        except ValueError:
            return None
    return None


def _date(value: Any) -> dt.date | None:
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value[:10])
        except ValueError:
            return None
    return None


def _rating(value: Any) -> int | None:
    number = _num(value)
    return int(number) if number is not None and 1 <= number <= 5 else None


_MACRO_KEYS = {
    "calories": ("calories", "kcal", "energy"),
    "protein": ("protein",),
    "carbs": ("carbs", "carbohydrates"),
    "fat": ("fat",),
}


def _macros(body: dict[str, Any]) -> dict[str, float | None]:
    return {
        field: next((v for k in keys if (v := _num(body.get(k))) is not None), None)
        for field, keys in _MACRO_KEYS.items()
    }


def _nutrition_view(
    data: dict[str, Any],
) -> tuple[dict[str, float | None], dict[str, float | None]]:
    """(eaten, goals) from a /nutrition body or the `nutrition` part of /today."""
    body = _dict(data.get("nutrition")) or data
    eaten = _macros(_dict(body.get("totals")))
    entries = _list(body.get("entries"))
    if all(v is None for v in eaten.values()) and entries:
        sums: dict[str, float | None] = {}
        for field in _MACRO_KEYS:
            values = [
                _macros(_dict(e.get("entry")) or _dict(e))[field] for e in entries if _dict(e)
            ]
            known = [v for v in values if v is not None]
            sums[field] = sum(known) if known else None
        eaten = sums
    if all(v is None for v in eaten.values()) and "entries" in body and not entries:
        eaten = dict.fromkeys(_MACRO_KEYS, 0.0)
    return eaten, _macros(_dict(body.get("goals")))


def _foods(data: dict[str, Any]) -> list[tuple[str, float | None]] | None:
    """The day's foods with their energy, as logged; None when the answer has no entries."""
    body = _dict(data.get("nutrition")) or data
    if "entries" not in body:
        return None
    foods: list[tuple[str, float | None]] = []
    for raw in _list(body.get("entries")):
        entry = _dict(_dict(raw).get("entry")) or _dict(raw)
        name = entry.get("food") or entry.get("name")
        foods.append(
            (name if isinstance(name, str) and name else "(unnamed)", _macros(entry)["calories"])
        )
    return foods


def _checkin_values(raw: Any) -> dict[str, object]:
    body = _dict(raw)
    return {
        "mood": _rating(body.get("mood")),
        "energy": _rating(body.get("energy")),
        "sleep_quality": _rating(body.get("sleepQuality", body.get("sleep_quality"))),
        "notes": body.get("notes") if isinstance(body.get("notes"), str) else None,
    }


def _checkin_days(
    data: dict[str, Any], request: ReadRequest
) -> list[tuple[dt.date, dict[str, object]]]:
    raw_list = _list(data.get("checkins"))
    if "checkin" in data or not raw_list:
        checkin = data.get("checkin")
        if not isinstance(checkin, dict):
            return []
        day = _date(checkin.get("date")) or _date(data.get("date")) or request.date
        return [(day, _checkin_values(checkin))] if day else []
    days = []
    for raw in raw_list:
        day = _date(_dict(raw).get("date"))
        if day is not None and _in_range(day, request):
            days.append((day, _checkin_values(raw)))
    return sorted(days, key=lambda d: d[0])


def _in_range(day: dt.date, request: ReadRequest) -> bool:
    return (request.from_ is None or day >= request.from_) and (
        request.to is None or day <= request.to
    )


def _weights(data: dict[str, Any], request: ReadRequest) -> list[tuple[dt.date, float]]:
    records = []
    for raw in _list(data.get("records")):
        body = _dict(raw)
        day, kg = _date(body.get("date")), _num(body.get("weightKg", body.get("weight_kg")))
        if day is not None and kg is not None and _in_range(day, request):
            records.append((day, kg))
    latest = _dict(_dict(data.get("weight")).get("latest"))
    if not records and latest:
        day, kg = _date(latest.get("date")), _num(latest.get("weightKg"))
        if day is not None and kg is not None:
            records.append((day, kg))
    records.sort(key=lambda r: r[0])
    return records if request.from_ or request.to else records[-1:]


def _supplement_items(data: dict[str, Any]) -> list[tuple[str, bool | None]]:
    part = data.get("supplements", data)
    items = _list(_dict(part).get("items")) if isinstance(part, dict) else _list(part)
    result = []
    for raw in items:
        body = _dict(raw)
        name = body.get("name")
        if isinstance(name, str) and name:
            taken = body.get("taken")
            result.append((name, taken if isinstance(taken, bool) else None))
    return result


def answer(q: Question, results: Sequence[ReadResult], today: dt.date) -> ReadAnswer:
    """What the read results say, only that; a failed or empty read is said as such."""
    parts: list[AnswerPart] = []
    topics = list(q.topics)
    for result in results:
        request = result.request
        topic = _topic_of(request, topics)
        if result.data is None:
            parts.append(ReadFailed(topic, result.error))
            continue
        parts.append(_answer_one(topic, q, result.data, request, today))
    return ReadAnswer(tuple(parts), today)


def _topic_of(request: ReadRequest, topics: list[str]) -> Topic:
    by_route: dict[str, Topic] = {
        "nutrition": "nutrition",
        "weight": "weight",
        "checkins": "checkin",
    }
    if request.route in by_route:
        return by_route[request.route]
    if request.route == "supplements" or "supplements" in topics:
        return "supplements"
    return "summary"


def _answer_one(
    topic: Topic, q: Question, data: dict[str, Any], request: ReadRequest, today: dt.date
) -> AnswerPart:
    if request.from_ is not None and (spanned := _span_answer(q, data, request, today)):
        return spanned
    day = request.date or _date(data.get("date")) or today
    period = Period.day(day)
    if topic == "nutrition":
        eaten, goals = _nutrition_view(data)
        foods = _foods(data)
        if foods == [] and not q.nutrition_focus:  # entries read, none: not four lines of 0
            return NothingLogged(period)
        if q.list_foods and foods:
            return FoodList(period, tuple(foods), eaten.get("calories"))
        return NutritionAnswer(period, eaten, goals, tuple(q.nutrition_focus), q.remaining)
    if topic == "weight":
        goal = _num(data.get("goalKg")) or _num(_dict(data.get("weight")).get("goalKg"))
        asked = Period(request.from_, request.to)
        return WeightAnswer(asked, tuple(_weights(data, request)), goal)
    if topic == "checkin":
        asked = Period(request.from_, request.to) if request.from_ else period
        days = tuple(_checkin_days(data, request))
        return CheckinAnswer(asked, days, tuple(q.checkin_focus))
    if topic == "supplements":
        return SupplementsAnswer(period, tuple(_supplement_items(data)), tuple(q.supplements))
    eaten, goals = _nutrition_view(data)
    checkin = data.get("checkin")
    checkin_days = ((day, _checkin_values(checkin)),) if isinstance(checkin, dict) else ()
    weights = _weights(data, ReadRequest(route="weight"))
    return DaySummary(
        NutritionAnswer(period, eaten, goals, ("calories", "protein"), True),
        CheckinAnswer(period, checkin_days),
        WeightAnswer(
            Period(None, None), tuple(weights), _num(_dict(data.get("weight")).get("goalKg"))
        ),
        SupplementsAnswer(period, tuple(_supplement_items(data))),
    )
