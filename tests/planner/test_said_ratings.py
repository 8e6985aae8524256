"""How the day went, said in words in the five languages: the field it is about, turned by a
negation and pushed by "very", lands on the 1-5 scale; a good night wished, food that was "not
great" and small talk write no rating."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import CheckinUpsert, NutritionAddEntry
from bot.planner.base import Plan, PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 22, 13, 0, tzinfo=ZoneInfo("Europe/Berlin"))


async def _plan(text: str) -> Plan:
    return await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Berlin"))


async def _ratings(text: str) -> dict[str, int]:
    plan = await _plan(text)
    [checkin] = [a for a in plan.actions if isinstance(a, CheckinUpsert)]
    fields = ("mood", "energy", "sleep_quality")
    return {f: v for f in fields if (v := getattr(checkin, f)) is not None}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Stimmung gut", {"mood": 4}),
        ("Laune mies heute", {"mood": 2}),
        ("umore buono", {"mood": 4}),
        ("humeur bonne, énergie basse", {"mood": 4, "energy": 2}),
        ("ánimo bajo", {"mood": 2}),
        ("mood is ok", {"mood": 3}),
        ("energy really low", {"energy": 1}),
        ("feeling pretty good today", {"mood": 4}),
        ("je me sens bien", {"mood": 4}),
        ("mi sento male", {"mood": 2}),
        ("estoy bien", {"mood": 4}),
        ("sehr gut geschlafen", {"sleep_quality": 5}),
        ("dormí muy bien", {"sleep_quality": 5}),
    ],
)
async def test_how_it_was_said_is_a_rating(text: str, expected: dict[str, int]) -> None:
    assert await _ratings(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("not feeling great", {"mood": 2}),
        ("i don't feel good", {"mood": 2}),
        ("mood not so good", {"mood": 2}),
        ("Laune nicht so gut", {"mood": 2}),
        ("nicht so gut drauf", {"mood": 2}),
        ("je ne me sens pas bien", {"mood": 2}),
        ("no me siento muy bien", {"mood": 2}),
        ("dormito non benissimo", {"sleep_quality": 2}),
        ("nicht so gut geschlafen", {"sleep_quality": 2}),
        ("energy not bad", {"energy": 3}),
        ("not feeling happy", {"mood": 2}),
    ],
)
async def test_a_negation_turns_the_rating(text: str, expected: dict[str, int]) -> None:
    assert await _ratings(text) == expected


@pytest.mark.parametrize(
    ("text", "mood"),
    [
        ("not great today", 2),
        ("no muy bien hoy", 2),
        ("pas terrible aujourd'hui", 2),
        ("non benissimo oggi", 2),
        ("a bit down today", 2),
    ],
)
async def test_a_message_of_how_it_was_alone_is_the_mood(text: str, mood: int) -> None:
    assert await _ratings(text) == {"mood": mood}


async def test_a_feeling_beside_a_meal_is_rated_and_the_meal_logged() -> None:
    plan = await _plan("Stimmung super, mittags eine Banane")
    assert any(isinstance(a, NutritionAddEntry) for a in plan.actions)
    assert [a.mood for a in plan.actions if isinstance(a, CheckinUpsert)] == [5]


@pytest.mark.parametrize("text", ["sleep well!", "schlaf gut", "good", "great", "ok"])
async def test_wishes_and_small_talk_rate_nothing(text: str) -> None:
    plan = await _plan(text)
    assert not any(isinstance(a, CheckinUpsert) for a in plan.actions)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("umore a terra", {"mood": 1}),
        ("energía a tope hoy", {"energy": 5}),
        ("l'humeur au top", {"mood": 5}),
        ("my mood's pretty good", {"mood": 4}),
        ("mood is like a 3 today", {"mood": 3}),
        ("sleep was maybe a 2", {"sleep_quality": 2}),
    ],
)
async def test_ratings_said_with_the_small_words_people_put_between(
    text: str, expected: dict[str, int]
) -> None:
    assert await _ratings(text) == expected


@pytest.mark.parametrize(
    ("text", "energy"),
    [
        ("totally wrecked after work", 1),
        ("keine Energie heute", 1),
        ("zero energia oggi", 1),
        ("je n'ai pas d'énergie", 1),
        ("a bit groggy this morning", 2),
    ],
)
async def test_no_energy_said_in_words(text: str, energy: int) -> None:
    assert (await _ratings(text)).get("energy") == energy


@pytest.mark.parametrize(
    ("text", "energy"),
    [
        ("not tired at all today", 4),
        ("bin heute gar nicht müde", 4),
        ("non sono stanca", 4),
        ("je ne suis pas fatiguée", 4),
        ("not that tired", 3),
        ("not exhausted", 3),
    ],
)
async def test_tiredness_denied_is_energy(text: str, energy: int) -> None:
    assert await _ratings(text) == {"energy": energy}


@pytest.mark.parametrize(
    "text",
    ["huevos estrellados con tortilla", "Schnitzel paniert mit Pommes", "verdure grigliate"],
)
async def test_how_a_food_was_cooked_is_no_feeling(text: str) -> None:
    plan = await _plan(text)
    assert not any(isinstance(a, CheckinUpsert) for a in plan.actions)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("énergie : basse, humeur : correcte", {"energy": 2, "mood": 3}),
        ("de mauvaise humeur ce matin", {"mood": 2}),
        ("oggi di buon umore", {"mood": 4}),
        ("morale a zero", {"mood": 1}),
        ("energía al máximo", {"energy": 5}),
        ("he dormido poco", {"sleep_quality": 2}),
        ("slept very little", {"sleep_quality": 2}),
    ],
)
async def test_more_ways_of_saying_how_it_was(text: str, expected: dict[str, int]) -> None:
    assert await _ratings(text) == expected
