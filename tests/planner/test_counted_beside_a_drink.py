"""A food counted after "with" a drink is eaten beside it, an entry of its own; what is
stirred into the drink (sugar, marshmallows, a shot, cream) stays part of it."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

AT_TEA_TIME = context_at("Europe/London", 16)


def logged(text: str) -> list[tuple[str, float]]:
    return named_kcal(text, AT_TEA_TIME, lower=True)


@pytest.mark.parametrize(
    "text",
    [
        "a mug of tea with 2 digestives",
        "glass of milk w a couple cookies",
        "Kaffee mit drei Keksen",
        "un té con dos galletas",
        "un café avec trois biscuits",
        "un tè con due biscotti",
    ],
)
def test_a_counted_food_with_a_drink_is_its_own(text: str) -> None:
    got = logged(text)
    assert len(got) == 2, got
    drink, food = got
    assert "cookie" not in drink[0] and "biscuit" not in drink[0].split("(")[0]
    assert food[1] >= 100


@pytest.mark.parametrize(
    "text",
    [
        "tea with milk and 2 sugars",
        "hot chocolate with 3 marshmallows",
        "coffee with 2 tbsp cream",
        "Kaffee mit 2 Stück Zucker",
    ],
)
def test_what_is_stirred_in_stays_in_the_drink(text: str) -> None:
    assert len(logged(text)) == 1
