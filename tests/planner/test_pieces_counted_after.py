"""A count of pieces said after a food ("gyoza 6 pcs", "Brezel 3 Stk", "croquetas 4 uds",
"arancini 2 pz", "nuggets 6 pièces", "roti 2 keping") is how many of it were eaten, whatever
is said after the count, and a piece of a food the table counts by its own name is one of
it ("samosa 3 pieces": three samosas)."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, food_entries, named_kcal

CONTEXT = context_at("Europe/Berlin", 19, 0)


@pytest.mark.parametrize(
    ("text", "word", "count"),
    [
        ("Brezel 3 Stk vom Bäcker", "pretzel", 3),
        ("croquetas 4 uds caseras", "croqueta", 4),
        ("arancini 2 pz al ragù", "arancin", 2),
        ("sushi 8 pezzi misti", "sushi", 8),
        ("nuggets 6 pièces sauce à part", "nugget", 6),
        ("roti canai 3 keping dengan kari", "roti", 3),
    ],
)
def test_pieces_said_after_a_food_count_it(text: str, word: str, count: int) -> None:
    entries = [e for e in food_entries(text, CONTEXT) if word in e.entry.food.lower()]
    assert len(entries) == 1, [e.entry.food for e in food_entries(text, CONTEXT)]
    assert entries[0].entry.food.split(", ")[1].startswith(f"{count} ")


def test_a_piece_of_a_food_counted_by_its_name_is_one_of_it() -> None:
    ((_, three),) = named_kcal("samosa 3 pieces", CONTEXT)
    ((_, one),) = named_kcal("1 samosa", CONTEXT)
    assert three == pytest.approx(3 * one)


def test_pieces_of_the_next_food_stay_its_own() -> None:
    logged = named_kcal("a coffee, 2 pieces of cake", CONTEXT, lower=True)
    assert any("cake" in name and "2 slices" in name for name, _ in logged), logged
