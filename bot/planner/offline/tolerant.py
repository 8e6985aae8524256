"""How a word of a message may stand for a food's word it is not: as its plural ("apples",
"Tomaten", "pomodori") or as a typo ("bananna", "brocoli"). For words of five letters or
more, one edit up to seven letters and two beyond, against food words of six letters or more
with the same first letter, and only when one food is that close (offline/table.py caches each
word's reading)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Protocol

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from bot.planner.offline.diminutive import NOT_DIMINUTIVES, diminutive_base, diminutive_endings
from bot.planner.offline.fillers import FILLERS
from bot.planner.offline.rules import normalized_phrase_words
from bot.planner.reader.segment import never_food_words
from bot.planner.reader.typos import are_two_slips, is_slip

# Typo tolerance: the shortest word corrected, and the edits allowed by word length.
TYPO_MIN_LETTERS = 5
TYPO_ONE_EDIT_MAX_LETTERS = 7
TYPO_LONG_LETTERS = 8  # two edits only between words this long
TOLERANT_CACHE_MAX = 50_000
# Words never read as a typo or a plural of a food, however close: everyday words a message
# carries that sit an edit or a plural ending from some food's name ("match"/"matcha",
# "shape"/"shake", "Reise"/"Reis", "langer"/"lager", "schicken"/"Schinken", "pasto"/"pasta",
# "champions"/"champignons").
# The words the planner's other rules read are never guessed either (`other_words`).
STOP_WORDS = frozenset(
    """
    about above after again against always around badly basic being below better between
    bored break bring broad broke called canada carry cases chill could crisp doing during every
    feels feeling first flies floor friday going grades great happy heavy hours house hurry
    later light likes lines little lives lunch match matches maybe might minds minute minutes
    cares codes coins paste period periods price prices sales sandy champion champions
    campeon campeones campione campioni
    monday month never night other peace peers place quite really right saturday shape
    shapes since sleep slept small sorry steal steam steps still sunday sweats their there
    these thing things think those three thursday today tonight topic tuesday twice under
    until wednesday weeks where which while whole world would write yesterday
    abend abends arbeit danke etwas gestern halve heute immer kasse kollege kollegen kollegin
    kolleginnen kuche kueche langer morgen
    morgens nacht nicht noch reise schicken schon sehr viele wieder woche
    ahora antes ayer bueno buena cansado despues gracias hasta jabon luego manana mucho noche
    perro perros poco quiso siempre tarda tarde todavia cancha canchas pesado pesada
    apres aujourdhui beaucoup bien boulot demain encore hier merci nuit toujours
    ancora domani gelata grazie molto notte oggi pasti pasto sempre sera torto
    """.split()
)


class Vocabulary(Protocol):
    """What the table offers to read a word by (offline/table.py's `FoodTable`): its foods by
    alias, every alias word, and the alias words by first letter and length."""

    @property
    def by_alias(self) -> Mapping[str, object]: ...

    @property
    def words(self) -> frozenset[str]: ...

    @property
    def by_letter(self) -> Mapping[tuple[str, int], tuple[str, ...]]: ...


def plural_stems(word: str) -> tuple[list[str], list[str]]:
    """What a plural may be the plural of: (stems that may be any word of an alias, stems
    that must be a whole food's name).

    English -s, -es, -ies, German -n and French -x ("chicken breasts", "Tomaten", "gateaux")
    may end any word of an alias. German -e ("Brote") and Italian -i and -e ("pomodori",
    "pizze") make too many other words ("vine", "cane", "line") to be read that way: those
    stems count only when they name a food of four letters or more on their own.
    """
    loose: list[str] = []
    strict: list[str] = []
    if word.endswith("ies"):
        loose.append(word[:-3] + "y")
    if word.endswith("es"):
        loose.append(word[:-2])
    if word.endswith(("s", "n", "x")):
        loose.append(word[:-1])
    if word.endswith("e"):
        strict.append(word[:-1])
        if len(word) >= 5:
            strict.append(word[:-1] + "a")  # pizze -> pizza, pere -> pera
    if word.endswith("i"):
        strict += [word[:-1] + "o", word[:-1] + "e"]  # pomodori -> pomodoro
    return [s for s in loose if len(s) >= 3], [s for s in strict if len(s) >= 4]


@functools.cache
def other_words() -> frozenset[str]:
    """Words the planner's other rules read (check-ins, weights, fillers like "supper"):
    never a food's plural or typo."""
    return normalized_phrase_words() | FILLERS | STOP_WORDS | never_food_words()


def diminutive_of(table: Vocabulary, text: str) -> str | None:
    """The food `text` names by a diminutive or augmentative ending, in the singular or a
    plural ("pizzette", French "pizzettes"; offline/diminutive.py); None for a food's own
    word."""
    if text in table.by_alias or text in table.words or text in NOT_DIMINUTIVES:
        return None
    for said in (text, *plural_stems(text)[0]):
        base = diminutive_base(said, table.by_alias.__contains__)
        if base is not None:
            return base
    return None


def tolerant_word(table: Vocabulary, text: str) -> str | None:
    """The alias word `text` is a plural of, or a typo of; None when there is none, when two
    are equally close, or when `text` is an alias word or a word of the other rules.

    A typo keeps the first letter ("bananna", "brocoli"): "money" is not "honey", nor "beach"
    "peach"."""
    if len(text) < 4 or not text.isalpha() or text in other_words():
        return None
    loose, strict = plural_stems(text)
    for stem in loose + strict:  # a food's own name first ("pere": "pera", not a phrase's "per")
        if stem in table.by_alias and " " not in stem:
            return stem
    for stem in loose:
        if stem in table.words:
            return stem
    if text in table.words:
        return None
    base = diminutive_of(table, text)
    if base is not None:  # "galletitas", "pizzetta", "Bierchen", "bièrette"
        return base
    if len(text) < TYPO_MIN_LETTERS:
        return None
    edits = 1 if len(text) <= TYPO_ONE_EDIT_MAX_LETTERS else 2
    # The food's word is long enough to tell a typo from another word: six letters or more
    # ("grape" is no typo of "grade"), and for two edits as long as the word ("spagetti").
    shortest = max(TYPO_MIN_LETTERS + 1, len(text) - 1 if edits == 1 else TYPO_LONG_LETTERS)
    candidates = [
        word
        for length in range(shortest, len(text) + edits + 1)
        for word in table.by_letter.get((text[0], length), ())
    ]
    found = process.extract(
        text, candidates, scorer=Levenshtein.distance, score_cutoff=edits, limit=2
    )
    found = [f for f in found if f[1] > 1 or is_slip(text, str(f[0]))]  # not "panera"
    if diminutive_endings(text):
        # "tartelette" is a word of its own, a small "tarte", not "tartiflette" typed with
        # two slips: an ending the word carries makes it long, not its stem, so such a word
        # is allowed the one edit of a shorter word.
        found = [f for f in found if f[1] <= 1]
    if not found:
        return None
    best = str(found[0][0])
    if len(found) > 1 and found[1][1] == found[0][1]:
        # Two as close: neither ("beans" or "bears"?), unless both name the same food
        # ("capucino": "capuccino" and "capuchino" are both cappuccino).
        same = table.by_alias.get(best)
        if same is None or table.by_alias.get(str(found[1][0])) is not same:
            return None
    if found[0][1] > 1 and not are_two_slips(text, best):
        return None  # a word differing inside: "entrepot" is no "entrecote"
    return best
