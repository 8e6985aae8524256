"""A message that takes back what it said logs only what the person settled on, in the five
languages: a new amount, the same food said again with its new amount, an amount in its
unit, or another food in place of the first. Nothing taken back is ever logged."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import Plan, PlanContext
from bot.planner.offline.planner import OfflinePlanner

NOW = dt.datetime(2026, 11, 19, 9, 0, tzinfo=ZoneInfo("Europe/Berlin"))


async def plan(text: str) -> Plan:
    return await OfflinePlanner().plan(text, PlanContext(now=NOW, timezone="Europe/Berlin"))


def foods(result: Plan) -> list[NutritionAddEntry]:
    return [a for a in result.actions if isinstance(a, NutritionAddEntry)]


@pytest.mark.parametrize(
    ("text", "food", "count"),
    [
        ("2 croissants, no espera, eran 3", "croissant", "3"),
        ("3 croissants, non, plutôt 2", "croissant", "2"),
        ("2 bananas, ok it was 3", "banana", "3"),
        ("3 bananas, nee, doch 2", "banana", "2"),
        ("2 bananas, non, c'était 3", "banana", "3"),
    ],
)
async def test_a_new_amount_in_any_language_replaces_the_first(
    text: str, food: str, count: str
) -> None:
    [entry] = foods(await plan(text))
    assert food in entry.entry.food.lower()
    assert entry.entry.food.split(", ")[1].startswith(count)


@pytest.mark.parametrize(
    ("text", "food", "count"),
    [
        ("had a cookie. ok 3 cookies 🙈", "cookie", "3"),
        ("una cerveza, perdón, dos cervezas", "beer", "2"),
        ("ein Croissant, nee, zwei Croissants", "croissant", "2"),
        ("un caffè e un cornetto, anzi due cornetti", "croissant", "2"),
        ("2 slices of toast... ok 4 slices of toast", "toast", "4"),
    ],
)
async def test_the_same_food_said_again_is_logged_once_with_its_new_amount(
    text: str, food: str, count: str
) -> None:
    entries = [e for e in foods(await plan(text)) if food in e.entry.food.lower()]
    assert len(entries) == 1
    assert entries[0].entry.food.split(", ")[1].startswith(count)


async def test_a_food_said_again_replaces_itself_not_the_last_food() -> None:
    entries = foods(await plan("a coffee and a bagel, sorry 2 coffees"))
    assert len(entries) == 2
    assert any(e.entry.food.startswith("Bagel") for e in entries)
    assert any(e.entry.food.startswith("Coffee, 2") for e in entries)


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("2 cups of rice, sorry 1 cup", 150, 260),  # a cup of cooked rice, not two
        ("1 cup of oatmeal, sorry 1/2 cup", 60, 110),
        ("300 g of chicken breast, sorry 150 g", 200, 300),
    ],
)
async def test_an_amount_in_its_unit_replaces_the_amount_said_before(
    text: str, low: float, high: float
) -> None:
    [entry] = foods(await plan(text))
    assert low <= entry.entry.calories <= high


@pytest.mark.parametrize(
    ("text", "kept", "gone"),
    [
        ("had a donut, scratch that, it was a bagel", "bagel", "donut"),
        ("un café, non plutôt un croissant", "croissant", "coffee"),
        ("ein Donut, ich meine ein Bagel", "bagel", "donut"),
        ("una dona, perdón, un bagel", "bagel", "donut"),
        ("un cornetto, anzi un bagel", "bagel", "croissant"),
    ],
)
async def test_a_food_replaced_by_another_logs_only_the_second(
    text: str, kept: str, gone: str
) -> None:
    entries = foods(await plan(text))
    assert [kept in e.entry.food.lower() for e in entries] == [True]
    assert not any(gone in e.entry.food.lower() for e in entries)


async def test_a_weak_word_before_another_food_does_not_take_the_first_back() -> None:
    entries = foods(await plan("a banana, ok and an apple"))
    assert len(entries) == 2


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("5 slices of toast. ok actually 4, the dog got one", "4"),
        ("3 croissants. no 2 tbh", "2"),
        ("4 Croissants.. nee warte, nur 3", "3"),
        ("3 croissants, non, seulement 2", "2"),
    ],
)
async def test_an_amount_settled_after_a_full_stop_or_with_only_replaces_the_first(
    text: str, count: str
) -> None:
    [entry] = foods(await plan(text))
    assert entry.entry.food.split(", ")[1].startswith(count)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("3 cookies... ok I ate 5", "5"),
        ("2 biscotti... vabbè ne ho mangiati 4 😅", "4"),
        ("3 croissants, non, j'en ai mangé 2", "2"),
        ("4 Kekse, nee, hatte 3", "3"),
        ("2 galletas, no, me comí 4", "4"),
    ],
)
async def test_the_amount_eaten_said_after_a_correcting_word_is_the_one_logged(
    text: str, count: str
) -> None:
    [entry] = foods(await plan(text))
    assert entry.entry.food.split(", ")[1].startswith(count)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("a latte, sorry a flat white and a muffin", ["flat white", "muffin"]),
        ("un café, perdón, un cortado y una tostada", ["cortado", "toast"]),
        ("a croissant, actually I was starving, and a coffee", ["croissant", "coffee"]),
        ("a bagel, sorry I was in a rush, and a latte", ["bagel", "latte"]),
    ],
)
async def test_what_follows_a_correcting_word_replaces_one_food_at_most(
    text: str, kept: list[str]
) -> None:
    entries = foods(await plan(text))
    assert len(entries) == len(kept)
    for food, entry in zip(kept, entries, strict=True):
        assert food in entry.entry.food.lower()
