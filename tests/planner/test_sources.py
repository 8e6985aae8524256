"""A figure's source ("the app says", "laut App", "d'après l'appli") is read as a source:
the number stays the food's and no word of it becomes a food."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, food_entries

logged = functools.partial(food_entries, context=context_at("Europe/Berlin", 13, 15))


@pytest.mark.parametrize(
    ("text", "kcal"),
    [
        ("poke bowl with salmon, the app says 610 kcal", 610),
        ("Nudelsalat, laut App 520 kcal", 520),
        ("salade niçoise 450 kcal d'après l'appli", 450),
        ("ensalada césar 480 kcal según la app", 480),
        ("insalata caprese 390 kcal secondo l'app", 390),
    ],
)
async def test_the_source_leaves_one_food_with_its_figure(text: str, kcal: int) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert entries[0].entry.calories == kcal
