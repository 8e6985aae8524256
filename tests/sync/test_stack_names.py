"""A supplement is marked under the stack's own name for it: said more or less precisely than
the stack spells it ("D3" for a stack's "Vitamin D", "magnesium" for its "Magnesium glycinate"),
it is the same item, not a second one."""

from __future__ import annotations

import pytest

from bot.kernel.stack import stack_name

STACK = ["Vitamin D", "Magnesium glycinate", "Omega-3 fish oil", "Zinc"]


@pytest.mark.parametrize(
    ("said", "item"),
    [
        ("vitamin d", "Vitamin D"),
        ("Vitamin D3", "Vitamin D"),
        ("Magnesium", "Magnesium glycinate"),
        ("Omega-3", "Omega-3 fish oil"),
        ("ZINC", "Zinc"),
    ],
)
def test_the_same_supplement_is_the_stack_item(said: str, item: str) -> None:
    assert stack_name(said, STACK) == item


@pytest.mark.parametrize("said", ["Iron", "Vitamin C", "Zincum", "Magnesium citrate"])
def test_another_supplement_is_not_in_the_stack(said: str) -> None:
    assert stack_name(said, STACK) is None


def test_which_of_several_is_unclear() -> None:
    assert stack_name("Magnesium", ["Magnesium citrate", "Magnesium glycinate"]) is None
