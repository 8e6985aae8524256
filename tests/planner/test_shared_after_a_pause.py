"""How many shared a food may follow a pause ("...", "…") or a number ("entre 4"): the person
logs their part of it."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

AT_NIGHT = context_at("America/Argentina/Buenos_Aires", 23)


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("un kilo de helado… entre cuatro", 400, 650),  # 1 kg of ice cream, a quarter
        ("a whole pizza... between the three of us", 500, 1000),
        ("un kilo de helado entre 4 eh", 400, 650),
    ],
)
def test_the_part_of_a_shared_food_is_logged(text: str, low: float, high: float) -> None:
    got = named_kcal(text, AT_NIGHT)
    assert len(got) == 1, got
    assert low <= got[0][1] <= high


def test_a_full_stop_still_ends_the_food() -> None:
    got = named_kcal("medio kilo de helado. entre 3 amigos fuimos al cine", AT_NIGHT)
    assert got and got[0][1] > 900
