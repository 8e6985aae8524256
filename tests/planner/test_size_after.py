"""A volume or weight said after a drink or food counted once is how much of it there was."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, food_entries

logged = functools.partial(food_entries, context=context_at("Europe/London", 20, 15))


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("a large glass of red wine 250ml", "250 ml"),
        ("ein Glas Orangensaft 300 ml", "300 ml"),
        ("una lata de cerveza 500 ml", "500 ml"),
        ("a steak 250 g", "250 g"),
    ],
)
async def test_the_amount_after_is_the_one_eaten(text: str, amount: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert entries[0].entry.food.endswith(amount)
