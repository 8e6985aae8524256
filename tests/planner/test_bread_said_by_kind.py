"""Bread said only by its kind after its slices ("2 slices rye", "2 Scheiben Vollkorn") is
that bread, and toast of a kind ("rye toast") that bread toasted, counted once; a kind
followed by another food keeps that food."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal

_AT = context_at("Europe/Paris", 8)


@pytest.mark.parametrize(
    ("text", "bread"),
    [
        ("a slice of wholemeal with peanut butter", "whole wheat bread"),
        ("3 slices rye", "rye bread"),
        ("zwei Scheiben Roggen mit Käse", "rye bread"),
        ("trois tranches de seigle", "rye bread"),
        ("una fetta di integrale e un caffè", "whole wheat bread"),
        ("dos rebanadas de centeno", "rye bread"),
    ],
)
def test_slices_of_a_kind_are_that_bread(text: str, bread: str) -> None:
    names = [name.lower() for name, _ in understood_kcal(text, _AT)]
    assert any(name.startswith(bread) for name in names), names


def test_the_count_of_slices_is_kept() -> None:
    ((_, one),) = understood_kcal("1 slice of rye", _AT)
    ((_, three),) = understood_kcal("3 slices of rye", _AT)
    assert three == pytest.approx(3 * one, abs=2)


def test_a_kind_before_another_food_keeps_that_food() -> None:
    ((name, _),) = understood_kcal("a slice of white pizza", _AT)
    assert "pizza" in name.lower()


@pytest.mark.parametrize("text", ["2 slices of rye toast", "2 slices of sourdough toast"])
def test_toast_of_a_kind_is_that_bread_toasted_not_bread_and_toast(text: str) -> None:
    ((name, kcal),) = understood_kcal(text, _AT)
    assert "bread" in name.lower() and kcal <= 270
