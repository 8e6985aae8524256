"""A flavour named right after a yogurt or an oatmeal ("yogurt strawberry", "Joghurt
Erdbeere", "instant oatmeal apple cinnamon") is which one it is, never a food of its own; a
packet of instant oatmeal is about 160 kcal."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

AT_BREAKFAST = context_at("Europe/Berlin", 8)


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("instant oatmeal apple cinnamon, made with water", "oatmeal"),
        ("porridge golden syrup", "porridge"),
        ("yogurt blueberry", "yogurt"),
        ("Joghurt Kirsche", "yogurt"),
        ("un yaourt fraise", "yogurt"),
        ("yogur fresa", "yogurt"),
        ("greek yogurt honey", "yogurt"),
    ],
)
def test_a_flavour_named_after_is_no_food(text: str, food: str) -> None:
    got = named_kcal(text, AT_BREAKFAST, lower=True)
    assert len(got) == 1, got
    assert food in got[0][0]


def test_a_packet_of_instant_oatmeal() -> None:
    got = named_kcal("2 packets of instant oatmeal", AT_BREAKFAST, lower=True)
    assert len(got) == 1 and 280 <= got[0][1] <= 360, got


@pytest.mark.parametrize("text", ["yogurt and strawberries", "oatmeal with a banana"])
def test_a_food_said_with_it_stays(text: str) -> None:
    assert len(named_kcal(text, AT_BREAKFAST)) == 2
