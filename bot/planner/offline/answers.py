"""The answer to a question from its read results: the figures read and the period they cover
(bot/kernel/answers.py; render words them), and only what the reads say.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
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
from bot.kernel.stack import stack_name
from bot.planner.base import ReadRequest, ReadResult
from bot.planner.offline.questions import Question
from bot.planner.offline.read_bodies import (
    as_date,
    as_dict,
    as_list,
    as_number,
    checkin_values,
    dated_checkins,
    logged_foods,
    nutrition_view,
    supplement_items,
    weight_records,
)


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
    if request.from_ is not None and (spanned := _span_answer(q, data, request)):
        return spanned
    day = request.date or as_date(data.get("date")) or today
    period = Period.day(day)
    if topic == "nutrition":
        eaten, goals = nutrition_view(data)
        foods = logged_foods(data)
        if foods == [] and not q.nutrition_focus:  # entries read, none: not four lines of 0
            return NothingLogged(period)
        if q.list_foods and foods:
            return FoodList(period, tuple(foods), eaten.get("calories"))
        return NutritionAnswer(period, eaten, goals, tuple(q.nutrition_focus), q.remaining)
    if topic == "weight":
        goal = as_number(data.get("goalKg")) or as_number(as_dict(data.get("weight")).get("goalKg"))
        asked = Period(request.from_, request.to)
        return WeightAnswer(asked, tuple(weight_records(data, request)), goal)
    if topic == "checkin":
        asked = Period(request.from_, request.to) if request.from_ else period
        days = tuple(dated_checkins(data, request))
        return CheckinAnswer(asked, days, tuple(q.checkin_focus))
    if topic == "supplements":
        items = supplement_items(data)
        return SupplementsAnswer(period, tuple(items), _as_stacked(q.supplements, items))
    eaten, goals = nutrition_view(data)
    checkin = data.get("checkin")
    checkin_days = ((day, checkin_values(checkin)),) if isinstance(checkin, dict) else ()
    weights = weight_records(data, ReadRequest(route="weight"))
    return DaySummary(
        NutritionAnswer(period, eaten, goals, ("calories", "protein"), True),
        CheckinAnswer(period, checkin_days),
        WeightAnswer(
            Period(None, None), tuple(weights), as_number(as_dict(data.get("weight")).get("goalKg"))
        ),
        SupplementsAnswer(period, tuple(supplement_items(data))),
    )


def _span_answer(
    q: Question, data: dict[str, Any], request: ReadRequest
) -> NutritionSpan | SupplementSpan | None:
    """The answer to a food or supplements read over several days (the core's `{"from",
    "to", "days": [day views]}`); None for any other read."""
    days = [as_dict(d) for d in as_list(data.get("days"))]
    start = as_date(data.get("from")) or request.from_
    end = as_date(data.get("to")) or request.to
    if request.route not in ("nutrition", "supplements") or start is None or end is None:
        return None
    if request.route == "supplements":
        taken = [supplement_items(d) for d in days]
        stacked = _as_stacked(q.supplements, [item for day in taken for item in day])
        return supplement_span(start, end, taken, stacked)
    logged = [
        DayFoods(day, tuple(logged_foods(d) or ()), nutrition_view(d)[0])
        for d in days
        if (day := as_date(d.get("date"))) is not None
    ]
    goals = next((g for d in days if any((g := nutrition_view(d)[1]).values())), {})
    return nutrition_span(start, end, logged, goals, q.nutrition_focus, q.list_foods)


def _as_stacked(asked: Sequence[str], items: Sequence[tuple[str, bool | None]]) -> tuple[str, ...]:
    """The supplements asked about, each as the stack spells it ("vitamin d" asked, "Vitamin
    D3" in the stack), or as asked when the stack holds none of it."""
    stack = [name for name, _taken in items]
    return tuple(stack_name(name, stack) or name for name in asked)
