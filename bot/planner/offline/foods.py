"""The foods a message names, each an item of the table read with its quantity.

A food is found by its longest alias (offline/table.py); the tokens around it say how much
("2", "200 g", "a bowl of", "a large"; reader/quantities.py), reader/nutrients.py its figures.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.planner.offline.amount_after import amount_apart, apart_or_listed
from bot.planner.offline.amount_before import OF, ends_measure, measured_by, said_before
from bot.planner.offline.amount_next import named_to, said_after, with_postfix, without_fat
from bot.planner.offline.named_numbers import number_named, number_words
from bot.planner.offline.slices import by_the_piece, whole_in_slices
from bot.planner.offline.table import Food, FoodTable, food_table
from bot.planner.offline.text import Tokens, number_value
from bot.planner.offline.volumes import volume_after
from bot.planner.reader.composition import FILLED, SOUPS
from bot.planner.reader.dry import weighed_dry
from bot.planner.reader.lookup import FROM, is_modifier, said_for, served_on
from bot.planner.reader.measures import DEFAULT_MEASURES, Measures
from bot.planner.reader.nutrients import Nutrients, nutrients, stated
from bot.planner.reader.quantities import HOUSEHOLD_UNITS, MASS_UNITS, Quantity
from bot.planner.reader.shared import shared_by


@dataclass
class FoodItem:
    """A food found in the message, with its quantity resolved to text, grams and figures."""

    name: str
    amount: str  # "2 large", "200 g", "1 cup cooked"
    kcal: float
    protein: float
    carbs: float
    fat: float
    first: int  # token indices, inclusive
    last: int
    grams: float = 0.0  # what the figures are for (ml for a drink)
    explicit: bool = False  # the person said how much ("200 ml", "2", "a large")
    liquid: bool = False  # measured in ml (milk, juice, a drink)
    added: bool = False  # what the food before it comes with ("toast with butter")
    served: bool = False  # said to be a bowl or plate ("a quinoa bowl", "a plate of rice")
    own: tuple[str, str] | None = None  # (its name, the person's word for it): their_words.py

    @property
    def food_text(self) -> str:
        return f"{self.name}, {self.amount}" if self.amount else self.name

    @classmethod
    def of(cls, figures: Nutrients, first: int, last: int, *, explicit: bool = False) -> FoodItem:
        """The item of the nutrients step's figures for the tokens `first`..`last`."""
        return cls(
            figures.name,
            figures.amount,
            figures.kcal,
            figures.protein,
            figures.carbs,
            figures.fat,
            first,
            last,
            grams=figures.grams,
            explicit=explicit,
            liquid=figures.liquid,
        )

    @property
    def figures(self) -> Nutrients:
        figures = (self.name, self.amount, self.grams, self.kcal, self.protein, self.carbs)
        return Nutrients(*figures, self.fat, self.liquid)

    def with_figures(self, figures: Nutrients) -> FoodItem:
        return dataclasses.replace(
            self,
            name=figures.name,
            kcal=figures.kcal,
            protein=figures.protein,
            carbs=figures.carbs,
            fat=figures.fat,
            grams=figures.grams,
        )

    def with_kcal(self, kcal: float, extra_words: str = "") -> FoodItem:
        """The same item with the energy the person stated; macros keep their proportions."""
        name = f"{self.name} {extra_words}".strip() if extra_words else self.name
        return self.with_figures(dataclasses.replace(stated(self.figures, kcal=kcal), name=name))

    def with_macro(self, field: str, grams: float) -> FoodItem:
        """The same item with the protein, carbs or fat the person stated (grams)."""
        said = {"protein": None, "carbs": None, "fat": None, field: grams}
        figures = stated(
            self.figures, protein=said["protein"], carbs=said["carbs"], fat=said["fat"]
        )
        return self.with_figures(figures)

    def plus(self, other: FoodItem) -> FoodItem:
        """This item and `other` (said after it) as one: figures and grams summed."""
        return dataclasses.replace(
            self,
            kcal=self.kcal + other.kcal,
            protein=self.protein + other.protein,
            carbs=self.carbs + other.carbs,
            fat=self.fat + other.fat,
            last=other.last,
            grams=self.grams + other.grams,
        )

    def scaled(self, factor: float) -> FoodItem:
        return self.with_figures(self.figures.scaled(factor))


