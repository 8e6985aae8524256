"""One thing said twice is logged once.

Two names of the same food side by side ("uno spritz aperol", "a flat white coffee") are one
item; so is a name in brackets right after a food ("3 biscuits (digestives)", "a beer
(Jupiler)"), which says what the food before it was, not a second one eaten, or how much of
it there was ("apple slices (1 medium apple)"). A food said after "all" names the ones
counted before it ("3 coffees, all long blacks", "4 cookies, all oreos"). Eggs said "as" a dish
are that dish of those eggs ("3 Eier als Rührei"), and a food said without an amount, then by
a longer name of it in the same sentence, is the one food said in full ("kebab on the way home
🥴 large doner w/ chilli sauce"). A count after a dish of what its portion counts is how many
of the dish ("idli sambar for breakfast, 3 idlis"), and a food said right before a dish
named by a food of its kind says which dish it is ("mandarin orange chicken"). A food said
without an amount and then, after a colon, as one of its kind with an amount ("shake: 2
scoops whey", "pizza: 2 slices of margherita") is that one food. A footlong said before a sub
is its size ("a footlong spicy italian": one sub, twice the six-inch), and a food said after
"it was a" is the one before named again ("a beer, i think it was a heineken").
"""

from __future__ import annotations

import dataclasses
import re

from bot.planner.offline.egg_dishes import of_eggs
from bot.planner.offline.foods import FoodItem
from bot.planner.offline.table import food_table, without_said
from bot.planner.offline.text import Tokens
from bot.planner.reader.composition import BREAD_MEALS, BREAD_PARTS
from bot.planner.reader.quantities import AMOUNT_WORDS


def _bare(name: str) -> str:
    return without_said(name).lower()


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


_EMOJI_RE = re.compile(r"[\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F\u200D]+")


def one_per_thing(text: str, tokens: Tokens, foods: list[FoodItem]) -> list[FoodItem]:
    """The foods with a second name of the one before it left out."""
    kept: list[FoodItem] = []
    for item in foods:
        before = kept[-1] if kept else None
        if before is not None and not item.added:
            gap = _between(text, tokens, before, item)
            same = not gap.strip() and _bare(before.name) == _bare(item.name)
            named = (
                _EMOJI_RE.sub("", gap).strip() == "("
                and not item.explicit
                and _bracketed(text, tokens, item)
            )
            if same or named:
                if same and item.explicit and not before.explicit:
                    kept[-1] = item
                if named and _count(before.amount) and _count(item.amount):
                    kept[-1] = _counted(
                        item, _count(before.amount), before
                    )  # "3 biscuits (digestives)"
                continue
        if _names_them(tokens, kept, item):
            continue
        if before is not None and _made_as(text, tokens, before, item):  # "2 eggs as an omelette"
            made = of_eggs(item, before)
            if made is not None:
                kept[-1] = dataclasses.replace(made, first=before.first)
            elif _item_counts(before, item):
                kept[-1] = _counted(item, _count(before.amount), before)
            else:
                kept[-1] = item
            continue
        if before is not None and _counted_after(text, tokens, before, item):
            tokens.claim(range(before.last + 1, item.first))  # "idli sambar, 3 idlis"
            counted = _counted(before, _count(item.amount), before)
            kept[-1] = dataclasses.replace(counted, last=item.last, explicit=True)
            continue
        if before is not None and _restated_as(text, tokens, before, item):
            kept[-1] = dataclasses.replace(item, first=before.first)  # "... it was a leffe"
            continue
        if before is not None and _sized(before, item):
            kept[-1] = _footlong(before, item)  # "a footlong spicy italian": one sub
            continue
        if before is not None and _describes(tokens, before, item):
            said = text[tokens.items[before.last].start : tokens.items[item.last].end]
            kept[-1] = dataclasses.replace(item, first=before.first, name=said.capitalize())
            continue
        if before is not None and _made_of(text, tokens, before, item):
            kept[-1] = item  # "shake: 2 scoops whey": the shake is the whey said with its amount
            continue
        if before is not None and _said_whole(text, tokens, before, item):
            kept[-1] = item  # "kebab ... large doner w/ chilli sauce": the doner said in full
            continue
        kept.append(item)
    return kept


