"""A size said of a whole plate after the foods on it makes every food on it that size, not
only the last one named; a food said with its own amount, or a drink, keeps it."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal

_AT = context_at("Europe/Berlin", 13)


def _alone(text: str) -> dict[str, float]:
    return {name.split(",")[0]: kcal for name, kcal in understood_kcal(text, _AT)}


@pytest.mark.parametrize(
    ("sized", "plain"),
    [
        ("chicken and potatoes, big plate", "chicken and potatoes"),
        ("Gulasch mit Knödel, großer Teller", "Gulasch mit Knödel"),
        ("arroz y lentejas, plato grande", "arroz y lentejas"),
        ("poulet et haricots verts, une grande assiette", "poulet et haricots verts"),
        ("risotto e spinaci, piatto abbondante", "risotto e spinaci"),
    ],
)
def test_a_large_plate_makes_every_food_on_it_larger(sized: str, plain: str) -> None:
    large, usual = _alone(sized), _alone(plain)
    assert large.keys() == usual.keys() and len(large) == 2
    for name, kcal in usual.items():
        assert 1.3 * kcal <= large[name] <= 1.5 * kcal, name


def test_a_small_bowl_makes_both_foods_smaller() -> None:
    small, usual = _alone("noodles and tofu, small bowl"), _alone("noodles and tofu")
    for name, kcal in usual.items():
        assert 0.6 * kcal <= small[name] <= 0.8 * kcal, name


def test_a_food_with_its_own_amount_keeps_it() -> None:
    sized, usual = _alone("3 eggs and toast, big plate"), _alone("3 eggs and toast")
    eggs = next(name for name in usual if name.lower().startswith("egg"))
    assert sized[eggs] == usual[eggs]


def test_a_drink_beside_the_plate_keeps_its_glass() -> None:
    sized = _alone("orange juice with pancakes, big plate")
    usual = _alone("orange juice with pancakes")
    juice = next(name for name in usual if "juice" in name.lower())
    assert sized[juice] == usual[juice]
