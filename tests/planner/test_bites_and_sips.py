"""A bite or a sip of a food ("3 bites of grilled chicken", "2 bocconi di pizza", "3 bocados
de tortilla", "2 Schluck Cola", "3 sorsi di vino") is that little of it, never so many whole
fillets, pizzas or cans; a bite of someone else's food is still only a taste of it. And an
unknown word is repaired into a unit only after a number: "mal à la gorge" is no "gorgée"."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, food_entries, understood_kcal

CONTEXT = context_at("Europe/Rome", 13, 0)


@pytest.mark.parametrize(
    ("text", "most"),
    [
        ("3 bites of grilled chicken", 150),
        ("2 bocconi di pizza", 150),
        ("3 bocados de tortilla", 200),
        ("2 Schluck Cola", 40),
        ("3 sorsi di vino", 80),
        ("quelques bouchées de gâteau", 150),
    ],
)
def test_bites_and_sips_are_little(text: str, most: float) -> None:
    logged = understood_kcal(text, CONTEXT)
    assert len(logged) == 1 and 0 < logged[0][1] <= most, logged


def test_a_bite_of_someone_elses_food_is_a_taste() -> None:
    logged = understood_kcal("a bite of my husband's cheesecake", CONTEXT)
    assert len(logged) == 1 and "cheesecake" in logged[0][0].lower(), logged
    assert "husband" not in logged[0][0].lower()


@pytest.mark.parametrize("text", ["un peu mal à la gorge", "mal à la gorge ce matin"])
def test_a_word_near_a_unit_is_not_made_the_unit(text: str) -> None:
    assert food_entries(text, CONTEXT) == []


def test_a_unit_mistyped_after_a_number_is_still_read() -> None:
    logged = understood_kcal("2 slics of toast", CONTEXT)
    assert len(logged) == 1 and 120 <= logged[0][1] <= 200, logged
