"""How sleep, energy and mood are said in words across the five languages ("slept like
garbage", "dormito da schifo", "très bien dormi", "je suis crevée", "Stimmung so mittel"), and
words that only look like a check-in keyword ("de" of "estado de ánimo") rate nothing."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import CheckinUpsert
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

PARIS = ZoneInfo("Europe/Paris")
NOW = dt.datetime(2026, 11, 24, 9, 0, tzinfo=PARIS)


async def ratings(text: str) -> dict[str, int]:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Paris"))
    (checkin,) = [a for a in plan.actions if isinstance(a, CheckinUpsert)]
    fields = checkin.model_dump(include={"mood", "energy", "sleep_quality"})
    return {k: v for k, v in fields.items() if v is not None}


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("slept like garbage", 1, 2),
        ("slept so badly", 1, 2),
        ("très mal dormi", 1, 2),
        ("pas bien dormi", 1, 2),
        ("dormito da schifo", 1, 2),
        ("dormito poco", 1, 2),
        ("he dormido fatal", 1, 2),
        ("mies geschlafen", 1, 2),
        ("très bien dormi", 4, 5),
        ("dormito bene", 4, 5),
        ("dormí re bien", 4, 5),
    ],
)
async def test_sleep_in_words(text: str, low: int, high: int) -> None:
    assert low <= (await ratings(text))["sleep_quality"] <= high


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("absolutely shattered", 1, 2),
        ("je suis crevée", 1, 2),
        ("sono distrutto", 1, 2),
        ("estoy reventada", 1, 2),
        ("energy is crashing", 1, 2),
        ("energia a tope", 4, 5),
    ],
)
async def test_energy_in_words(text: str, low: int, high: int) -> None:
    assert low <= (await ratings(text))["energy"] <= high


@pytest.mark.parametrize("text", ["humeur bof", "Laune so mittel", "umore così così"])
async def test_a_so_so_mood(text: str) -> None:
    assert (await ratings(text))["mood"] == 3


async def test_a_creme_brulee_is_no_tiredness() -> None:
    plan = await OfflinePlanner().plan(
        "une crème brûlée", PlanContext(now=NOW, timezone="Europe/Paris")
    )
    assert not [a for a in plan.actions if isinstance(a, CheckinUpsert)]


async def test_a_number_said_with_energy_wins_over_a_tiredness_word() -> None:
    assert (await ratings("energia 3, stanchissima"))["energy"] == 3


@pytest.mark.parametrize("text", ["5 de 5", "quality 4", "level 3"])
async def test_a_piece_of_a_keyword_phrase_rates_nothing(text: str) -> None:
    plan = await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Paris"))
    assert not [a for a in plan.actions if isinstance(a, CheckinUpsert)]


async def test_a_rating_out_of_five_after_sleep_words_is_no_mood() -> None:
    assert await ratings("dormí re bien, 5 de 5") == {"sleep_quality": 5}
