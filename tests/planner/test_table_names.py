"""Foods named as each language and country names them, where a name is also another
language's word: the French tea that folds to "the", Italian "latte" that is milk, the
German Brezel beside the American soft pretzel, "avo", "slice of swiss", Weizen."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, named_kcal

CONTEXT = context_at("Europe/Paris", 12)
# Each entry's name and its calories.
_entries = functools.partial(named_kcal, context=CONTEXT)


@pytest.mark.parametrize(
    "text",
    ["une tasse de thé", "Thé au citron et deux madeleines", "j'ai bu mon the", "deux thés"],
)
def test_french_tea_is_tea(text: str) -> None:
    assert any(food.startswith("Tea") for food, _ in _entries(text)), _entries(text)


@pytest.mark.parametrize(
    "text", ["the pasta was great", "I had the chicken", "the soup and the bread"]
)
def test_english_the_is_never_tea(text: str) -> None:
    assert not any(food.startswith("Tea") for food, _ in _entries(text)), _entries(text)


def test_green_tea_in_french_keeps_its_two_words() -> None:
    assert [food for food, _ in _entries("un thé vert")] == ["Tea (thé vert), 1 cup (240 ml)"]


@pytest.mark.parametrize(
    "text",
    [
        "stamattina latte e fette biscottate",
        "merenda: latte e cornetto",
        "ho preso latte con i cereali",
    ],
)
def test_bare_latte_in_italian_is_milk(text: str) -> None:
    foods = [food for food, _ in _entries(text)]
    assert any(food.startswith("Milk") for food in foods), foods
    assert not any(food.startswith("Latte") for food in foods), foods


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("a latte and a muffin before the meeting", "Latte"),
        ("two lattes", "Latte"),
        ("un latte macchiato", "Latte macchiato"),
        ("caffellatte e cornetto", "Coffee with milk"),
    ],
)
def test_the_coffee_latte_stays_a_coffee(text: str, food: str) -> None:
    assert _entries(text)[0][0].startswith(food), _entries(text)


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("zwei Brezen", 400, 520),  # a Bavarian Laugenbrezel is ~80 g
        ("eine Brezel zum Frühstück", 190, 270),
        ("a soft pretzel at the mall", 300, 400),  # the American one is ~100 g+
        ("eine Butterbrezel", 280, 380),
        ("spaghetti with meatballs", 450, 650),  # a 400 g plate
        ("ein Weizen", 200, 260),  # the half-litre bottle
    ],
)
def test_portions_are_what_each_country_serves(text: str, low: float, high: float) -> None:
    entries = _entries(text)
    assert len(entries) == 1, entries
    assert low <= entries[0][1] <= high, entries


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("smashed avo and a flat white", "Avocado toast"),
        ("half an avo on rice cakes", "Avocado"),
        ("2 slices of swiss", "Cheese"),
    ],
)
def test_short_names_find_their_food(text: str, food: str) -> None:
    assert _entries(text)[0][0].startswith(food), _entries(text)


@pytest.mark.parametrize("text", ["swiss chocolate", "bircher muesli, very swiss", "a swiss roll"])
def test_swiss_alone_is_no_cheese(text: str) -> None:
    assert not any(food.startswith("Cheese") for food, _ in _entries(text)), _entries(text)


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("12 almonds as a snack", 50, 110),  # counted by the nut, not by the handful
        ("15 Cashewkerne", 100, 180),
        ("30 pistacchi", 60, 140),
        ("8 grapes", 20, 60),
        ("5 fresas con yogur", 10, 40),  # the strawberries alone, beside the yogurt
        ("une poignée d'amandes", 140, 190),  # the handful the row weighs: 28 g
        ("a cup of grapes", 80, 130),
    ],
)
def test_small_foods_are_counted_by_the_piece(text: str, low: float, high: float) -> None:
    kcal = _entries(text)[0][1]
    assert low <= kcal <= high, _entries(text)


@pytest.mark.parametrize(
    "text",
    ["une rôtie au beurre de peanut", "tostadas con mantequilla de maní", "beurre d'arachide"],
)
def test_peanut_butter_by_its_quebec_and_latin_american_names(text: str) -> None:
    foods = [food for food, _ in _entries(text)]
    assert any("peanut butter" in food.lower() for food in foods), foods
    assert not any(food.startswith("Peanuts") for food in foods), foods


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("8 gamberi alla griglia", 50, 130),  # prawns by the prawn, not by the serving
        ("a dozen mussels", 30, 110),
        ("4 Jakobsmuscheln", 50, 130),
        ("15 framboises", 10, 60),
        ("a handful of gummy bears", 60, 120),
    ],
)
def test_seafood_and_berries_are_counted_by_the_piece(text: str, low: float, high: float) -> None:
    kcal = _entries(text)[0][1]
    assert low <= kcal <= high, _entries(text)


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("zwei Semmeln vom Billa", "Bread roll"),  # the shop after the food is where
        ("ein Gipfeli vom Migros", "Croissant"),
        ("a sausage roll from the bakery", "Greggs sausage roll"),
        ("steak and cheese pie from the servo", "Australian meat pie"),
        ("pork sinigang for dinner", "Sinigang"),
        ("3 pandesal with coffee", "Pandesal"),
        ("kopi peng and kaya toast", "Kopi"),
        ("leftover chicken alfredo", "Fettuccine Alfredo"),
    ],
)
def test_names_and_shops_of_the_countries_people_write_from(text: str, food: str) -> None:
    assert food.lower() in _entries(text)[0][0].lower(), _entries(text)


def test_a_leberkaesesemmel_is_the_roll_with_one_slice() -> None:
    assert 400 <= _entries("eine Leberkäsesemmel")[0][1] <= 560


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("me comí una pizza entera", 850, 1300),  # a European pizza, not an 8-slice US one
        ("gestern eine ganze Pizza Salami", 850, 1300),
        ("ate a whole pizza", 1800, 2600),  # the American medium pizza
    ],
)
def test_a_whole_pizza_is_the_size_of_its_country(text: str, low: float, high: float) -> None:
    assert low <= sum(kcal for _, kcal in _entries(text)) <= high, _entries(text)


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("6 Butterkekse", 200, 240),  # a thin butter biscuit, ~36 kcal, not a shortbread
        ("deux petits-beurre", 65, 80),
        ("2 shortbread fingers", 140, 180),
        ("quadretti di cioccolato fondente, 3", 130, 160),  # a square of a tablet ~8 g
        ("5 squares of dark chocolate", 220, 260),
    ],
)
def test_biscuits_and_chocolate_squares_weigh_what_one_does(
    text: str, low: float, high: float
) -> None:
    assert low <= sum(kcal for _, kcal in _entries(text)) <= high, _entries(text)
