"""A food named by a diminutive or augmentative ending is that food ("una manzanita", "un
biscottino", "ein Törtchen", "une crêpette"), in its usual portion, or the large one for an
augmentative; a word that only ends like one is never made a food, nor "corrected" into one
as a typo."""

from __future__ import annotations

import pytest

from bot.planner.offline.table import food_table
from tests.planner.logged import context_at, food_entries, named_kcal, understood_kcal


@pytest.mark.parametrize(
    ("zone", "diminutive", "plain"),
    [
        ("America/Bogota", "una manzanita y un platanito", "una manzana y un plátano"),
        ("America/Lima", "dos empanaditas de carne", "dos empanadas de carne"),
        ("Europe/Rome", "un biscottino", "un biscotto"),
        ("Europe/Vienna", "zwei Semmerl", "zwei Semmeln"),
        ("Europe/Zurich", "ein Bierli", "ein Bier"),
        ("Europe/Berlin", "ein Törtchen und ein Schnäpschen", "eine Torte und ein Schnaps"),
        ("Europe/Paris", "une crêpette", "une crêpe"),
        ("Europe/Paris", "une saucissette", "une saucisse"),
    ],
)
def test_a_diminutive_is_the_food_in_its_usual_portion(
    zone: str, diminutive: str, plain: str
) -> None:
    context = context_at(zone, 12)
    small = understood_kcal(diminutive, context)
    usual = understood_kcal(plain, context)
    assert len(small) == len(usual), (small, usual)
    assert [kcal for _, kcal in small] == pytest.approx([kcal for _, kcal in usual]), small


@pytest.mark.parametrize(
    ("zone", "said", "name", "low", "high"),
    [
        ("America/Mexico_City", "un vasito de leche", "milk", 100, 200),
        ("Europe/Berlin", "ein Tässchen Tee", "tea", 0, 10),
        ("Europe/Rome", "una fettina di torta", "cake", 200, 400),
    ],
)
def test_a_measure_said_by_its_diminutive_is_that_measure(
    zone: str, said: str, name: str, low: float, high: float
) -> None:
    logged = understood_kcal(said, context_at(zone, 16))
    assert len(logged) == 1, logged
    assert name in logged[0][0].lower()
    assert low <= logged[0][1] <= high, logged


def test_small_pizzas_are_pizza_each_less_than_a_whole_one() -> None:
    # "pizzette" and French "pizzettes": a small pizza each, never a whole one
    for said in ("due pizzette", "deux pizzettes"):
        logged = understood_kcal(said, context_at("Europe/Rome", 19))
        assert len(logged) == 1 and "pizza" in logged[0][0].lower(), logged
        assert 400 <= logged[0][1] <= 1200, logged


def test_an_augmentative_is_the_large_portion() -> None:
    context = context_at("Europe/Rome", 16)
    [(_, big)] = understood_kcal("un gelatone", context)
    [(_, usual)] = understood_kcal("un gelato", context)
    assert big > usual * 1.2


def test_a_size_said_after_an_augmentative_is_the_size() -> None:
    context = context_at("Europe/Rome", 13)
    [(_, small)] = understood_kcal("un gelatone piccolo", context)
    [(_, usual)] = understood_kcal("un gelato", context)
    assert small < usual


@pytest.mark.parametrize(
    ("zone", "said", "not_logged"),
    [
        ("America/Bogota", "cené en la cocina", "coconut"),
        ("Europe/Rome", "una ricetta nuova: pasta al pomodoro", "rice"),
        ("Europe/Berlin", "wir brauchen Brot", "roll"),
        ("Europe/Madrid", "compré un tornillo y una manzana", "tortilla"),
    ],
)
def test_a_word_that_only_ends_like_a_diminutive_is_no_food(
    zone: str, said: str, not_logged: str
) -> None:
    logged = named_kcal(said, context_at(zone, 20), lower=True)
    assert not any(not_logged in name for name, _ in logged), logged


@pytest.mark.parametrize(
    "word",
    ["brauchen", "tornillo", "medicina", "castillos", "bauteile", "pasillos", "marsella"],
)
def test_a_word_of_its_own_is_no_typo_of_a_longer_food(word: str) -> None:
    # two edits away from a food's name ("Brötchen", "tortilla", "mexicana", "costillas"),
    # with an ending of its language that makes it long
    assert food_table().forms(word) == (word,)


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("tortelini", "tortellini"), ("papardelle", "pappardelle"), ("bruscheta", "bruschetta")],
)
def test_a_slip_on_a_food_with_such_an_ending_is_still_read(typed: str, meant: str) -> None:
    assert food_table().forms(typed) == (typed, meant)


def test_the_name_shown_is_the_diminutive_said() -> None:
    [entry] = food_entries("un platanito", context_at("America/Bogota", 10))
    assert "platanito" in entry.entry.food.lower()
