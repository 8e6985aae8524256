"""The weight of the one bag, box or tin said after the food ("ne Tüte Chips, die 175g", "a
bag of crisps, the 150g one", "un paquet de chips, de 150 g", "un pacchetto di patatine,
quello da 150 g") is its amount: the whole bag as weighed, not the table's 28 g bag with the
weight left unread. A count said after it is still no weight."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, food_entries

CONTEXT = context_at("Europe/Berlin", 21, 0)


@pytest.mark.parametrize(
    ("text", "word", "least", "most"),
    [
        ("ne Tüte Chips, die 200g", "chips", 950, 1200),
        ("eine Packung Chips gefuttert, 175 g", "chips", 850, 1050),
        ("a bag of crisps, the 150g one", "chips", 700, 900),
        ("un paquet de chips, de 150 g", "chips", 700, 900),
        ("un pacchetto di patatine, quello da 200 g", "chips", 950, 1200),
        ("a tin of beans, 400g", "beans", 450, 600),
    ],
)
def test_the_weight_after_one_container_is_its_amount(
    text: str, word: str, least: float, most: float
) -> None:
    entries = food_entries(text, CONTEXT)
    assert len(entries) == 1, entries
    entry = entries[0].entry
    assert word in entry.food.lower()
    assert least <= (entry.calories or 0) <= most, entry


def test_two_bags_are_not_weighed_as_one() -> None:
    entries = food_entries("2 bags of chips, 150g", CONTEXT)
    assert all((e.entry.calories or 0) < 700 for e in entries), entries