def find_foods(
    tokens: Tokens,
    items: Sequence[Sequence[int]] | None = None,
    refused: list[range] | None = None,
    lookup: AliasLookup | None = None,
    measures: Measures = DEFAULT_MEASURES,
) -> list[FoodItem]:
    """Claim every food of the table named in the message's `items` (the token positions of
    each item of reader/segment.py; the whole message when None), each with its quantity,
    read from the words of its own item only.

    A food whose stated quantity is out of bounds ("60 eggs", "6000 g rice") is not an item;
    its tokens are claimed and added to `refused`, so the reply can give the bounds.
    `lookup` finds the food at a token (default: this table's longest alias; the meal rules
    pass one that also reads the survey table, survey.py). A pint or a fluid ounce is
    the person's (`measures`, reader/measures.py).
    """
    table = food_table()
    find = lookup or longest_alias
    found: list[FoodItem] = []
    for item in items if items is not None else [range(len(tokens))]:
        found.extend(_read_item(tokens, item, table, find, refused, measures))
    return found


def _read_item(
    tokens: Tokens,
    item: Sequence[int],
    table: FoodTable,
    find: AliasLookup,
    refused: list[range] | None,
    measures: Measures,
) -> list[FoodItem]:
    """The foods of one item of a clause: each name the table knows in it (lookup), with the
    quantity said around it in the item (quantities) and its figures (nutrients)."""
    read: list[FoodItem] = []
    skip_to = -1
    for i in item:
        if i < skip_to:
            continue
        found = find(tokens, i, table)
        if found is None or _cut_of(tokens, i, found[1], lambda k: find(tokens, k, table)):
            continue
        if ends_measure(tokens, i + found[1] - 1):
            continue  # "une cuillère à soupe de miel": the spoon, not a soup
        food, length = found
        if _portion_of(tokens, food, i + length) and _portion_of_next(
            tokens, i + length, item, table, find
        ):
            continue  # "2 wedges of camembert" (never a dish: "cassoulet de canard")
        made = _make_item(tokens, food, i, i + length - 1, item[0], refused, measures)
        if made is not None:
            read.append(made)
        skip_to = i + length
    return read


def _cut_of(tokens: Tokens, i: int, length: int, food_at: Callable[[int], object]) -> bool:
    """ "filete de pollo", "filet de dinde", "fillet of salmon": the fillet of the food after
    it, one item (a portion word), never a steak ("filete") beside the food."""
    of = i + length
    return (
        length == 1
        and HOUSEHOLD_UNITS.get(tokens.items[i].text) == "fillet"
        and of + 1 < len(tokens)
        and tokens.items[of].text in {"of", "de", "di", "du", "del", "della"}
        and food_at(of + 1) is not None
    )


def _portion_of(tokens: Tokens, food: Food, after: int) -> bool:
    """Whether `food` may say how much of a food after it: not a dish named by its kind."""
    return not food.dish or (after < len(tokens) and tokens.items[after].text == "of")


def _portion_of_next(
    tokens: Tokens, after: int, item: Sequence[int], table: FoodTable, find: AliasLookup
) -> bool:
    """Whether a food's name is followed by "of" and another food of the same item, which it
    measures ("a cocktail of beef hot dog", "3 rolls of chicken cordon bleu")."""
    if after >= len(tokens) or after not in item or tokens.items[after].text not in OF:
        return False
    j = after + 1
    while j in item and is_modifier(tokens.items[j].text):
        j += 1
    found = find(tokens, j, table) if j in item else None
    if found is None:
        return False
    # "2 tacos de pollo" are tacos (reader/composition.py); "2 wraps of eba" measure eba
    said = tokens.items[after - 1].text
    if said in _SPREAD_ON and tokens.items[after].text != "of":
        return False  # "tostada de aceite", "tartine de beurre": the toast and its spread
    soup = said in SOUPS and tokens.items[after - 2].text != "a"  # not "c. à soupe de"
    return not (said in FILLED or soup) or measured_by(found[0], said)