# What a food was made into: "2 eggs as an omelette", "3 Eier als Rührei", "2 huevos como
# revuelto", "2 œufs en omelette", "2 uova come frittata".
_AS = frozenset({"as", "als", "como", "comme", "en", "come"})
# What says a second food is another one eaten, not the first said again in full.
_ANOTHER = frozenset(
    """
    and then also another later again plus und dann noch auch y luego después otro otra
    et puis encore aussi autre e poi dopo anche altro altra
    """.split()
)
_COUNT_RE = re.compile(r"^(\d+(?:\.\d+)?)\s+([^\W\d_]+)")


def _gap_words(text: str, tokens: Tokens, before: FoodItem, item: FoodItem) -> list[str]:
    return re.findall(r"[^\W\d_]+", _between(text, tokens, before, item).lower())


def _made_as(text: str, tokens: Tokens, before: FoodItem, item: FoodItem) -> bool:
    """Whether the item is what the food before it was made into ("2 eggs as an omelette")."""
    gap = _gap_words(text, tokens, before, item)
    head = (_bare(item.name).lower().split() or [""])[-1]
    said = range(before.first, before.last + 1)
    sandwich = any(tokens.items[i].text in BREAD_MEALS for i in said)
    if gap[:1] == ["en"] and sandwich and head in BREAD_PARTS:
        return False  # "bocadillo de jamón en pan de barra": the bread it is in
    return (
        bool(gap)
        and gap[0] in _AS
        and len(gap) <= 2
        and (not item.explicit or _count(item.amount) <= 1)
    )


def _said_whole(text: str, tokens: Tokens, before: FoodItem, item: FoodItem) -> bool:
    """ "kebab on the way home, large doner w/ chilli sauce": a food said without an amount,
    then again by a longer name of the same food with one, in the same sentence, is one food;
    "a coffee and then a coffee with milk" stays two."""
    gap = _between(text, tokens, before, item)
    return (
        not before.explicit
        and _bare(item.name).startswith(_bare(before.name))
        and (item.explicit or _bare(item.name) != _bare(before.name))
        and not re.search(r"[.,;:!?\n+&\d]", gap)
        and not _ANOTHER.intersection(_gap_words(text, tokens, before, item))
    )


_NAME_WORDS_RE = re.compile(r"[^\W\d_]{3,}")


def _made_of(text: str, tokens: Tokens, before: FoodItem, item: FoodItem) -> bool:
    """ "shake: 2 scoops whey", "tea: 2 bags of green tea": a food said without an amount,
    then a colon and one of its kind with an amount, the head word of one naming the other,
    is one food, as said the second time. "coffee: 2 sugars" and "chicken soup: 200 g
    chicken" stay two."""
    if before.explicit or not item.explicit:
        return False
    if _between(text, tokens, before, item).strip() != ":":
        return False
    head, said = (_NAME_WORDS_RE.findall(_bare(f.name).split(" with ")[0]) for f in (before, item))
    return bool(head and said) and (head[-1] in said or said[-1] in head)


def _counted_after(text: str, tokens: Tokens, before: FoodItem, item: FoodItem) -> bool:
    """ "had idli sambar in breakfast, 3 idlis": a count after a dish said without one, of
    what the dish's portion counts and its name names, is how many of it there were."""
    unit = _unit(before.amount)
    return (
        not before.explicit
        and item.explicit
        and bool(unit)
        and _unit(item.amount) == unit
        and unit in _bare(before.name).split()
        and not re.search(r"[.;!?\n]", _between(text, tokens, before, item))
        and not _ANOTHER.intersection(_gap_words(text, tokens, before, item))
    )


# What says the food after it is the one before, named again: "it was a", "c'était une",
# "era un", "war ein", "fue una".
_RESTATING_RE = re.compile(
    r"(?:\b(?:it|that|this|which|they) (?:was|were|is|s)|\bc (?:etait|était)|\b(?:era|fue|war))"
    r"(?: (?:a|an|the|un|une|una|uno|ein|eine|einen|des))?$"
)


def _restated_as(text: str, tokens: Tokens, before: FoodItem, item: FoodItem) -> bool:
    """Whether `item` names again, more precisely, the food said right before it ("a meat
    pie at the footy, pretty sure it was a four n twenty", "une bière, c'était une leffe"):
    one food, the one named last."""
    words = " ".join(_gap_words(text, tokens, before, item))
    return before.liquid == item.liquid and _RESTATING_RE.search(words) is not None


