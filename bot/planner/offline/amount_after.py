"""The amount said apart from its food, in the clause after it: "pasta al pomodoro, 80 g",
"des sushis, genre 12 pièces", "mozzarella di bufala intera, 250g", "des chips de la machine
à 16h, un paquet de 45g", "mac n cheese from last night, prob a cup and a half". The person
named the food, then said how much: that amount wins over the table's portion, as if it
had been said before the food. A weight said of a bag or box ("un paquet de 45g") is the
weight; "a cup and a half" (", una taza y media", ", une tasse et demie") one and a half; a
measure the food was eaten by and a count ("dulce de leche a cucharadas, unas 3") so many.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.planner.offline.table import food_table
from bot.planner.offline.text import Token, Tokens, number_value
from bot.planner.reader.quantities import (
    AMOUNT_WORDS,
    APPROXIMATELY,
    HOUSEHOLD_UNITS,
    MASS_UNITS,
    NUMBER_WORDS,
    Quantity,
    parse_prefix,
)
from bot.planner.reader.segment import CONJUNCTIONS, never_food_words

# Words that hedge an amount said on its own ("like the whole box", "prob a cup", "genre 12
# pièces", "unas 3"), stand before it as an article, or say it was eaten ("ate half the
# bag"): read with it.
_HEDGES = frozenset(
    {w for w in APPROXIMATELY if " " not in w}
    | {"prob", "probs", "probably", "genre", "vielleicht", "so", "the", "el", "la", "le", "il"}
    | {"die", "der", "das", "quello", "quella", "de", "da"}  # "die 175g", "quello da 150 g"
    | {"ate", "had", "finished"}
)
_AND = frozenset({"and", "y", "et", "e", "und"})
_HALF = frozenset({"half", "media", "medio", "demi", "demie", "mezza", "mezzo", "halbe", "halve"})
_ARTICLE = frozenset({"a", "une", "eine"})
# How many words may stand between the food and the comma ("de la machine à 16h", "from
# last night"): none of them an amount or another food.
_MAX_BETWEEN = 8


def amount_apart(
    tokens: Tokens, end: int, food_at: Callable[[int], bool]
) -> tuple[Quantity, int] | None:
    """The amount said alone in the clause after the food whose words end at token `end`,
    and the last token of that amount, or the amount said in brackets right after it
    ("chips (a big bag)"); None when that clause says anything else."""
    bracketed = _in_brackets(tokens, end) or _grown_to(tokens, end, food_at)
    if bracketed is not None:
        return bracketed
    comma = _comma_after(tokens, end, food_at)
    words: list[str] = []
    k = (end if comma is None else comma) + 1
    by_the = comma is None  # "a cucharadas, unas 3": the measure's comma is read over
    while k < len(tokens) and (tokens.items[k].kind != "punct" or (by_the and _after(tokens, k))):
        if tokens.used[k] and not _read_to_the_end(tokens, k):
            return None
        if tokens.used[k]:
            break  # "the 32oz from zaxbys": where it was from, read already, ends the amount
        if comma is not None and words and _another_food(tokens, k, food_at):
            break  # "sushi, 8 pieces and miso soup": the soup is another food
        words.append(tokens.items[k].text)
        k += 1
    if by_the:  # "dulce de leche a cucharadas, unas 3": the measure, then the count
        quantity = _by_the(words)
        return None if quantity is None else (quantity, k - 1)
    while words and words[0] in _HEDGES:
        words.pop(0)
    if len(words) > 2 and words[-1] == "one" and words[-2] in MASS_UNITS:
        words.pop()  # "a bag of crisps, the 150g one"
    quantity = _read(words) if words else None
    if quantity is None and words:
        return _before_brand(tokens, words, k - len(words), k, food_at)
    return None if quantity is None else (quantity, k - 1)


# What says one became more ("one donut turned into 4", "ein Keks, es wurden 4", "un
# biscotto, ne sono diventati 4"): the count after it is how many were eaten.
_GREW = tuple(
    tuple(phrase.split())
    for phrase in (
        "turned into|became|ended up being|ended up as|turned to|wurden es|es wurden|wurden"
        "|waren es|se convirtio en|se convirtieron en|acabaron siendo|al final fueron|fueron"
        "|cest devenu|c est devenu|sont devenus|ca a fini en|ne sono diventati|sono diventati"
        "|e diventato|diventati"
    ).split("|")
)


_ARTICLES = frozenset("a an some un una une ein eine einen ne des unos unas".split())


def _another_food(tokens: Tokens, k: int, food_at: Callable[[int], bool]) -> bool:
    """Whether "and" at token `k` starts another food ("..., 8 pieces and miso soup")."""
    if tokens.items[k].text not in CONJUNCTIONS or k + 1 >= len(tokens):
        return False
    after = k + 2 if tokens.items[k + 1].text in _ARTICLES else k + 1
    return after < len(tokens) and food_at(after)


def _grown_to(
    tokens: Tokens, end: int, food_at: Callable[[int], bool]
) -> tuple[Quantity, int] | None:
    """ "'just one' donut at the office turned into 4 glazed": the count the food grew to,
    said after it in its clause, and the last token said of it (a word or two describing
    them, "4 glazed", no food of its own); None when no such count follows."""
    j = end + 1
    while j < len(tokens) and j - end <= _MAX_BETWEEN and _in_clause(tokens.items[j]):
        grew = next((len(p) for p in _GREW if _said_at(tokens, j, p)), 0)
        if grew:
            break
        if food_at(j) or tokens.items[j].kind == "num":
            return None
        j += 1
    else:
        return None
    at = j + grew
    said = tokens.items[at].text if at < len(tokens) else ""
    count = number_value(said) if said[:1].isdigit() else NUMBER_WORDS.get(said)
    if count is None or count < 2 or tokens.used[at]:  # "became an omelette": no count
        return None
    last = at
    while last + 1 < len(tokens) and last - at < 2 and tokens.items[last + 1].kind == "word":
        if tokens.used[last + 1] or food_at(last + 1):
            break
        last += 1
    return Quantity(count, explicit=True, tokens=0), last


def _in_clause(token: Token) -> bool:
    return token.kind != "punct" or token.text == ","  # "un biscotto, ne sono diventati 4"


def _said_at(tokens: Tokens, j: int, phrase: tuple[str, ...]) -> bool:
    words = [t.text for t in tokens.items[j : j + len(phrase)]]
    return tuple(words) == phrase and tokens.free(range(j, j + len(phrase)))


def _no_food_word(word: str) -> bool:
    """Whether no name of the table's foods holds the word, or it never names a food."""
    return word not in food_table().words or word in never_food_words()


