"""A food the reader knows said beside a word or two it does not know: the food is logged
with its amount and only the unknown words are named back, wherever the unknown word would
otherwise take the whole item with it."""

from __future__ import annotations

import pytest

from bot.planner.offline.planner import OfflinePlanner
from tests.fixtures.worded import worded
from tests.planner.logged import context_at, food_entries_of

ROME_LUNCH = context_at("Europe/Rome", 13, 10)


@pytest.mark.parametrize(
    ("text", "dish", "unplaced"),
    [
        ("cassoulet toulousain", "cassoulet", "toulousain"),
        ("ein Sauerbraten rheinischer Art", "sauerbraten", "rheinischer art"),
        ("un lomo saltado limeño, y una chicha", "lomo saltado", "limeño"),
        ("cacio e pepe romana", "cacio e pepe", "romana"),
        ("bibimbap dolsot and a beer", "bibimbap", "dolsot"),
    ],
)
async def test_a_dish_followed_by_a_word_of_its_kind_is_logged(
    text: str, dish: str, unplaced: str
) -> None:
    plan = worded(await OfflinePlanner().plan(text, ROME_LUNCH))
    foods = [e.entry.food.lower() for e in food_entries_of(plan)]
    assert any(food.startswith(dish) for food in foods), foods
    assert f"'{unplaced}'" in (plan.reply or "").lower(), plan.reply


@pytest.mark.parametrize(
    "text", ["lamb florbix", "Reis zorblat", "huevos quimbol", "2 bibimbap florbs"]
)
async def test_an_ingredient_before_an_unknown_word_is_still_not_logged(text: str) -> None:
    plan = worded(await OfflinePlanner().plan(text, ROME_LUNCH))
    assert not food_entries_of(plan) and not plan.understood


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("risotto mantecato al parmigiano", "risotto"),
        ("pollo rehogado con arroz", "chicken"),
        ("riso saltato con le verdure", "rice"),
    ],
)
async def test_a_food_said_with_how_it_was_made_is_logged(text: str, food: str) -> None:
    plan = await OfflinePlanner().plan(text, ROME_LUNCH)
    foods = [e.entry.food.lower() for e in food_entries_of(plan)]
    assert any(food in f for f in foods), foods
