"""Which item of the supplement stack a name said is, for marking it (bot/sync) and for
answering about it (bot/planner): the stack keeps one spelling of each supplement, the person
says it more or less precisely from day to day."""

from __future__ import annotations

from collections.abc import Sequence


def stack_name(said: str, stack: Sequence[str]) -> str | None:
    """The stack's item a supplement said is: the same name regardless of case, else the one
    item of the same supplement said more or less precisely ("Vitamin D3" when the stack holds
    "Vitamin D", "Magnesium" when it holds "Magnesium glycinate"); None when there is none, or
    several and which one is unclear."""
    folded = said.casefold()
    same = [item for item in stack if item.casefold() == folded]
    if same:
        return same[0]
    kin = [item for item in stack if _one_names_the_other(folded, item.casefold())]
    return kin[0] if len(kin) == 1 else None


def _one_names_the_other(a: str, b: str) -> bool:
    """Whether the shorter name opens the longer, up to a word or a number: "vitamin d" and
    "vitamin d3", "omega-3" and "omega-3 fish oil" (not "zinc" and "zincum")."""
    short, long = sorted((a, b), key=len)
    if len(short) == len(long) or not long.startswith(short):
        return False
    follows = long[len(short)]
    return follows in " (-" or follows.isdigit()