# What follows an amount said apart and is no food of its own: the brand it is "of" ("2
# scoops of ON gold standard") and what it was taken "with" ("with water").
_OF = frozenset({"of", "de", "di", "du", "d", "von", "vom"})


def _before_brand(
    tokens: Tokens, words: list[str], first: int, stop: int, food_at: Callable[[int], bool]
) -> tuple[Quantity, int] | None:
    """ "protein shake, 2 scoops of ON gold standard with water": the amount said first in
    the clause (tokens `first`..`stop`, `words` theirs), when what follows it is a brand no
    food is named in, then maybe what it was taken with; None otherwise."""
    for at in range(len(words) - 1, 0, -1):
        rest = words[at:]
        if rest[0] not in _OF:
            continue
        quantity = _read(words[:at])
        if quantity is None or not quantity.unit:
            continue
        with_at = next((j for j, w in enumerate(rest) if w in _WITH), len(rest))
        brand = range(first + at + 1, first + at + with_at)
        if not brand or any(food_at(j) for j in brand):
            return None
        if with_at == len(rest) and not all(_no_food_word(tokens.items[j].text) for j in brand):
            return None  # "pasta, 2 cups of sauce": a food the table lacks, not a brand
        if stop < len(tokens) and tokens.used[stop] and with_at == len(rest):
            return None  # "2 scoops of myprotein whey": the amount of the food after it
        return quantity, first + at + with_at - 1  # the brand's words read with it
    return None


def _read_to_the_end(tokens: Tokens, k: int) -> bool:
    """Whether every token from `k` to the end of its clause was read already."""
    while k < len(tokens) and tokens.items[k].kind != "punct":
        if not tokens.used[k]:
            return False
        k += 1
    return True


# "a cucharadas", "by the spoonful", "al cucchiaio": the measure a food was eaten by, said
# right after it; the count follows ("unas 3", "maybe 4").
_BY_THE = frozenset({"a", "by", "al", "the", "la"})


def _after(tokens: Tokens, k: int) -> bool:
    """Whether the comma at `k` follows the measure a food was eaten by ("by the spoonful,
    like 4"), so the count after it is read with it."""
    return tokens.items[k].text == "," and tokens.items[k - 1].text in HOUSEHOLD_UNITS


def _by_the(words: list[str]) -> Quantity | None:
    """So many of the measure the words say a food was eaten by, or None."""
    at = 0
    while at < len(words) and words[at] in _BY_THE:
        at += 1
    if at == 0 or at >= len(words) or words[at] not in HOUSEHOLD_UNITS:
        return None
    rest = [w for w in words[at + 1 :] if w not in _HEDGES and w != ","]
    count = number_value(rest[0]) if len(rest) == 1 else None
    if count is None:
        return None
    return Quantity(count, HOUSEHOLD_UNITS[words[at]], explicit=True)


