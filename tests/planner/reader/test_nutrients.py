"""Step 6: a table row's figures scaled to the amount eaten, and the person's numbers win."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest

from bot.planner.base import PlanContext
from bot.planner.offline.planner import plan_text
from bot.planner.offline.table import Food, food_table
from bot.planner.reader.nutrients import MAX_COUNT, MAX_GRAMS, Nutrients, nutrients, stated
from bot.planner.reader.quantities import Quantity

CONTEXT = PlanContext(
    now=dt.datetime(2026, 11, 22, 12, 0, tzinfo=zoneinfo.ZoneInfo("Europe/Paris")),
    timezone="Europe/Paris",
)


def _row(alias: str) -> Food:
    return food_table().by_alias[alias]


def test_grams_scale_the_row_by_weight() -> None:
    rice = _row("rice")
    figures = nutrients(rice, Quantity(count=316, unit="g", explicit=True))
    assert figures is not None
    assert figures.grams == 316
    assert figures.kcal == pytest.approx(rice.kcal * 2)
    assert figures.carbs == pytest.approx(rice.carbs * 2)
    assert figures.amount == "316 g"


def test_a_count_of_the_rows_own_unit() -> None:
    eggs = nutrients(_row("egg"), Quantity(count=3, explicit=True))
    assert eggs is not None
    assert (eggs.name, eggs.amount, eggs.grams) == ("Eggs", "3 large", 150)
    assert eggs.kcal == pytest.approx(214.5)
    assert eggs.protein == pytest.approx(18.9)


def test_ounces_of_a_drink_are_fluid_ounces() -> None:
    latte = nutrients(_row("latte"), Quantity(count=16, unit="oz", explicit=True))
    assert latte is not None and latte.liquid
    assert latte.amount == "16 fl oz (473 ml)"
    assert latte.kcal == pytest.approx(190 * 16 * 29.57 / 350)


@pytest.mark.parametrize(("unit", "ml"), [("can", 330), ("cup", 240), ("bottle", 500)])
def test_a_container_of_a_drink_is_its_volume(unit: str, ml: float) -> None:
    milk = _row("milk")
    figures = nutrients(milk, Quantity(count=1, unit=unit, explicit=True))
    assert figures is not None
    assert figures.grams == ml
    assert figures.kcal == pytest.approx(milk.kcal * ml / milk.portion_g)


def test_a_size_the_row_does_not_carry_is_named() -> None:
    tea = nutrients(_row("iced tea"), Quantity(count=1, size="large", explicit=True))
    assert tea is not None
    assert (tea.name, tea.amount) == ("Iced tea", "1 large (462 ml)")


@pytest.mark.parametrize(
    ("alias", "size", "low", "high"),
    [("coke", "med", 170, 230), ("sprite", "small", 120, 170), ("dr pepper", "lg", 220, 270)],
)
def test_a_soda_ordered_by_size_is_a_fountain_cup(
    alias: str, size: str, low: float, high: float
) -> None:
    soda = nutrients(_row(alias), Quantity(count=1, size=size, explicit=True))
    assert soda is not None
    assert low <= soda.kcal <= high


@pytest.mark.parametrize(
    "amount",
    [
        Quantity(count=0, explicit=True),
        Quantity(count=MAX_COUNT + 1, explicit=True),
        Quantity(count=MAX_GRAMS + 1, unit="g", explicit=True),
    ],
)
def test_an_amount_out_of_bounds_has_no_figures(amount: Quantity) -> None:
    assert nutrients(_row("rice"), amount) is None


def test_a_stated_energy_wins_and_keeps_the_tables_proportions() -> None:
    figures = Nutrients("Protein bar", "1 bar", 60, 200, 20, 20, 8)
    mine = stated(figures, kcal=250)
    assert (mine.kcal, mine.protein, mine.carbs, mine.fat) == (250, 25, 25, 10)


def test_a_stated_macro_replaces_that_macro_only() -> None:
    figures = Nutrients("Shake", "1 bottle", 330, 140, 10, 15, 4)
    mine = stated(figures, protein=25)
    assert (mine.kcal, mine.protein, mine.carbs, mine.fat) == (140, 25, 15, 4)


@pytest.mark.parametrize(
    ("text", "alias", "amount"),
    [
        ("200 g chicken breast", "chicken breast", Quantity(count=200, unit="g", explicit=True)),
        ("3 eggs", "egg", Quantity(count=3, explicit=True)),
        ("a glass of milk", "milk", Quantity(count=1, unit="glass", explicit=True)),
    ],
)
def test_the_planner_logs_the_figures_of_the_nutrients_step(
    text: str, alias: str, amount: Quantity
) -> None:
    figures = nutrients(_row(alias), amount)
    assert figures is not None
    entry = plan_text(text, CONTEXT).actions[0].entry  # type: ignore[union-attr]
    assert (entry.calories, entry.protein) == (round(figures.kcal), round(figures.protein, 1))


@pytest.mark.parametrize(
    ("text", "kcal"),
    [("protein bar 250 kcal", 250), ("quinoa bowl 450 kcal", 450), ("2 eggs, 180 kcal", 180)],
)
def test_the_persons_energy_wins_for_the_item_it_follows(text: str, kcal: int) -> None:
    plan = plan_text(text, CONTEXT)
    assert [a.entry.calories for a in plan.actions] == [kcal]  # type: ignore[union-attr]


def _measured(**measures: float) -> Food:
    """A row counted in leaves of 5 g, with what other measures of it weigh."""
    return Food(
        name="Leaf salad",
        plural="Leaf salads",
        portion="1 serving (100 g)",
        portion_g=100,
        unit="leaf",
        unit_g=5,
        kcal=20,
        protein=1,
        carbs=3,
        fat=0.2,
        source="estimate",
        measures=tuple(measures.items()),
    )


def test_a_measure_the_row_weighs_beats_the_general_one() -> None:
    light = _measured(cup=50)  # a cup of leaves weighs far less than a cup of water
    figures = nutrients(light, Quantity(count=2, unit="cup", explicit=True))
    assert figures is not None
    assert figures.grams == 100
    assert figures.kcal == pytest.approx(20)
    assert figures.amount == "2 cups (100 g)"


def test_the_rows_own_unit_keeps_its_weight() -> None:
    row = _measured(leaf=9, **{"large leaf": 12})
    three = nutrients(row, Quantity(count=3, unit="leaf", explicit=True))
    large = nutrients(row, Quantity(count=1, unit="leaf", size="large", explicit=True))
    assert three is not None and large is not None
    assert three.grams == 15  # the row's unit, not the measure of the same name
    assert large.grams == 12  # a size the row does not count: the measure says it


def test_a_cup_of_a_curated_solid_is_weighed_not_poured() -> None:
    cornbread = _row("cornbread")
    cup = nutrients(cornbread, Quantity(count=1, unit="cup", explicit=True))
    assert cup is not None
    assert 60 < cup.grams < 150  # crumbled bread, far lighter than a cup of water


def test_a_sized_measure_of_the_row_and_a_plain_size() -> None:
    row = _measured(slice=30, **{"large slice": 45, "small": 60})
    large = nutrients(row, Quantity(unit="slice", size="large", explicit=True))
    small = nutrients(row, Quantity(size="small"))
    thin = nutrients(row, Quantity(unit="slice", size="small", explicit=True))
    assert large is not None and small is not None and thin is not None
    assert large.grams == 45  # the row's own large slice
    assert small.grams == 60  # "a small one": the row's small
    assert thin.grams == pytest.approx(30 * 0.7)  # no small slice: the slice, sized


def test_a_count_of_the_food_itself_uses_its_each() -> None:
    row = _measured(each=180)
    two = nutrients(row, Quantity(count=2, explicit=True))
    unsaid = nutrients(row, Quantity())
    assert two is not None and unsaid is not None
    assert (two.grams, two.name) == (360, "Leaf salads")
    assert unsaid.grams == 100  # nothing said: the row's portion
