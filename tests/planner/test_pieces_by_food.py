"""A piece of a food weighs what a piece of that food does: a square of chocolate a few
grams, not a bar; a hunk of bread more than a slice; a measure said with no count is counted
by the number said after it."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal

_AT = context_at("Europe/Rome", 16)


def _kcal(text: str) -> float:
    return sum(kcal for _, kcal in understood_kcal(text, _AT))


@pytest.mark.parametrize(
    "text",
    [
        "quattro quadratini di cioccolato al latte",
        "4 squares of milk chocolate",
        "quatre carrés de chocolat au lait",
        "4 Stück Milchschokolade",
    ],
)
def test_squares_of_a_bar_are_a_few_grams_each(text: str) -> None:
    assert 90 <= _kcal(text) <= 160  # ~6 g each, where a bar is 230 kcal


@pytest.mark.parametrize("text", ["carrés de chocolat noir, 2", "squares of milk chocolate, 5"])
def test_a_count_after_the_squares_counts_them(text: str) -> None:
    ((name, _),) = understood_kcal(text, _AT)
    assert name.endswith(("2 squares", "5 squares (30 g)")), name


@pytest.mark.parametrize(
    "text", ["a hunk of sourdough", "un quignon de baguette", "un tozzo di pane", "ein Kanten Brot"]
)
def test_a_hunk_of_bread_is_more_than_a_slice(text: str) -> None:
    assert 120 <= _kcal(text) <= 200


def test_a_slice_is_still_a_slice() -> None:
    assert _kcal("a slice of bread") < 100
