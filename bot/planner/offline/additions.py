"""What a food comes with: "A with B (and C)" as one item, a dish the table names whole.

"bagel with cream cheese", "tea with milk and one sugar": A and what it comes with, summed. A
drink added without an amount is a splash in a drink and a pour over cereal, never the
table's full glass. Something with a real portion of its own after "and" ("... and a
banana") stays an item of its own. "salad with chicken" is the table's chicken salad when it
has one (reader/composition.py): the chicken is never counted twice. A drink had beside a
food ("croissant avec un café"), or a snack had with a drink ("horchata con fartons",
"café con leche y pan sobao"), stays an item of its own, and a flavour said after a
smoothie or yogurt ("aux fraises", "alla fragola") is part of it.
"""

from __future__ import annotations

import dataclasses
import functools
import re

from bot.planner.offline.beside import ON_IN, food_of_its_own, had_beside_a_drink, on_bread
from bot.planner.offline.dish_base import made_of
from bot.planner.offline.each import EACH_BEFORE, for_each
from bot.planner.offline.egg_dishes import made_of_eggs, with_eggs
from bot.planner.offline.fillers import FILLERS
from bot.planner.offline.fillings import WITH, filled_dish, filled_with, fills
from bot.planner.offline.flavours import flavour_of, flavoured
from bot.planner.offline.foods import FoodItem
from bot.planner.offline.table import FoodTable, food_table, without_said
from bot.planner.offline.text import Tokens
from bot.planner.offline.their_words import said_with
from bot.planner.offline.toppings import on_salad, plain_salad
from bot.planner.reader.composition import dish_of
from bot.planner.reader.dry import with_sauce
from bot.planner.reader.lookup import COOKED
from bot.planner.reader.quantities import AMOUNT_WORDS
from bot.planner.reader.segment import CONJUNCTIONS

_AND = CONJUNCTIONS
POUR_ML = 120.0  # milk over cereal or oats: half a cup, not a splash and not a glass
_SPLASH_UNITS = frozenset({"splash", "dash", "drop", "drizzle"})
_ARTICLES = frozenset(
    """
    a an the some my extra side sides of la el il le lo los las les der die das den dem ein
    eine einem einer einen un una une uno du des
    """.split()
)
# How a food is made or served: read as part of it ("a poached egg", "grilled chicken").
DESCRIBING = frozenset(
    """
    poached scrambled fried grilled roasted roast baked boiled steamed toasted sauteed raw
    mashed sliced chopped diced spicy plain crispy creamy salted unsalted smoked
    """.split()
)


SPLASH_ML = 30.0  # "coffee with oat milk": a splash, not the glass the table's portion is


# What joins an amount to its food: "200 g de pollo" is pollo, not "de pollo".
_OF = frozenset({"of", "de", "di", "d", "du", "del", "della", "dello"})


def known_dish(tokens: Tokens, head: FoodItem, item: FoodItem, table: FoodTable) -> FoodItem | None:
    """ "salad with chicken": the chicken salad of the table ("burrito bowl w/ chicken": the
    chicken burrito bowl, no second chicken; for a generic head like "salad" its last word
    suffices). None for an addition's stated amount; the head's stated amount is kept
    ("16oz latte w/ oat milk": 16 fl oz of the oat milk latte)."""
    if item.explicit:
        return None
    words = [tokens.items[i].text for i in range(item.first, item.last + 1)]
    said = (tokens.items[i].text for i in range(head.first, head.last + 1))
    base = [table.diminutive_of(word) or word for word in said]  # "Weckerl": a Weck
    while base and (base[0] in AMOUNT_WORDS | _OF or base[0] not in table.words):
        base = base[1:]  # the food's words, not "a large", "16 oz" or "200 g de" before them
    generic = len(base) < 2 or " ".join(base[-2:]) not in table.by_alias
    known = dish_of(table.by_alias, base, words, generic=generic)
    if known is None:
        return None
    grams = head.grams if head.explicit and head.grams > 0 else known.portion_g
    factor = grams / known.portion_g
    return dataclasses.replace(
        head,
        name=known.name,
        amount=head.amount if head.explicit else known.portion,
        kcal=known.kcal * factor,
        protein=known.protein * factor,
        carbs=known.carbs * factor,
        fat=known.fat * factor,
        last=item.last,
        grams=grams,
    )


def dish(head: FoodItem, added: FoodItem, joiner: str = "with") -> FoodItem:
    """A food and what it comes with as one item ("Caesar salad with chicken breast"); with
    `joiner` "and", one more added to a dish ("... with mixed vegetables and tahini"). The
    addition goes by the table's name alone: "Quinoa with grilled vegetables", not "... with
    grilled vegetables (roasted veggies)" in the middle of a dish's name."""
    name = without_said(added.name)
    return dataclasses.replace(
        head.plus(added), name=f"{head.name} {joiner} {name[:1].lower()}{name[1:]}"
    )


