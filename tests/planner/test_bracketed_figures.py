"""A number alone in brackets after a food is its energy when the message states energy in
brackets for another food ("roll (250 kcal), apple (80)"); alone it stays what it was."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, named_kcal

logged = functools.partial(named_kcal, context=context_at("Europe/London", 12, 30), lower=True)


@pytest.mark.parametrize(
    ("text", "food", "kcal"),
    [
        ("Brötchen (250 kcal), Apfel (80)", "apfel", 80),
        ("yogur (120 kcal) y plátano (95)", "plátano", 95),
        ("egg mayo sandwich (320kcal), a bag of crisps (140)", "crisps", 140),
    ],
)
async def test_a_bracketed_number_beside_stated_energy_is_energy(
    text: str, food: str, kcal: int
) -> None:
    entries = logged(text)
    assert len(entries) == 2, entries
    assert [k for name, k in entries if food in name] == [kcal]


async def test_a_bracketed_small_number_is_no_energy() -> None:
    entries = logged("2 eggs (150 kcal) and toast (2)")
    assert all(k > 2 for _name, k in entries)


@pytest.mark.parametrize(
    ("text", "food"),
    [("chicken & bacon sarnie", "chicken & bacon sarnie"), ("egg and bacon bap", "egg and bacon")],
)
async def test_a_british_sandwich_with_two_fillings_is_one_item(text: str, food: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert food in entries[0][0]
