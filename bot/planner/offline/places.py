"""A place named by its own name where the food came from: "a beef patty from juici",
"churros en san ginés", "cheesecake at juniors", "un bocadillo en Sant Antoni".

The name is read as the place and nothing else, so no food's typo or plural is read into it
("juici" is no juice, "ginés" no gin); a name no food's typo reads ("from the zorblax") is
left unread, for the reply to name. A word the table knows as written is left to the foods
("pizza from the pizza place" keeps its pizza, "baked beans from fast food" are USDA's; "at
subway" is read with the places of offline/fillers.py). A saint's name ("san", "saint",
"sankt") starts a place unless the table names a food with it ("san pellegrino").
"""

from __future__ import annotations

from collections.abc import Callable

from bot.planner.offline.dates import rx
from bot.planner.offline.fillers import FILLERS
from bot.planner.offline.survey import survey_table
from bot.planner.offline.table import food_table
from bot.planner.offline.text import Tokens

# What says where a food came from, before a name: "from", "at", Scots "fae", "de chez".
_FROM = frozenset({"from", "fae", "at"})
_ARTICLES = frozenset({"the", "a"})
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
