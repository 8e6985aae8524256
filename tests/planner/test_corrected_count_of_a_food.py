"""A food said with no number and then counted in a correction ("bagel, sorry, make that 3",
"Brezel, nee, mach 3 draus", "empanada, mejor tres", "un cornetto, facciamo tre") is that
many of the food, once: never the one food with the correcting words left unread."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal

CONTEXT = context_at("Europe/Berlin", 10, 0)


@pytest.mark.parametrize(
    ("text", "word", "least", "most"),
    [
        ("bagel, no make that 3", "bagel", 700, 950),
        ("pain au chocolat, sorry 3", "pain au chocolat", 600, 1000),
        ("Brezel, nee, mach 3 draus", "pretzel", 550, 800),
        ("eine Laugenbrezel, mach zwei draus", "pretzel", 350, 550),
        ("empanada, no, mejor tres", "empanada", 700, 1000),
        ("una cerveza, que sean tres", "beer", 350, 500),
        ("croissant, non, disons trois", "croissant", 600, 800),
        ("cornetto, facciamo tre", "croissant", 600, 800),
        ("cornetto, anzi tre", "croissant", 600, 800),
    ],
)
def test_a_food_said_alone_is_counted_by_the_correction(
    text: str, word: str, least: float, most: float
) -> None:
    logged = understood_kcal(text, CONTEXT)
    assert len(logged) == 1, logged
    name, kcal = logged[0]
    assert word in name.lower()
    assert least <= kcal <= most, logged


def test_two_foods_said_alone_are_not_guessed_at() -> None:
    from tests.planner.logged import food_entries

    entries = food_entries("toast and coffee, no 3", CONTEXT)
    assert all((e.entry.calories or 0) < 200 for e in entries), entries
