"""Check-ins, supplements, dates and weights as people write them who never saw the rules:
being in form ("en forme", "in gran forma"), a top day, feeling rested, the south German
"gschlafen", German "total" as "very", hours slept said as a clause of their own or rated
after them, short names of supplements ("my multi", "le fer", "il ferro") and what they are
taken in, "yday", and the French and Italian words for a weighing."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import (
    CheckinUpsert,
    NutritionAddEntry,
    SupplementMarkTaken,
    WeightLog,
)
from bot.planner.base import Plan, PlanContext
from bot.planner.offline.planner import plan_text

ROME = ZoneInfo("Europe/Rome")
NOW = dt.datetime(2026, 11, 24, 9, 0, tzinfo=ROME)


def plan(text: str, last_kg: float | None = None) -> Plan:
    context = PlanContext(now=NOW, timezone="Europe/Rome", last_weight_kg=last_kg)
    return plan_text(text, context)


def checkin(text: str) -> CheckinUpsert:
    (found,) = [a for a in plan(text).actions if isinstance(a, CheckinUpsert)]
    return found


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("je suis en pleine forme ce matin", 4, 5),
        ("oggi mi sento in gran forma", 4, 5),
        ("estoy en forma hoy", 4, 5),
        ("bin heute voll im Eimer", 1, 2),
    ],
)
def test_energy_said_as_form(text: str, low: int, high: int) -> None:
    energy = checkin(text).energy
    assert energy is not None and low <= energy <= high


@pytest.mark.parametrize("text", ["journée top aujourd'hui", "che giornata super", "super Tag!"])
def test_a_top_day_is_a_good_mood(text: str) -> None:
    mood = checkin(text).mood
    assert mood is not None and mood >= 4


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("woke up well rested", 4, 5),
        ("me desperté bien descansada", 4, 5),
        ("schlecht gschlafn heut", 1, 2),
        ("guat gschlafen, ausgeschlafen", 4, 5),
        ("best night's sleep in ages", 5, 5),
    ],
)
def test_sleep_said_as_rest(text: str, low: int, high: int) -> None:
    rating = checkin(text).sleep_quality
    assert rating is not None and low <= rating <= high


def test_german_total_is_very_not_a_question() -> None:
    found = checkin("total fertig heute")
    assert found.energy is not None and found.energy <= 2


@pytest.mark.parametrize(
    ("text", "hours", "low", "high"),
    [
        ("ho dormito malissimo, 3 ore, e sono nervoso", "3", 1, 2),
        ("slept 7 hours but it was rough", "7", 2, 2),
        ("j'ai dormi 6h mais c'était bien", "6", 4, 4),
    ],
)
def test_hours_slept_kept_in_notes_and_rated(text: str, hours: str, low: int, high: int) -> None:
    found = checkin(text)
    assert found.notes is not None and hours in found.notes
    assert found.sleep_quality is not None and low <= found.sleep_quality <= high


def test_hours_slept_last_night_are_a_note() -> None:
    found = checkin("slept 9 hours last night")
    assert found.notes is not None and "9" in found.notes


def test_hours_of_a_walk_after_the_sleep_are_no_note() -> None:
    found = checkin("slept fine, walked 2 hours")
    assert found.notes is None or "2" not in found.notes


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("took my multi with breakfast", {"Multivitamin"}),
        ("ho preso il ferro e il magnesio", {"Iron", "Magnesium"}),
        ("j'ai pris du fer", {"Iron"}),
        ("probiotici + vitamina c", {"Probiotic", "Vitamin C"}),
        ("creatina sciolta in acqua", {"Creatine"}),
        ("took my creatine mixed in water", {"Creatine"}),
    ],
)
def test_supplements_by_short_names_write_no_water(text: str, names: set[str]) -> None:
    actions = plan(text).actions
    assert {a.name for a in actions if isinstance(a, SupplementMarkTaken)} == names
    assert not [a for a in actions if isinstance(a, NutritionAddEntry)]


def test_multi_before_a_food_word_is_no_supplement() -> None:
    actions = plan("a multigrain roll and a multi seed bagel").actions
    assert not [a for a in actions if isinstance(a, SupplementMarkTaken)]


@pytest.mark.parametrize("text", ["yday had a banana", "a banana yest"])
def test_yday_is_yesterday(text: str) -> None:
    (entry,) = [a for a in plan(text).actions if isinstance(a, NutritionAddEntry)]
    assert entry.date == dt.date(2026, 11, 23)


@pytest.mark.parametrize(
    "text", ["poids ce matin 71,8", "pesato stamattina 71,8", "poids 71.8, un café"]
)
def test_a_weighing_in_french_and_italian(text: str) -> None:
    weights = [a for a in plan(text, last_kg=72.3).actions if isinstance(a, WeightLog)]
    assert [w.weight_kg for w in weights] == [71.8]


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("mood is maybe a four, energy two", 4, 4),
        ("umore 3", 3, 3),
    ],
)
def test_a_rating_said_in_words(text: str, low: int, high: int) -> None:
    mood = checkin(text).mood
    assert mood is not None and low <= mood <= high


def test_one_of_is_no_rating() -> None:
    assert not [
        a for a in plan("energy one of my better days").actions if a.type == "checkin.upsert"
    ]


@pytest.mark.parametrize(
    ("text", "food", "kcal"),
    [
        ("Linsensuppe, laut Tafel 420 kcal", "linsen", 420),
        ("the chili, per the board 510 kcal", "chili", 510),
        ("lasagne, secondo la lavagna 700 kcal", "lasagn", 700),
    ],
)
def test_a_figure_read_off_a_notice_is_the_foods(text: str, food: str, kcal: int) -> None:
    (entry,) = [a for a in plan(text).actions if isinstance(a, NutritionAddEntry)]
    assert food in entry.entry.food.lower() and entry.entry.calories == kcal


@pytest.mark.parametrize(("text", "low"), [("mood still great", 4), ("umore ancora buono", 4)])
def test_still_between_the_mood_and_how(text: str, low: int) -> None:
    mood = checkin(text).mood
    assert mood is not None and mood >= low


def test_swiss_german_check_in() -> None:
    found = checkin("hüt Stimmig guet, Energie 3 vo 5, guet gschlafe, 8 Stund")
    assert (found.mood, found.energy, found.sleep_quality) == (4, 3, 4)
    assert found.notes is not None and "8" in found.notes
