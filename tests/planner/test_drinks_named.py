"""A drink whose energy is mostly alcohol is saved as said, not held back as a food whose
macros do not make its calories: every alcoholic drink of the table, by whatever name ("a
pint of stout", "a negroni", "ein Radler", "un pastis", "uno spritz", "un kalimotxo")."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.agent_api.actions import Entry, NutritionAddEntry
from bot.kernel.plausibility import check
from bot.planner.offline.planner import plan_text
from bot.planner.offline.table import food_table
from tests.planner.logged import context_at


def test_no_food_or_drink_of_the_table_looks_odd() -> None:
    # a row whose figures the plausibility check doubts would be held in a draft every time
    foods = food_table().foods
    assert sum(f.alcohol_g > 2 for f in foods) > 100
    odd = []
    for food in foods:
        entry = Entry(
            food=food.name, calories=food.kcal, protein=food.protein, carbs=food.carbs, fat=food.fat
        )
        if check([NutritionAddEntry(date=dt.date(2026, 11, 20), entry=entry)], last_weight_kg=None):
            odd.append(food.name)
    assert odd == []


@pytest.mark.parametrize(
    ("zone", "said"),
    [
        ("Europe/Dublin", "a pint of guinness"),
        ("Europe/Rome", "un negroni e delle olive"),
        ("Europe/Berlin", "ein Radler nach dem Radeln"),
        ("Europe/Paris", "un pastis en terrasse"),
        ("Europe/Madrid", "un kalimotxo"),
    ],
)
def test_a_drink_named_by_its_own_name_is_saved_without_a_draft(zone: str, said: str) -> None:
    plan = plan_text(said, context_at(zone, 19))
    assert plan.actions, said
    assert check(plan.actions, last_weight_kg=None) == [], plan.actions


@pytest.mark.parametrize(
    ("zone", "said", "drink"),
    [
        ("Europe/London", "a steak bake and a pint", "beer"),
        ("Australia/Melbourne", "a chicken parma and 2 pints", "beer"),
        ("Europe/Dublin", "a bacon sandwich and a brew", "tea"),
    ],
)
def test_a_pint_said_alone_is_beer_and_a_brew_tea(zone: str, said: str, drink: str) -> None:
    plan = plan_text(said, context_at(zone, 13))
    names = [a.entry.food.lower() for a in plan.actions if isinstance(a, NutritionAddEntry)]
    assert len(names) == 2 and drink in names[1], names


def test_a_pint_of_something_is_that() -> None:
    plan = plan_text("a pint of milk", context_at("Europe/London", 8))
    names = [a.entry.food.lower() for a in plan.actions if isinstance(a, NutritionAddEntry)]
    assert names and "milk" in names[0], names


def test_a_drink_saved_by_the_readers_own_word_is_not_held_back() -> None:
    # a reader of another language saves "Birra", "Cañas", "Vin rouge", "Peroni": names no
    # English drink word is part of; the table knows them all as alcoholic
    from bot.planner.drinks import alcoholic_entry
    from bot.planner.offline.their_words import their_word

    table = food_table()
    held = []
    for alias, food in table.by_alias.items():
        if food.alcohol_g <= 2 or food.protein + food.carbs + food.fat == 0:
            continue
        entry = Entry(
            food=f"{their_word(alias)}, 1 porzione media (400 ml)",
            calories=food.kcal,
            protein=food.protein,
            carbs=food.carbs,
            fat=food.fat,
        )
        action = NutritionAddEntry(date=dt.date(2026, 11, 20), entry=entry)
        if check([action], last_weight_kg=None, is_alcohol=alcoholic_entry):
            held.append(alias)
    assert held == []
    juice = Entry(food="Succo d'arancia, 1 bicchiere", calories=300, protein=1, carbs=20, fat=0)
    soft = NutritionAddEntry(date=dt.date(2026, 11, 20), entry=juice)
    assert check([soft], last_weight_kg=None, is_alcohol=alcoholic_entry)  # still doubted
