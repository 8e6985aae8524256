"""What is listed on a plain salad is eaten too: counted at a topping's share, and named,
whether it follows "with", a colon or a comma, in each language; a salad the table knows as a
dish keeps its own figures, and what has an amount of its own is counted as said."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

PLAIN_SALAD_KCAL = 180  # the table's plain salad: leaves and dressing


def logged(text: str) -> list[tuple[str, float]]:
    return named_kcal(text, context_at("Europe/Madrid", 13), lower=True)


@pytest.mark.parametrize(
    ("text", "toppings"),
    [
        ("salad: turkey, avocado, parmesan", ("turkey", "avocado", "parmesan")),
        ("big salad w/ ham and egg", ("ham", "egg")),
        ("un'insalata con mozzarella e pomodori", ("mozzarella", "tomato")),
        ("una ensalada con atún y huevo", ("tuna", "egg")),
        ("Salat mit Feta und Oliven", ("feta", "olive")),
        ("une salade, poulet, avocat", ("chicken", "avocado")),
    ],
)
def test_the_toppings_of_a_plain_salad_are_one_entry_named_and_counted(
    text: str, toppings: tuple[str, ...]
) -> None:
    [(name, kcal)] = logged(text)
    assert all(t in name for t in toppings), name
    assert kcal > PLAIN_SALAD_KCAL + 10 * len(toppings)


def test_a_topping_is_a_share_of_its_own_portion_and_the_same_however_it_is_listed() -> None:
    """Half an avocado on a salad, not a whole one beside it; "with" or a colon alike."""
    [(_, avocado)] = logged("an avocado")
    [(_, with_it)] = logged("a salad with avocado")
    [(_, listed)] = logged("salad: avocado")
    assert with_it == listed == pytest.approx(PLAIN_SALAD_KCAL + avocado / 2, abs=1)


def test_a_topping_said_with_its_amount_counts_as_said() -> None:
    [(_, two_eggs)] = logged("2 eggs")
    [(name, kcal)] = logged("insalata con 2 uova")
    assert "egg" in name and kcal == pytest.approx(PLAIN_SALAD_KCAL + two_eggs, abs=1)


def test_a_salad_the_table_knows_keeps_its_own_figures() -> None:
    [(name, kcal)] = logged("a chicken caesar salad")
    [(again, same_kcal)] = logged("chicken caesar salad with chicken")
    assert "caesar" in name and "caesar" in again and same_kcal == kcal


def test_a_drink_or_a_side_after_a_salad_is_its_own_entry() -> None:
    assert len(logged("salad and a sprite")) == 2
    assert len(logged("ensalada y patatas fritas")) == 2
