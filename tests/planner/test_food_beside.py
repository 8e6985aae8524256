"""Two foods eaten together, each a food of its own, are two entries; what tops a food or goes
into a mixed dish stays part of it; a food named again in brackets with its amount is one."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, named_kcal

BERLIN_LUNCH = context_at("Europe/Berlin", 13, 15)
# Each entry's name, in lower case, and its calories.
entries = functools.partial(named_kcal, context=BERLIN_LUNCH, lower=True)


@pytest.mark.parametrize(
    ("text", "first", "second"),
    [
        ("grilled chicken with mashed potatoes", "chicken", "mashed"),
        ("Bratwurst mit Pommes", "sausage", "fries"),
        ("merluza con patatas fritas", "merluza", "fries"),
        ("un steak avec des frites", "steak", "fries"),
        ("cotoletta con patate", "cotoletta", "potato"),
        ("a bowl of dal with 2 naan", "dal", "naan"),
        ("lentil soup with bread", "soup", "bread"),
        ("3 rotis with chicken curry", "chapati", "curry"),
        ("porridge with a banana", "porridge", "banana"),
        ("2 Scheiben Toast mit einer Scheibe Gouda", "toast", "cheese"),
    ],
)
async def test_a_food_of_its_own_is_its_own_entry(text: str, first: str, second: str) -> None:
    got = entries(text)
    assert len(got) == 2, got
    assert first in got[0][0] and second in got[1][0], got
    assert " with " not in got[0][0], got


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("toast with butter", "toast"),
        ("pancakes with maple syrup", "pancake"),
        ("bagel with cream cheese", "bagel"),
        ("Nudeln mit Pesto", "pasta"),
        ("caesar salad with chicken", "salad"),
        ("burrito bowl with extra rice", "burrito"),
        ("ramen with an egg", "ramen"),
        ("a smoothie with banana and oats", "smoothie"),
    ],
)
async def test_what_tops_or_fills_a_dish_stays_part_of_it(text: str, food: str) -> None:
    got = entries(text)
    assert len(got) == 1, got
    assert food in got[0][0], got


async def test_an_amount_for_each_part_is_two_entries() -> None:
    got = entries("1 slice of toast with 2 tbsp of hummus")
    assert len(got) == 2, got
    assert "toast" in got[0][0] and "hummus" in got[1][0], got


async def test_a_dish_named_with_what_it_comes_with_counts_it_once() -> None:
    got = entries("jacket potato with beans and cheese")
    alone = entries("jacket potato")
    assert len(got) == 1, got
    assert got[0][1] == alone[0][1], (got, alone)


@pytest.mark.parametrize(
    ("text", "dish", "not_logged"),
    [
        ("2 tacos de carnitas y una cerveza", "tacos de carnitas", "pork"),
        ("tres tacos de pollo", "tacos de pollo", "chicken"),
        ("une crêpe au jambon", "crêpe au jambon", "ham"),
        ("una piadina al tonno", "piadina al tonno", "tuna"),
        ("una quesadilla de flor de calabaza", "quesadilla de flor de calabaza", "pumpkin"),
    ],
)
async def test_a_filling_named_after_its_dish_is_part_of_it(
    text: str, dish: str, not_logged: str
) -> None:
    got = entries(text)
    assert dish in got[0][0], got
    assert not any(not_logged in name for name, _kcal in got), got


async def test_tacos_filled_with_chicken_are_counted_as_tacos() -> None:
    got = entries("dos tacos de pollo")
    tacos = entries("dos tacos")
    assert len(got) == 1 and got[0][1] == tacos[0][1], (got, tacos)


@pytest.mark.parametrize(
    "text", ["a bacon and egg roll", "sausage and egg bagel", "ham and cheese baguette"]
)
async def test_two_fillings_of_a_roll_are_one_filled_roll(text: str) -> None:
    got = entries(text)
    assert len(got) == 1, got
    assert got[0][1] > 200, got


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [("2 Würstchen im Brötchen", 280, 450), ("a sausage in a bread roll", 200, 350)],
)
async def test_what_is_served_in_bread_is_one_sandwich(text: str, low: float, high: float) -> None:
    got = entries(text)
    assert len(got) == 1, got
    assert low <= got[0][1] <= high, got


async def test_what_is_on_toast_stays_two_foods() -> None:
    got = entries("2 poached eggs on toast")
    assert len(got) == 2, got


@pytest.mark.parametrize(
    ("text", "dish"),
    [
        ("un panino con la mortadella", "panino"),
        ("una piadina prosciutto e mozzarella", "piadina"),
        ("un bocadillo con el jamón", "bocadillo"),
    ],
)
async def test_what_a_filled_dish_is_with_is_its_filling(text: str, dish: str) -> None:
    got = entries(text)
    assert len(got) == 1 and dish in got[0][0], got


async def test_a_filled_dish_before_a_filling_the_table_lacks_is_still_logged() -> None:
    got = entries("una piadina crudo e squacquerone")
    assert len(got) == 1 and "piadina" in got[0][0] and got[0][1] > 400, got


@pytest.mark.parametrize(
    "text", ["enchiladas con un huevo frito", "Spinat mit einem Spiegelei", "toast with an egg"]
)
async def test_an_egg_beside_a_dish_is_its_own_entry(text: str) -> None:
    got = entries(text)
    assert len(got) == 2 and "egg" in got[1][0], got


@pytest.mark.parametrize(
    ("text", "not_logged"),
    [("rice and coconut chutney", "coconut,"), ("toast with apricot jam", "apricot")],
)
async def test_a_food_named_before_a_chutney_or_jam_is_its_flavour(
    text: str, not_logged: str
) -> None:
    got = entries(text)
    assert not any(name.startswith(not_logged) for name, _kcal in got), got
    assert sum(kcal for _name, kcal in got) < 600, got
