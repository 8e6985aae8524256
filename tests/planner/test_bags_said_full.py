"""A bag of crisps said in German ("ne Tüte Chips"), said whole ("a whole bag of chips") or
said to be a sharing bag is the full-size bag, not the 28 g snack bag, nor half of one; a bag
the table already weighs as the shop's (gummy bears) stays that bag, and a small one small."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal, understood_kcal


@pytest.mark.parametrize(
    ("zone", "said"),
    [
        ("Europe/Berlin", "gestern Abend ne Tüte Chips vorm Fernseher"),
        ("Europe/Vienna", "eine Tüte Chips"),
        ("America/Chicago", "ate a whole bag of chips"),
        ("Europe/London", "a sharing bag of crisps"),
    ],
)
def test_a_full_bag_of_crisps_is_the_big_bag(zone: str, said: str) -> None:
    logged = named_kcal(said, context_at(zone, 21))
    assert len(logged) == 1, logged
    assert 600 <= logged[0][1] <= 1100, logged


@pytest.mark.parametrize(
    ("zone", "said", "low", "high"),
    [
        ("Europe/Berlin", "eine kleine Tüte Chips", 80, 250),
        ("America/New_York", "a bag of chips with my sandwich", 100, 800),
        ("Europe/Berlin", "eine Tüte Gummibärchen", 550, 800),
    ],
)
def test_other_bags_keep_their_size(zone: str, said: str, low: float, high: float) -> None:
    logged = understood_kcal(said, context_at(zone, 15))
    bag = [kcal for name, kcal in logged if "sandwich" not in name.lower()]
    assert len(bag) == 1 and low <= bag[0] <= high, logged


def test_two_bags_said_in_german_are_two_big_bags() -> None:
    logged = understood_kcal("zwei Tüten Chips", context_at("Europe/Berlin", 23))
    assert len(logged) == 1 and 1200 <= logged[0][1] <= 2200, logged
