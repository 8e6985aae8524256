"""One thing said twice is logged once.

Two names of the same food side by side ("uno spritz aperol", "a flat white coffee") are one
item; so is a name in brackets right after a food ("3 biscuits (digestives)", "a beer
(Jupiler)"), which says what the food before it was, not a second one eaten, or how much of
it there was ("apple slices (1 medium apple)"). A food said after "all" names the ones
counted before it ("3 coffees, all long blacks").
"""

from __future__ import annotations

import dataclasses
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


def _restated(text: str, tokens: Tokens, before: FoodItem, item: FoodItem) -> bool:
    """ "apple slices (1 medium apple)": a bracket naming the food before it again says how
    much of it there was, words of how it was cut between them."""
    gap = _between(text, tokens, before, item).rstrip()
    return (
        item.explicit
        and gap.endswith("(")
        and "," not in gap
        and _bracketed(text, tokens, item)
        and _bare(before.name) == _bare(item.name)
    )


def amount_in_brackets(text: str, tokens: Tokens, foods: list[FoodItem]) -> list[FoodItem]:
    """The foods with one named again in brackets with its amount read as that amount
    ("apple slices (1 medium apple)"), before anything is joined to what it comes with."""
    kept: list[FoodItem] = []
    for item in foods:
        if kept and _restated(text, tokens, kept[-1], item):
            tokens.claim(range(kept[-1].last + 1, item.first))
            kept[-1] = dataclasses.replace(item, first=kept[-1].first)
            continue
        kept.append(item)
    return kept


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
        if _names_them(tokens, kept, item):
            continue
        kept.append(item)
    return kept


# "all", "both" before a food: what the foods counted before it were ("all long blacks").
_ALL = frozenset({"all", "both", "alle", "beide", "todos", "todas", "tous", "toutes", "tutti"})


def _names_them(tokens: Tokens, kept: list[FoodItem], item: FoodItem) -> bool:
    """ "3 coffees, all long blacks": a food said after "all" names the same food counted
    before it, which takes that name and keeps its count; True when it did."""
    at = item.first - 1
    if item.explicit or at < 0 or tokens.items[at].text not in _ALL or tokens.used[at]:
        return False
    for n in range(len(kept) - 1, -1, -1):
        if _bare(kept[n].name) == _bare(item.name) and kept[n].name != item.name:
            tokens.claim(range(at, at + 1))
            kept[n] = dataclasses.replace(kept[n], name=item.name)
            return True
    return False
