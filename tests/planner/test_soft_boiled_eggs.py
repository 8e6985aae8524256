"""Soft-boiled eggs in each language, with the ligature of French words spelled either way,
and the toast cut to dip in them."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal


@pytest.mark.parametrize(
    "text",
    ["trois œufs à la coque", "trois oeufs à la coque", "3 uova alla coque", "3 soft boiled eggs"],
)
def test_soft_boiled_eggs_counted(text: str) -> None:
    [(name, kcal)] = named_kcal(text, context_at("Europe/Paris", 8), lower=True)
    assert "soft-boiled" in name and kcal == pytest.approx(3 * 78)


def test_toast_soldiers_are_toast() -> None:
    logged = named_kcal("un œuf à la coque et ses mouillettes", context_at("Europe/Paris", 8))
    assert [name.split(" (")[0] for name, _ in logged] == ["Soft-boiled egg", "Toast"]
