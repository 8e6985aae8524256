"""One thing said twice is logged once.

Two names of the same food side by side ("uno spritz aperol", "a flat white coffee") are one
item; so is a name in brackets right after a food ("3 biscuits (digestives)", "a beer
(Jupiler)"), which says what the food before it was, not a second one eaten.
"""

from __future__ import annotations

import re

from bot.planner.offline.foods import FoodItem
from bot.planner.offline.text import Tokens

_ALIAS_SAID_RE = re.compile(r" \([^()]*\)$")  # "Cookies (biscuits)": the word said


def _bare(name: str) -> str:
    return _ALIAS_SAID_RE.sub("", name).lower()


def _between(text: str, tokens: Tokens, before: FoodItem, after: FoodItem) -> str:
    return text[tokens.items[before.last].end : tokens.items[after.first].start]


def _bracketed(text: str, tokens: Tokens, item: FoodItem) -> bool:
    """Whether the item's words are the whole of a bracket's words."""
    start, end = tokens.items[item.first].start, tokens.items[item.last].end
    return text[:start].rstrip().endswith("(") and text[end:].lstrip().startswith(")")


def one_per_thing(text: str, tokens: Tokens, foods: list[FoodItem]) -> list[FoodItem]:
    """The foods with a second name of the one before it left out."""
    kept: list[FoodItem] = []
    for item in foods:
        before = kept[-1] if kept else None
        if before is not None and not item.added:
            gap = _between(text, tokens, before, item)
            same = not gap.strip() and _bare(before.name) == _bare(item.name)
            named = gap.strip() == "(" and not item.explicit and _bracketed(text, tokens, item)
            if same or named:
                if same and item.explicit and not before.explicit:
                    kept[-1] = item
                continue
        kept.append(item)
    return kept
