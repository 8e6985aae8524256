"""Carbonara is often cut to "carbo" ("spag carbo", "pâtes carbo"); friselle, Apulia's
twice-baked bread rings, are eaten topped with tomato and oil; a sleeve of Ritz crackers is
a quarter of the box."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

AT_DINNER = context_at("Europe/Rome", 20)


@pytest.mark.parametrize("text", ["spag carbo", "des pâtes carbo ce soir", "pasta carbo"])
def test_carbo_is_carbonara(text: str) -> None:
    got = named_kcal(text, AT_DINNER, lower=True)
    assert len(got) == 1, got
    assert "carbonara" in got[0][0]
    assert 500 <= got[0][1] <= 1100


def test_friselle_are_counted_topped() -> None:
    got = named_kcal("3 friselle al pomodoro", AT_DINNER, lower=True)
    assert len(got) == 1, got
    assert "frisell" in got[0][0]
    assert 450 <= got[0][1] <= 800


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [("a sleeve of ritz", 400, 600), ("2 sleeves of ritz crackers", 800, 1200)],
)
def test_a_sleeve_of_crackers_is_a_quarter_box(text: str, low: float, high: float) -> None:
    got = named_kcal(text, AT_DINNER)
    assert len(got) == 1, got
    assert low <= got[0][1] <= high
