"""Fries ordered by size as US chains say it ("a medium fry") and Starbucks' drip coffee by
its name ("pike place") are found, each at its size."""

from __future__ import annotations

from tests.planner.logged import context_at, understood_kcal

_AT = context_at("America/Chicago", 12)


def _kcal(text: str) -> float:
    return sum(kcal for _, kcal in understood_kcal(text, _AT))


def test_fries_said_as_a_fry_by_size() -> None:
    small, medium, large = (_kcal(f"a {size} fry") for size in ("small", "medium", "large"))
    assert 200 <= small < medium < large <= 550


def test_a_burger_and_a_large_fry() -> None:
    assert len(understood_kcal("double cheeseburger and a large fry", _AT)) == 2


def test_pike_place_is_black_coffee_by_size() -> None:
    ((name, kcal),) = understood_kcal("grande pike place", _AT)
    assert "pike place" in name.lower() and kcal < 10
    ((name, _),) = understood_kcal("venti pike place", _AT)
    assert "venti" in name.lower()
