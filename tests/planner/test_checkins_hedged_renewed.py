"""Check-ins said loosely: a rating hedged between its field and its number ("eher so 2"),
a full night's sleep and waking renewed ("wie neugeboren"), tired legs said with a food
("jelly legs"), and a body part's "'s" ("knee's sore")."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import CheckinUpsert, NutritionAddEntry
from bot.planner.base import Plan, PlanContext
from bot.planner.offline.planner import plan_text

NOW = dt.datetime(2026, 11, 24, 9, 0, tzinfo=ZoneInfo("Europe/Rome"))


def plan(text: str) -> Plan:
    return plan_text(text, PlanContext(now=NOW, timezone="Europe/Rome"))


def checkin(text: str) -> CheckinUpsert:
    (found,) = [a for a in plan(text).actions if isinstance(a, CheckinUpsert)]
    return found


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("energy roughly 3 today", "energy", 3),
        ("Laune so um die 4", "mood", 4),
        ("ánimo más o menos 2", "mood", 2),
        ("énergie genre 3", "energy", 3),
        ("umore tipo 2", "mood", 2),
    ],
)
def test_a_hedged_rating_is_read(text: str, field: str, value: int) -> None:
    assert getattr(checkin(text), field) == value


@pytest.mark.parametrize(
    "text",
    [
        "got 8 hours of sleep, feeling like a new man",
        "9 Stunden geschlafen, fühle mich wie neugeboren",
        "dormí 8 horas y estoy como nuevo",
        "j'ai dormi 10 heures, comme neuve ce matin",
        "ho dormito 9 ore, sono come nuova",
    ],
)
def test_a_full_night_waking_renewed_is_good_sleep_and_energy(text: str) -> None:
    found = checkin(text)
    assert found.sleep_quality is not None and found.sleep_quality >= 4
    assert found.energy is not None and found.energy >= 4


def test_renewed_things_are_no_sleep_rating() -> None:
    found = checkin("slept 8 hours. my new phone is brand new")
    assert found.sleep_quality is None


@pytest.mark.parametrize(
    "text",
    [
        "ran 12k, my legs feel like jello",
        "Bergtour heute, Beine wie Pudding",
        "subida al pico, piernas como flan",
        "randonnée de 5h, jambes en compote",
        "giro in bici, gambe di gelatina",
    ],
)
def test_tired_legs_are_no_food(text: str) -> None:
    assert not [a for a in plan(text).actions if isinstance(a, NutritionAddEntry)]


def test_a_body_part_with_its_s_is_noted() -> None:
    notes = checkin("knee's been aching since the run").notes
    assert notes is not None and "knee" in notes


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("rough night, the toddler kept waking", "toddler"),
        ("Nacht war mies, Gewitter bis 4", "Gewitter"),
        ("mala noche, los vecinos de fiesta", "vecinos"),
        ("mal dormi, orage toute la nuit", "orage"),
        ("notte pessima, i vicini urlavano", "vicini"),
    ],
)
def test_what_kept_someone_up_is_noted(text: str, word: str) -> None:
    notes = checkin(text).notes
    assert notes is not None and word in notes


@pytest.mark.parametrize("text", ["en super forme ce matin", "oggi sono in formissima"])
def test_top_form_is_high_energy(text: str) -> None:
    energy = checkin(text).energy
    assert energy is not None and energy >= 4


@pytest.mark.parametrize("text", ["almorcé un casado de res", "una casada con huevo y arroz"])
def test_a_casado_plate_is_no_tiredness(text: str) -> None:
    assert not [a for a in plan(text).actions if isinstance(a, CheckinUpsert)]


def test_tiredness_misspelt_is_still_read() -> None:
    assert checkin("estoy cansdo hoy").energy == 2


@pytest.mark.parametrize(
    "text",
    [
        "a glorious day out west",
        "herrlicher Tag am See",
        "un día bonito en la playa",
        "belle journée au parc",
    ],
)
def test_a_lovely_day_is_a_good_mood(text: str) -> None:
    mood = checkin(text).mood
    assert mood is not None and mood >= 4
