"""What a person says of a food's amount is logged as said: a punnet, a drizzle, one
arancino, slices from the chain they came from; and a food said without one is the portion
people eat of it ("un yaourt nature" is a pot, a deli turkey sandwich more than two slices
of bread and a slice of turkey)."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, food_entries

logged = functools.partial(food_entries, context=context_at("Europe/Madrid", 12, 40))


def _one(text: str, word: str) -> tuple[str, float]:
    entries = [e.entry for e in logged(text) if word in e.entry.food.lower()]
    assert len(entries) == 1, logged(text)
    return entries[0].food, entries[0].calories or 0.0


@pytest.mark.parametrize(
    ("text", "word", "low", "high"),
    [
        # the container said
        ("une barquette de framboises", "raspberr", 100, 160),
        ("a punnet of blueberries", "blueberr", 110, 180),
        ("una vaschetta di fragole", "strawberr", 60, 100),
        # a drizzle is a teaspoon or two, not a splash
        ("a drizzle of honey", "honey", 15, 60),
        ("un drizzle de miel", "honey", 15, 60),
        # one of a food the table counts by the pair
        ("un arancino al burro", "aranc", 200, 350),
        ("un'arancina e un caffè", "aranc", 200, 350),
        ("2 arancini", "aranc", 450, 650),
        # slices from the chain they came from
        ("two slices of pizza from costco", "costco", 1200, 1600),
        ("2 slices of pepperoni from dominos", "domino", 500, 700),
    ],
)
async def test_the_amount_said_is_logged(text: str, word: str, low: float, high: float) -> None:
    food, kcal = _one(text, word)
    assert low <= kcal <= high, (food, kcal)


@pytest.mark.parametrize(
    ("text", "word", "low", "high"),
    [
        ("un yaourt nature", "yog", 45, 84),
        ("ein Naturjoghurt", "yog", 45, 84),
        ("un yogur natural", "yog", 45, 84),
        ("uno yogurt bianco", "yog", 45, 84),
        ("an iced americano", "coffee", 0, 20),
        ("un americano", "coffee", 0, 20),
        ("3 galletas maría", "marie", 60, 100),
        ("2 huevos a la mexicana", "egg", 154, 286),
        ("turkey sandwich on white", "turkey", 244, 455),
        ("2 choripanes", "chori", 700, 1000),
        ("chicken rice at the food court", "chicken rice", 420, 780),
        ("1 vada", "vada", 98, 182),
        ("a 3-in-1 coffee", "3-in-1", 62, 117),
        ("pandesal and a 3in1 coffee", "3-in-1", 62, 117),
        ("2pcs chickenjoy", "chickenjoy", 550, 750),
        ("jolly spaghetti", "spaghetti", 266, 494),
        ("4 choc hobnobs", "hobnob", 330, 410),  # about 92 kcal each
    ],
)
async def test_a_food_said_alone_is_the_portion_people_eat(
    text: str, word: str, low: float, high: float
) -> None:
    food, kcal = _one(text, word)
    assert low <= kcal <= high, (food, kcal)


async def test_a_flavour_named_in_the_singular_is_no_food() -> None:
    entries = logged("un frullato alla fragola")
    assert len(entries) == 1, entries
