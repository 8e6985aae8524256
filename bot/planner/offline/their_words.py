"""A food's entry named in the words of the person who reads it.

The table names its foods in English. Where the person called one by another word, the
table's name keeps their word beside it ("Bread rolls (brötchen)", "Oatmeal (porridge)",
meals.py), so that an English reader knows the food and recognises what they said. A reader
of another language reads their word alone, as they wrote it, the first letter upper-case
("Brötchen", "Café con leche", "Cornetto"); so too where the table's name is a spelling of
their word ("Müsli" for "Muesli"). A food and what it comes with, kept as one item ("Coffee
with oat milk"), is read in their words as a whole (`said_with`): their word for the food, the
words that joined them as they were written, their word for what it came with ("Kaffee mit
Hafermilch", "Tostada con tomate", "Tartine avec du beurre"). The amount is worded for the
reader by the core, from the catalogs (bot/render/portions.py).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re

from bot.agent_api.actions import Entry, NutritionAddEntry
from bot.planner.offline.foods import FoodItem
from bot.planner.offline.table import FoodTable, food_table
from bot.planner.offline.text import Token, Tokens, word_key
from bot.planner.reader.quantities import AMOUNT_WORDS


def food_entry(item: FoodItem, day: dt.date, language: str = "en") -> NutritionAddEntry:
    """The entry of `item` on `day`, named for a reader of `language` (`their_name`)."""
    name = their_name(item, language)
    return NutritionAddEntry(
        date=day,
        entry=Entry(
            food=(f"{name}, {item.amount}" if item.amount else name)[:200],
            calories=round(max(item.kcal, 0.0)),
            protein=round(max(item.protein, 0.0), 1),
            carbs=round(max(item.carbs, 0.0), 1),
            fat=round(max(item.fat, 0.0), 1),
        ),
    )


def their_name(item: FoodItem, language: str) -> str:
    """The item's name for a reader of `language`: in English the table's, their word beside
    it; in another, `own_name` where it has one."""
    return item.name if language == "en" else own_name(item) or item.name


def own_name(item: FoodItem) -> str | None:
    """The item named by the person's word in place of the name it was kept with, what was
    added after that name kept ("Brötchen"); None without their word
    or for a name made anew since (a dish the table knows whole)."""
    if item.own is None:
        return None
    named, own = item.own
    return own + item.name[len(named) :] if own and item.name.startswith(named) else None


def their_word(said: str) -> str:
    """A food's name as the person said it, the first letter upper-case ("brötchen")."""
    return said[:1].upper() + said[1:]


def own_spelling(table: FoodTable, token: Token) -> str:
    """A word of a food's name as the person wrote it, in lower case: their accents kept
    ("cañas", "café"), a typo spelled as the table does ("chiken" -> "chicken"); of a
    hyphenated or elided word, the part that is this word ("Käse-Spätzle" -> "käse",
    "spätzle"; "d'avoine" -> "d", "avoine")."""
    typo = table.typo_of(token.text)
    if typo is not None:
        return typo
    raw = token.raw.lower().replace("’", "'")
    parts = [raw, *raw.split("-"), *re.split(r"['-]", raw)]
    return next((part for part in parts if word_key(part) == token.text), token.text)


def as_written(table: FoodTable, token: Token) -> str:
    """A word of a food's name as `own_spelling` gives it, upper-case first where the person
    wrote it so and the rest lower-case ("Brötchen", "Käse"; "KAFFEE": "kaffee")."""
    own = own_spelling(table, token)
    raw = token.raw.replace("’", "'")
    written = next((p for p in [raw, *re.split(r"['-]", raw)] if p.lower() == own), "")
    return written if written[:1].isupper() and written[1:].islower() else own


def joined(tokens: Tokens, span: range, words: list[str]) -> str:
    """The words of `span` as one name, an elided article joined back ("d'avoine")."""
    said = words[0]
    for k, word in zip(span[1:], words[1:], strict=True):
        same = tokens.items[k].start == tokens.items[k - 1].start
        said += ("'" if same and "'" in tokens.items[k].raw.replace("’", "'") else " ") + word
    return said


# Words of an item's span that join an amount to its food ("200 g de pollo").
_OF = frozenset({"of", "de", "di", "d", "du", "del", "della", "dello", "des"})
# Words that end no food's name: what joins it to what comes after ("onions at the stall").
_NEVER_LAST = _OF | frozenset("at from in on with for to and or y e et und mit con avec".split())
# Marks between a food and what it came with that end one name, left out of the whole's
# ("2 eggs, fried in butter": "Eggs fried in butter"): an entry's amount follows its comma.
_BETWEEN_NAMES = frozenset(",.;:!?")


def said_with(
    tokens: Tokens, whole: FoodItem, head: FoodItem, added: FoodItem, joining: range
) -> FoodItem:
    """`whole`, `head` and `added` said after it as one item, keeping the person's words for
    all of it: their word for `head`, the words of `joining` as written, lower-case ("mit",
    "con", "avec du", "w/"), and their word for `added` ("Kaffee mit Hafermilch")."""
    table = food_table()
    said, at = _said(tokens, table, head), head.last
    for k in joining:
        if tokens.items[k].raw not in _BETWEEN_NAMES:
            said += _space(tokens, at, k) + tokens.items[k].raw.lower()
            at = k
    last = _said(tokens, table, added)
    if not _written_upper(tokens, table, added, last):
        last = last[:1].lower() + last[1:]
    said += (_space(tokens, at, added.first) or " ") + last
    return dataclasses.replace(whole, own=(whole.name, said))


def _space(tokens: Tokens, before: int, after: int) -> str:
    """What stood between two words as written: a space, or nothing ("w/", "2 eggs,")."""
    return " " if tokens.items[after].start > tokens.items[before].end else ""


def _said(tokens: Tokens, table: FoodTable, item: FoodItem) -> str:
    """The person's word for an item: `own_name`, else the words of its span naming the food
    as written, from its first to the last in a row the table knows, without how much of it
    was said ("una birra media": "Birra"; "protein shake, 2 scoops": "Protein shake")."""
    own = own_name(item)
    if own:
        return own
    span = list(range(item.first, item.last + 1))
    while span and _before_its_name(tokens.items[span[0]], table):
        span = span[1:]
    end = next((n for n, k in enumerate(span) if not _of_a_name(tokens.items[k], table)), None)
    span = span[:end]
    while span and tokens.items[span[-1]].text in _NEVER_LAST:
        span = span[:-1]
    if not span:
        return item.name
    at = range(span[0], span[-1] + 1)
    return their_word(joined(tokens, at, [as_written(table, tokens.items[k]) for k in at]))


def _before_its_name(token: Token, table: FoodTable) -> bool:
    """Whether a word before a food's name says how much of it, not what it is ("una",
    "2 cups of")."""
    return token.text in AMOUNT_WORDS or token.text in _OF or not _of_a_name(token, table)


def _of_a_name(token: Token, table: FoodTable) -> bool:
    """Whether a word is one of a name the table knows ("burrito", "bowl"; not "media")."""
    return token.kind == "word" and token.text in table.words


def _written_upper(tokens: Tokens, table: FoodTable, item: FoodItem, said: str) -> bool:
    """Whether the first word of `said` was written upper-case first ("Hafermilch")."""
    first = re.split(r"[ '-]", said)[0].lower()
    for k in range(item.first, item.last + 1):
        written = as_written(table, tokens.items[k])
        if written.lower() == first:
            return written[:1].isupper()
    return False
