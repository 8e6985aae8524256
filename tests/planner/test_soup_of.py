"""A soup said with what it is made of ("soupe de légumes", "sopa de verduras", "zuppa di
verdure", "un bol de soupe de potiron") is a bowl of soup named as said, never a cup of the
vegetables; a food said after it with its own amount ("… e un pezzo di pane", "… y un trozo de
pan") is a food of its own, not more of the filling."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal


@pytest.mark.parametrize(
    ("zone", "said"),
    [
        ("Europe/Paris", "ce soir une soupe de légumes"),
        ("Europe/Madrid", "sopa de verduras para cenar"),
        ("Europe/Rome", "zuppa di verdure"),
        ("Europe/Brussels", "un bol de soupe de potiron"),
        ("Europe/Rome", "minestra di fagioli"),
    ],
)
def test_a_soup_of_something_is_a_bowl_of_soup(zone: str, said: str) -> None:
    logged = understood_kcal(said, context_at(zone, 19))
    assert len(logged) == 1, logged
    name, kcal = logged[0]
    assert any(w in name.lower() for w in ("soup", "sopa", "zuppa", "minestra")), logged
    assert 60 <= kcal <= 400, logged


@pytest.mark.parametrize(
    ("zone", "said", "bread"),
    [
        ("Europe/Rome", "minestra di verdure e un pezzo di pane", "bread"),
        ("Europe/Madrid", "un bocadillo de queso y un trozo de pan", "bread"),
        ("Europe/Madrid", "sopa de verduras y dos rebanadas de pan", "bread"),
    ],
)
def test_a_food_with_its_own_amount_after_a_filled_dish_is_apart(
    zone: str, said: str, bread: str
) -> None:
    logged = understood_kcal(said, context_at(zone, 13))
    assert len(logged) == 2 and bread in logged[1][0].lower(), logged
