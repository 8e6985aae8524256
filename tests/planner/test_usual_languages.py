"""Yesterday's meal asked for again in German, French, Spanish and Italian ("zum Frühstück wie
gestern", "pareil que hier midi", "lo mismo que ayer en la comida", "solita colazione di
ieri") reads yesterday's day and picks that meal, as "same breakfast as yesterday" does."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.planner.offline.usual import find_repeat

TODAY = dt.date(2026, 11, 24)


@pytest.mark.parametrize(
    ("text", "meal"),
    [
        ("zum Abendessen wie gestern", "dinner"),
        ("Mittagessen wie gestern", "lunch"),
        ("pareil que hier soir", "dinner"),
        ("le petit dej comme hier", "breakfast"),
        ("lo mismo que ayer para el desayuno", "breakfast"),
        ("el almuerzo igual que ayer", "lunch"),
        ("stessa cena di ieri", "dinner"),
        ("come ieri a pranzo", "lunch"),
        ("solita colazione di ieri", "breakfast"),
    ],
)
def test_yesterdays_meal_again_in_other_languages(text: str, meal: str) -> None:
    repeat = find_repeat(text, TODAY)
    assert repeat is not None and repeat.meal == meal
    assert repeat.read.date == TODAY - dt.timedelta(days=1)


@pytest.mark.parametrize("text", ["wie gestern", "comme hier, une pomme", "pizza come ieri"])
def test_no_meal_named_is_no_repeat(text: str) -> None:
    assert find_repeat(text, TODAY) is None
