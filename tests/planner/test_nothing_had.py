"""A message that says nothing was had, in the five languages ("no tea today", "nada de azúcar
hoy", "hab nichts gegessen, keine Zeit", "non ho mangiato stamattina, troppo lavoro") writes
nothing and says so; the reason given after it is never read as a food, nor a common word
repaired into one ("Kollegen" is no collagen, "boulot" no boulet)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry, SupplementMarkTaken
from bot.kernel.said import Notice
from bot.planner.base import Plan, PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 24, 14, 0, tzinfo=ZoneInfo("Europe/Berlin"))


async def plan(text: str) -> Plan:
    return await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Berlin"))


@pytest.mark.parametrize(
    "text",
    [
        "no tea today",
        "nada de azúcar hoy",
        "keine Cola heute",
        "pas de vin ce soir",
        "hab nichts gegessen, keine Zeit",
        "non ho mangiato stamattina, troppo lavoro",
        "didn't eat, too busy at work",
        "rien mangé ce matin, trop de boulot",
        "no he comido, mucho lío en la oficina",
        "I haven't eaten anything yet today",
        "haven't had breakfast yet",
        "no he comido nada en todo el día",
        "ich habe den ganzen Tag nichts gegessen",
        "non ho pranzato",
        "no he desayunado",
        "je n'ai pas dîné",
        "noch nicht gefrühstückt",
        "nothing for lunch, too busy",
    ],
)
async def test_nothing_had_writes_nothing_and_says_so(text: str) -> None:
    said = await plan(text)
    assert not said.actions
    assert Notice.NOT_EATEN in said.said


async def test_a_meal_named_after_a_skipped_one_is_no_reason() -> None:
    said = await plan("skipped lunch, qwertyburger for dinner")
    assert Notice.NOT_EATEN not in said.said


async def test_what_was_had_after_a_skipped_meal_is_logged() -> None:
    said = await plan("pas mangé ce midi, juste une pomme à 16h")
    (apple,) = [a for a in said.actions if isinstance(a, NutritionAddEntry)]
    assert "apple" in apple.entry.food.lower()


@pytest.mark.parametrize(
    "text", ["mit den Kollegen zwei Bier", "trop de boulot, un café vite fait"]
)
async def test_a_common_word_is_never_repaired_into_a_food_or_supplement(text: str) -> None:
    said = await plan(text)
    read = [*said.actions, *said.offer]  # written, or offered when much was left unplaced
    assert not [a for a in read if isinstance(a, SupplementMarkTaken)]
    foods = [a.entry.food.lower() for a in read if isinstance(a, NutritionAddEntry)]
    assert len(foods) == 1 and not any("boulet" in f for f in foods), foods


async def test_a_food_not_had_in_a_while_is_not_logged() -> None:
    actions = await plan("I haven't had chocolate in weeks")
    assert not [a for a in actions.actions if isinstance(a, NutritionAddEntry)]


@pytest.mark.parametrize(("text", "food"), [("ho pranzato con una mela", "apple")])
async def test_a_meal_verb_said_plainly_still_logs_its_food(text: str, food: str) -> None:
    actions = (await plan(text)).actions
    (entry,) = [a for a in actions if isinstance(a, NutritionAddEntry)]
    assert food in entry.entry.food.lower()


@pytest.mark.parametrize("text", ["no headache today", "je ne suis pas stressée"])
async def test_a_feeling_said_absent_is_no_food_not_had(text: str) -> None:
    said = await plan(text)
    assert not said.actions
    assert Notice.NOT_EATEN not in said.said
