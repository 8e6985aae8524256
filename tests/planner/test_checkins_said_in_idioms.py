"""How people say they slept, how their energy is and how they feel in the idioms of the five
languages ("slept rubbish", "nuit horrible", "Laune am Boden", "el ánimo por los suelos",
"dormito come un ghiro", "running on empty"), a Scots negation ("didnae sleep well"), a night
slept in one go, and a person full after a meal ("quedé reventada"), who is not tired."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import CheckinUpsert, NutritionAddEntry
from bot.planner.base import Plan, PlanContext
from bot.planner.offline.planner import OfflinePlanner

MADRID = ZoneInfo("Europe/Madrid")
NOW = dt.datetime(2026, 11, 24, 9, 0, tzinfo=MADRID)


async def plan(text: str) -> Plan:
    return await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Madrid"))


async def checkin(text: str) -> CheckinUpsert:
    (found,) = [a for a in (await plan(text)).actions if isinstance(a, CheckinUpsert)]
    return found


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("I've slept rubbish", 1, 2),
        ("nuit horrible", 1, 2),
        ("la notte è stata pessima", 1, 2),
        ("didnae sleep well", 1, 2),
        ("dormí como un tronco", 5, 5),
        ("ho dormito come un ghiro", 5, 5),
        ("slept heaps better", 4, 4),
        ("gut gepennt", 4, 4),
        ("slept like a rock", 5, 5),
        ("kein Auge zugetan", 1, 1),
        ("no pegué ojo", 1, 1),
        ("je n'ai pas fermé l'œil", 1, 1),
        ("non ho chiuso occhio stanotte", 1, 1),
    ],
)
async def test_sleep_in_idioms(text: str, low: int, high: int) -> None:
    rating = (await checkin(text)).sleep_quality
    assert rating is not None and low <= rating <= high


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("Laune am Boden", 1, 2),
        ("el ánimo por los suelos", 1, 2),
        ("le moral dans les chaussettes", 1, 2),
        ("sono nervoso oggi", 1, 2),
        ("je suis nerveuse", 1, 2),
        ("feeling grand today", 3, 4),
        ("a tough day", 1, 2),
        ("feeling blue", 1, 2),
        ("estoy de bajón", 1, 2),
        ("over the moon today", 5, 5),
        ("im siebten Himmel", 5, 5),
    ],
)
async def test_mood_in_idioms(text: str, low: int, high: int) -> None:
    rating = (await checkin(text)).mood
    assert rating is not None and low <= rating <= high


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("running on empty", 1, 2),
        ("cero energía hoy", 1, 1),
        ("bin echt platt", 1, 2),
        ("Energie bei 3", 3, 3),
        ("estoy hecha polvo", 1, 1),
        ("hundemüde heute", 1, 1),
        ("je suis lessivée", 1, 1),
        ("sono a pezzi", 1, 1),
        ("full of beans today", 5, 5),
    ],
)
async def test_energy_in_idioms(text: str, low: int, high: int) -> None:
    rating = (await checkin(text)).energy
    assert rating is not None and low <= rating <= high


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("ho dormito 8 ore di fila", "8 ore"),
        ("slept 7 hours straight", "7 hours"),
        ("dormí 8 horas seguidas", "8 horas"),
    ],
)
async def test_a_night_slept_in_one_go_is_a_good_one_its_hours_noted(text: str, hours: str) -> None:
    found = await checkin(text)
    assert found.sleep_quality is not None and found.sleep_quality >= 4
    assert found.notes is not None and hours in found.notes


async def test_a_short_night_is_poor_even_in_one_go() -> None:
    found = await checkin("j'ai dormi 3h d'une traite")
    assert found.sleep_quality is not None and found.sleep_quality <= 2


@pytest.mark.parametrize(
    "text", ["paella para comer, quedé reventada", "una pizza enorme, quedamos muertos"]
)
async def test_full_after_a_meal_is_no_check_in(text: str) -> None:
    actions = (await plan(text)).actions
    assert [a for a in actions if isinstance(a, NutritionAddEntry)]
    assert not [a for a in actions if isinstance(a, CheckinUpsert)]


@pytest.mark.parametrize(
    ("text", "said"),
    [("my tummy's been off since lunch", "tummy"), ("stomach's been funny all day", "stomach")],
)
async def test_a_feeling_said_with_its_s_is_noted(text: str, said: str) -> None:
    notes = (await checkin(text)).notes
    assert notes is not None and said in notes


@pytest.mark.parametrize("text", ["pollo a pezzi con patate", "une tarte aux pommes, un café"])
async def test_a_food_is_no_check_in(text: str) -> None:
    actions = (await plan(text)).actions
    assert [a for a in actions if isinstance(a, NutritionAddEntry)]
    assert not [a for a in actions if isinstance(a, CheckinUpsert)]


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("mood today 4", "mood", 4),
        ("Laune heute mies", "mood", 2),
        ("energía hoy baja", "energy", 2),
        ("umore oggi 3 su 5", "mood", 3),
        ("energy's low today", "energy", 2),
        ("sleep's been awful", "sleep_quality", 1),
        ("mood's a 3 today", "mood", 3),
        ("super sleep", "sleep_quality", 5),
        ("loads of energy", "energy", 5),
    ],
)
async def test_a_day_word_or_an_s_between_a_check_in_word_and_its_rating(
    text: str, field: str, value: int
) -> None:
    assert getattr(await checkin(text), field) == value


async def test_an_average_said_of_a_check_in_is_no_question() -> None:
    plan_ = await plan("j'ai mal dormi, énergie moyenne, un café au lait")
    found = [a for a in plan_.actions if isinstance(a, CheckinUpsert)]
    assert found and found[0].energy == 3
    assert [a for a in plan_.actions if isinstance(a, NutritionAddEntry)]


async def test_a_spanish_night_out_is_no_sleep() -> None:
    plan_ = await plan("la noche fue genial, pizza con amigos")
    assert not [a for a in plan_.actions if isinstance(a, CheckinUpsert)]
