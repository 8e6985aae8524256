"""The food table's second tier: USDA's survey foods (planner/data/survey_foods.csv).

The curated table (foods.csv, dishes.csv) is read first and always wins; the survey table,
about 4,500 foods named from USDA FNDDS descriptions by scripts/build_food_table.py, answers
when the curated table knows no food at a word ("knish", "kombucha tea", "chiliburger"), or
when a survey name covers more of the message's words than the curated match does ("reduced
fat chocolate milk" rather than "chocolate milk"; "almond butter and jelly sandwich" rather
than "almond butter"). It shares no alias with the curated table (the build leaves those out
and a test checks it), so the two never disagree about a name.

It is read, checked by the same loader and indexed once, on the first lookup that reaches
it. A message's word matches a survey name's word as written or as an English, German or
French plural of it; never as a typo: a guess against four thousand more names would find
foods in everyday words.
"""

from __future__ import annotations

import functools
from importlib import resources

from bot.planner.offline.foods import longest_alias
from bot.planner.offline.kinds import dish_by_kinds
from bot.planner.offline.table import Food, FoodTable, build_table
from bot.planner.offline.text import Tokens
from bot.planner.reader.lookup import is_modifier

SURVEY_FILE = "survey_foods.csv"
MEASURES_FILE = "survey_measures.csv"


@functools.cache
def survey_table() -> FoodTable | None:
    """Read data/survey_foods.csv once, each row with its measures from
    data/survey_measures.csv (when present); None when the foods file is absent."""
    data = resources.files("bot.planner").joinpath("data")
    path = data.joinpath(SURVEY_FILE)
    if not path.is_file():
        return None
    measures = data.joinpath(MEASURES_FILE)
    text = measures.read_text("utf-8") if measures.is_file() else ""
    return build_table([(SURVEY_FILE, path.read_text("utf-8"))], measures=text)


def _forms(word: str, table: FoodTable) -> tuple[str, ...]:
    """The survey words a message's word may stand for: itself, or the word it is a plural
    of ("tamales": "tamale", "pierogies": "pierogi")."""
    if word in table.words or len(word) < 4:
        return (word,)
    stems = [word[:-3] + "y"] if word.endswith("ies") else []
    stems += [word[:-2]] if word.endswith("es") else []
    stems += [word[:-1]] if word.endswith(("s", "n", "x")) else []
    stem = next((s for s in stems if s in table.words), None)
    return (word, stem) if stem else (word,)


def survey_alias(
    tokens: Tokens, i: int, *, free: bool = True, longer_than: int = 0
) -> tuple[Food, int] | None:
    """The longest survey name starting at token `i` that is longer than `longer_than`
    words (unclaimed words only, unless `free` is False)."""
    table = survey_table()
    if table is None or (free and tokens.used[i]) or tokens.items[i].kind != "word":
        return None
    n = len(tokens)
    for first in _forms(tokens.items[i].text, table):
        for alias in table.by_first.get(first, ()):  # the most words first
            length = alias.count(" ") + 1
            if length <= longer_than:
                break
            if i + length > n or (free and not tokens.free(range(i, i + length))):
                continue
            if all(
                tokens.items[i + k].kind == "word"
                and part in _forms(tokens.items[i + k].text, table)
                for k, part in enumerate(alias.split(" ")[1:], start=1)
            ):
                return table.by_alias[alias], length
    return None


def tiered_alias(
    tokens: Tokens, i: int, table: FoodTable, *, free: bool = True
) -> tuple[Food, int] | None:
    """The food named at token `i`: the curated table's longest alias, unless a survey name
    starting there is longer (or the curated table has none)."""
    curated = longest_alias(tokens, i, table, free=free)
    survey = survey_alias(tokens, i, free=free, longer_than=curated[1] if curated else 0)
    named = dish_by_kinds(tokens, i, table, lambda t, k, tb: longest_alias(t, k, tb, free=free))
    longest = max(found[1] if found else 0 for found in (curated, survey))
    if named is not None and named[1] > longest:
        return named  # "chicken & andouille gumbo": the gumbo
    if survey is not None and _curated_after_modifiers(tokens, i, survey[1], table):
        return curated  # "grilled chicken breast": the curated chicken breast, grilled
    return survey or curated


def _curated_after_modifiers(tokens: Tokens, i: int, length: int, table: FoodTable) -> bool:
    """Whether a survey name's first words only say how the food was made or where it came
    from, and the curated table names the rest of it: the curated food, so described, wins."""
    j = i
    while j < i + length and is_modifier(tokens.items[j].text):
        j += 1
    if j == i or j >= i + length:
        return False
    found = longest_alias(tokens, j, table, free=False)
    return found is not None and j + found[1] >= i + length
