"""Step 5, composition: "X with Y" as one dish the table knows, or X and an addition.

When the table names "Y X" ("chicken burrito bowl", "oat milk latte", "chicken salad"),
"X with Y" is that dish: Y is one of its ingredients and is never counted a second time.
Otherwise the caller adds Y to X with an addition's portion (offline/meals.py).

Spanish, French and Italian name a filled dish's filling after it: "tacos de pollo", "une
crêpe au jambon", "una piadina al tonno". The dish's word before "de" is the dish, never a
measure of its filling ("2 tacos de pollo" are two tacos, not two of some chicken).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

F = TypeVar("F")

# Dishes that hold a filling named after them ("quesadilla de flor de calabaza").
FILLED = frozenset(
    """
    sandwich sandwiches bocadillo bocadillos bocata bocatas taco tacos quesadilla quesadillas
    burrito burritos empanada empanadas arepa arepas crepe crepes galette galettes piadina
    piadine panino panini tramezzino tramezzini toastie toasties wrap wraps baguette pita
    """.split()
)
# What joins a filling to its dish: "de", "di", "au", "al", "alla" and their forms.
FILLING_OF = frozenset("de del di du d al alla allo au aux".split())


def dish_of(
    by_alias: Mapping[str, F], head: Sequence[str], added: Sequence[str], *, generic: bool
) -> F | None:
    """The table's dish for "<head> with <added>": "<added> <head>" as the table names it,
    or, for a `generic` head ("a salad"), "<added> <its last word>"."""
    whole = by_alias.get(" ".join([*added, *head]))
    if whole is not None or not generic or not head:
        return whole
    return by_alias.get(" ".join([*added, head[-1]]))
