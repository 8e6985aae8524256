""" "Chili" is the dish, never the Italian plural of "chilo" (a kilo): a cup or bowl of chili
with what it is eaten with is the chili, whatever comes with it."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal


def logged(text: str) -> list[tuple[str, float]]:
    return named_kcal(text, context_at("America/Chicago", 19), lower=True)


@pytest.mark.parametrize(
    "text",
    [
        "a cup of chili with saltines",
        "chili with sour cream",
        "a big bowl of chili with cheddar",
        "bowl of chili and some oyster crackers",
    ],
)
def test_chili_is_logged_as_chili(text: str) -> None:
    entries = logged(text)
    assert any("chili" in name for name, _ in entries), entries
    assert all(kcal < 900 for _, kcal in entries), entries


def test_a_kilo_in_italian_is_still_a_kilo() -> None:
    [(name, kcal)] = logged("un chilo di mele")
    assert "1 kg" in name and kcal > 400
