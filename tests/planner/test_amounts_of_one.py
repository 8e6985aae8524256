"""How much one of a food is, said in the person's own words: the weight of one said after
it ("una mozzarella intera da 250 g"), strips and rashers of bacon, a spoonful of a spread,
a sleeve of crackers."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, named_kcal

logged = functools.partial(named_kcal, context=context_at("Europe/Berlin", 13, 10), lower=True)


def _one(text: str, word: str) -> tuple[str, float]:
    found = [(name, kcal) for name, kcal in logged(text) if word in name]
    assert len(found) == 1, logged(text)
    return found[0]


@pytest.mark.parametrize(
    ("text", "word", "grams"),
    [
        ("a whole camembert of 250 g", "camembert", 250),
        ("un camembert entier de 250 g", "camembert", 250),
        ("ein ganzer Camembert von 250 g", "camembert", 250),
        ("un camembert entero de 250 g", "camembert", 250),
        ("un camembert intero da 250 g", "camembert", 250),
        ("2 mozzarelle da 100 g", "mozzarella", 200),
    ],
)
def test_the_weight_of_one_said_after_the_food_is_what_was_eaten(
    text: str, word: str, grams: int
) -> None:
    name, _ = _one(text, word)
    assert name.endswith(f", {grams} g"), name


@pytest.mark.parametrize(
    "text",
    [
        "4 strips of bacon with my eggs",
        "4 rashers of bacon",
        "vier Streifen Speck",
        "4 tiras de bacon",
        "4 strisce di pancetta",
    ],
)
def test_strips_and_rashers_of_bacon_are_counted_as_slices(text: str) -> None:
    name, kcal = _one(text, "bacon")
    assert name.endswith("4 slices"), name
    assert 150 < kcal < 200


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("toast with a spoonful of nutella", "nutella"),
        ("ein Löffel Honig", "honey"),
        ("una cuchara de nutella", "nutella"),
        ("une cuillerée de miel", "miel"),
        ("un cucchiaio di miele", "honey"),
    ],
)
def test_a_spoonful_of_a_spread_is_a_tablespoon(text: str, word: str) -> None:
    name, _ = _one(text, word)
    assert name.endswith("1 tbsp"), name


def test_a_spoonful_of_sugar_stays_a_teaspoon() -> None:
    name, kcal = _one("a spoonful of sugar", "sugar")
    assert name.endswith("1 tsp") and kcal < 20, name


@pytest.mark.parametrize(
    "text", ["finished a sleeve of tuc crackers", "ate a whole sleeve of ritz crackers"]
)
def test_a_sleeve_of_crackers_is_a_roll_of_them(text: str) -> None:
    _, kcal = _one(text, "cracker")
    assert 350 < kcal < 600


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("half of a large pizza", 1000, 1300),
        ("die Hälfte einer großen Pizza", 1000, 1300),
        ("a large pizza", 2000, 2600),
        ("a pizza", 1000, 1300),
        ("a medium pizza", 1500, 1900),
    ],
)
def test_a_pizza_of_a_size_is_counted_in_that_size_s_slices(
    text: str, low: float, high: float
) -> None:
    _, kcal = _one(text, "pizza")
    assert low <= kcal <= high


@pytest.mark.parametrize(
    "text",
    [
        "3 slices warburtons bread",
        "drei Scheiben Harry Brot",
        "3 slices of warburtons bread",
    ],
)
def test_a_count_of_slices_before_a_brand_is_how_much_of_its_bread(text: str) -> None:
    # English and German name the brand between the measure and the food, "of" or not
    name, _ = _one(text, "bread")
    assert name.endswith("3 slices"), name
