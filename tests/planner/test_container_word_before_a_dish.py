"""A container word said bare before a food that is eaten, no number, article or "of" with it
("tin fish curry", "can tuna salad"), says what the dish is made of, not how much of it: the
dish's own portion, never a 400 g tin of it. Said with a number or "of" ("2 tins of beans",
"a tin of tuna"), or before a drink ("can coke"), it is still the container."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, food_entries

CONTEXT = context_at("Pacific/Fiji", 13, 0)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("rice with tin fish curry", "curry"),
        ("tin fish curry and roti", "curry"),
        ("can tuna salad", "salad"),
    ],
)
def test_a_bare_container_word_is_no_amount_of_a_dish(text: str, word: str) -> None:
    entries = [e.entry for e in food_entries(text, CONTEXT) if word in e.entry.food.lower()]
    assert len(entries) == 1, entries
    assert "can" not in entries[0].food.lower().split(", ")[-1], entries


@pytest.mark.parametrize(
    ("text", "least"), [("2 tins of beans", 900), ("can coke", 120), ("a tin of tuna", 100)]
)
def test_a_counted_container_or_a_drinks_is_still_the_amount(text: str, least: float) -> None:
    entries = food_entries(text, CONTEXT)
    assert len(entries) == 1 and (entries[0].entry.calories or 0) >= least, entries
