"""A sandwich named by its fillings and the bread they are on ("ham and cheese on a bagel",
"turkey and swiss on a croissant", "jambon fromage sur une baguette") is one entry: that
sandwich on that bread, with its fillings' figures, never the fillings on their own. Food
on toast stays two foods ("2 eggs on toast")."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

AT = context_at("America/New_York", 12)


@pytest.mark.parametrize(
    ("text", "bread", "low", "high"),
    [
        ("ham and cheese on a bagel", "bagel", 350, 650),
        ("turkey and swiss on a croissant", "croissant", 350, 650),
        ("bacon and egg on a roll", "roll", 300, 600),
        ("jambon et fromage sur une baguette", "baguette", 200, 700),
    ],
)
def test_fillings_on_a_bread_are_one_sandwich(text: str, bread: str, low: int, high: int) -> None:
    ((name, kcal),) = named_kcal(text, AT, lower=True)
    assert bread in name
    assert low <= kcal <= high


def test_a_sandwich_named_whole_on_a_bread_keeps_its_own_figures() -> None:
    ((name, kcal),) = named_kcal("a bacon egg and cheese on a bagel", AT, lower=True)
    assert "bagel" in name
    assert 420 <= kcal <= 600


def test_a_check_in_leaves_the_and_of_a_food_name_to_it() -> None:
    entries = named_kcal("exhausted. grabbed a bacon egg and cheese on a bagel", AT, lower=True)
    assert [name for name, _ in entries if "bagel" in name]
    assert len(entries) == 1
    assert named_kcal("tired and grumpy, had mac and cheese", AT, lower=True)[0][0].startswith(
        "mac and cheese"
    )


def test_food_on_toast_stays_two_foods() -> None:
    assert len(named_kcal("2 eggs on toast", AT)) == 2
