"""Words between foods that join them: Swahili "na" (and) between two foods, and a day said
between a drink and what it came with ("2 coffees today with oat milk"); a dish named with
a number first ("7 layer dip") is one dish, not seven of something."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal

_NAIROBI = context_at("Africa/Nairobi", 13)
_AT = context_at("Europe/London", 10)


@pytest.mark.parametrize(
    ("text", "count"),
    [("chapati na sukuma wiki", 2), ("ugali na omena na sukuma wiki", 3)],
)
def test_na_joins_two_foods(text: str, count: int) -> None:
    assert len(understood_kcal(text, _NAIROBI)) == count


@pytest.mark.parametrize(
    "text",
    [
        "2 teas this morning with oat milk",
        "zwei Tee heute mit Hafermilch",
        "dos cafés hoy con leche de avena",
        "due tè stamattina con latte d'avena",
    ],
)
def test_a_day_between_a_drink_and_its_milk_keeps_them_one(text: str) -> None:
    ((name, kcal),) = understood_kcal(text, _AT)
    assert kcal < 100, name  # a splash in each cup, not a glass of milk beside them


@pytest.mark.parametrize("text", ["7 layer dip", "seven layer dip"])
def test_a_number_first_in_a_dish_name_is_its_name(text: str) -> None:
    ((name, kcal),) = understood_kcal(text, _AT)
    assert "layer dip" in name.lower() and 100 <= kcal <= 250


def test_a_count_before_a_food_stays_a_count() -> None:
    ((name, _),) = understood_kcal("7 almonds", _AT)
    assert name.endswith("7 almonds") or "7" in name
