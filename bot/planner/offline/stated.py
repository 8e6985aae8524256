"""What the person states about what they ate wins over the table: energy and macros.

"protein bar 250 kcal", "quinoa bowl 450 kcal", "shake (25 g protein, 140 kcal)", "2 granola
bars, 200 kcal each", "salmon and rice, 700 kcal total". Each figure goes to the item it
follows (reader/nutrients.py `stated` makes the figures); a dish the table lacks is named as
said with the energy stated; a figure with no food is an item of its own.
"""

from __future__ import annotations

import dataclasses
import functools
import re

from bot.planner.offline.additions import dish
from bot.planner.offline.figures import find_energies
from bot.planner.offline.fillers import FILLERS
from bot.planner.offline.foods import FoodItem
from bot.planner.offline.sources import SOURCE_RE
from bot.planner.offline.text import Tokens, number_value, rx
from bot.planner.offline.their_words import said_with
from bot.planner.reader.quantities import HOUSEHOLD_UNITS, MASS_UNITS

_MEAL_NAMES = {
    "breakfast": "Breakfast",
    "brunch": "Brunch",
    "lunch": "Lunch",
    "dinner": "Dinner",
    "supper": "Dinner",
    "snack": "Snack",
    "dessert": "Dessert",
    "meal": "Meal",
    "fruhstuck": "Frühstück",
    "mittagessen": "Mittagessen",
    "abendessen": "Abendessen",
    "desayuno": "Desayuno",
    "almuerzo": "Almuerzo",
    "comida": "Comida",
    "cena": "Cena",
    "merienda": "Merienda",
}


# After a stated energy: it is for each of the counted items ("2 bars, 200 kcal each"), or for
# everything named before it together ("salmon and rice, 700 kcal total").
_EACH_RE = rx(
    r"each|apiece|a piece|per piece|per serving|per portion|per bar|per slice|je|cada uno"
    r"|pro portion|pro stuck|par portion|por porcion|por racion|a porzione|per porzione"
    r"|jeweils|cada una|chacun|chacune|la piece|piece|ciascuno|ciascuna|l uno|luno|each one"
)
# Said right before a stated energy, for each of the counted items: "2 Riegel, je 180 kcal",
# "3 Kekse zu je 50 kcal".
_EACH_BEFORE = frozenset({"je", "zu"})
_TOTAL_RE = rx(r"total|in total|altogether|all together|overall|for everything|for all|all in")


def apply_energies(
    text: str, tokens: Tokens, foods: list[FoodItem], macro_spans: list[range]
) -> list[FoodItem]:
    """Stated energy wins over the table: "protein bar 250 kcal", "quinoa bowl 450 kcal"."""
    energies = find_energies(tokens, text)
    in_macros = {i for span in macro_spans for i in span}
    result = list(foods)
    for span, kcal in energies:
        words: list[int] = []
        j = span.start - 1
        while j >= 0 and not tokens.used[j] and tokens.items[j].kind == "word" and len(words) < 6:
            words.insert(0, j)
            j -= 1
        ahead = [i for i in words if tokens.items[i].text in _EACH_BEFORE]  # "zu je 50 kcal"
        words = [i for i in words if i not in ahead and not (ahead and i > ahead[0])]
        named = [i for i in words if tokens.items[i].text not in FILLERS]
        k = _back_to_food(tokens, j, in_macros)
        said_after = _said_after(tokens, span.stop, _TOTAL_RE) if not named else range(0)
        earlier = [f for f in result if f.last < span.start]
        if said_after and len(earlier) > 1:  # "salmon and rice, 700 kcal total": one item
            tokens.claim(said_after)
            at = result.index(earlier[0])
            whole = _together(earlier)
            result[at : at + len(earlier)] = [whole]
            result = [f for f in result if f not in earlier[1:]]
        before = next((f for f in result if f.last == k), None) if k >= 0 else None
        if before is None and not named:
            before = next((f for f in result if f.first == span.stop), None)
        if before is None and not named and len(result) == 1:
            before = result[0]  # "a shake (25 g protein, 140 kcal)": the message's one food
        measured: list[int] = []
        if before is None and not named:  # "dinner was a frozen dumpling thing, 410 cal"
            words = _unread_before(tokens, k) + words
            measured = _measure_said(tokens, words)  # "fage 0% 170g, 93 kcal": not its name
            named = [i for i in words if tokens.items[i].text not in FILLERS]
            named = [i for i in named if i not in measured]
        if before is not None and before.added:
            before = _as_dish(tokens, result, before)  # the figure is for the dish, both parts
        tokens.claim(range(ahead[0], span.start) if ahead else range(0))
        count, counted = _each(tokens, span, before, words, bool(ahead))  # "2 bars, 200 kcal each"
        item = _with_energy(text, tokens, before, kcal * count, words, named, span)
        if before is not None:
            result[result.index(before)] = item
        else:
            servings = f"{count:g} servings"
            if counted is None and measured:  # "fage 0% 170g, 93 kcal": 170g of it
                item = _measured(text, tokens, item, named, measured)
            result.append(item if counted is None else dataclasses.replace(item, amount=servings))
        first = counted if counted is not None else words[0] if words else span.start
        tokens.claim(range(first, span.stop))
    return result


