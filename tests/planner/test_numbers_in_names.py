"""A number written as a digit inside a dish's name ("pizza 4 formaggi", "pizza 4 quesos",
"couscous aux 7 légumes") names the dish as its number word does ("quattro formaggi",
"sept légumes"): one dish, never four of the cheese or seven cups of vegetables."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal, understood_kcal

CONTEXT = context_at("Europe/Rome", 20, 0)


@pytest.mark.parametrize(
    ("digits", "words"),
    [
        ("pizza 4 formaggi", "pizza quattro formaggi"),
        ("una pizza 4 stagioni", "una pizza quattro stagioni"),
        ("pizza 4 quesos", "pizza cuatro quesos"),
        ("couscous aux 7 légumes", "couscous aux sept légumes"),
    ],
)
def test_a_digit_in_a_name_is_its_number_word(digits: str, words: str) -> None:
    said = understood_kcal(digits, CONTEXT)
    assert len(said) == 1, said
    assert said[0][1] == understood_kcal(words, CONTEXT)[0][1]


def test_a_count_after_a_name_stays_a_count() -> None:
    ((name, _),) = named_kcal("pizza 2 slices", CONTEXT, lower=True)
    assert name.endswith("2 slices")