def _sized(before: FoodItem, item: FoodItem) -> bool:
    """Whether `before` is a footlong said right before a sub the table counts in six-inch
    subs ("a footlong spicy italian"): the sub's size, no sub of its own."""
    return (
        before.last + 1 == item.first
        and _bare(before.name).rstrip("s") == "subway footlong"
        and "six-inch" in item.amount.lower()
    )


def _footlong(before: FoodItem, item: FoodItem) -> FoodItem:
    """The six-inch sub `item` as the footlong said before it: twice the sub."""
    count = _count(before.amount) or 1.0
    return dataclasses.replace(
        item.scaled(2 * count), first=before.first, amount=before.amount, explicit=True
    )


def _describes(tokens: Tokens, before: FoodItem, item: FoodItem) -> bool:
    """ "mandarin orange chicken": a food said right before a prepared dish named by a food
    of its kind (a fruit before "orange chicken"), with no amount of its own, says which
    dish it is: one dish."""
    said_with = tokens.items[before.first : before.last]  # "trader joe's", "a"
    if before.last + 1 != item.first or any(t.kind == "num" for t in said_with):
        return False
    if any(t.text in AMOUNT_WORDS - {"a", "an"} for t in said_with):
        return False
    table = food_table()
    dish = table.by_alias.get(_bare(item.name))
    opening = table.by_alias.get(tokens.items[item.first].text)
    said = table.by_alias.get(tokens.items[before.last].text)
    if dish is None or not dish.dish or opening is None or said is None or opening is dish:
        return False
    return not opening.dish and bool(said.unit) and said.unit == opening.unit


def _count(amount: str) -> float:
    match = _COUNT_RE.match(amount)
    return float(match.group(1)) if match else 0.0


def _unit(amount: str) -> str:
    match = _COUNT_RE.match(amount)
    return match.group(2).lower().rstrip("s") if match else ""


def _item_counts(before: FoodItem, item: FoodItem) -> bool:
    """Whether the item's amount counts the food before it ("Scrambled eggs, 2 eggs")."""
    match = _COUNT_RE.match(item.amount)
    if match is None or not _count(before.amount):
        return False
    return match.group(2).lower().rstrip("s") in _bare(before.name)


def _counted(item: FoodItem, count: float, before: FoodItem) -> FoodItem:
    """The item scaled to `count` of the units its amount counts."""
    factor = count / _count(item.amount)
    unit = _COUNT_RE.match(item.amount)
    assert unit is not None
    word = unit.group(2).rstrip("s") + ("" if count == 1 else "s")
    grams = re.sub(  # "(240 ml)" of one cup: "(720 ml)" of three
        r"\((\d+(?:\.\d+)?) (g|ml)\)",
        lambda m: f"({float(m.group(1)) * factor:.0f} {m.group(2)})",
        item.amount[unit.end() :],
    )
    amount = f"{count:g} {word}{grams}"
    return dataclasses.replace(
        item,
        first=before.first,
        amount=amount,
        kcal=round(item.kcal * factor),
        protein=round(item.protein * factor, 1),
        carbs=round(item.carbs * factor, 1),
        fat=round(item.fat * factor, 1),
        grams=item.grams * factor,
    )


# "all", "both" before a food: what the foods counted before it were ("all long blacks").
_ALL = frozenset({"all", "both", "alle", "beide", "todos", "todas", "tous", "toutes", "tutti"})


def _names_them(tokens: Tokens, kept: list[FoodItem], item: FoodItem) -> bool:
    """ "3 coffees, all long blacks": a food said after "all" names the same food counted
    before it, which takes that name and keeps its count; another food ("3 coffees, all
    cappuccinos") takes the count's place. True when it did."""
    at = item.first - 1
    if item.explicit or at < 0 or tokens.items[at].text not in _ALL or tokens.used[at]:
        return False
    for n in range(len(kept) - 1, -1, -1):
        if _bare(kept[n].name) == _bare(item.name) and kept[n].name != item.name:
            tokens.claim(range(at, at + 1))
            kept[n] = dataclasses.replace(kept[n], name=item.name)
            return True
    counted = kept[-1] if kept else None
    if counted is None or not counted.explicit or not _count(counted.amount):
        return False
    if not _count(item.amount) or _unit(item.amount) != _unit(counted.amount):
        return False  # "2 sandwiches, both ham": the ham is what is in them
    tokens.claim(range(at, at + 1))  # "3 coffees, all cappuccinos": three cappuccinos
    kept[-1] = _counted(item, _count(counted.amount), counted)
    return True
