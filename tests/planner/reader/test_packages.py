"""Packaged foods by the package (planner/data/packages.csv): a box, a bag, a tub or a pack
of a food sold in one is the package's weight, and a part or all of it is that part, said
before the food or after it ("..., half the bag")."""

from __future__ import annotations

import pytest

from bot.planner.offline.planner import plan_text
from tests.planner.logged import context_at, understood_kcal

CONTEXT = context_at("America/New_York", 20)


def _entries(text: str) -> list[tuple[str, float]]:
    return understood_kcal(text, CONTEXT)


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("a whole box of kraft mac and cheese", 900, 1200),  # a box makes ~3 cups
        ("easy mac, half the box", 450, 600),
        ("orange chicken from trader joes, finished the bag", 1300, 1700),
        ("half a tub of hummus", 200, 280),  # a tub ~280 g
        ("ein ganzer Becher Hummus", 420, 520),
        ("una caja entera de galletas", 1100, 1350),  # a pack of biscuits ~250 g
        ("mezza scatola di biscotti", 550, 680),
        ("une boîte de kraft dinner", 900, 1200),
    ],
)
def test_a_package_of_a_packaged_food_weighs_what_it_is_sold_in(
    text: str, low: float, high: float
) -> None:
    ((_name, kcal),) = _entries(text)
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("a bag of crisps", 130, 170),  # the single bag, 28 g
        ("a small bag of chips", 120, 150),
        ("a big bag of chips", 700, 900),  # a sharing bag, 150 g
        ("crisps, a big bag", 700, 900),
        ("a giant bag of crisps", 1000, 1150),
    ],
)
def test_a_bag_of_chips_weighs_by_the_size_said(text: str, low: float, high: float) -> None:
    entries = _entries(text)
    assert low <= entries[-1][1] <= high


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("crisps (a big bag)", 700, 900),
        ("hummus (half a tub)", 200, 280),
        ("Gummibärchen (eine ganze Tüte)", 600, 780),
        ("Kekse (halbe Packung)", 550, 680),
        ("galletas (media caja)", 550, 680),
        ("une pizza (la moitié d'une grande)", 1000, 1300),  # a large one is 8 slices
    ],
)
def test_an_amount_in_brackets_after_a_food_is_how_much_of_it(
    text: str, low: float, high: float
) -> None:
    ((_name, kcal),) = _entries(text)
    assert low <= kcal <= high


def test_a_bare_figure_in_brackets_is_never_a_count() -> None:
    plan = plan_text("walkers crisps (130)", CONTEXT)
    kcal = [a.entry.calories for a in plan.actions if a.type == "nutrition.add_entry"]
    assert len(kcal) == 1 and kcal[0] < 200  # one bag, not 130 of them
