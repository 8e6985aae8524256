"""Local dishes the table names, with what they are filled with or made of said before or
after them: one entry of the dish, never the fillings as foods of their own nor a plain
dish of another kind beside it."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

AT_LUNCH = context_at("America/Tegucigalpa", 13)


def logged(text: str) -> list[tuple[str, float]]:
    return named_kcal(text, AT_LUNCH, lower=True)


@pytest.mark.parametrize(
    ("text", "dish", "low", "high"),
    [
        ("una baleada con huevo y aguacate", "baleada", 350, 650),
        ("2 baleadas de frijol con queso", "baleada", 700, 1300),
        ("a stottie with ham and pease pudding", "stottie", 500, 900),
        ("ham and pease pudding stottie", "stottie", 420, 900),
        ("pepián de pollo", "pep", 300, 550),
        ("chicken super burrito", "burrito", 700, 1250),
        ("un super burrito de asada", "burrito", 700, 1250),
        ("cachopo a medias con mi novio", "cachopo", 600, 1000),
        ("Linsen mit Spätzle", "linsen", 450, 800),
        ("ulster fry, with soda farl and potato farl", "ulster fry", 700, 1300),
    ],
)
def test_a_local_dish_with_its_fillings_is_one_entry(
    text: str, dish: str, low: float, high: float
) -> None:
    got = logged(text)
    assert len(got) == 1, got
    assert dish in got[0][0]
    assert low <= got[0][1] <= high


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("2 Saitenwürstle", "frankfurter"),
        ("Saitenwürstchen mit Senf", "frankfurter"),
        ("a potato farl", "potato"),
        ("2 soda farls", "soda farl"),
    ],
)
def test_local_names_of_known_foods(text: str, food: str) -> None:
    got = logged(text)
    assert len(got) == 1, got
    assert food in got[0][0]


def test_an_avocado_counted_beside_a_baleada_stays() -> None:
    assert len(logged("baleada and an avocado")) == 2
