"""A count, then the measure of each, then the drink ("2 500ml cokes", "zwei 0,5 l Weizen",
"3 33cl de cerveza", "2 x 500 ml de agua") is that many of that measure: never the middle of
a range from 2 to 500 ml, nor one measure with the count left unread. A range said with two
numbers of one size ("100 150 g pasta") is still its middle."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal

CONTEXT = context_at("Europe/Madrid", 21, 0)


@pytest.mark.parametrize(
    ("text", "word", "least", "most"),
    [
        ("2 500ml cokes", "cola", 380, 460),
        ("zwei 0,5 l Weizen", "beer", 400, 500),
        ("3 33cl de cerveza", "beer", 380, 470),
        ("2 x 330 ml di birra", "beer", 250, 320),
        ("2 0.5l beers", "beer", 380, 480),
    ],
)
def test_a_count_of_a_measure_is_so_many_of_it(
    text: str, word: str, least: float, most: float
) -> None:
    logged = understood_kcal(text, CONTEXT)
    assert len(logged) == 1, logged
    name, kcal = logged[0]
    assert word in name.lower()
    assert least <= kcal <= most, logged


def test_a_range_of_one_size_is_still_its_middle() -> None:
    logged = understood_kcal("100 150 g pasta", CONTEXT)
    assert len(logged) == 1 and 150 < logged[0][1] < 500, logged
