"""The small pours drinks are ordered by in Spain and France ("un culín de sidra", "3
culinos de sidra", "un chato de vino", "un galopin de bière") are their 100-125 ml, not a
330 ml bottle each; said of a drink with no alcohol they name no glass."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal

CONTEXT = context_at("Europe/Madrid", 21, 0)


@pytest.mark.parametrize(
    ("text", "word", "least", "most"),
    [
        ("3 culinos de sidra", "cider", 100, 180),
        ("un culín de sidra", "cider", 30, 65),
        ("un chato de vino", "wine", 60, 110),
        ("un galopin de bière", "beer", 40, 70),
    ],
)
def test_a_small_pour_is_its_measure(text: str, word: str, least: float, most: float) -> None:
    logged = understood_kcal(text, CONTEXT)
    assert len(logged) == 1, logged
    name, kcal = logged[0]
    assert word in name.lower()
    assert least <= kcal <= most, logged
