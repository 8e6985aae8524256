"""Foods named as people order them, which the table had only by another name: a sub, a
bocata, momos, saltines. Each is that food, never the filling alone or nothing."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal


@pytest.mark.parametrize(
    ("zone", "said", "name", "low", "high"),
    [
        ("America/New_York", "grabbed a sub from the deli", "sub", 400, 900),
        ("Europe/Madrid", "un bocata de chorizo", "bocata", 250, 700),
        ("Europe/Madrid", "un bocata de queso y una caña", "bocata", 250, 700),
        ("Asia/Kathmandu", "10 buff momo for lunch", "momo", 300, 600),
        ("America/Chicago", "4 saltines and some ginger ale", "saltine", 30, 80),
    ],
)
def test_a_food_by_the_name_people_order_it_by(
    zone: str, said: str, name: str, low: float, high: float
) -> None:
    logged = understood_kcal(said, context_at(zone, 13))
    food = [(n, kcal) for n, kcal in logged if name in n.lower()]
    assert len(food) == 1 and low <= food[0][1] <= high, logged
