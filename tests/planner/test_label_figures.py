"""A figure a person reads off a package is the food's: the words saying so ("it says", "steht",
"dice", "c'est écrit", "dalla confezione") are no food, the food the table lacks is named by the
words said before the figure, and a number said per serving counts every serving."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, food_entries

logged = functools.partial(food_entries, context=context_at("Europe/Berlin", 13, 15))


@pytest.mark.parametrize(
    ("text", "name", "kcal"),
    [
        ("galletas integrales, dice 140 kcal", "galletas integrales", 140),
        ("barre de céréales bio, c'est écrit 110 kcal", "barre de céréales bio", 110),
        ("crackers integrali, 130 kcal dalla confezione", "whole wheat crackers", 130),
        ("granola bar from the market, it says 180 cal", "granola bar", 180),
        ("skyr vom Aldi, steht 150 kcal", "skyr", 150),
    ],
)
async def test_what_the_package_says_is_the_foods_energy(text: str, name: str, kcal: int) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert entries[0].entry.food.lower().startswith(name)
    assert entries[0].entry.calories == kcal


async def test_a_food_the_table_lacks_is_named_by_the_words_before_its_figure() -> None:
    (entry,) = logged("dinner was a trader joe's frozen dumpling thing, 410 cal")
    assert "dumpling" in entry.entry.food.lower()
    assert entry.entry.calories == 410


async def test_a_figure_read_off_the_label_after_a_full_stop_is_the_foods() -> None:
    (entry,) = logged("quest bar. it says 190 cal")
    assert entry.entry.food.startswith("Quest bar")
    assert entry.entry.calories == 190


@pytest.mark.parametrize(
    ("text", "protein"),
    [
        ("barrita de proteínas, 20g de proteína y 200 kcal", 20),
        ("barretta, 18 g di proteine e 190 kcal", 18),
        ("barrita 15 gramos de proteína, 180 kcal", 15),
        ("Proteinriegel, 10 Gramm Eiweiß", 10),
        ("skyr 150g, 15 grammi di proteine", 15),
    ],
)
async def test_grams_of_protein_said_with_of_in_another_language(text: str, protein: int) -> None:
    (entry,) = logged(text)
    assert entry.entry.protein == protein


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("3 servings of the leftover chili, 280 per serving", 840, 840),
        ("2 porzioni di lasagne, 350 per porzione", 700, 700),
        ("3 Portionen Lasagne, 300 pro Portion", 900, 900),
    ],
)
async def test_a_number_per_serving_counts_every_serving(text: str, low: int, high: int) -> None:
    (entry,) = logged(text)
    assert low <= (entry.entry.calories or 0) <= high


async def test_a_small_number_per_serving_is_no_energy() -> None:
    (entry,) = logged("2 eggs, 2 per serving")
    assert entry.entry.calories != 2


@pytest.mark.parametrize(
    ("text", "kcal"),
    [
        ("3 macarons, 90 kcal chacun", 270),
        ("2 Brezeln, 250 kcal jeweils", 500),
        ("2 empanadas, 300 kcal cada una", 600),
        ("4 biscotti, 60 kcal ciascuno", 240),
    ],
)
async def test_energy_said_for_each_counts_every_one(text: str, kcal: int) -> None:
    (entry,) = logged(text)
    assert entry.entry.calories == kcal


async def test_energy_for_each_of_a_food_the_table_lacks_is_named_by_the_food() -> None:
    (entry,) = logged("2 moonberry bites, 120 kcal each")
    assert entry.entry.calories == 240
    assert entry.entry.food.lower().startswith("moonberry bites")


@pytest.mark.parametrize(
    ("text", "kcal"),
    [
        ("ate half a pizza, app says 800", 800),
        ("Müsli, laut Packung 350", 350),
        ("yogur, la etiqueta pone 120", 120),
        ("popcorn at the cinema, the bag says 450", 450),
        ("burrito bowl again, the app said 720", 720),
    ],
)
async def test_a_number_read_off_an_app_or_package_is_energy(text: str, kcal: int) -> None:
    (entry,) = logged(text)
    assert entry.entry.calories == kcal
    assert "again" not in entry.entry.food


async def test_a_weight_read_off_an_app_stays_a_weight() -> None:
    assert logged("the app says 80 kg") == []


@pytest.mark.parametrize(
    ("text", "kcal"),
    [
        ("2 Müsliriegel, je 180 kcal", 360),
        ("3 Kekse zu je 50 kcal", 150),
        ("2 Brezeln je 250 kcal", 500),
    ],
)
async def test_je_before_the_energy_counts_every_one(text: str, kcal: int) -> None:
    (entry,) = logged(text)
    assert entry.entry.calories == kcal


@pytest.mark.parametrize(
    ("text", "name", "kcal"),
    [
        ("chobani plain nonfat 5.3oz cup, 80 cal 14g protein", "chobani plain nonfat", 80),
        ("oikos triple zero 150 g, 90 kcal", "oikos triple zero", 90),
        ("fage 0% 170g, 93 kcal e 17g di proteine", "fage 0%", 93),
        ("Alnatura Dinkelcracker 50 g, 210 kcal", "alnatura dinkelcracker", 210),
        ("galletas hacendado 30 g, 140 kcal", "galletas hacendado", 140),
        ("biscuits bonne maman 40 g, 190 kcal", "biscuits bonne maman", 190),
    ],
)
async def test_a_brand_with_its_amount_and_figure_is_named_by_its_words(
    text: str, name: str, kcal: int
) -> None:
    (entry,) = logged(text)
    assert entry.entry.food.lower().split(",")[0] == name
    assert entry.entry.calories == kcal


@pytest.mark.parametrize(
    "text",
    [
        "skyr 150g 95 kcal",
        "Müsliriegel 25g, 98 kcal",
        "barrita 30g 120 kcal",
        "yaourt 125 g 60 kcal",
    ],
)
async def test_a_known_food_with_its_amount_and_figure_keeps_its_name(text: str) -> None:
    (entry,) = logged(text)
    name = entry.entry.food.lower()
    assert name[:1].isalpha() and not name.startswith(("g ", "g,", "oz")), name