def _comma_after(tokens: Tokens, end: int, food_at: Callable[[int], bool]) -> int | None:
    """The comma closing the food's clause, when only words of no amount and no food stand
    between them ("de la machine", a time or a day already read)."""
    j = end + 1
    while j < len(tokens) and j - end <= _MAX_BETWEEN:
        token = tokens.items[j]
        if token.text == ",":
            return j
        if token.kind == "punct" or food_at(j):
            return None
        if not tokens.used[j] and (token.kind == "num" or token.text in AMOUNT_WORDS):
            return None
        j += 1
    return None


def _read(words: list[str]) -> Quantity | None:
    """The quantity the words are, all of them, or None."""
    for at in range(len(words) - 1):  # "un paquet de 45g": the weight said is the amount
        if words[at][0].isdigit() and words[at + 1] in MASS_UNITS and at + 2 == len(words):
            weight = parse_prefix(words[at:])
            weight.tokens = 0
            return weight
    half = _and_a_half(words)
    said = words[: len(words) - half] if half else words
    quantity = parse_prefix(said)
    if quantity.tokens != len(said) or not quantity.explicit:
        return None
    if half:
        if quantity.count != 1 or not quantity.unit:
            return None
        quantity.count = 1.5
    quantity.tokens = 0
    return quantity


def _and_a_half(words: list[str]) -> int:
    """How many words at the end say "and a half" ("a cup and a half", "una taza y
    media"); 0 when they do not."""
    if len(words) >= 3 and words[-3] in _AND and words[-2] in _ARTICLE and words[-1] in _HALF:
        return 3
    if len(words) >= 2 and words[-2] in _AND and words[-1] in _HALF:
        return 2
    return 0


def _in_brackets(tokens: Tokens, end: int) -> tuple[Quantity, int] | None:
    """ "chips (a big bag)", "a pizza (half of a large)": the amount the words in brackets
    right after the food are, all of them, and the last of them; None when they are no
    amount or no bracket follows."""
    k = end + 1
    if tokens.items[end].bracketed or k >= len(tokens) or not tokens.items[k].bracketed:
        return None
    while k < len(tokens) and tokens.items[k].bracketed and not tokens.used[k]:
        k += 1
    words = [tokens.items[j].text for j in range(end + 1, k)]
    while words and words[0] in _HEDGES:
        words.pop(0)
    if all(word[0].isdigit() for word in words):
        return None  # "walkers crisps (130)": a figure of its own, never a count
    quantity = _read(words)
    return None if quantity is None else (quantity, k - 1)


# What a food is said "with", in the five languages: the list after it ends at the comma.
_WITH = frozenset({"with", "w", "wi", "mit", "con", "avec", "col", "coi", "cogli"})


def count_after_list(tokens: Tokens, first: int, end: int) -> tuple[Quantity, range] | None:
    """ "bagels with cream cheese, 2", "friselle con pomodoro e olio, 2": a bare count said
    after the comma closing what the food at `first`..`end` comes with counts that food,
    never the last thing it came with; the count and the tokens saying it, or None."""
    j, listed = end + 1, any(tokens.items[k].text in _WITH for k in range(first, end + 1))
    while j < len(tokens) and j - end <= _MAX_BETWEEN and tokens.items[j].kind == "word":
        if tokens.items[j].text in AMOUNT_WORDS and tokens.items[j].text not in _WITH:
            return None  # "toast with 2 eggs, 3": an amount of its own in the list
        listed = listed or tokens.items[j].text in _WITH
        j += 1
    if not listed or j == end + 1 or j >= len(tokens) or tokens.items[j].text != ",":
        return None
    k = j + 1
    while k < len(tokens) and tokens.items[k].text in _HEDGES and not tokens.used[k]:
        k += 1
    if k >= len(tokens) or tokens.used[k] or tokens.items[k].kind != "num":
        return None
    count = number_value(tokens.items[k].text)
    closed = k + 1 == len(tokens) or tokens.items[k + 1].kind == "punct"
    if count is None or not closed or not 0 < count <= 12:
        return None
    return Quantity(count, "", explicit=True), range(j + 1, k + 1)


def apart_or_listed(
    tokens: Tokens, first: int, end: int, food_at: Callable[[int], bool]
) -> tuple[Quantity, int] | None:
    """The amount said in the clause after a food said with none, or as one of it; or the
    count said after what it came with ("bagels with cream cheese, 2"), its words claimed."""
    listed = count_after_list(tokens, first, end)
    if listed is not None:
        tokens.claim(listed[1])
        return listed[0], end
    return amount_apart(tokens, end, food_at)
