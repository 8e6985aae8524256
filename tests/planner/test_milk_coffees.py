"""A coffee made mostly of milk, as each country serves it, has the milk's energy: a French
café crème, a German Milchkaffee, a café au lait, an Italian caffellatte are 100-130 kcal;
coffee with a splash of milk, a Swiss Kafi Creme, stays small."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

AT_BREAKFAST = context_at("Europe/Paris", 8)


@pytest.mark.parametrize(
    "text",
    ["un grand crème en terrasse", "ein großer Milchkaffee", "un café au lait", "un caffelatte"],
)
def test_a_coffee_mostly_of_milk(text: str) -> None:
    got = named_kcal(text, AT_BREAKFAST)
    assert len(got) == 1, got
    assert 90 <= got[0][1] <= 150, got


@pytest.mark.parametrize("text", ["coffee with a splash of milk", "ein Kafi Creme", "white coffee"])
def test_a_coffee_with_a_splash(text: str) -> None:
    got = named_kcal(text, AT_BREAKFAST)
    assert len(got) == 1 and got[0][1] <= 60, got