def _when_before_with(tokens: Tokens, gap: range) -> int:
    """How many words saying when, read already, stand between a food and the "with" of what
    it came with ("3 cuppas today w semi skimmed", "zwei Kaffee heute mit Milch"); 0 when
    anything else does."""
    when = 0
    while when < len(gap) and tokens.used[gap[when]] and tokens.items[gap[when]].text in FILLERS:
        when += 1
    rest = gap[when:]
    if not when or not rest or not tokens.free(rest) or tokens.items[rest[0]].text not in WITH:
        return 0
    return when


def _one_item(tokens: Tokens, head: FoodItem, item: FoodItem, words: list[str]) -> FoodItem | None:
    """`head` and `item` said after it as one item, when `item` is the dish `head` is the base
    of, what `head` tastes of, or the milk it is made with; else None."""
    said = " ".join(tokens.items[i].text for i in range(head.first, head.last + 1))
    if made_of(tokens, head, item, words):  # "pasta alla carbonara": the carbonara, pasta and all
        return dataclasses.replace(item, first=head.first)
    if flavour_of(head, item, words, said, counted=_counted(tokens, item)):
        return flavoured(tokens, head, item)  # "un smoothie aux fraises": what it tastes of
    if milk_of(head, item, words):  # "large flat white, full cream": the milk it is made with
        return dataclasses.replace(head, last=item.last)
    return None


def join_with(tokens: Tokens, items: list[FoodItem]) -> list[FoodItem]:
    """ "A with B (and C)": one item of A and what it comes with (see the module docstring).
    "salad with chicken" is the table's chicken salad when the table has one; "with a side
    of B" keeps B an item of its own."""
    table = food_table()
    joined: list[FoodItem] = []
    in_dish = False  # the last item is a dish still taking additions after "and"
    filling = False  # the last item is a dish whose filling is named after it
    for item in items:
        head = joined[-1] if joined else None
        if head is None:
            joined.append(item)
            in_dish = _said_with(tokens, item)
            continue
        gap = range(head.last + 1, item.first)
        gap = range(gap.start + _when_before_with(tokens, gap), gap.stop)  # "tea today w milk"
        between = [tokens.items[i].text for i in gap]
        words = [w for w in between if w != "/" and w not in DESCRIBING | EACH_BEFORE]
        free = tokens.free(gap)
        one = _one_item(tokens, head, item, words) if free else None
        if one is not None:
            tokens.claim(gap)
            joined[-1] = one
            continue
        # "... de jamón y queso"; "... y un trozo de pan", with its own amount, is a food apart
        more = filling and len(words) == 1 and words[0] in _AND and not item.explicit
        # a drink is never a filling: "tacos de pollo y una coca" are tacos and a coke
        filling = free and not item.liquid and (more or fills(tokens, head, words))
        if filling:
            tokens.claim(gap)  # "tacos de pollo", "un bocadillo de jamón y queso"
            joined[-1] = filled_with(tokens, head, item)
            continue
        words = _as_with(tokens, item, words)
        with_word = bool(words) and words[0] in WITH and set(words[1:]) <= _ARTICLES
        if free and cooked_in(tokens, item, between):  # "2 eggs, fried in butter"
            with_word, words = True, ["with"]
        and_word = in_dish and len(words) == 1 and words[0] in _AND
        if free and made_of_eggs(tokens, head, item, words):
            tokens.claim(gap)  # "omelette with 3 eggs": one omelette, of three eggs
            joined[-1] = with_eggs(head, item)
            continue
        if free and on_bread(head, item, words, _counted(tokens, item)):
            tokens.claim(gap)  # "2 sausages in bread", "Bratwurst im Brötchen": one item
            joined[-1] = said_with(tokens, dish(head, item, ON_IN[words[0]]), head, item, gap)
            in_dish = False
            continue
        if not free or not (with_word or (and_word and _small(head, item))):
            joined.append(item)
            in_dish = _said_with(tokens, item)
            continue
        tokens.claim(gap)
        merged = _joined(tokens, head, item, between, words, table)
        in_dish = merged is not None and merged.first == head.first
        if in_dish and merged is not None:
            joined[-1] = said_with(tokens, merged, head, item, gap)
        else:  # "with a side salad", "salmon with rice": two items
            joined.append(merged or item)
    return dish_amounts(tokens, joined)


