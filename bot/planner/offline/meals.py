"""How foods named together make one meal item, so a dish is never split into its parts.

- A food named right before what holds it is one dish: "pepperoni pizza", "chicken wrap",
  "beef tacos", "ham and cheese toastie". The holder's figures are used (a shell such as a
  wrap or a bagel also gets its filling's), and the quantity said before the whole
  ("2 slices of pepperoni pizza") is the dish's.
- A bowl named after its foods is one dish ("chicken rice bowl"); what a food was taken or
  packed in is no food ("creatine in my shake"); what was not eaten is read ("no fries").

What a food comes with ("A with B") is additions.py; a food beside an unknown word, unknown.py.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Sequence

from bot.planner.offline.amount_before import OF, said_as_measure
from bot.planner.offline.foods import FoodItem, find_foods
from bot.planner.offline.negated import not_negated
from bot.planner.offline.on_bread import filling_at, on_bread
from bot.planner.offline.survey import survey_table, tiered_alias
from bot.planner.offline.table import Food, FoodTable, food_table, foods_by_name
from bot.planner.offline.text import Tokens, number_value
from bot.planner.offline.their_words import as_written, joined, own_spelling, their_word
from bot.planner.reader.measures import DEFAULT_MEASURES, Measures
from bot.planner.reader.normalize import fold
from bot.planner.reader.quantities import AMOUNT_WORDS
from bot.planner.reader.segment import CONJUNCTIONS, CUTTING_WORDS, Clause, segment_words

# What holds a filling and names the dish: "<filling> <holder>" is one item.
HOLDERS = frozenset(
    """
    pizza pizzas sandwich sandwiches sub subs wrap wraps burrito burritos taco tacos milk juice
    tea quesadilla quesadillas omelette omelettes omelet omelets toastie toasties panini paninis
    bagel bagels toast roll rolls bun buns pita flatbread baguette croissant croissants salad
    salads soup soups stew curry risotto noodles ramen pasta smoothie smoothies shake shakes
    milkshake latte lattes yogurt yoghurt pancakes pancake waffle waffles muffin muffins cake
    cakes pie pies tart cookie cookies bread skewers kebab kebabs nuggets dumplings sushi
    oatmeal porridge bowl pudding chutney dip jam sarnie sarnies butty butties bap baps barm
    """.split()
)
# Holders whose table row is the shell alone: the filling's figures are added to it.
SHELLS = frozenset(
    "wrap wraps pita flatbread baguette bagel bagels toast roll rolls bun buns croissant"
    " croissants bread".split()
)
# Holders that take "A and B" fillings: "ham and cheese toastie", "bacon and egg sandwich".
_PAIRED_FILLINGS = frozenset(
    """
    sandwich sandwiches sub wrap burrito taco tacos quesadilla omelette omelet toastie panini
    pizza roll rolls bun buns bagel bagels baguette croissant sarnie sarnies butty butties bap baps
    barm""".split()
)
_AND = CONJUNCTIONS
_MAX_FILLINGS = 3


@dataclasses.dataclass(frozen=True)
class _Compound:
    first: int  # the first filling's first token
    holder: int  # the holder's first token
    end: int  # the holder's last token
    fillings: tuple[Food, ...]


def alias_at(
    tokens: Tokens, i: int, table: FoodTable, *, free: bool = True
) -> tuple[Food, int] | None:
    """The longest alias of the table starting at token `i`, its words as written or as a
    plural or typo ("chiken sandwhich"; unclaimed words only, unless `free` is False); a
    longer name of USDA's survey foods wins, and answers where the table has none."""
    return tiered_alias(tokens, i, table, free=free)


def _is_holder(tokens: Tokens, last: int) -> bool:
    word = tokens.items[last].text
    return word in HOLDERS or word.endswith(("burger", "burgers"))


def _holds(food: Food) -> bool:
    """Whether the table names `food` by what holds a filling ("Sandwich" for "blt")."""
    return (food.name.lower().split() or [""])[-1] in HOLDERS


def _counted_plural(tokens: Tokens, first: int, length: int, food: Food) -> bool:
    """ "eggs" in "eggs toast" is a list of two foods, not a filling; a long name said in
    the plural ("2 bacon egg and cheese breakfast tacos") is one food counted."""
    if length > 2:
        return False
    named = " ".join(tokens.items[j].text for j in range(first, first + length))
    table = food_table()
    return named.endswith("s") and any(
        table.by_alias.get(named[: -len(ending)]) is food for ending in ("s", "es")
    )


