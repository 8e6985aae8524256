"""Questions over a period ("this week", "since Monday", "on average", "in November") in the
five languages: read as a range, and answered with totals and averages from the data."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bot.planner.base import Plan, PlanContext, ReadRequest, ReadResult
from bot.planner.offline.planner import OfflinePlanner
from tests.fixtures.worded import answered as shown

BERLIN = ZoneInfo("Europe/Berlin")
THURSDAY = dt.datetime(2026, 11, 19, 20, 0, tzinfo=BERLIN)
TODAY = THURSDAY.date()
MONDAY = dt.date(2026, 11, 16)
WEEK_AGO = TODAY - dt.timedelta(days=6)


def context() -> PlanContext:
    return PlanContext(now=THURSDAY, timezone="Europe/Berlin")


async def plan(text: str) -> Plan:
    return await OfflinePlanner().plan(text, context())


def the_read(p: Plan) -> ReadRequest:
    assert not p.actions and len(p.reads) == 1, (p.actions, p.reads, p.said)
    return p.reads[0]


@pytest.mark.parametrize(
    ("text", "route", "start", "end"),
    [
        ("how much protein this week?", "nutrition", MONDAY, TODAY),
        ("wie viel Eiweiß diese Woche?", "nutrition", MONDAY, TODAY),
        ("¿cuántas proteínas esta semana?", "nutrition", MONDAY, TODAY),
        ("combien de protéines cette semaine ?", "nutrition", MONDAY, TODAY),
        ("quante proteine questa settimana?", "nutrition", MONDAY, TODAY),
        ("average calories since monday", "nutrition", MONDAY, TODAY),
        ("Kalorien seit Montag", "nutrition", MONDAY, TODAY),
        ("calorías desde el lunes", "nutrition", MONDAY, TODAY),
        ("calories depuis lundi ?", "nutrition", MONDAY, TODAY),
        ("calorie da lunedì?", "nutrition", MONDAY, TODAY),
        ("calories last week", "nutrition", dt.date(2026, 11, 9), dt.date(2026, 11, 15)),
        ("Kalorien letzte Woche?", "nutrition", dt.date(2026, 11, 9), dt.date(2026, 11, 15)),
        ("calorías la semana pasada", "nutrition", dt.date(2026, 11, 9), dt.date(2026, 11, 15)),
        ("protein this month", "nutrition", dt.date(2026, 11, 1), TODAY),
        ("protéines ce mois-ci ?", "nutrition", dt.date(2026, 11, 1), TODAY),
        ("carbs last month?", "nutrition", dt.date(2026, 10, 1), dt.date(2026, 10, 31)),
        ("calories in october", "nutrition", dt.date(2026, 10, 1), dt.date(2026, 10, 31)),
        ("Kalorien im Oktober?", "nutrition", dt.date(2026, 10, 1), dt.date(2026, 10, 31)),
        ("protein last 7 days", "nutrition", WEEK_AGO, TODAY),
        ("Eiweiß in den letzten 7 Tagen", "nutrition", WEEK_AGO, TODAY),
        ("proteínas en los últimos 7 días", "nutrition", WEEK_AGO, TODAY),
        ("protéines des 7 derniers jours ?", "nutrition", WEEK_AGO, TODAY),
        ("proteine negli ultimi 7 giorni", "nutrition", WEEK_AGO, TODAY),
        ("calories over the past 30 days", "nutrition", TODAY - dt.timedelta(days=29), TODAY),
        ("what's my average sleep?", "checkins", WEEK_AGO, TODAY),
        ("wie habe ich im Schnitt geschlafen?", "checkins", WEEK_AGO, TODAY),
        ("¿cómo dormí en promedio?", "checkins", WEEK_AGO, TODAY),
        ("mon sommeil en moyenne ?", "checkins", WEEK_AGO, TODAY),
        ("umore in media questa settimana?", "checkins", MONDAY, TODAY),
        ("avg mood last 7 days", "checkins", WEEK_AGO, TODAY),
        ("weight this month", "weight", dt.date(2026, 11, 1), TODAY),
        ("mi peso este mes", "weight", dt.date(2026, 11, 1), TODAY),
        ("did I take vitamin D this week?", "supplements", MONDAY, TODAY),
        ("Vitamin D seit Montag genommen?", "supplements", MONDAY, TODAY),
    ],
)
async def test_a_question_over_a_period_reads_the_period(
    text: str, route: str, start: dt.date, end: dt.date
) -> None:
    read = the_read(await plan(text))
    assert (read.route, read.from_, read.to, read.date) == (route, start, end, None)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("how much protein today?", TODAY),
        ("calories yesterday?", TODAY - dt.timedelta(days=1)),
        ("what did I eat 2 days ago?", TODAY - dt.timedelta(days=2)),
        ("¿qué comí hace 2 días?", TODAY - dt.timedelta(days=2)),
    ],
)
async def test_a_question_about_one_day_reads_that_day(text: str, day: dt.date) -> None:
    read = the_read(await plan(text))
    assert (read.route, read.date, read.from_) == ("nutrition", day, None)


@pytest.mark.parametrize("text", ["2 eggs this week", "slept 7 hours", "pizza yesterday"])
async def test_a_log_is_not_taken_for_a_question(text: str) -> None:
    assert (await plan(text)).actions


def day_view(day: dt.date, foods: list[tuple[str, float, float]]) -> dict[str, Any]:
    entries = [{"food": f, "calories": kcal, "protein": protein} for f, kcal, protein in foods]
    return {
        "date": day.isoformat(),
        "entries": entries,
        "totals": {
            "calories": sum(kcal for _f, kcal, _p in foods),
            "protein": sum(p for _f, _k, p in foods),
            "carbs": 0.0,
            "fat": 0.0,
        },
        "goals": {"calories": 2000.0, "protein": 100.0, "carbs": 250.0, "fat": 70.0},
    }


async def answered(text: str, data: dict[str, Any]) -> str:
    p = await plan(text)
    result = ReadResult(request=the_read(p), data=data)
    return shown(await OfflinePlanner().answer(text, context(), p, [result]))


def week_of_food() -> dict[str, Any]:
    days = [
        day_view(MONDAY, [("Chicken breast", 330.0, 62.0)]),
        day_view(MONDAY + dt.timedelta(days=1), []),
        day_view(MONDAY + dt.timedelta(days=2), [("Eggs", 143.0, 12.6), ("Tofu", 200, 20.0)]),
        day_view(TODAY, []),
    ]
    return {"from": MONDAY.isoformat(), "to": TODAY.isoformat(), "days": days}


@pytest.mark.parametrize(
    "text", ["how much protein this week?", "Eiweiß diese Woche?", "proteine questa settimana?"]
)
async def test_protein_over_a_week_is_the_total_and_the_average_per_logged_day(text: str) -> None:
    said = await answered(text, week_of_food())
    assert "2 of 4 days" in said
    assert "94.6 g in total" in said and "47.3 g a day on average" in said
    assert "goal 100 g" in said
    assert "calories" not in said.lower()  # only what was asked


async def test_what_was_eaten_over_a_week_lists_each_logged_day() -> None:
    said = await answered("what did I eat this week?", week_of_food())
    assert "Chicken breast" in said and "Eggs, Tofu" in said
    assert "673 kcal in total" in said


async def test_a_period_with_nothing_logged_says_so() -> None:
    empty = {"from": MONDAY.isoformat(), "to": TODAY.isoformat(), "days": [day_view(TODAY, [])]}
    said = await answered("calories this week?", empty)
    assert said.startswith("No calories logged from Mon 16 Nov to today")


async def test_supplements_over_a_period_are_counted_by_day() -> None:
    def taken(day: dt.date, d: bool, mg: bool) -> dict[str, Any]:
        items = [{"name": "Vitamin D", "taken": d}, {"name": "Magnesium", "taken": mg}]
        return {"date": day.isoformat(), "items": items}

    days = [taken(MONDAY + dt.timedelta(days=n), n != 1, n == 3) for n in range(4)]
    data = {"from": MONDAY.isoformat(), "to": TODAY.isoformat(), "days": days}
    said = await answered("supplements this week?", data)
    assert "Vitamin D 3 of 4 days" in said and "Magnesium 1 of 4 days" in said
    said = await answered("did I take vitamin D since monday?", data)
    assert "Vitamin D" in said and "taken on 3 of 4 days" in said and "Magnesium" not in said


async def test_average_sleep_is_the_mean_of_the_week() -> None:
    checkins = [
        {"date": (TODAY - dt.timedelta(days=n)).isoformat(), "mood": 3, "sleepQuality": s}
        for n, s in ((0, 4), (2, 2), (5, 3))
    ]
    said = await answered("what's my average sleep?", {"checkins": checkins})
    assert "sleep 3/5 (3 days)" in said


async def test_weight_over_a_month_gives_first_last_and_change() -> None:
    records = [
        {"date": "2026-11-02", "weightKg": 80.0},
        {"date": "2026-11-18", "weightKg": 78.4},
    ]
    said = await answered("weight this month?", {"records": records, "goalKg": 75.0})
    assert "80 kg → 78.4 kg" in said and "−1.6 kg" in said


@pytest.mark.parametrize(
    "text",
    [
        "what did I eat today?",
        "was hab ich heute alles gegessen?",
        "¿qué he comido hoy?",
        "qu'est-ce que j'ai mangé aujourd'hui ?",
        "cosa ho mangiato oggi?",
    ],
)
async def test_asking_what_was_eaten_lists_the_foods_in_each_language(text: str) -> None:
    said = await answered(text, day_view(TODAY, [("Eggs", 143.0, 12.6), ("Tofu", 200, 20.0)]))
    assert "Eggs" in said and "Tofu" in said, said
