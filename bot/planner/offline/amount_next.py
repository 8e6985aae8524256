"""The amount said right after a food: "chicken 200 g", "coffee x2", "a quinoa bowl", "una
birra media", "pizza margherita intera", and the weight of each one said after it
("mozzarella di bufala intera da 125 g", "2 burratas of 125 g each", "eine ganze Burrata von
125 g", "una burrata entera de 125 g", "une burrata entière de 125 g"); and what is no
amount there: a percentage, part of the food's name ("skyr 0% 150 g"), "0%" its fat-free kind.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from bot.planner.offline.diminutive import is_augmentative
from bot.planner.offline.table import food_table
from bot.planner.offline.text import Tokens, number_value
from bot.planner.reader.lookup import DESCRIPTORS, is_percent, served_on
from bot.planner.reader.nutrients import Nutrients
from bot.planner.reader.parts import WHOLE_WORDS
from bot.planner.reader.quantities import MASS_UNITS, Quantity, parse_postfix
from bot.planner.reader.segment import CONJUNCTIONS

# The words that say the weight of one: "da 125 g", "of 125 g", "von 125 g", "de 125 g",
# "à 125 g".
_WEIGHING = frozenset("da di of von de a".split())


def weighed_each(tokens: Tokens, last: int) -> tuple[Quantity, int] | None:
    """ "intera da 125 g", "of 125 g": the weight of one of the food whose words end at token
    `last`, said after it (all of one, or not), and how many tokens say it; None if none."""
    words: list[str] = []
    j = last + 1
    while j < len(tokens) and len(words) < 5 and not tokens.used[j]:
        if tokens.items[j].kind == "punct":
            break
        words.append(tokens.items[j].text)
        j += 1
    at = 1 if words and words[0] in WHOLE_WORDS else 0
    if len(words) < at + 3 or words[at] not in _WEIGHING or words[at + 2] not in MASS_UNITS:
        return None
    grams = number_value(words[at + 1])
    if grams is None:
        return None
    return Quantity(grams, words[at + 2], explicit=True), at + 3


# What a percentage may be said of other than the fat: "0% sugar", "0% Alkohol".
_NOT_FAT = frozenset(
    "sugar sugars added zucker azucar azucares zucchero zuccheri sucre sucres alcohol alkohol"
    " alcool alcol lactose laktose lattosio lactosa".split()
)


def named_to(tokens: Tokens, last: int) -> int:
    """The last token of a food's name with the percentage said right after it ("greek
    yogurt 0%", "lait 1%", "Quark 40%", "skyr 0% sugar"): part of the name, never an amount,
    and what is said after it is said of the food ("skyr 0% 150 g")."""
    at = last + 1
    if at >= len(tokens) or tokens.used[at] or not is_percent(tokens.items[at].text):
        return last
    of = at + 1  # "greek yogurt 0% sugar": what it has none of is said with the name too
    return of if of < len(tokens) and tokens.items[of].text in _NOT_FAT else at


def without_fat(tokens: Tokens, named: range, figures: Nutrients) -> Nutrients:
    """The figures of a food named with "0%" ("skyr 0%", "0% greek yogurt", "fromage blanc
    0%"): its fat-free kind, without the table's fat and the energy of that fat."""
    for k in named:
        said = tokens.items[k].text
        if not is_percent(said) or float(said[:-1]) != 0 or figures.fat <= 0:
            continue
        if k + 1 < len(tokens) and tokens.items[k + 1].text in _NOT_FAT:
            continue
        return dataclasses.replace(figures, kcal=max(0.0, figures.kcal - 9 * figures.fat), fat=0.0)
    return figures


def with_postfix(tokens: Tokens, last: int, quantity: Quantity) -> tuple[Quantity, int]:
    """The quantity with what is said right after the food ("chicken 200 g", "a quinoa
    bowl", "una birra media"), and the food's last token with it; a food named by an
    augmentative ("un'insalatona"; "panettone" is the table's own name) is the large one
    unless a size or a measure is said."""
    said, end = _with_postfix(tokens, last, quantity)
    if not (said.size or said.unit) and _augmentative(tokens.items[last].text):
        said.size = "large"
    return said, end


_EACH = frozenset("each apiece jeweils chacun chacune ciascuno ciascuna".split())
# The units of a drink's volume: said after a count of drinks, each one's size.
_VOLUMES = frozenset(
    w for w, (label, _) in MASS_UNITS.items() if label in {"ml", "cl", "dl", "l", "fl oz"}
)


def _with_postfix(tokens: Tokens, last: int, quantity: Quantity) -> tuple[Quantity, int]:
    each = weighed_each(tokens, last)
    if each is not None and not quantity.unit:  # "2 mozzarelle da 125 g": 250 g
        weight, used = each
        weight.count *= quantity.count if quantity.explicit else 1.0
        weight.tokens = quantity.tokens
        return weight, last + used
    post = parse_postfix(tokens, last)
    if post is None:
        return quantity, last
    if not quantity.explicit:
        post[0].size, post[0].tokens = post[0].size or quantity.size, quantity.tokens
        return post[0], last + post[1]
    if not quantity.unit and post[0].unit in {"bowl", "plate"}:
        quantity.unit = post[0].unit  # "a quinoa bowl": the count before, the bowl after
        return quantity, last + post[1]
    if post[0].unit and quantity.count == 1 and quantity.unit not in MASS_UNITS:
        post[0].tokens = quantity.tokens  # "a coke 500 ml", "a large glass of wine 250ml",
        return post[0], last + post[1]  # "a pizza (2 slices)": the one said is that much
    if post[0].unit in _VOLUMES and quantity.count > 1 and not quantity.unit:
        post[0].count *= quantity.count  # "2 beers 33cl", "3 cokes 330ml": each one's size
        post[0].tokens = quantity.tokens
        end = last + post[1]
        apiece = end + 1 < len(tokens) and tokens.items[end + 1].text in _EACH  # "33cl each"
        return post[0], end + apiece
    if post[0].whole and not quantity.unit:
        quantity.whole = True  # "una pizza intera": the count before, all of it after
        return quantity, last + post[1]
    if post[0].size and not post[0].unit and not quantity.size:
        quantity.size = post[0].size  # "una birra media": the count before, the size after
        return quantity, last + post[1]
    return quantity, last


def said_after(tokens: Tokens, first: int, end: int, food_at: Callable[[int], bool]) -> int:
    """How many words after the food at `first`..`end` say what it was served on, where it
    came from or how it was cooked ("on rye", "from costco", "a la plancha"), or how it was
    made, said after it ("merluza frita", "pesce fritto", "poisson grillé") and ending what
    is said of the food: not when the word starts a food's name ("a footlong spicy
    italian"), leads on to more ("3 eggs sauteed in butter") or says what the fat the food
    was in was for ("2 Eier in Butter gebraten")."""
    said = served_on([t.text for t in tokens.items[end + 1 : end + 4] if t.kind == "word"])
    k = end + 1
    if said or k >= len(tokens) or tokens.used[k] or tokens.items[k].text not in DESCRIPTORS:
        return said
    if food_at(k) or (first > 0 and tokens.items[first - 1].text in _IN):
        return 0
    if k + 1 == len(tokens) or tokens.items[k + 1].kind == "punct" or tokens.used[k + 1]:
        return 1  # "pesce fritto", "saumon grillé ce soir"
    return 1 if tokens.items[k + 1].text in _NEXT else 0  # not "eggs sauteed in butter"


_IN = frozenset({"in", "im", "en", "dans", "au", "nel", "nell", "nella", "nello"})
# What may follow how a food was made, said after it: the next food or what it came with.
_NEXT = CONJUNCTIONS | {"with", "w", "con", "avec", "mit", "col"}


def _augmentative(word: str) -> bool:
    """Whether `word` names a food of the table by an augmentative ending ("insalatona")."""
    return is_augmentative(word) and food_table().diminutive_of(word) is not None
