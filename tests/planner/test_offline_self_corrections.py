"""A message that corrects an amount or a value within itself ("3 eggs, no wait 2, and a
banana", "mood 3 actually 4, energy 2") logs what the person settled on, in the five
languages; a correction of an earlier message is still only offered as a draft."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import CheckinUpsert, NutritionAddEntry, WeightLog
from bot.planner.base import Plan, PlanContext
from bot.planner.offline.corrections import settled_inline
from bot.planner.offline.planner import OfflinePlanner

BERLIN = ZoneInfo("Europe/Berlin")
NOW = dt.datetime(2026, 11, 19, 9, 0, tzinfo=BERLIN)


async def plan(text: str) -> Plan:
    return await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Berlin"))


@pytest.mark.parametrize(
    "text",
    [
        "3 eggs, no wait 2, and a banana",
        "3 eggs sorry 2 and a banana",
        "3 eggs, I mean 2, and a banana",
        "3 eggs, eh 2, and a banana",
        "3 eggs, sorry, 2 eggs and a banana",
        "3 Eier, nein 2, und eine Banane",
        "3 huevos, mejor dicho 2, y un plátano",
        "3 huevos, perdón, 2, y un plátano",
        "3 uova, anzi 2, e una banana",
        "3 uova, ehm 2, e una banana",
    ],
)
async def test_an_amount_taken_back_mid_message_is_replaced(text: str) -> None:
    p = await plan(text)
    foods = [a.entry.food for a in p.actions if isinstance(a, NutritionAddEntry)]
    assert len(foods) == 2 and "2 large" in foods[0] and "Banana" in foods[1], foods
    assert p.understood and not p.amends


@pytest.mark.parametrize(
    ("text", "mood", "energy"),
    [
        ("mood 3 actually 4, energy 2", 4, 2),
        ("mood 3, actually 4 and energy 2", 4, 2),
        ("mood 3 no wait 4, energy 2", 4, 2),
        ("mood 2 err 3, energy 4", 3, 4),
        ("energy 2 sorry 3, mood 5", 5, 3),
    ],
)
async def test_a_rating_taken_back_mid_message_is_replaced(
    text: str, mood: int, energy: int
) -> None:
    p = await plan(text)
    assert len(p.actions) == 1 and isinstance(p.actions[0], CheckinUpsert), (p.actions, p.reply)
    assert (p.actions[0].mood, p.actions[0].energy) == (mood, energy)


async def test_a_weight_taken_back_is_replaced() -> None:
    p = await plan("72.4 kg no wait 72.8, slept 7h")
    weights = [a.weight_kg for a in p.actions if isinstance(a, WeightLog)]
    assert weights == [72.8]


@pytest.mark.parametrize(
    ("text", "settled"),
    [
        ("3 eggs, no wait 2, and a banana", "2 eggs, and a banana"),
        ("humeur 3 plutôt 4, énergie 2", "humeur 4, énergie 2"),
        ("umore 3 cioè 4", "umore 4"),
        ("3 oeufs, en fait 2, et une banane", "2 oeufs, et une banane"),
        ("200g rice, perdón, 150g", "150g rice"),
        ("80kg, sorry, 80lb", "80lb"),
        ("slept 6h, I mean 7h", "slept 7h"),
        # nothing taken back: left as said
        ("2 eggs no toast", "2 eggs no toast"),
        ("mood 3, energy 4", "mood 3, energy 4"),
        ("3 eggs no wait 2 bananas", "3 eggs no wait 2 bananas"),
    ],
)
def test_settled_inline(text: str, settled: str) -> None:
    assert settled_inline(text) == settled


@pytest.mark.parametrize("text", ["actually it was 2 eggs", "correction: 2 eggs"])
async def test_a_correction_of_an_earlier_message_is_still_only_offered(text: str) -> None:
    p = await plan(text)
    assert not p.actions and p.amends


@pytest.mark.parametrize(
    ("text", "mood", "energy", "sleep"),
    [
        ("humeur 3 plutôt 4, énergie 2", 4, 2, None),
        ("umore 3 cioè 4, sonno 2", 4, None, 2),
        ("sommeil 2 euh 3", None, None, 3),
    ],
)
async def test_french_and_italian_ratings_are_read_and_corrected(
    text: str, mood: int | None, energy: int | None, sleep: int | None
) -> None:
    p = await plan(text)
    assert len(p.actions) == 1 and isinstance(p.actions[0], CheckinUpsert), (p.actions, p.reply)
    checkin = p.actions[0]
    assert (checkin.mood, checkin.energy, checkin.sleep_quality) == (mood, energy, sleep)


@pytest.mark.parametrize(
    ("text", "settled"),
    [
        ("4 beers, anzi 5 😅", "5 beers"),
        ("4 Bier, nee warte, 3", "3 Bier"),
        ("Energie 2, ne doch eher 4", "Energie 4"),
        ("3 toasts, non en fait un seul", "un toasts"),
        ("had 2 cookies... ok it was 4 🙈", "had 4 cookies"),
        ("80.4 kg... wait no 84.0 ugh", "84.0 kg"),
        ("5 teas today, no 6 lol, all green", "6 teas today, all green"),
    ],
)
def test_markers_in_a_row_and_afterthoughts_still_settle_the_amount(
    text: str, settled: str
) -> None:
    assert settled_inline(text) == settled


@pytest.mark.parametrize(
    ("text", "calories"),
    [
        ("a large latte, no wait, small", (60, 150)),
        ("zzq large fries, sorry small", (150, 300)),
    ],
)
async def test_a_size_taken_back_is_replaced_even_beside_an_unread_word(
    text: str, calories: tuple[int, int]
) -> None:
    p = await plan(text)
    (entry,) = p.actions
    assert isinstance(entry, NutritionAddEntry)
    assert calories[0] <= entry.entry.calories <= calories[1]