def _overlapping(tokens: Tokens, i: int, length: int, table: FoodTable) -> tuple[int, int] | None:
    """An alias starting inside the one at `i` and reaching past it: (its first, last token)."""
    for k in range(i + 1, i + length):
        found = alias_at(tokens, k, table)
        if found is not None and k + found[1] > i + length:
            return k, k + found[1] - 1
    return None


def _compounds(tokens: Tokens) -> list[_Compound]:
    """Every "<filling(s)> <holder>" in the message."""
    table = food_table()
    found: list[_Compound] = []
    i = 0
    while i < len(tokens):
        start = alias_at(tokens, i, table)
        if start is None or _counted_plural(tokens, i, start[1], start[0]):
            i += 1
            continue
        inner = _overlapping(tokens, i, start[1], table)
        if inner is not None:  # "grilled chicken salad": the chicken salad, grilled
            found.append(_Compound(i, inner[0], inner[1], ()))
            i = inner[1] + 1
            continue
        fillings = [start[0]]
        j = i + start[1]
        paired = named = False
        compound = None
        while j < len(tokens) and len(fillings) <= _MAX_FILLINGS:
            bread = on_bread(tokens, j, table)
            if bread is not None:  # "ham and cheese on a bagel": the sandwich, on a bagel
                whole = any(f.dish or f.liquid or _holds(f) for f in fillings)  # "a blt"
                compound = None if whole else _Compound(i, bread[0], bread[1], tuple(fillings))
                named = whole and len(fillings) == 1  # the dish's own name is skipped
                break
            joined_by_and = tokens.items[j].text in _AND
            k = j + 1 if joined_by_and else j
            nxt = filling_at(tokens, k, table) if k < len(tokens) else None
            if nxt is None:
                break
            food, length = nxt
            last = k + length - 1
            paired = paired or joined_by_and
            if _is_holder(tokens, last) and not (
                paired and tokens.items[last].text not in _PAIRED_FILLINGS
            ):
                if not any(f.liquid for f in fillings) or not paired:
                    compound = _Compound(i, k, last, tuple(fillings))
                break
            if joined_by_and and food.liquid:
                break
            fillings.append(food)
            j = last + 1
        if compound is not None:
            found.append(compound)
            i = compound.end + 1
        elif _is_holder(tokens, i + start[1] - 1) or named:
            i += start[1]  # a dish by its whole name ("peanut butter and jelly sandwich")
        else:
            i += 1
    return found


def read_clauses(tokens: Tokens) -> tuple[Clause, ...]:
    """The message's tokens segmented into clauses and items (reader/segment.py), the words
    of a name the table knows, or a flavour, kept whole ("mac and cheese", "breakfast
    burrito")."""
    table = food_table()
    words = [t.text for t in tokens.items]
    names: set[int] = set(tokens.described)  # "2 bags of salt and vinegar crisps"
    cutting = [i for i, word in enumerate(words) if word in CUTTING_WORDS]
    survey = survey_table()
    reach = max(table.max_words, survey.max_words if survey is not None else 0)
    for i in range(len(tokens)):
        if not any(i <= k < i + reach for k in cutting):
            continue  # no name starting here can hold a word that cuts
        found = alias_at(tokens, i, table, free=False)
        if found is not None and found[1] > 1:
            names.update(range(i, i + found[1]))
    return segment_words(words, names)


