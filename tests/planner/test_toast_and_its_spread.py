"""Toast said with "de" and what is spread on it ("tostada de aceite", "tostada de
mantequilla", "una tostada de tomate") is the toast and its spread, never a spread measured
in toasts: the toast is logged."""

from __future__ import annotations

import pytest

from bot.planner.offline.planner import plan_text
from tests.planner.logged import context_at, food_entries_of

CONTEXT = context_at("Europe/Madrid", 8, 30)


@pytest.mark.parametrize(
    ("text", "spread"),
    [
        ("tostada de aceite", "oil"),
        ("70,2 kg, tostada de aceite y me tomé la vitamina d", "oil"),
        ("una tostada de mantequilla y un café", "butter"),
        ("dos tostadas de tomate", "tomato"),
    ],
)
async def test_the_toast_is_logged_with_its_spread(text: str, spread: str) -> None:
    names = [e.entry.food.lower() for e in food_entries_of(plan_text(text, CONTEXT))]
    assert any("toast" in n for n in names), names
    assert any(spread in n for n in names), names