# Toast said with "de", "di" and what is spread on it ("tostada de aceite", "tartine de
# rillettes", "bruschetta di pomodoro"): the toast is eaten, never a measure of the spread.
_SPREAD_ON = frozenset(
    "tostada tostadas tosta tostas toast tostada tartine tartines bruschetta bruschette"
    " crostino crostini tartina tartinas".split()
)


class AliasLookup(Protocol):
    """How a food is found at a token: (the food, how many tokens name it), or None."""

    def __call__(
        self, tokens: Tokens, i: int, table: FoodTable, *, free: bool = True
    ) -> tuple[Food, int] | None: ...


def longest_alias(
    tokens: Tokens, i: int, table: FoodTable, *, free: bool = True
) -> tuple[Food, int] | None:
    """The longest alias starting at token i, each word as written or as its plural or typo
    (unclaimed words only, unless `free` is False)."""
    said = tokens.items[i]
    if (free and tokens.used[i]) or said.kind not in ("word", "num"):
        return None
    n = len(tokens)
    best, best_length = "", 0
    word = said.kind == "word"  # or a number a name starts with ("7 layer dip")
    for first in (
        said_for(tokens.items, i) + table.forms(said.text) if word else number_words(said.text)
    ):
        for alias in table.by_first.get(first, ()):
            length = alias.count(" ") + 1
            if length <= best_length:
                break
            if i + length > n or (free and not tokens.free(range(i, i + length))):
                continue
            if all(
                _said_as(tokens.items[i + k].text, part, table)
                if tokens.items[i + k].kind == "word"
                else number_named(tokens.items[i + k].text, part)  # "pizza 4 formaggi"
                for k, part in enumerate(alias.split(" ")[1:], start=1)
            ):
                best, best_length = alias, length
                break
    return (table.by_alias[best], best_length) if best else None


def _said_as(word: str, part: str, table: FoodTable) -> bool:
    """Whether a message's word says an alias's later word: as written, as its plural or
    typo, or in the singular of a plural alias ("a butter cracker": "butter crackers")."""
    return part in table.forms(word) or (len(word) >= 3 and part in (word + "s", word + "es"))


def _make_item(
    tokens: Tokens,
    food: Food,
    first: int,
    last: int,
    floor: int,
    refused: list[range] | None = None,
    measures: Measures = DEFAULT_MEASURES,
) -> FoodItem | None:
    """The food at tokens `first`..`last` with the quantity said before it (back to `floor`,
    its item's first token) or after it: quantity -> lookup -> nutrients."""
    start = tokens.across_described(first, floor)  # modifiers and flavours go with the food
    while (
        start > floor
        and not tokens.used[start - 1]
        and is_modifier(tokens.items[start - 1].text, tokens.items[start].text)
    ):
        start -= 1
    before: list[str] = []
    j = start - 1
    while j >= floor and start - j <= 6 and not tokens.used[j] and tokens.items[j].kind != "punct":
        before.insert(0, tokens.items[j].text)
        j -= 1
    quantity, gap = said_before(before, food)
    said_from = start - gap - quantity.tokens  # the first word of the amount
    if gap:  # "a tin of heinz tomato soup": the words between are the food's, not the tin's
        tokens.claim(range(start - gap - quantity.tokens, start - gap))
        quantity.tokens = 0
    food = by_the_piece(tokens, _from_chain(tokens, food, first, last), first, last, quantity)
    said_to = named_to(tokens, last)  # "yogurt greco 0% 170g": its fat said with its name
    quantity, end = volume_after(tokens, said_to, food, quantity) or with_postfix(
        tokens, said_to, quantity
    )
    # "a steak, 300 g", "mozzarella intera, 250 g": one, or all of one, weighed after it
    counted = quantity.explicit and bool(quantity.unit or quantity.size or quantity.count != 1)
    measured = bool(quantity.tokens) and tokens.items[said_from].text in HOUSEHOLD_UNITS
    counted = counted and not measured  # "quadretti di cioccolato, 3": the count said after
    if not quantity.explicit and food.unit and _singular(tokens, food, first, last):
        quantity.count, quantity.explicit = 1.0, True  # "egg" is one egg, not the usual two
    end += said_after(tokens, first, end, _food_at(tokens))  # "on rye", "merluza frita"
    people, sharing = shared_by(tokens, said_from - 1, end + 1)  # "we shared a pizza"
    end = max([end, *(said.stop - 1 for said in sharing)])  # "eine Pizza zu zweit"
    apart = _apart(tokens, first, end, quantity, counted)
    if apart is not None:  # "pasta al pomodoro, 80 g": the amount said after a comma
        apart[0].unit = apart[0].unit or (quantity.unit if measured else "")  # 3 squares
        apart[0].tokens, (quantity, end) = quantity.tokens, apart
    if apart is None or tokens.items[end].bracketed:  # "pizza, 2" counts slices
        quantity.count *= whole_in_slices(tokens, food, first, last, quantity)
    quantity.count /= people
    span = range(start - quantity.tokens, end + 1)  # "pasta al pomodoro, 80 g": dry pasta
    figures = weighed_dry(tokens, food, quantity, span, first, measures) or nutrients(
        food, quantity, measures
    )
    figures = figures and without_fat(tokens, range(start, said_to + 1), figures)  # "skyr 0%"
    return _claimed(tokens, figures, quantity, span, [span, *sharing], refused)


