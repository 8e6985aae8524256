"""Another of the food just named, said by "one" and what it was with: "un'arancina al ragù e
una al burro", "a bagel with cream cheese and one with butter", "ein Brötchen mit Käse und
eins mit Marmelade", "une crêpe au sucre et une au nutella", "dos empanadas de carne y una de
queso". The "one" is one more of that food, never an amount of what it was with: the butter
of "una al burro" fills a second arancina.

How the first one's filling was read decides the second's: a filling logged as an item of its
own ("Brötchen mit Käse": a roll and cheese) is logged so again beside one more of the food; a
filling read into the food ("bagel with cream cheese", "arancina al ragù") names the second
one, counted as one of the first ("Bagel with butter, 1 medium").
"""

from __future__ import annotations

import dataclasses

from bot.planner.offline.fillings import WITH, counted_kinds
from bot.planner.offline.foods import FoodItem
from bot.planner.offline.text import Tokens, number_value
from bot.planner.reader.composition import FILLING_OF
from bot.planner.reader.segment import CONJUNCTIONS

# "one" as a pronoun, in the five languages: the food is not said again.
_ONE = frozenset("one uno una eins eines einen eine un une".split())
# What the second one was with: "with", "al", "de", "mit", "au", "alla".
_WITH = FILLING_OF | WITH | {"alle", "ai"}
_MAX_FILLING = 3  # "de dulce de leche": the words of a filling the table lacks


def kinds_said_after(tokens: Tokens, items: list[FoodItem]) -> list[FoodItem]:
    """The items with the kinds counted after a filled dish ("2 de queso y una de pollo",
    offline/fillings.py) and each "and one with X" read as the dishes they are."""
    return one_more_each(tokens, counted_kinds(tokens, items))


def one_more_each(tokens: Tokens, items: list[FoodItem]) -> list[FoodItem]:
    """The items with each "and one with X" read as one more of the food before it (module
    docstring), its words claimed."""
    kept = list(items)
    for k in range(1, len(tokens) - 1):
        if not _one_with(tokens, k):
            continue
        before = [n for n, item in enumerate(kept) if item.last < k]
        if not before:
            continue
        h = before[-1]
        while h > 0 and _joined(tokens, kept[h - 1], kept[h]):
            h -= 1  # "ein Brötchen mit Käse": the roll, the cheese its own item
        head = kept[h]
        after = next((n for n, item in enumerate(kept) if item.first == k + 2), None)
        tokens.claim(range(k, k + 2))
        if after is not None and h != before[-1]:
            kept.insert(after, _another(tokens, head, k, k + 1, ""))
        elif after is not None:
            filling = kept[after]
            kept[after] = _another(tokens, head, k, filling.last, _raw(tokens, k + 1, filling.last))
        else:
            end = _unread_filling(tokens, k + 2)
            if end is None:
                tokens.release(range(k, k + 2))
                continue
            tokens.claim(range(k + 2, end + 1))
            kept.append(_another(tokens, head, k, end, _raw(tokens, k + 1, end)))
    return sorted(kept, key=lambda item: item.first)


def _one_with(tokens: Tokens, k: int) -> bool:
    """Whether token `k` is "one" after "and" or a comma and before "with" ("e una al")."""
    one, said_with, joined = tokens.items[k], tokens.items[k + 1], tokens.items[k - 1]
    if tokens.used[k] or tokens.used[k + 1] or one.text not in _ONE:
        return False
    return said_with.text in _WITH and (joined.text in CONJUNCTIONS or joined.text == ",")


def _joined(tokens: Tokens, food: FoodItem, added: FoodItem) -> bool:
    """Whether `added` is said right after `food` as what it came with ("Brötchen mit Käse")."""
    between = range(food.last + 1, added.first)
    return len(between) == 1 and tokens.items[between[0]].text in _WITH


def _unread_filling(tokens: Tokens, at: int) -> int | None:
    """The last token of a filling the table lacks, said from token `at` ("uno de
    txangurro"): a few words no rule read, up to a comma or "and"; None when there are none."""
    end = None
    for j in range(at, min(at + _MAX_FILLING, len(tokens))):
        token = tokens.items[j]
        if tokens.used[j] or token.kind != "word" or token.text in CONJUNCTIONS:
            break
        end = j
    return end


def _one_of(unit: str, count: float) -> str:
    """The unit of one, said of `count`: "2 empanadas" -> "empanada", "2 pieces" -> "piece"."""
    if count <= 1 or not unit.endswith("s"):
        return unit
    return unit[:-2] if unit.endswith(("sses", "ches", "shes")) else unit[:-1]


def _raw(tokens: Tokens, first: int, last: int) -> str:
    return " ".join(tokens.items[i].raw for i in range(first, last + 1))


def _another(tokens: Tokens, head: FoodItem, first: int, last: int, filled: str) -> FoodItem:
    """One of `head`, said at tokens `first`..`last`, named by the word it was said by and
    what it was `filled` with ("Arancina al burro"), or as `head` when nothing fills it."""
    said = head.amount.split(" ")
    count = number_value(said[0]) or 1.0
    each = head.scaled(1 / count) if count > 0 else head
    amount = " ".join(["1", _one_of(said[1], count)]) if number_value(said[0]) else head.amount
    name = head.name
    if filled:
        words = [tokens.items[i] for i in range(head.first, head.last + 1)]
        cut = next((n for n, w in enumerate(words) if n and w.text in _WITH), len(words))
        noun = words[cut - 1].raw.lower().replace("’", "'").split("'")[-1]  # "un'arancina"
        noun = noun[:-1] if count > 1 and noun.endswith("s") else noun
        name = f"{noun[:1].upper()}{noun[1:]} {filled}"
    return dataclasses.replace(
        each, name=name, amount=amount, first=first, last=last, explicit=True, added=False
    )