def _joined(
    tokens: Tokens,
    head: FoodItem,
    item: FoodItem,
    between: list[str],
    words: list[str],
    table: FoodTable,
) -> FoodItem | None:
    """`head` with `item` it was said with (`between` the words between them, `words` those
    that join them); None when `item` is an item of its own ("with a side salad", a drink had
    beside a food: "croissant avec un café"); `item` marked as added to `head` when it is a
    food of its own eaten with it ("salmon with rice")."""
    with_word = words[0] in WITH
    said = between + [tokens.items[i].text for i in range(item.first, item.last + 1)]
    if "side" in said or "sides" in said:
        return None
    if _already_in(head, item):  # "jacket potato w/ beans": the dish has its beans
        return dataclasses.replace(head, last=item.last)
    if not with_word and had_beside_a_drink(head, item):
        return None  # "café con leche y pan sobao": the bread is no part of the coffee
    if with_word:
        known = known_dish(tokens, head, item, table)
        if known is not None:
            return known
        if served_alone(head, item):
            return None
        if food_of_its_own(head, item, said) and not filled_dish(tokens, head):
            # still what the head is had with: a figure stated after both is for both
            return dataclasses.replace(item, added=True)
    added = for_each(tokens, head, _as_addition(tokens, head, item))
    if plain_salad(head):  # "salad with tuna": half a tin on it, not a tin beside it
        added = on_salad(tokens, head, added)
    return dish(head, added, "with" if with_word else "and")


# The fat a food was cooked in is part of it: "2 eggs, fried in butter", "Spiegeleier in
# Butter gebraten", "pollo cocinado en aceite de oliva", "œufs cuits au beurre", "uova fritte
# nel burro". A pat of butter or a spoon of oil is logged within the food, not beside it
# (the words of cooking: reader/lookup.py).
_COOKED_IN = frozenset({"in", "im", "en", "dans", "au", "nel", "nell", "nella", "nello"})
_FAT_RE = re.compile(r"\b(?:butter|oil|ghee|lard|margarine)\b", re.IGNORECASE)


def cooked_in(tokens: Tokens, item: FoodItem, between: list[str]) -> bool:
    """Whether `item` is the fat the food before it was cooked in, said between them ("fried
    in") or after it ("in Butter gebraten")."""
    nxt = item.last + 1
    after = {tokens.items[nxt].text} if nxt < len(tokens.items) else set()
    return (
        _FAT_RE.search(item.name) is not None
        and bool(_COOKED_IN.intersection(between))
        and bool(COOKED.intersection(between) | COOKED.intersection(after))
    )


def _already_in(head: FoodItem, item: FoodItem) -> bool:
    """Whether the table's name of the dish says it comes with `item` ("Jacket potato with
    beans and cheese"), or the kind of food it is by the table's own name of the dish
    ("Frisella with tomato and oil" and olive oil): then naming it again adds nothing."""
    own = without_said(head.name).lower()
    _, with_, what = own.partition(" with ")
    name = without_said(item.name).lower()
    if not with_ or name in what:
        return bool(with_)
    return name.split()[-1] in what.split() and own in _table_names()


@functools.cache
def _table_names() -> frozenset[str]:
    """The table's names of its foods, one or many, in lower case."""
    foods = food_table().by_alias.values()
    return frozenset(name.lower() for food in foods for name in (food.name, food.plural))


def dish_amounts(tokens: Tokens, items: list[FoodItem]) -> list[FoodItem]:
    """ "pasta al pomodoro, 100 g di pasta": a later clause weighing a food the dish before
    it is named by is how much went into that dish, not a second item: the dish is that much
    of its base (dry when weighed dry, reader/dry.py) with its sauce. Only a dish said
    without an amount takes it, and only from a weight of the very word in its name."""
    kept: list[FoodItem] = []
    for item in items:
        base = _weighed_base(tokens, kept, item)
        if base is None:
            kept.append(item)
            continue
        word = tokens.items[item.last].raw
        dish = kept[base].with_figures(with_sauce(kept[base].figures, item.figures))
        kept[base] = dataclasses.replace(
            dish, amount=_with_base(dish.amount, f"{item.amount} {word}"), last=item.last
        )
    return kept


def _weighed_base(tokens: Tokens, before: list[FoodItem], item: FoodItem) -> int | None:
    """The index of the dish in `before` whose base `item` weighs, or None."""
    words = [tokens.items[i].text for i in range(item.first, item.last + 1)]
    if not item.explicit or len(words) < 3 or words[1] not in {"g", "gr", "grams", "gramm"}:
        return None
    if not (tokens.items[item.first].kind == "num" and set(words[2:-1]) <= _OF):
        return None
    for n in range(len(before) - 1, -1, -1):
        dish_item = before[n]
        named = {tokens.items[i].text for i in range(dish_item.first, dish_item.last + 1)}
        commas = {tokens.items[i].text for i in range(dish_item.last + 1, item.first)}
        dish_of_it = len(named) > 1 and dish_item.name != item.name  # not the food itself
        if dish_of_it and words[-1] in named and not dish_item.explicit and "," in commas:
            return n
    return None


