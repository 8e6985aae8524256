"""A drink's volume said as bars and shops say it: a bare number after "de"/"of", or a
glass named by its size."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, food_entries

logged = functools.partial(food_entries, context=context_at("Europe/London", 20, 15))


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("una coca de 600", "600 ml"),
        ("2 cocas de 500", "1000 ml"),
        ("a coke of 500", "500 ml"),
        ("une bière de 250", "250 ml"),
        ("ein Seidl Bier", "300 ml"),
        ("eine Maß Bier", "1000 ml"),
        ("2 Halbe Helles", "1000 ml"),
        ("a schooner of beer", "425 ml"),
        ("a middy of lager", "285 ml"),
        ("a pot of beer", "285 ml"),
    ],
)
async def test_the_volume_is_the_drinks(text: str, amount: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert entries[0].entry.food.endswith(amount), entries[0].entry.food


@pytest.mark.parametrize(
    ("text", "not_said"),
    [
        ("un filete de 200", "ml"),  # a food's number is no volume
        ("eine halbe Pizza", "500"),  # "halbe" before a food is a half
        ("a pot of yogurt", "285"),  # a pot of a food is no glass
        ("una coca de 5", "5 ml"),  # too little for a bottle
    ],
)
async def test_no_volume_where_none_was_meant(text: str, not_said: str) -> None:
    for entry in logged(text):
        assert not_said not in entry.entry.food, entry.entry.food


async def test_an_ounce_size_before_a_soda_is_fluid_ounces() -> None:
    entries = logged("a 20 oz mountain dew")
    assert len(entries) == 1, entries
    assert "20 fl oz" in entries[0].entry.food
