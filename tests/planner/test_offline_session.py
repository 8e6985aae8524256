"""The offline planner on the messages of the example session that it once misread, each in
several phrasings: what a person would see wrong in their day if the rules read them as
before."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.agent_api.actions import CheckinUpsert, Entry, NutritionAddEntry, SupplementMarkTaken
from bot.kernel.readers import DEFAULT
from bot.planner.base import Plan, PlanContext
from bot.planner.offline.planner import OfflinePlanner
from bot.planner.offline.usual import find_repeat, picked
from bot.render import usual
from tests.fixtures.worded import WordedPlan, worded
from tests.planner.test_offline import BERLIN, TODAY, entries, plan

UNPLACED = "couldn't place"


def checkins(p: Plan) -> list[CheckinUpsert]:
    return [a for a in p.actions if isinstance(a, CheckinUpsert)]


async def plan_with_weight(text: str, last_kg: float, hour: int = 8) -> WordedPlan:
    now = dt.datetime.combine(TODAY, dt.time(hour, 0), tzinfo=BERLIN)
    context = PlanContext(now=now, timezone="Europe/Berlin", last_weight_kg=last_kg)
    return worded(await OfflinePlanner().plan(text, context))


@pytest.mark.parametrize(
    "text",
    [
        "forgot the magnesium yesterday but took it now",
        "forgot my magnesium yesterday, took it just now",
        "took magnesium right now",
        "missed the magnesium yesterday but took it now",
    ],
)
async def test_now_is_a_time_of_today_not_a_word_left_over(text: str) -> None:
    p = await plan(text)
    assert p.understood and UNPLACED not in (p.reply or ""), p.reply
    taken = [(a.name, a.date) for a in p.actions if isinstance(a, SupplementMarkTaken)]
    assert taken == [("Magnesium", TODAY)]


@pytest.mark.parametrize("text", ["weight now 80.1", "my weight is now 80.1"])
async def test_now_before_a_weight_leaves_it_a_weight(text: str) -> None:
    p = await plan_with_weight(text, 81.0)
    assert [(a.weight_kg, a.date) for a in p.actions] == [(80.1, TODAY)]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "text",
    [
        "scratch the sweet potato",
        "cancel the fries",
        "take back the beer",
        "remove the banana",
        "delete the last coffee",
        "oops, make that a small one",
        "sorry, make it 2",
        "make that a large one",
    ],
)
async def test_taking_back_an_earlier_message_writes_nothing_and_says_so(text: str) -> None:
    p = await plan(text)
    assert p.actions == [], p.actions  # never one more of what was to be taken away
    assert "can't change or remove" in (p.reply or ""), p.reply


async def test_a_take_back_inside_the_message_still_applies_to_it() -> None:
    p = await plan("a burger and fries - scratch the fries")
    assert [e.entry.food.split(",")[0] for e in entries(p)] == ["Hamburger"]


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("2 cups of green tea", "Green tea, 2 cups (480 ml)"),
        ("2 cups of coffee", "Coffee, 2 cups (480 ml)"),
        ("2 glasses of milk", "Milk, 2 glasses (480 ml)"),
        ("1.5 cups of coffee", "Coffee, 1.5 cups (360 ml)"),
        ("a cup of green tea", "Green tea, 1 cup (240 ml)"),
    ],
)
async def test_the_measure_in_a_label_is_what_was_counted(text: str, label: str) -> None:
    assert [e.entry.food for e in entries(await plan(text))] == [label]


async def plan_at(text: str, hour: int, minute: int = 0) -> WordedPlan:
    now = dt.datetime.combine(TODAY, dt.time(hour, minute), tzinfo=BERLIN)
    return worded(await OfflinePlanner().plan(text, PlanContext(now=now, timezone="Europe/Berlin")))


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("late night bowl of cereal, couldnt sleep", "couldnt sleep"),
        ("couldn't sleep so had a cookie", "couldn't sleep"),
        ("can't fall asleep, mood 3", "can't fall asleep"),
        ("couldnt sleep tonight", "couldnt sleep"),
    ],
)
async def test_sleeplessness_late_at_night_is_a_note_not_the_days_sleep(
    text: str, note: str
) -> None:
    p = await plan_at(text, 23, 40)
    (checkin,) = checkins(p)
    assert checkin.date == TODAY and checkin.sleep_quality is None, checkin
    assert checkin.notes == note


@pytest.mark.parametrize(
    ("text", "hour"),
    [("couldnt sleep", 8), ("couldn't sleep last night", 23), ("slept badly", 23)],
)
async def test_a_night_already_slept_is_still_rated(text: str, hour: int) -> None:
    (checkin,) = checkins(await plan_at(text, hour))
    assert checkin.date == TODAY and checkin.sleep_quality in (1, 2), checkin


@pytest.mark.parametrize(
    ("text", "last_kg", "kg"),
    [
        ("81.9 this morning", 82.4, 81.9),
        ("ugh 82.4", 81.5, 82.4),
        ("81.0", 81.5, 81.0),
        ("80.2 today", 82.4, 80.2),
        ("181.6 this morning", 82.4, 82.37),  # their last weight in pounds
    ],
)
async def test_a_lone_number_near_the_last_weight_is_the_weight(
    text: str, last_kg: float, kg: float
) -> None:
    p = await plan_with_weight(text, last_kg)
    assert p.understood and UNPLACED not in (p.reply or ""), p.reply
    assert [(a.weight_kg, a.date) for a in p.actions] == [(kg, TODAY)]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "last_kg"), [("2 this morning", 82.4), ("120", 82.4)])
async def test_a_lone_number_far_from_the_last_weight_is_not_logged(
    text: str, last_kg: float
) -> None:
    p = await plan_with_weight(text, last_kg)
    assert p.actions == [] and UNPLACED in (p.reply or "")


@pytest.mark.parametrize(("text", "value"), [("91.9 this morning", 91.9), ("176 today", 176.0)])
async def test_a_lone_weight_without_a_known_last_one_is_left_to_the_core_to_settle(
    text: str, value: float
) -> None:
    p = await plan(text)  # the planner was told no last weight
    assert p.unit_question == value
    assert [(a.weight_kg, a.date) for a in p.actions] == [(value, TODAY)]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "note", "rated"),
    [
        (
            "slept like 6 hrs, kinda groggy. energy 2",
            "slept like 6 hrs; kinda groggy",
            {"energy": 2},
        ),
        ("slept 8 hours, feeling great", "slept 8 hours", {"mood": 5}),
        ("got 7.5 hours of sleep", "got 7.5 hours of sleep", {}),
        ("8h sleep, mood 4", "8h sleep", {"mood": 4}),
        ("slept for 9 hrs", "slept for 9 hrs", {}),
    ],
)
async def test_hours_of_sleep_are_a_note_never_a_rating(
    text: str, note: str, rated: dict[str, int]
) -> None:
    p = await plan(text)
    assert p.understood and UNPLACED not in (p.reply or ""), p.reply
    (checkin,) = checkins(p)
    assert checkin.sleep_quality is None and checkin.notes == note
    assert {k: v for k in ("mood", "energy") if (v := getattr(checkin, k)) is not None} == rated


async def test_a_sleep_rating_said_as_a_number_is_still_one() -> None:
    (checkin,) = checkins(await plan("slept 4"))
    assert checkin.sleep_quality == 4 and checkin.notes is None


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("slept badly, woke up at 3am", "woke up at 3am"),
        ("woke up at 4:30 am, mood 3", "woke up at 4:30 am"),
        ("headache since 2pm", "headache since 2pm"),
        ("woke up at 3am and had a banana", "woke up at 3am"),
    ],
)
async def test_a_time_said_with_a_feeling_stays_in_its_note(text: str, note: str) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    (checkin,) = checkins(p)
    assert checkin.notes == note


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("dinner: spaghetti bolognese, big plate", "Spaghetti bolognese, 1 large plate (490 g)"),
        ("spaghetti bolognese, massive plate", "Spaghetti bolognese, 1 huge plate (595 g)"),
        ("pasta (small bowl)", "Pasta, 1 small bowl (196 g)"),
        ("chili - big bowl", "Chili con carne, 1 large bowl (354 g)"),
    ],
)
async def test_a_portion_said_after_the_food_sizes_it(text: str, label: str) -> None:
    p = await plan(text)
    assert p.understood and UNPLACED not in (p.reply or ""), p.reply
    assert [e.entry.food for e in entries(p)] == [label]


async def test_a_big_plate_is_more_than_a_plate() -> None:
    (plate,) = entries(await plan("spaghetti bolognese"))
    (big,) = entries(await plan("spaghetti bolognese, big plate"))
    assert big.entry.calories > 1.3 * plate.entry.calories


def _logged(food: str, at_utc: str) -> dict[str, object]:
    return {"food": food, "calories": 100, "protein": 1, "carbs": 2, "fat": 3, "createdAt": at_utc}


@pytest.mark.parametrize(
    ("logged", "breakfast"),
    [
        # eggs and coffee at 08:10, a banana at 10:30 (Berlin, UTC+1): the banana is a snack
        ([("Eggs", "07:10"), ("Coffee", "07:10"), ("Banana", "09:30")], ["Eggs", "Coffee"]),
        # coffee first, porridge 40 minutes later: one breakfast
        ([("Coffee", "05:30"), ("Porridge", "06:10"), ("Apple", "08:45")], ["Coffee", "Porridge"]),
        # a late first meal still is breakfast when before 11:00
        ([("Toast", "09:15"), ("Juice", "09:40")], ["Toast", "Juice"]),
        # a first entry at 11:30 is lunch: no breakfast that day
        ([("Salad", "10:30")], []),
    ],
)
def test_breakfast_is_the_first_meal_of_the_day(
    logged: list[tuple[str, str]], breakfast: list[str]
) -> None:
    repeat = find_repeat("same breakfast as yesterday", TODAY)
    assert repeat is not None and repeat.read.date is not None
    day = repeat.read.date.isoformat()
    data = {"entries": [_logged(food, f"{day}T{hhmm}:00Z") for food, hhmm in logged]}
    assert [e.entry.food for e in picked(repeat, data, BERLIN)] == breakfast


def test_a_repeat_says_each_entry_on_its_own_line() -> None:
    entries = [
        NutritionAddEntry(
            date=TODAY,
            entry=Entry(
                food="Scrambled eggs with toast, 2 eggs", calories=262, protein=15, carbs=17, fat=14
            ),
        ),
        NutritionAddEntry(
            date=TODAY, entry=Entry(food="Coffee with milk", calories=30, protein=2, carbs=3, fat=1)
        ),
    ]
    lines = usual.repeated("the same breakfast as yesterday", entries, DEFAULT).split("\n")
    assert lines[0] == "<b>Logged the same breakfast as yesterday</b> — 292 kcal"
    assert lines[1].startswith("🍽 Scrambled eggs with toast, 2 eggs — 262 kcal")
    assert lines[2].startswith("🍽 Coffee with milk — 30 kcal")
