"""Figures read off a recipe app or site ("the recipe app says 430 cal", "laut Rezept-App",
"según la app de recetas", "l'appli de recettes dit", "secondo l'app di ricette") are the
person's own figures for the food: logged with it, never a recipe to save."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, food_entries

CONTEXT = context_at("Europe/Berlin", 20, 0)


@pytest.mark.parametrize(
    ("text", "kcal", "protein"),
    [
        ("lentil soup i cooked, the recipe app says 380 cal, 21g protein", 380, 21),
        ("Chili, laut Rezept-App 520 kcal und 35 g Eiweiß", 520, 35),
        ("lentejas, según la app de recetas 410 kcal", 410, None),
        ("soupe maison, l'appli de recettes dit 300 kcal", 300, None),
        ("minestrone, secondo l'app di ricette 350 kcal e 12 g di proteine", 350, 12),
    ],
)
def test_figures_from_a_recipe_app_are_the_foods(
    text: str, kcal: float, protein: float | None
) -> None:
    (entry,) = food_entries(text, CONTEXT)
    assert entry.entry.calories == kcal
    if protein is not None:
        assert entry.entry.protein == protein


def test_saving_a_recipe_still_writes_nothing() -> None:
    assert food_entries("save a recipe: lentil soup, 4 servings", CONTEXT) == []
