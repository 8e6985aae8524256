"""The built-in rules for what needs the person's own context: "the usual" and weights said
without a unit (the reads they lead to are tested through the core, tests/core/test_personal.py)."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest

from bot.agent_api.actions import WeightLog
from bot.kernel.days import lived_day
from bot.planner.base import PlanContext, ReadRequest, Repeat
from bot.planner.offline.planner import plan_text
from bot.planner.offline.unitless import read_unitless
from bot.planner.offline.usual import find_repeat, meal_of, picked

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")
WEDNESDAY = dt.date(2026, 11, 25)
NOW = dt.datetime(2026, 11, 25, 9, 0, tzinfo=BERLIN)


def context(last_kg: float | None = None) -> PlanContext:
    return PlanContext(now=NOW, timezone="Europe/Berlin", last_weight_kg=last_kg)


@pytest.mark.parametrize(
    ("text", "day", "meal"),
    [
        ("same breakfast as yesterday", dt.date(2026, 11, 24), "breakfast"),
        ("Same lunch as Monday!", dt.date(2026, 11, 23), "lunch"),
        ("had the same dinner as last friday", dt.date(2026, 11, 20), "dinner"),
        ("same supper as wednesday", dt.date(2026, 11, 18), "dinner"),  # a week back, not today
        ("the usual breakfast please", dt.date(2026, 11, 24), "breakfast"),
        ("same brekkie", dt.date(2026, 11, 24), "breakfast"),
        ("again", WEDNESDAY, "last"),
        ("same again lol", WEDNESDAY, "last"),
        ("Same thing again", WEDNESDAY, "last"),
        ("one more", WEDNESDAY, "last"),
        ("breakfast same as yesterday pls", dt.date(2026, 11, 24), "breakfast"),
        ("for lunch same as monday", dt.date(2026, 11, 23), "lunch"),
        ("same dinner as last night", dt.date(2026, 11, 24), "dinner"),
        ("same lunch for lunch today", dt.date(2026, 11, 24), "lunch"),
        ("same breakfast as usual", dt.date(2026, 11, 24), "breakfast"),
        ("the usual for lunch", dt.date(2026, 11, 24), "lunch"),
        ("same as last night for dinner", dt.date(2026, 11, 24), "dinner"),
        ("same thing as monday for lunch", dt.date(2026, 11, 23), "lunch"),
        ("repeat yesterday's breakfast", dt.date(2026, 11, 24), "breakfast"),
        ("yesterday's lunch again pls", dt.date(2026, 11, 24), "lunch"),
    ],
)
def test_meals_to_repeat_read_the_day_they_name(text: str, day: dt.date, meal: str) -> None:
    repeat = find_repeat(text, WEDNESDAY)
    assert repeat is not None and repeat.meal == meal and repeat.date == WEDNESDAY
    assert repeat.read == ReadRequest(route="nutrition", date=day)


@pytest.mark.parametrize(
    ("text", "food", "recipe", "servings"),
    [
        ("my usual coffee", "coffee", None, 1.0),
        ("my regular flat white", "flat white", None, 1.0),
        ("had my usual oat latte this morning", "oat latte", None, 1.0),
        ("a serving of my chili", None, "chili", 1.0),
        ("2 servings of my chili", None, "chili", 2.0),
        ("half a bowl of my chicken curry", None, "chicken curry", 0.5),
        ("my lasagna recipe", None, "lasagna", 1.0),
        ("bowl of my chili for lunch", None, "chili", 1.0),
        ("2 bowls of my chili with dinner", None, "chili", 2.0),
        ("leftover chili from my recipe", None, "chili", 1.0),
        ("the lentil soup from my recipes", None, "lentil soup", 1.0),
    ],
)
def test_usual_foods_and_recipes(
    text: str, food: str | None, recipe: str | None, servings: float
) -> None:
    repeat = find_repeat(text, WEDNESDAY)
    assert repeat is not None
    assert (repeat.food, repeat.recipe, repeat.servings) == (food, recipe, servings)


@pytest.mark.parametrize(
    "text",
    [
        "the usual from that place downtown",
        "I had oatmeal again",
        "my weight is 80",
        "same as yesterday",
        "yesterday's lunch was pasta",
        "30 servings of my chili",
        "mood 4",
    ],
)
def test_other_messages_are_no_repeat(text: str) -> None:
    assert find_repeat(text, WEDNESDAY) is None


@pytest.mark.parametrize(
    ("wanted", "logged", "found"),
    [
        ("coffee", ["Banana", "Flat white", "White bread"], "Flat white"),
        ("coffee", ["Oat milk latte"], "Oat milk latte"),
        ("tea", ["Green smoothie", "Chai latte"], "Chai latte"),
        ("beer", ["Pilsner, 1 bottle"], "Pilsner, 1 bottle"),
        ("tea", ["Green smoothie"], None),  # a colour is no kind of tea
        ("coffee", ["White bread"], None),
    ],
)
def test_a_usual_drink_named_by_its_kind_finds_the_one_logged(
    wanted: str, logged: list[str], found: str | None
) -> None:
    read = ReadRequest(route="nutrition", date=WEDNESDAY)
    repeat = Repeat(read=read, date=WEDNESDAY, said=f"your usual {wanted}", food=wanted)
    data = {
        "entries": [
            {"food": name, "calories": 100, "protein": 1, "carbs": 1, "fat": 1} for name in logged
        ]
    }
    entries = picked(repeat, data, BERLIN)
    assert [e.entry.food for e in entries] == ([found] if found else [])


def test_a_repeat_plan_costs_one_read_and_no_model() -> None:
    plan = plan_text("same breakfast as yesterday", context())
    assert plan.understood and plan.actions == [] and plan.repeat is not None
    assert plan.reads == [plan.repeat.read]


def _entry(food: str, created: str) -> dict[str, object]:
    return {"food": food, "calories": 100, "protein": 1, "carbs": 2, "fat": 3, "createdAt": created}


def test_meals_are_told_by_when_they_were_logged() -> None:
    day = dt.date(2026, 11, 24)
    end = dt.time(3, 0)
    # Berlin is UTC+1 in November
    assert meal_of(_entry("a", "2026-11-24T06:59:00Z"), day, BERLIN, end) == "breakfast"
    assert meal_of(_entry("a", "2026-11-24T10:00:00Z"), day, BERLIN, end) == "lunch"
    assert meal_of(_entry("a", "2026-11-24T15:00:00Z"), day, BERLIN, end) == "dinner"
    # 01:30 the next night, before the day ended: still that day's dinner
    assert meal_of(_entry("a", "2026-11-25T00:30:00Z"), day, BERLIN, end) == "dinner"
    # logged later for that day (backdated), or with no time: no meal
    assert meal_of(_entry("a", "2026-11-25T08:00:00Z"), day, BERLIN, end) is None
    assert meal_of({"food": "a"}, day, BERLIN, end) is None


def test_again_picks_the_entries_of_the_last_message_only() -> None:
    repeat = find_repeat("again", WEDNESDAY)
    assert repeat is not None
    data = {
        "entries": [
            _entry("Toast", "2026-11-25T07:00:00Z"),
            _entry("Eggs", "2026-11-25T08:00:00Z"),
            _entry("Coffee", "2026-11-25T08:00:00Z"),
        ]
    }
    assert [e.entry.food for e in picked(repeat, data, BERLIN)] == ["Eggs", "Coffee"]


def test_a_recipe_is_logged_per_serving_times_servings() -> None:
    repeat = Repeat(
        read=ReadRequest(route="recipes"),
        date=WEDNESDAY,
        said="your chili",
        recipe="chilli",
        servings=1.5,
    )
    data = {
        "recipes": [
            {
                "name": "Chili con carne",
                "perServing": {"calories": 400, "protein": 30, "carbs": 20, "fat": 10},
            },
        ]
    }
    [entry] = picked(repeat, data, BERLIN)
    assert entry.entry.food == "Chili con carne, 1.5 servings"
    assert (entry.entry.calories, entry.entry.protein) == (600.0, 45.0)


@pytest.mark.parametrize(
    ("value", "last", "kg", "ask"),
    [
        (81.2, 80.0, 81.2, False),  # near the last kg
        (178.0, 80.0, 80.74, False),  # near the last weight in lb
        (112.0, 49.9, 50.8, False),  # 112 kg or lb: the last weight says lb
        (95.0, None, 95.0, True),  # both units make a weight: asked
        (80.0, None, 80.0, False),  # 80 lb would be 36 kg, no grown-up's weight
        (62.0, None, 62.0, False),  # 62 lb is no grown-up's weight
        (176.0, None, 79.83, False),  # nor is 176 kg for most people
        (95.0, 60.0, 95.0, True),  # far from the last weight either way: asked
        (74.5, 80.0, 74.5, False),  # 6.9 % below the last kg; as lb it would be 58 % off
        (160.0, 80.0, 72.57, False),  # 9 % below it in lb; as kg double
    ],
)
def test_a_number_without_a_unit(value: float, last: float | None, kg: float, ask: bool) -> None:
    reading = read_unitless(value, last)
    assert reading is not None and (reading.kg, reading.ask) == (kg, ask)


def test_a_number_no_unit_makes_a_weight_is_not_one() -> None:
    assert read_unitless(12.0, None) is None and read_unitless(900.0, 80.0) is None


@pytest.mark.parametrize(
    ("text", "last", "kg", "question"),
    [
        ("I'm at 81.2 this morning", 80.0, 81.2, None),
        ("I'm at 91.2 this morning", None, 91.2, 91.2),
        ("down to 176 today", None, 79.83, None),
        ("weighed in at 80.4", 80.0, 80.4, None),
        ("the scale says 112", 49.9, 50.8, None),
    ],
)
def test_weights_said_without_a_unit_are_planned_in_the_persons_unit(
    text: str, last: float | None, kg: float, question: float | None
) -> None:
    plan = plan_text(text, context(last))
    assert plan.actions == [WeightLog(date=WEDNESDAY, weight_kg=kg)]
    assert plan.unit_question == question


@pytest.mark.parametrize(
    "text",
    ["down to 2 coffees a day", "up to 100 g of sugar", "I'm at 10 k steps", "im at 80 percent"],
)
def test_a_number_after_weight_words_that_measures_something_else_is_no_weight(text: str) -> None:
    plan = plan_text(text, context(80.0))
    assert not any(isinstance(a, WeightLog) for a in plan.actions) and plan.unit_question is None


@pytest.mark.parametrize(
    ("text", "last", "kg", "day"),
    [
        ("ugh 83.1", 82.0, 83.1, WEDNESDAY),
        ("82,4 :(", 82.0, 82.4, WEDNESDAY),
        ("finally below 200 - 199.4!!", 91.0, 90.45, WEDNESDAY),
        ("yesterday I was 81.7", 82.0, 81.7, dt.date(2026, 11, 24)),
        ("sacle says 64.6", 64.2, 64.6, WEDNESDAY),
        ("lost a bit, 178 now", 81.5, 80.74, WEDNESDAY),
    ],
)
def test_a_number_close_to_the_last_weight_is_the_weight(
    text: str, last: float, kg: float, day: dt.date
) -> None:
    plan = plan_text(text, context(last))
    assert plan.actions == [WeightLog(date=day, weight_kg=kg)]
    assert plan.understood


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("80.6 and feeling good", "checkin.upsert"),
        ("mood 4, 81.3", "checkin.upsert"),
        ("took vitamin d, 80.9 today", "supplements.mark_taken"),
        ("80.6, had oatmeal for breakfast", "nutrition.add_entry"),
    ],
)
def test_a_weight_close_to_the_last_is_read_beside_other_things(text: str, kind: str) -> None:
    plan = plan_text(text, context(81.0))
    assert sorted(a.type for a in plan.actions) == sorted([kind, "weight.log"])
    assert plan.understood


@pytest.mark.parametrize(
    ("text", "kg", "question"),
    [
        ("ugh 62.3", 62.3, None),  # only kilograms make it a grown-up's weight
        ("176.4 this morning", 80.01, None),  # only pounds do
        ("91.2 this morning", 91.2, 91.2),  # both: logged once the unit is answered
        ("176 on the scale", 79.83, None),  # a whole number beside a word of weighing
        ("morning weigh-in 64", 64.0, None),
        ("weight today 63", 63.0, None),
    ],
)
def test_a_first_weight_without_a_unit_is_read_in_the_unit_that_fits(
    text: str, kg: float, question: float | None
) -> None:
    plan = plan_text(text, context(None))
    assert plan.actions == [WeightLog(date=WEDNESDAY, weight_kg=kg)]
    assert plan.unit_question == question


@pytest.mark.parametrize("text", ["82", "176 today"])
def test_a_lone_whole_number_with_no_weight_known_is_left_for_the_core_to_settle(
    text: str,
) -> None:
    """Nothing says it was weighed and the planner knows no last weight: it is not written
    as said; the core settles the unit with the weight it reads, or asks."""
    plan = plan_text(text, context(None))
    assert plan.unit_question is not None


@pytest.mark.parametrize(
    ("text", "last"),
    [
        ("day 45 of my diet", None),
        ("the scale is broken, 3 days", None),
        ("walked 80 min", 80.0),
        ("2 coffees", 80.0),
        ("80 almonds", 80.0),
        ("mood 4", 4.0),
        ("150", 80.0),  # far from the last weight in either unit
        ("chicken 85, rice", 81.0),  # next to a food: its amount, if anything
        ("2 eggs 80", 81.0),
    ],
)
def test_a_number_far_from_a_weight_or_said_of_something_else_is_no_weight(
    text: str, last: float | None
) -> None:
    plan = plan_text(text, context(last))
    assert not any(isinstance(a, WeightLog) for a in plan.actions)


@pytest.mark.parametrize(
    ("local", "end", "day"),
    [
        (dt.datetime(2026, 11, 26, 1, 30, tzinfo=BERLIN), dt.time(3), WEDNESDAY),
        (dt.datetime(2026, 11, 26, 3, 0, tzinfo=BERLIN), dt.time(3), dt.date(2026, 11, 26)),
        (dt.datetime(2026, 11, 26, 0, 0, tzinfo=BERLIN), dt.time(0), dt.date(2026, 11, 26)),
        (dt.datetime(2026, 11, 25, 23, 59, tzinfo=BERLIN), dt.time(3), WEDNESDAY),
    ],
)
def test_the_day_lived(local: dt.datetime, end: dt.time, day: dt.date) -> None:
    assert lived_day(local, end) == day
    assert PlanContext(now=local, timezone="Europe/Berlin", day_ends_at=end).today == day


def test_a_number_too_light_in_pounds_is_kilograms_even_where_pounds_are_used() -> None:
    # "ich wiege heute 78,3" from New York: 78.3 lb would be 35.5 kg
    reading = read_unitless(78.3, None, "lb")
    assert reading is not None and (reading.kg, reading.ask) == (78.3, False)
    heavier = read_unitless(150.0, None, "lb")
    assert heavier is not None and heavier.kg == 68.04
