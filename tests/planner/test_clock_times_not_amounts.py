"""A time of the clock said beside a food ("alle 2 e mezza", "a las 3 y cuarto", "à 2h30",
"um halb drei", "at half 2", "at 1.30") says when it was eaten: never one and a half, two and
a half or thirty of the food said next to it."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal

CONTEXT = context_at("Europe/Rome", 14, 0)


@pytest.mark.parametrize(
    ("text", "word", "most"),
    [
        ("alle 2 e mezza piadina con gli amici", "piadina", 700),
        ("all'una e mezza un panino", "roll", 300),
        ("verso le 3 e un quarto un cornetto", "cornetto", 400),
        ("a las 2 y media churros", "churro", 400),
        ("a la una y media una empanada", "empanada", 400),
        ("à 2h30 une crêpe", "crêpe", 300),
        ("à 2h et demie une crêpe", "crêpe", 300),
        ("vers 16h30 un pain au chocolat", "pain au chocolat", 350),
        ("um halb drei ein Döner", "kebab", 800),
        ("um Viertel nach 2 zwei Brezeln", "pretzel", 600),
        ("burrito at half 2", "burrito", 700),
        ("at quarter to 3 a bagel", "bagel", 350),
        ("at 2.30 a burrito", "burrito", 700),
        ("alle 13.30 un panino", "roll", 300),
    ],
)
def test_a_clock_time_is_no_amount_of_the_food(text: str, word: str, most: float) -> None:
    logged = understood_kcal(text, CONTEXT)
    assert len(logged) == 1, logged
    name, kcal = logged[0]
    assert word in name.lower()
    assert kcal <= most


@pytest.mark.parametrize(
    ("text", "least"),
    [
        ("2 and a half bagels", 600),
        ("1 e mezza piadina", 850),
        ("2 y media empanadas", 600),
    ],
)
def test_a_count_and_a_half_without_a_clock_word_stays_a_count(text: str, least: float) -> None:
    logged = understood_kcal(text, CONTEXT)
    assert len(logged) == 1 and logged[0][1] >= least, logged
