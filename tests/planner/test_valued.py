"""Figures for the foods a model names: the table's when it knows the food, the person's when
they said them, the model's own (an estimate) otherwise."""

from __future__ import annotations

import pytest

from bot.planner.offline.foods import food_table
from bot.planner.valued import Proposal, Stated, match, portion_grams, value


def _proposal(food: str, amount: float | None, unit: str | None, kcal: float = 500) -> Proposal:
    return Proposal(food, amount, unit, kcal, 20.0, 50.0, 20.0)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "row"),
    [
        ("banana", "Banana"),
        ("Bananas", "Banana"),
        ("grilled chicken breast", "Chicken breast"),  # an alias as it stands
        ("homemade oatmeal", "Oatmeal"),  # a descriptor is dropped
        ("Starbucks latte", "Starbucks grande latte"),  # a chain's own row
        ("decaf latte", "Latte"),
        ("Haferbrei", "Oatmeal"),  # the table's names in other languages
        ("scrambled eggs", "Scrambled eggs"),  # the whole name first: no egg and a modifier
        ("blueberries", "Blueberries"),
        ("low fat milk", "Low fat milk (1%)"),  # the survey foods, second
        ("Oatmeal (cooked)", "Oatmeal"),  # a bracket says how, not what
    ],
)
def test_a_name_the_table_knows_is_its_row(name: str, row: str) -> None:
    found = match(name)
    assert found is not None and found.name == row


@pytest.mark.parametrize(
    "name",
    [
        "grandma's stew",
        "bananna",  # no typo is guessed from a model's name
        "chicken and rice",  # two foods: neither row is the dish
        "2 eggs",  # the amount belongs in its own field
        "",
        "grilled",  # only a descriptor
    ],
)
def test_a_name_the_table_does_not_know_matches_nothing(name: str) -> None:
    assert match(name) is None


def test_amounts_become_the_rows_grams_or_millilitres() -> None:
    rows = food_table().by_alias
    egg, milk, rice, pizza = rows["egg"], rows["milk"], rows["rice"], rows["pizza"]
    assert portion_grams(egg, 3, "piece") == 150  # three of its large eggs
    assert portion_grams(egg, 80, "g") == 80
    assert portion_grams(egg, None, None) == egg.portion_g  # no amount: its typical portion
    assert portion_grams(milk, 2, "cup") == 480  # a drink's cup is 240 ml
    assert portion_grams(milk, 330, "ml") == 330
    assert portion_grams(milk, 16, "oz") == pytest.approx(473.1, abs=0.1)  # fluid ounces
    assert portion_grams(rice, 2, "cup") == 316  # the row's own cup of cooked rice
    assert portion_grams(rice, 4, "oz") == pytest.approx(113.4)  # of a food: weight
    assert portion_grams(pizza, 3, "slice") == 321
    assert portion_grams(pizza, 1, "serving") == pizza.portion_g


def test_what_cannot_be_said_without_guessing_is_none() -> None:
    rows = food_table().by_alias
    assert portion_grams(rows["chicken breast"], 1, "cup") is None  # a cup of a solid
    assert portion_grams(rows["pizza"], 1, "piece") is None  # a slice, or a whole pizza?
    assert portion_grams(rows["rice"], 100, "serving") is None  # beyond any one portion


def test_the_table_values_a_known_food_whatever_the_model_estimated() -> None:
    low = value(_proposal("Eggs", 2, "piece", kcal=120), Stated())
    high = value(_proposal("eggs", 2, "piece", kcal=210), Stated())
    assert low.source == high.source == "table" and not low.estimate
    assert low.entry.calories == high.entry.calories == 143
    assert (low.entry.protein, low.entry.carbs, low.entry.fat) == (12.6, 0.7, 9.5)
    assert low.entry.food == "Eggs, 2 pieces (100 g)"
    assert value(_proposal("milk", 250, "ml"), Stated()).entry.food == "milk, 250 ml"


def test_an_unknown_food_keeps_the_models_figures_as_an_estimate() -> None:
    valued = value(_proposal("Grandma's stew", 1, "serving", kcal=480), Stated())
    assert valued.estimate and valued.source == "model"
    assert valued.entry.food == "Grandma's stew, 1 serving"  # the name itself carries no mark
    assert (valued.entry.calories, valued.entry.protein) == (480, 20)


def test_the_persons_numbers_win() -> None:
    said = Stated.of("protein bar 250 kcal")
    bar = value(_proposal("protein bar", 1, "piece", kcal=250), said)
    assert bar.source == "person" and bar.entry.calories == 250
    ratio = 250 / 220  # the table's bar, scaled to the stated energy
    assert bar.entry.protein == pytest.approx(20 * ratio, abs=0.05)

    stew = value(_proposal("beef stew", 1, "serving", kcal=650), Stated.of("stew, 650 cal"))
    assert stew.source == "person" and not stew.estimate and stew.entry.calories == 650

    shake = Proposal("protein shake", 1, "serving", 140, 25, 4, 2)
    valued = value(shake, Stated.of("shake 25g protein, 140 kcal"))
    assert (valued.entry.calories, valued.entry.protein) == (140, 25)

    bars = value(_proposal("granola bar", 2, "piece", kcal=400), Stated.of("2 bars, 200 kcal each"))
    assert bars.source == "person" and bars.entry.calories == 400


def test_a_number_the_person_did_not_state_as_energy_is_not_theirs() -> None:
    said = Stated.of("2 eggs, burned 300 kcal on the bike")
    assert said.kcal == ()
    assert value(_proposal("eggs", 2, "piece", kcal=300), said).entry.calories == 143
