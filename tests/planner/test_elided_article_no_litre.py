"""The article written into the word after it ("à l'huile", "a l'olio", "à l'ail") is never
the unit litre: "poulet à l'ail" is chicken with garlic, not a litre of garlic, and "une
salade à l'huile d'olive" a salad dressed with oil, not 8,800 kcal of it."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, food_entries

CONTEXT = context_at("Europe/Paris", 13, 0)


@pytest.mark.parametrize(
    "text",
    [
        "une salade à l'huile d'olive",
        "pasta a l'olio",
        "poulet à l'ail",
        "haricots verts à l'ail",
        "insalata a l'olio",
    ],
)
def test_an_elided_article_is_no_litre(text: str) -> None:
    entries = food_entries(text, CONTEXT)
    assert entries, text
    assert all((e.entry.calories or 0) < 700 for e in entries), entries
    assert not any(e.entry.food.endswith(" l") for e in entries), entries


@pytest.mark.parametrize(("text", "kcal"), [("1 l de lait", 611), ("2 l di latte", 1222)])
def test_a_litre_after_a_digit_is_a_litre(text: str, kcal: float) -> None:
    entries = food_entries(text, CONTEXT)
    assert len(entries) == 1 and abs((entries[0].entry.calories or 0) - kcal) < 80, entries
