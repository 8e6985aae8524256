"""An amount corrected in its unit replaces the one said before; a weight with a half said in
words is that half; a food said as a label before one of its kind with an amount is logged
once; "50g pro" is stated protein."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from bot.agent_api.actions import Entry, NutritionAddEntry, WeightLog
from bot.kernel.plausibility import check
from bot.planner.offline.planner import plan_text
from tests.planner.logged import context_at, food_entries

CONTEXT = context_at("Europe/Rome", 13)


@pytest.mark.parametrize(
    ("text", "food", "amount"),
    [
        ("3 slices of pizza, sorry just one slice", "pizza", "1 slice"),
        ("drei Scheiben Brot, nein doch zwei Scheiben", "bread", "2 slice"),
        ("tres rebanadas de pan, perdón, solo una rebanada", "bread", "1 slice"),
        ("trois tranches de jambon, pardon, juste deux tranches", "ham", "2 slice"),
        ("3 cucchiai di miele, anzi solo un cucchiaio", "honey", "1 tbsp"),
    ],
)
def test_an_amount_corrected_in_its_unit_replaces_the_one_before(
    text: str, food: str, amount: str
) -> None:
    [entry] = food_entries(text, CONTEXT)
    assert food in entry.entry.food.lower()
    assert amount in entry.entry.food


@pytest.mark.parametrize(
    "text",
    [
        "this morning 71 and a half",
        "heute früh 71 einhalb",
        "esta mañana 71 y medio",
        "ce matin 71 et demi",
        "peso 71 e mezzo",
    ],
)
def test_a_half_said_in_words_after_a_weight_is_half_a_kilo(text: str) -> None:
    context = dataclasses.replace(CONTEXT, last_weight_kg=72.0)
    [weight] = [a for a in plan_text(text, context).actions if isinstance(a, WeightLog)]
    assert weight.weight_kg == pytest.approx(71.5)


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("shake: 1 scoop whey with water", "whey"),
        ("pizza: 2 slices of pepperoni pizza", "pepperoni pizza"),
    ],
)
def test_a_food_labelling_one_of_its_kind_is_logged_once(text: str, food: str) -> None:
    [entry] = food_entries(text, CONTEXT)
    assert food in entry.entry.food.lower()


def test_a_drink_and_what_is_added_to_it_stay_two() -> None:
    assert len(food_entries("coffee: 2 sugars", CONTEXT)) == 2


def test_grams_of_pro_are_stated_protein() -> None:
    [entry] = food_entries("2 scoops whey, 240 kcal 55g pro", CONTEXT)
    assert entry.entry.protein == 55
    assert entry.entry.calories == 240


@pytest.mark.parametrize(
    ("text", "kg"),
    [
        ("lost 3 lbs this week, now at 150.4", 68.22),
        ("2 Kilo weniger, jetzt bei 80.5", 80.5),
        ("he bajado 2 kilos, ahora 80.5", 80.5),
        ("j'ai perdu 3 livres, maintenant 150.4", 68.22),
        ("persi 2 kg, ora 80.5", 80.5),
    ],
)
def test_a_weight_said_without_a_unit_takes_the_one_the_message_says(text: str, kg: float) -> None:
    plan = plan_text(text, CONTEXT)
    [weight] = [a for a in plan.actions if isinstance(a, WeightLog)]
    assert weight.weight_kg == pytest.approx(kg)
    assert plan.unit_question is None


@pytest.mark.parametrize(
    ("text", "ml"),
    [
        ("had a 16oz iced tea, actually it was a 12oz can", "355 ml"),
        ("eine 0,5l Cola, nein doch eine 0,33l Dose", "0.33 l"),
    ],
)
def test_a_drink_corrected_to_its_container_size_is_logged_at_that_size(text: str, ml: str) -> None:
    [entry] = food_entries(text, CONTEXT)
    assert ml in entry.entry.food


@pytest.mark.parametrize(
    "text",
    [
        "dinner was a frozen dumpling thing, 410 cal",
        "irgendein Eintopf-Ding vom Bäcker, 380 kcal",
        "una cosa de la panadería, 320 kcal",
    ],
)
def test_energy_stated_without_macros_raises_no_doubt_about_them(text: str) -> None:
    plan = plan_text(text, CONTEXT)
    assert food_entries(text, CONTEXT)
    assert check(plan.actions, last_weight_kg=None) == []


def test_macros_that_disagree_with_the_energy_are_still_doubted() -> None:
    entry = Entry(food="Bar, 1 bar", calories=900, protein=10, carbs=10, fat=0)
    [concern] = check(
        [NutritionAddEntry(date=dt.date(2026, 11, 22), entry=entry)], last_weight_kg=None
    )
    assert concern.kind == "macros_mismatch"
