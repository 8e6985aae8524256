"""A plate's size said after the dish ("risotto, una porzione abbondante", "chili, a hearty
bowl") scales that dish by the reader's size factor, in every language, and never becomes a
plate of one of the dish's ingredients."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal

CTX = context_at("Europe/Madrid", 14)


def _one(text: str) -> tuple[str, float]:
    entries = understood_kcal(text, CTX)
    assert len(entries) == 1, entries
    return entries[0]


@pytest.mark.parametrize(
    ("plain", "sized", "dish"),
    [
        ("chili", "chili, a hearty bowl", "chili"),
        ("ramen", "ramen, big ol bowl", "ramen"),
        ("fabada", "fabada, un plato bien lleno", "fabada"),
        ("cassoulet", "cassoulet, une bonne assiette", "cassoulet"),
        ("Käsespätzle", "Käsespätzle, ein großer Teller", "spätzle"),
        ("risotto ai funghi", "risotto ai funghi, una porzione abbondante", "risotto"),
        ("gnocchi al pomodoro", "gnocchi al pomodoro, un piatto abbondante", "gnocchi"),
    ],
)
def test_a_full_plate_said_after_is_a_large_one_of_the_dish(
    plain: str, sized: str, dish: str
) -> None:
    name, kcal = _one(sized)
    _, usual = _one(plain)
    assert dish in name.lower()
    assert 1.3 * usual <= kcal <= 1.5 * usual  # the large portion: 1.4 times


def test_a_small_bowl_after_stays_small() -> None:
    _, usual = _one("pho")
    _, small = _one("pho, small bowl")
    assert small < usual