# A drink had beside a food, never poured into it: what a food is "with" and stays an item.
_DRINKS_ALONE_RE = re.compile(
    r"\b(?:coffee|espresso|cortado|cappuccino|latte|macchiato|americano|flat white|tea|beer"
    r"|wine|cola|soft drink|soda|lemonade|smoothie|hot chocolate|cocoa|milkshake|cider"
    r"|rooibos|kombucha|mate|energy drink|prosecco|champagne|spritz)\b"
)
_NOT_ALONE_RE = re.compile(r"\b(?:lemon|lime)\b")  # "fish with lemon juice": an ingredient


def served_alone(head: FoodItem, item: FoodItem) -> bool:
    """Whether a food is "with" a drink had beside it ("2 medialunas con un cortado", "Kuchen
    mit einem Kaffee"), not one that goes into it ("cereal with milk", "coffee with milk")."""
    name = without_said(item.name).lower()
    if head.liquid or not item.liquid or _NOT_ALONE_RE.search(name):
        return False
    return bool(_DRINKS_ALONE_RE.search(name) or name.endswith("juice"))


# A coffee made with milk: the milk said after it is which milk, no milk of its own.
_MILK_COFFEE_RE = re.compile(r"\b(?:latte|flat white|cappuccino|cortado|macchiato|mocha)")


def milk_of(head: FoodItem, item: FoodItem, words: list[str]) -> bool:
    """Whether `item` is only the milk a milk coffee before it is made with, said after a
    comma without an amount ("large flat white, full cream", "un cappuccino, latte di
    soia"), never a glass of its own."""
    if item.explicit or not item.liquid or words not in ([], [","]):
        return False
    milk = without_said(item.name).lower().endswith("milk")
    return milk and bool(_MILK_COFFEE_RE.search(without_said(head.name).lower()))


_ONE = frozenset({"a", "an", "un", "une", "ein", "eine", "einem", "einer", "uno", "una"})


# Italian says what a food comes with by "al", "alla", "col", "co'" ("arancine al burro",
# "maritozzo co' la panna", "una seada col miele"); French puts the butter or sugar it is
# spread with right after it ("une bretzel beurre", "crêpe beurre sucre").
_WITH_ITALIAN = frozenset("col coi co colla al alla alle allo ai agli".split())
_SPREAD_AFTER = frozenset({"beurre", "sucre"})


def _as_with(tokens: Tokens, item: FoodItem, words: list[str]) -> list[str]:
    """The words joining a food to `item` read as "with" when they say it another way."""
    if words and words[0] in _WITH_ITALIAN:
        return ["with", *words[1:]]
    if not words and tokens.items[item.first].text in _SPREAD_AFTER:
        return ["with"]
    return words


def _counted(tokens: Tokens, item: FoodItem) -> bool:
    """Whether the item starts with how many of it there were ("2 slices", "two"), not "a"."""
    first = tokens.items[item.first]
    return first.kind == "num" or (first.text in AMOUNT_WORDS and first.text not in _ONE)


def _said_with(tokens: Tokens, item: FoodItem) -> bool:
    """Whether the food's own name holds a "with" ("tea with milk"): more may be added."""
    return any(tokens.items[i].text in WITH for i in range(item.first, item.last + 1))


def _small(head: FoodItem, item: FoodItem) -> bool:
    """Whether an item after "and" reads as one more addition ("and jam", "and one sugar"),
    not a food or drink of its own ("and a banana", "and orange juice")."""
    if item.liquid and not head.liquid:
        return False
    return not item.explicit or item.kcal <= 60


def _as_addition(tokens: Tokens, head: FoodItem, item: FoodItem) -> FoodItem:
    """A drink added without an amount is a splash (in a drink) or a pour (over cereal)."""
    said = {tokens.items[i].text for i in range(item.first, item.last + 1)}
    if not item.liquid or (item.explicit and not said & _SPLASH_UNITS):
        return item
    ml = SPLASH_ML if head.liquid or said & _SPLASH_UNITS else POUR_ML
    if item.grams <= ml:
        return item
    return item.scaled(ml / item.grams)


def _with_base(amount: str, base: str) -> str:
    """The dish's amount with the base that went into it: "1 plate (100 g pasta)"; the
    portion's own weight is no longer what was eaten."""
    return f"{without_said(amount)} ({base})"
