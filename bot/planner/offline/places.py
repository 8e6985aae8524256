"""A place named by its own name where the food came from: "a beef patty from juici",
"churros en san ginés", "cheesecake at juniors", "un bocadillo en Sant Antoni".

The name is read as the place and nothing else, so no food's typo or plural is read into it
("juici" is no juice, "ginés" no gin). After a food of its sentence, the words a name runs
to ("poke bowl from the place downstairs", "a burger at matt's", "panino da Gino",
"Currywurst beim Griechen") are where it was had, whatever they are: the person is never
asked about them. Before any food, a name no food's typo reads ("from the zorblax") is left
unread, for the reply to name, since nothing was logged that it could belong to. A word the
table knows as written is left to the foods ("pizza from the pizza place" keeps its pizza,
"baked beans from fast food" are USDA's; "at subway" is read with the places of
offline/fillers.py); a chain the table names a product after is the place after "from" or
"at" and a food ("a chicken sandwich from popeyes"). A saint's name ("san", "saint",
"sankt") starts a place unless the table names a food with it ("san pellegrino").
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from bot.planner.offline.fillers import FILLERS
from bot.planner.offline.survey import survey_table
from bot.planner.offline.table import food_table
from bot.planner.offline.text import Tokens, rx
from bot.planner.reader.segment import CUTTING_WORDS, SENTENCE_END_MARKS, never_food_words

# What says where a food came from, before a name: "from", "at", Scots "fae", "de chez".
_FROM = frozenset({"from", "fae", "at"})
# ... and, after a food only, the other languages' "at" or "from" a person or a shop: "bei",
# "beim", "vom", "chez", "da", "dal", "dalla".
_FROM_AFTER_FOOD = _FROM | {"bei", "beim", "vom", "chez", "da", "dal", "dalla", "auf", "aufm"}
_FROM_AFTER_FOOD |= {"am", "im"}  # "Brezel am Bahnhof", "Schnitzel im Gasthaus"
_FROM_AFTER_FOOD |= {"near", "by", "outside", "behind", "opposite"}  # "... by the pier"
_ARTICLES = frozenset({"the", "a"})
_OTHER_ARTICLES = frozenset("der die das dem den da la le les el il lo".split())
# Whose place: "at my aunt's", "from our local".
_OWNERS = frozenset("my our his her their this that some".split())
# Words that carry on past a place's name: "with", "mit", "con", "avec", "w".
_ENDS = SENTENCE_END_MARKS
_CARRY_ON = CUTTING_WORDS | {"with", "w", "mit", "con", "avec", "col", "plus"}
_CARRY_ON |= {"on", "sur", "su"}  # "... from art mel's on raisin bread": the bread it was on
# Words after "at" that say how much or how often, never a place ("at least 2").
_NOT_PLACES = frozenset("least most all once first last best worst times home work".split())
_SAINT_RE = rx(
    r"(?:en|in|at|from|a|au|de|del|da|dal|vom|bei|beim) (?P<saint>(?:san|santa|santo|sant"
    r"|saint|sainte|st|sankt) [a-z]+)"
)


def claim_named_places(tokens: Tokens, starts_food: Callable[[int], bool]) -> None:
    """Claim the places named by their own names (module docstring); `starts_food` says
    whether the table names a food from a token on."""
    for match, span in tokens.matches(_SAINT_RE):
        start = span.stop - len(match.group("saint").split())
        if not starts_food(start):
            tokens.claim(span)
    survey = survey_table()  # "baked beans from fast food": USDA's name of the food
    known = (food_table().words, survey.words if survey is not None else frozenset())
    _claim_brands_after_foods(tokens, starts_food)  # "a chicken sandwich from popeyes"
    _claim_names_after_foods(tokens, starts_food, lambda word: any(word in w for w in known))
    for i in range(len(tokens) - 1):
        if tokens.items[i].text not in _FROM or tokens.used[i]:
            continue
        k = i + 1
        if tokens.items[k].text in _ARTICLES and k + 1 < len(tokens):
            k += 1
        name = tokens.items[k]
        if (
            name.kind == "word"
            and not tokens.used[k]
            and len(name.text) >= 3
            and not any(name.text in words for words in known)
            and starts_food(k)  # a word no food's typo reads is left to be asked about
            and name.text not in FILLERS
            and name.text not in _NOT_PLACES
        ):
            tokens.claim(range(i, k + 1))


@functools.cache
def _brands() -> frozenset[str]:
    """Chains the table names a product after ("popeyes": Popeyes chicken sandwich): after
    "from" or "at" and a food, the chain the food came from, not a second food."""
    return frozenset(
        alias
        for alias, food in food_table().by_alias.items()
        if food.source == "vendor"
        and " " not in alias
        and food.name.lower().startswith(alias + " ")
    )


def _claim_brands_after_foods(tokens: Tokens, starts_food: Callable[[int], bool]) -> None:
    """Claim "from popeyes", "at cinnabon" said after a food of the message."""
    for i in range(1, len(tokens) - 1):
        k = i + 1 + (tokens.items[i + 1].text in _ARTICLES and i + 2 < len(tokens))
        if (
            tokens.items[i].text in _FROM
            and not tokens.used[i]
            and not tokens.used[k]
            and tokens.items[k].text in _brands()
            and any(starts_food(j) for j in range(i))
        ):
            tokens.claim(range(i, k + 1))


def _claim_names_after_foods(
    tokens: Tokens, starts_food: Callable[[int], bool], known: Callable[[str], bool]
) -> None:
    """Claim the name said after "from", "at", "bei" ... once a food of its sentence was named:
    the words up to the next amount, food word, punctuation or "and"/"with", at most four
    ("poke bowl from the place downstairs", "jucy lucy at matt's")."""
    for i in range(1, len(tokens) - 1):
        if tokens.items[i].text not in _FROM_AFTER_FOOD or tokens.used[i]:
            continue
        before = tokens.items[i - 1].text
        if not tokens.used[i - 1] and before in never_food_words() and before not in FILLERS:
            continue  # "auf da Wiesn": a phrase the word only carries on
        opened = max((j + 1 for j in range(i) if tokens.items[j].text in _ENDS), default=0)
        if not any(starts_food(j) for j in range(opened, i)):
            continue  # a food of the same sentence
        k = i + 1
        while k < len(tokens) - 1 and tokens.items[k].text in _ARTICLES | _OWNERS | _OTHER_ARTICLES:
            k += 1
        last = k
        while (
            last < len(tokens)
            and last - k < 4
            and tokens.items[last].kind == "word"
            and not tokens.used[last]
            and tokens.items[last].text not in _CARRY_ON
            and tokens.items[last].text not in _NOT_PLACES
            and not known(tokens.items[last].text)
        ):
            last += 1
        last = max(last, _owner_named(tokens, k))
        if last > k:
            tokens.claim(range(i, last))


def _owner_named(tokens: Tokens, k: int) -> int:
    """The token after a name ending in an owner's "'s" within four words from `k` ("art
    mel's", "big joe's"), whatever words the table knows in it; `k` if none."""
    for j in range(k, min(k + 4, len(tokens))):
        item = tokens.items[j]
        if item.kind != "word" or tokens.used[j] or item.text in _CARRY_ON:
            return k
        if item.raw.lower().endswith(("'s", "’s")) and j > k:
            return j + 1
    return k