def _each(
    tokens: Tokens, span: range, before: FoodItem | None, words: list[int], ahead: bool
) -> tuple[float, int | None]:
    """How many items a stated energy said "each" is for (after it, or `ahead` of it: "je
    180 kcal"): the count of the food before it, or a number said before the words of a food
    the table lacks ("2 bars, 200 kcal each": two, and that number's token)."""
    each = _said_after(tokens, span.stop, _EACH_RE)
    if not each and not ahead:
        return 1.0, None
    tokens.claim(each)
    if before is not None:
        return _count(before), None
    at = words[0] - 1 if words else -1
    if at >= 0 and tokens.items[at].kind == "num" and not tokens.used[at]:
        return number_value(tokens.items[at].text) or 1.0, at
    return 1.0, None


def _with_energy(
    text: str,
    tokens: Tokens,
    before: FoodItem | None,
    kcal: float,
    words: list[int],
    named: list[int],
    span: range,
) -> FoodItem:
    """The item a stated energy makes: the food it follows with that energy (the words
    `named` between them are part of its name), or an item of its own."""
    extra = " ".join(tokens.items[i].raw for i in named)
    if before is not None and extra and before.last < words[0]:
        # "chicken pho 450 kcal": a dish the table lacks, named as said, with the energy
        # stated and no macros guessed from the food it starts with.
        said = text[tokens.items[before.first].start : tokens.items[named[-1]].end]
        return dataclasses.replace(
            before,
            name=said[:1].upper() + said[1:],
            amount="1 serving",
            kcal=kcal,
            protein=0.0,
            carbs=0.0,
            fat=0.0,
            last=named[-1],
        )
    if before is not None:
        return before.with_kcal(kcal, extra)
    meals = (
        _MEAL_NAMES[tokens.items[i].text] for i in words if tokens.items[i].text in _MEAL_NAMES
    )
    name = (extra[:1].upper() + extra[1:]) if extra else next(meals, None) or "Food"
    return FoodItem(name, "1 serving", kcal, 0.0, 0.0, 0.0, span.start, span.stop - 1)


def _back_to_food(tokens: Tokens, at: int, in_macros: set[int]) -> int:
    """The token before a stated energy that the food it is for would end on, going back
    from `at` over commas, the figures stated with it ("shake 25g protein, 140 kcal") and the
    words naming where it was read ("granola bar. the label says 120 kcal")."""
    sources = {i for match in SOURCE_RE.finditer(tokens.joined) for i in tokens.span(match)}
    k = at
    while k >= 0:
        token = tokens.items[k]
        if k in sources and tokens.used[k]:
            k -= 1
            while k >= 0 and tokens.items[k].kind == "punct" and tokens.items[k].text in ".!":
                k -= 1  # the figure read off the label, said as a sentence of its own
            continue
        if not ((token.kind == "punct" and token.text in ",:=") or k in in_macros):
            break
        k -= 1
    return k


