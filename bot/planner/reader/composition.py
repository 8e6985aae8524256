"""Step 5, composition: "X with Y" as one dish the table knows, or X and an addition.

When the table names "Y X" ("chicken burrito bowl", "oat milk latte", "chicken salad"),
"X with Y" is that dish: Y is one of its ingredients and is never counted a second time.
Otherwise the caller adds Y to X with an addition's portion (offline/meals.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

F = TypeVar("F")


def dish_of(
    by_alias: Mapping[str, F], head: Sequence[str], added: Sequence[str], *, generic: bool
) -> F | None:
    """The table's dish for "<head> with <added>": "<added> <head>" as the table names it,
    or, for a `generic` head ("a salad"), "<added> <its last word>"."""
    whole = by_alias.get(" ".join([*added, *head]))
    if whole is not None or not generic or not head:
        return whole
    return by_alias.get(" ".join([*added, head[-1]]))
