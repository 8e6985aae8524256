"""A food counted whole in the table's slices ("a pizza", "a large pizza"), and a piece of a
food the table also has by the slice ("a piece of pepperoni pizza")."""

from __future__ import annotations

from bot.planner.offline.table import Food, food_table
from bot.planner.offline.text import Tokens
from bot.planner.reader.quantities import HOUSEHOLD_UNITS, SIZES, Quantity


def whole_in_slices(tokens: Tokens, food: Food, first: int, last: int, q: Quantity) -> float:
    """How many of the table's slices one of the food is when it is counted whole ("a pizza",
    "half a pizza", "a pizza (half of a large)"); 1 when it is counted otherwise."""
    whole = max(_WHOLE_IN_SLICES.get(tokens.items[k].text, 0.0) for k in range(first, last + 1))
    sliced = any(tokens.items[k].text in HOUSEHOLD_UNITS for k in range(first, last + 1))
    if (
        whole
        and q.explicit
        and not q.unit
        and not sliced
        and food.unit_noun == "slice"
        and food.measure("each") is None
    ):
        label = SIZES[q.size][0] if q.size else ""
        q.size = ""  # "half of a large": the large one's slices, each of the table's size
        return _SIZED_IN_SLICES.get(label, whole)
    return 1.0


def by_the_piece(tokens: Tokens, food: Food, first: int, last: int, q: Quantity) -> Food:
    """ "a piece of pepperoni pizza": the table's slice of it when the food is counted whole
    and the table has one ("pepperoni pizza slice")."""
    if q.unit not in {"piece", "slice"} or food.unit_noun in {"piece", "slice"}:
        return food
    named = " ".join(tokens.items[k].text for k in range(first, last + 1))
    sliced = food_table().by_alias.get(f"{named} slice")
    return sliced if sliced is not None and sliced.unit_noun == "slice" else food


# What is counted whole when counted by its own name, in the table's slices: "a pizza" is a
# pizza for one (about 10 in, or a frozen one: four of the 14-inch slices the table counts,
# as the dishes' "1 pizza" rows weigh), while "pizza" alone is the table's portion and
# "2 slices of pizza" two slices.
_WHOLE_IN_SLICES = {"pizza": 4.0, "pizzas": 4.0, "pizze": 4.0}
# A pizza of a size, in the same slices: a small one (10 in) four, a medium (12 in) six, a
# large (14 in) eight.
_SIZED_IN_SLICES = {"small": 4.0, "medium": 6.0, "large": 8.0}