# What a food is bought in, one of which may be weighed after it ("ne Tüte Chips, die 175g").
_CONTAINERS = frozenset({"bag", "box", "can", "bottle", "pot", "bar"})


def _apart(
    tokens: Tokens, first: int, end: int, quantity: Quantity, counted: bool
) -> tuple[Quantity, int] | None:
    """The amount said after the food at `first`..`end` (amount_after.py): of a food said
    with no amount of its own; of one bag, box or bottle of it, only what that one weighs
    ("ne ganze Tüte Chips, die 175g", "a bag of crisps, the 150g one")."""
    if not counted:
        return apart_or_listed(tokens, first, end, _food_at(tokens))
    if quantity.count != 1 or quantity.unit not in _CONTAINERS:
        return None
    apart = amount_apart(tokens, end, _food_at(tokens))
    return apart if apart is not None and apart[0].unit in MASS_UNITS else None


def _claimed(
    tokens: Tokens,
    figures: Nutrients | None,
    quantity: Quantity,
    span: range,
    said: list[range],
    refused: list[range] | None,
) -> FoodItem | None:
    """The item of `figures` for the tokens `span`, its words (`said`) claimed; without
    figures, an amount said of a food that cannot be weighed so is `refused`."""
    if figures is None:
        if quantity.explicit and refused is not None:
            tokens.claim(span)
            refused.append(span)
        return None
    item = FoodItem.of(figures, span.start, span.stop - 1, explicit=quantity.explicit)
    item.served = quantity.unit in {"bowl", "plate"}
    for words in said:
        tokens.claim(words)
    return item


def _food_at(tokens: Tokens) -> Callable[[int], bool]:
    """Whether a name of the table starts at a token (its words unclaimed)."""
    table = food_table()
    return lambda k: longest_alias(tokens, k, table) is not None


def _from_chain(tokens: Tokens, food: Food, first: int, last: int) -> Food:
    """ "pepperoni from dominos", "pizza from costco": the chain's own item of that name
    (the table's "dominos pepperoni", "costco pizza") when it has one; else the food."""
    after = [t.text for t in tokens.items[last + 1 : last + 4] if t.kind == "word"]
    said = served_on(after)
    if not said or after[0] not in FROM:
        return food
    named = [tokens.items[k].text for k in range(first, last + 1)]
    by_alias = food_table().by_alias
    for words in (named, named[-1:]):
        chain_food = by_alias.get(" ".join([after[said - 1], *words]))
        if chain_food is not None:
            return chain_food
    return food


def _singular(tokens: Tokens, food: Food, first: int, last: int) -> bool:
    """Whether the food was named in the singular ("egg", "pancake", "arancino"), by its
    plural being another name of the same food ("eggs", "pancakes", "arancini")."""
    named = " ".join(tokens.items[j].text for j in range(first, last + 1))
    by_alias = food_table().by_alias
    plurals = [named + "s", named + "es"] if not named.endswith("s") else []
    several = (number_value(food.portion.split(" ")[0]) or 1.0) > 1  # "2 pieces (220 g)"
    if several and named.endswith(("o", "a")) and " " not in named:  # Italian: "arancino"
        plurals += [named[:-1] + "i", named[:-1] + "e"]
    return any(by_alias.get(plural) is food for plural in plurals)
