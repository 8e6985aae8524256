"""A whole said to be shared by so many ("a 2 litre bottle split with 3 people", "a large pizza
split 4 ways", "eine Flasche Wein unter 3 Leuten", "una botella entre 4 amigos") is the
person's part of it; a food eaten with friends, or one person's portion, is not divided."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal


def kcal(text: str) -> float:
    return sum(k for _, k in named_kcal(text, context_at("Europe/Berlin", 20)))


@pytest.mark.parametrize(
    ("shared", "whole", "people"),
    [
        ("a bottle of prosecco split with 2 friends", "a bottle of prosecco", 3),
        ("a large pepperoni pizza split 4 ways", "a large pepperoni pizza", 4),
        ("eine Flasche Rotwein unter 3 Leuten geteilt", "eine Flasche Rotwein", 3),
        ("una botella de cava entre 4 amigos", "una botella de cava", 4),
        ("600 g de pâtes partagées entre 3 personnes", "600 g de pâtes", 3),
    ],
)
def test_a_whole_shared_by_so_many_is_the_persons_part(
    shared: str, whole: str, people: int
) -> None:
    assert kcal(shared) == pytest.approx(kcal(whole) / people, rel=0.02)


@pytest.mark.parametrize(
    ("with_friends", "alone"),
    [
        ("burgers with 3 friends", "burgers"),
        ("pasta with 2 colleagues", "pasta"),
        ("une raclette avec 5 amis", "une raclette"),
    ],
)
def test_company_or_a_portion_is_not_divided(with_friends: str, alone: str) -> None:
    assert kcal(with_friends) == pytest.approx(kcal(alone), rel=0.02)
