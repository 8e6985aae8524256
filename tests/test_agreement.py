"""The writers' agreement figure (bench/agreement.py): pairs from one writer never count, and a
middle outside the other's range is a disagreement, both ways."""

from __future__ import annotations

from bench.agreement import Estimate, agreement


def test_only_pairs_from_two_writers_count() -> None:
    found = {
        "croissant": [
            Estimate("a", 170, 320),  # middle 245: inside b's range
            Estimate("a", 400, 700),  # the same writer again: never paired with "a"
            Estimate("b", 200, 300),  # middle 250: inside a's first range, not its second
        ]
    }
    pairs, share, per_food, foods = agreement(found)
    assert (pairs, foods) == (4, 1)
    # a1 in b: yes; a2 (550) in b: no; b in a1: yes; b in a2: no
    assert share == 0.5 and per_food == 0.5


def test_a_food_one_writer_named_is_not_counted() -> None:
    found = {
        "porridge": [Estimate("a", 120, 220), Estimate("a", 200, 380)],
        "fries": [Estimate("a", 250, 420), Estimate("b", 420, 780)],
    }
    pairs, share, _, foods = agreement(found)
    assert (pairs, foods) == (2, 1)
    assert share == 0.0  # 335 is below 420 and 600 is above 420