def _unread_before(tokens: Tokens, at: int) -> list[int]:
    """The unread words of the clause ending on token `at` (up to six, and the amount said
    among them): the name of a food the table lacks that a stated energy after a comma is
    for ("chobani plain nonfat 5.3oz cup, 80 cal"). A number before no unit is a count, and
    ends them ("2 bars, 200 kcal each")."""
    words: list[int] = []
    j = at
    while j >= 0 and not tokens.used[j] and len(words) < 8:
        token = tokens.items[j]
        measure = token.kind == "num" and j + 1 < len(tokens) and _is_unit(tokens, j + 1)
        if not (token.kind == "word" or measure):
            break
        words.insert(0, j)
        j -= 1
    return words


def _measured(
    text: str, tokens: Tokens, item: FoodItem, named: list[int], measured: list[int]
) -> FoodItem:
    """`item` of the amount said in `measured`, named as said around it: "chobani plain
    nonfat 5.3oz cup" is "Chobani plain nonfat", 5.3oz cup of it."""
    amount = text[tokens.items[measured[0]].start : tokens.items[measured[-1]].end]
    before = [i for i in named if i < measured[0]] or named
    if not before:
        return dataclasses.replace(item, amount=amount)
    said = text[tokens.items[before[0]].start : tokens.items[before[-1]].end]
    return dataclasses.replace(item, name=said[:1].upper() + said[1:], amount=amount)


def _is_unit(tokens: Tokens, at: int) -> bool:
    text = tokens.items[at].text
    return tokens.items[at].kind == "word" and (text in MASS_UNITS or text in HOUSEHOLD_UNITS)


def _measure_said(tokens: Tokens, words: list[int]) -> list[int]:
    """The tokens of the first amount among `words`, a number and the units after it
    ("5.3 oz cup", "170 g"): how much of the food, never a word of its name."""
    start = next((i for i in words if tokens.items[i].kind == "num"), None)
    if start is None:
        return []
    end = start + 1
    while end in words and _is_unit(tokens, end):
        end += 1
    return list(range(start, end))


def _said_after(tokens: Tokens, index: int, pattern: re.Pattern[str]) -> range:
    """The unclaimed words at `index` that `pattern` matches from their start, if any."""
    words: list[str] = []
    j = index
    while j < len(tokens) and j - index < 3 and tokens.items[j].kind == "word":
        if tokens.used[j]:
            break
        words.append(tokens.items[j].text)
        j += 1
    match = pattern.match(" ".join(words))
    return range(index, index + len(match.group(0).split())) if match else range(0)


def _count(item: FoodItem) -> float:
    """How many of its unit an item is, from its amount ("2 bars" -> 2)."""
    head = item.amount.split(" ")[0] if item.amount else ""
    return number_value(head) or 1.0


def _together(items: list[FoodItem]) -> FoodItem:
    """Several foods as one item, for a figure the person gave for all of them."""
    names = [items[0].name] + [f"{f.name[:1].lower()}{f.name[1:]}" for f in items[1:]]
    text = ", ".join(names[:-1]) + f" and {names[-1]}"
    whole = functools.reduce(FoodItem.plus, items[1:], items[0])
    return dataclasses.replace(whole, name=text, amount="")


def _as_dish(tokens: Tokens, items: list[FoodItem], added: FoodItem) -> FoodItem:
    """Replace `added` and the food it comes with by the two as one item, in place."""
    at = items.index(added)
    head = items[at - 1]
    joining = range(head.last + 1, added.first)
    items[at - 1 : at + 1] = [said_with(tokens, dish(head, added), head, added, joining)]
    return items[at - 1]


def apply_macros(
    tokens: Tokens, foods: list[FoodItem], macros: list[tuple[range, str, float]]
) -> list[FoodItem]:
    """Stated protein, carbs or fat replace the table's: each goes to the food it follows
    (in the same clause), else to the message's one food; with no food it is left unplaced."""
    result = list(foods)
    for span, field, grams in macros:
        before = [f for f in result if f.last < span.start]
        target = max(before, key=lambda f: f.last) if before else None
        if target is None and len(result) == 1:
            target = result[0]
        if target is None:
            tokens.release(span)
            continue
        if target.added:
            target = _as_dish(tokens, result, target)
        result[result.index(target)] = target.with_macro(field, grams)
        tokens.claim(span)
    return result