def find_meal_foods(
    text: str,
    tokens: Tokens,
    refused: list[range],
    clauses: Sequence[Clause] = (),
    measures: Measures = DEFAULT_MEASURES,
) -> list[FoodItem]:
    """The foods of the message, item by item of its `clauses` (read here when none are
    given), a dish named by its filling and holder as one item; a pint or a fluid ounce the
    person's (`measures`)."""
    read_before = list(tokens.used)  # what other rules (supplements...) read already
    positions = [item for c in clauses or read_clauses(tokens) for item in c.positions]
    compounds = _compounds(tokens)
    if not compounds:
        found = [
            _true_amount(_as_said(tokens, i))
            for i in find_foods(tokens, positions, refused, alias_at, measures)
        ]
        found = _bowls(text, tokens, found)
        return _not_vehicles(tokens, read_before, not_negated(tokens, found))
    hidden = {k for c in compounds for k in range(c.first, c.holder)}
    keep = [k for k in range(len(tokens)) if k not in hidden]
    at = {k: n for n, k in enumerate(keep)}
    view = Tokens([tokens.items[k] for k in keep])
    view.used = [tokens.used[k] for k in keep]
    view_refused: list[range] = []
    in_view = _items_in_view(positions, hidden, at)
    items = find_foods(view, in_view, view_refused, alias_at, measures)
    for k, used in enumerate(view.used):
        tokens.used[keep[k]] = used
    refused.extend(range(keep[r.start], keep[r.stop - 1] + 1) for r in view_refused)
    result: list[FoodItem] = []
    for item in items:
        first, last = keep[item.first], keep[item.last]
        compound = next((c for c in compounds if first <= c.holder <= last), None)
        item = dataclasses.replace(item, first=first, last=last)
        if compound is not None:
            item = _as_compound(text, tokens, item, compound)
        else:
            item = _as_said(tokens, item)
        result.append(_true_amount(item))
    result = _bowls(text, tokens, result)
    return _not_vehicles(tokens, read_before, not_negated(tokens, result))


def _items_in_view(
    items: list[tuple[int, ...]], hidden: set[int], at: dict[int, int]
) -> list[list[int]]:
    """The items at their places among the tokens left once a dish's fillings are hidden;
    the items a filling joined ("ham and cheese toastie") are one."""
    found: list[list[int]] = []
    last = -1
    for item in items:
        inside = [at[k] for k in item if k in at]
        joined = found and last >= 0 and set(range(last + 1, item[0])) <= hidden
        if joined:
            found[-1].extend(inside)
        elif inside:
            found.append(inside)
        last = item[-1]
    return found


def _bowls(text: str, tokens: Tokens, items: list[FoodItem]) -> list[FoodItem]:
    """ "chicken rice bowl", "salmon poke bowl": the foods named before a bowl are one dish."""
    merged: list[FoodItem] = []
    for item in items:
        head = merged[-1] if merged else None
        bowl = tokens.items[item.last].text in {"bowl", "bowls"}
        if head is None or not bowl or head.last + 1 != item.first or head.explicit:
            merged.append(item)
            continue
        words = text[tokens.items[head.first].start : tokens.items[item.last].end]
        merged[-1] = dataclasses.replace(
            head.plus(item), name=f"{words[:1].upper()}{words[1:]}", amount="1 bowl"
        )
    return merged


def _not_vehicles(tokens: Tokens, read_before: list[bool], items: list[FoodItem]) -> list[FoodItem]:
    """What something was taken in or packed in is not eaten on its own: "creatine in my
    shake", "collagen in my coffee", "tuna in water"."""
    kept: list[FoodItem] = []
    for item in items:
        j = item.first - 1
        while j >= 0 and tokens.items[j].text in {"my", "the", "a", "some", "his", "her"}:
            j -= 1
        if j < 1 or tokens.items[j].text not in {"in", "into"} or tokens.used[j]:
            kept.append(item)
            continue
        after_supplement = read_before[j - 1] and tokens.items[j - 1].kind != "punct"
        packed = bool(kept) and kept[-1].last == j - 1 and item.liquid and item.kcal < 20
        if after_supplement or packed:
            tokens.claim(range(j, item.last + 1))
            continue
        kept.append(item)
    return kept


_SIZED_AMOUNT_RE = re.compile(
    r"^(?P<count>\d+(?:\.\d+)?|\d+/\d+) (?P<size>small|medium|large|huge|double|triple)"
    r" \((?P<n>\d+) (?P<unit>ml|g)\)$"
)


def _true_amount(item: FoodItem) -> FoodItem:
    """ "Latte, 1 large (350 ml)" for 490 ml: the measure in a sized amount is what was
    counted ("1 large (490 ml)"), so the label never contradicts the figures."""
    match = _SIZED_AMOUNT_RE.match(item.amount)
    count = number_value(match.group("count")) if match else None
    if match is None or not count or item.grams <= 0:
        return item
    each = round(item.grams / count)
    if abs(each - int(match.group("n"))) <= 0.05 * each:
        return item
    size, unit = match.group("size"), match.group("unit")
    return dataclasses.replace(item, amount=f"{match.group('count')} {size} ({each} {unit})")


