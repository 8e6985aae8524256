"""A dish named, then where it came from, then its parts after a dash: the parts are what
was in it, one entry. A meal heading a list whose first part is counted and whose next has an
amount of its own is only the heading: the parts are what was eaten, not the meal beside
them. A prepared dish named by the kinds of meat or fish in it is that dish, with the amount
said before them."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

AT_LUNCH = context_at("Europe/London", 13)


def logged(text: str) -> list[tuple[str, float]]:
    return named_kcal(text, AT_LUNCH, lower=True)


@pytest.mark.parametrize(
    ("text", "dish"),
    [
        ("a breakfast burrito from the truck by work - eggs, chorizo, cheese", "burrito"),
        ("ein Döner vom Stand am Bahnhof - Hähnchen, Zwiebeln und Tomaten", "doner"),
        ("un burrito del puesto de la esquina - pollo, frijoles y queso", "burrito"),
        ("une pizza du camion ce soir - jambon, champignons", "pizza"),
        ("una piadina del chiosco in spiaggia - prosciutto e mozzarella", "piadina"),
    ],
)
def test_parts_after_a_dash_are_the_dish(text: str, dish: str) -> None:
    got = logged(text)
    assert len(got) == 1, got
    assert dish in got[0][0]


def test_a_part_with_its_own_amount_after_the_dash_stays() -> None:
    got = logged("a burrito from the truck by work - and 2 hash browns")
    assert len(got) == 2, got


@pytest.mark.parametrize(
    ("text", "foods"),
    [
        ("brunch plate: 2 eggs, a sausage, some beans", ["egg", "sausage", "beans"]),
        ("Frühstücksteller: 2 Eier, eine Brezel und Butter", ["egg", "pretzel", "butter"]),
        ("desayuno completo: 2 huevos, una tostada", ["egg", "toast"]),
    ],
)
def test_a_heading_over_a_counted_part_and_a_part_with_an_amount(
    text: str, foods: list[str]
) -> None:
    got = logged(text)
    assert len(got) == len(foods), got
    for (name, _kcal), food in zip(got, foods, strict=True):
        assert food in name
    assert not any("plate" in name or "breakfast" in name for name, _ in got)


@pytest.mark.parametrize(
    ("text", "dish", "low", "high"),
    [
        ("a cup of shrimp and chicken jambalaya", "jambalaya", 200, 450),
        ("eine Schüssel Wurst und Hähnchen Jambalaya", "jambalaya", 400, 800),
        ("un plato de cerdo y chorizo cassoulet", "cassoulet", 450, 900),
        ("un bol de porc et saucisse cassoulet", "cassoulet", 450, 900),
        ("un piatto di salsiccia e pollo jambalaya", "jambalaya", 400, 800),
    ],
)
def test_a_dish_named_by_its_kinds_is_that_dish(
    text: str, dish: str, low: float, high: float
) -> None:
    got = logged(text)
    assert len(got) == 1, got
    name, kcal = got[0]
    assert dish in name
    assert low <= kcal <= high


@pytest.mark.parametrize("text", ["rice and chicken curry", "2 eggs and a jambalaya"])
def test_a_side_or_a_counted_food_before_a_dish_stays(text: str) -> None:
    assert len(logged(text)) == 2


@pytest.mark.parametrize(
    ("text", "dish"),
    [
        ("un cassoulet de canard", "cassoulet"),
        ("lomo saltado de pollo", "lomo saltado"),
        ("un ossobuco di vitello", "osso buco"),
        ("Jambalaya mit Hähnchen", "jambalaya"),
        ("a jambalaya with chicken", "jambalaya"),
    ],
)
def test_a_dish_of_the_table_and_the_meat_it_is_made_of_is_the_dish(text: str, dish: str) -> None:
    got = logged(text)
    assert len(got) == 1, got
    assert dish in got[0][0]
