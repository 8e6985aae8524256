"""Foods people log by their local names: Australian snacks and drinks, Indian breakfasts,
Argentine pastries."""

import pytest

from bot.planner.offline.table import food_table


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("tim tams", "Tim Tam"),
        ("bbq shapes", "Shapes crackers"),
        ("frosted flakes", "Frosted flakes"),
        ("kanda poha", "Poha"),
        ("medialunas de manteca", "Argentine croissant"),
        ("cuppa", "Tea with milk"),
        ("tinnies", "Beer"),
        ("snags", "BBQ sausage"),
        ("tranci di pizza", "Pizza al taglio"),
        ("wiener", "Frankfurter"),
    ],
)
def test_local_names_find_their_food(alias: str, name: str) -> None:
    assert food_table().by_alias[alias].name == name


def test_a_barbecue_sausage_weighs_more_than_a_breakfast_link() -> None:
    table = food_table()
    assert table.by_alias["snag"].portion_g > table.by_alias["sausage"].portion_g


@pytest.mark.parametrize("said", ["agua de jamaica", "agua de tamarindo"])
def test_an_agua_fresca_is_its_fruit_drink_not_water(said: str) -> None:
    food = food_table().by_alias[said]
    assert food.name != "Water" and food.kcal > 50