def _as_said(tokens: Tokens, item: FoodItem) -> FoodItem:
    """The item named in the person's words: "Greek yogurt" for the table's "Yogurt" when
    they said more, and the table's name with their word when it is another one ("Oatmeal
    (porridge)", "Candy bar (kitkat)"), so they recognise what they said. Their word is kept
    on the item (`own`) where the name is not it, or is the table's spelling of it ("Muesli"
    for "müsli"): a reader of another language than English reads it alone (their_words.py)."""
    table = food_table()
    for i in range(item.first, item.last + 1):
        found = alias_at(tokens, i, table, free=False)
        if found is None or said_as_measure(tokens, i, found[1], item.last):
            continue  # "2 wraps of eba", "cuillère à soupe": how much, not what
        span = tokens.items[i : i + found[1]]
        words = [_spelled(table, token.text) for token in span]
        said = " ".join(words)  # folded, as matched: compared with the name folded too
        name = fold(item.name)
        span_at = range(i, i + found[1])
        own = their_word(joined(tokens, span_at, [as_written(table, token) for token in span]))
        if said in name or said.rstrip("s") in name or said in fold(found[0].plural):
            # the name or a form of it ("olive" for "Olives", "yogur" for "Yogurt pot")
            return (
                item
                if _same_letters(said, name)
                else dataclasses.replace(item, own=(item.name, own))
            )
        if words[0] in AMOUNT_WORDS or "of" in words:  # "slices of pepperoni pizza"
            return _measured_as_said(tokens, table, item, range(i, item.last + 1))
        shown = joined(tokens, span_at, [own_spelling(table, token) for token in span])
        if name in said:
            named = shown[:1].upper() + shown[1:]
            return dataclasses.replace(item, name=named, own=(named, own))
        if difflib.SequenceMatcher(None, said, name).ratio() >= 0.8:
            # a spelling of the name ("capuchino"), not another word for it; the same
            # letters as the name's ("chick fil a") are the name, written as it is
            return (
                item
                if _same_letters(said, name)
                else dataclasses.replace(item, own=(item.name, own))
            )
        named = f"{item.name} ({shown})"
        return dataclasses.replace(item, name=named, own=(named, own))
    return item


def _same_letters(said: str, name: str) -> bool:
    return re.sub(r"[^a-z]", "", said) == re.sub(r"[^a-z]", "", name)


def _measured_as_said(tokens: Tokens, table: FoodTable, item: FoodItem, span: range) -> FoodItem:
    """An item named by the table for words that measure it ("filete de pollo"): the
    person's word is what comes after "of" ("pollo"), kept for a reader of their language."""
    of = next((k for k in span if tokens.items[k].text in OF), None)
    if of is None or of + 1 not in span:
        return item
    rest = range(of + 1, span.stop)
    own = joined(tokens, rest, [as_written(table, tokens.items[k]) for k in rest])
    return dataclasses.replace(item, own=(item.name, their_word(own)))


def _spelled(table: FoodTable, word: str) -> str:
    """A word of the message spelled as the table spells it when it is a typo ("chiken")."""
    return table.typo_of(word) or word


def _as_compound(text: str, tokens: Tokens, item: FoodItem, c: _Compound) -> FoodItem:
    """The holder's item named as the whole dish, a shell's filling added to its figures."""
    tokens.claim(range(c.first, c.holder))
    table, words = food_table(), ""
    for k in range(c.first, c.end + 1):  # as said, typos spelled as the table does
        token = tokens.items[k]
        gap = text[tokens.items[k - 1].end : token.start] if k > c.first else ""
        said = text[token.start : token.end]
        typo = table.typo_of(token.text) if token.kind == "word" else None
        words += gap + (typo or said)
    name = words[:1].upper() + words[1:]
    kcal, protein, carbs, fat = item.kcal, item.protein, item.carbs, item.fat
    if tokens.items[c.end].text in SHELLS:
        count = max(item.grams, 1.0) / max(_holder_grams(item), 1.0)
        for food in c.fillings:
            kcal += food.kcal * count
            protein += food.protein * count
            carbs += food.carbs * count
            fat += food.fat * count
    return dataclasses.replace(
        item,
        name=name,
        first=min(item.first, c.first),
        kcal=kcal,
        protein=protein,
        carbs=carbs,
        fat=fat,
    )


def _holder_grams(item: FoodItem) -> float:
    """Grams of one shell, from the holder's own table row (by the item's name)."""
    food = foods_by_name().get(item.name)
    if food is None:
        return item.grams
    return food.unit_g if food.unit else food.portion_g
