"""Step 2, segment: a folded message cut into clauses and items, in five languages.

A clause ends at punctuation (not a colon: "lunch: soup and bread" is one) and at "but" or
"then" ("aber", "pero", "dann", "luego"); its items are joined by each language's "and" ("and",
"und", "y", "et", "e"). `segment_words` cuts a message's own words (the planner's tokens), a
name the table knows kept whole ("mac and cheese"), and says where each item's words are.
Meal words ("for lunch", "zum Frühstück", "ce midi", "a pranzo") say when, never what: they
are taken out of the items and kept as the clause's meal. Each language's
function words (articles, pronouns, prepositions, the verbs of eating and drinking) are
never a food, nor a misspelling of one: "mangé" is no "mango". The kept stop-word lists of
`stopwordsiso` guard the spelling repair; the planner's filler words are the short lists
below, because the kept lists also hold words that say how much ("half", "large", "four").
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import stopwordsiso

from bot.planner.reader.normalize import fold

LANGUAGES = ("en", "de", "es", "fr", "it")

# "na" is Swahili's "and" of East African meals ("chapati na maharagwe", "omena na ugali").
CONJUNCTIONS = frozenset({"and", "&", "n", "plus", "und", "sowie", "y", "e", "et", "ed", "na"})

# The words of each language that carry no food: folded, apostrophes dropped ("j'ai": "jai").
FUNCTION_WORDS: dict[str, frozenset[str]] = {
    "fr": frozenset(
        """
        je jai j ai moi mon ma mes un une des du de la le les l d dun dune et avec au aux
        pour ce cette ces cet en a apres avant puis aussi tres bien cetait etait est eu
        mange mangee manges mangeais manger bu bois bu pris prends pris avale grignote
        bu goute encore un peu peu quelques sans sur dans ou mais c qu m t s n
        """.split()
    ),
    "it": frozenset(
        """
        io ho mi ne un uno una il lo la i gli le di del della dello dei degli delle e ed
        con a al alla allo ai agli alle per in nel nella poi anche mangiato mangiata
        mangiati bevuto bevuta preso presa presi fatto stamattina stasera stamani un po
        qualche sono era oggi ieri l dell dall nell sull all coll quell quest bel bella bello
        """.split()
    ),
    "de": frozenset(
        """
        ich habe hab hatte gegessen getrunken ein eine einen einem einer und mit zum zur
        heute dann noch auch zwischendurch morgens mittags abends gabs gab genommen
        """.split()
    ),
    "es": frozenset(
        """
        yo he comi comido tome tomado bebi bebido me un una unos unas y e con de del el la
        los las para al en mi mis tambien luego
        """.split()
    ),
}

# Meal words, folded, by the meal they name: when it was eaten, never what.
MEAL_WORDS: dict[str, str] = {
    phrase: meal
    for meal, phrases in (
        ("breakfast", "breakfast|brekkie|bfast|fruhstuck|fruehstueck|desayuno|colazione"),
        ("breakfast", "petit dejeuner|petit dej|ce matin"),
        ("brunch", "brunch"),
        ("lunch", "lunch|mittagessen|mittag|almuerzo|comida|pranzo|dejeuner|ce midi|midi"),
        ("dinner", "dinner|supper|abendessen|abendbrot|cena|diner|souper|ce soir"),
        ("snack", "snack|snacks|merienda|merenda|spuntino|gouter"),
    )
    for phrase in phrases.split("|")
}
# What may stand before a meal word and belongs to it: "for lunch", "zum Frühstück",
# "a pranzo", "al desayuno", "pour le dîner".
_MEAL_LEAD = r"(?:(?:for|at|the|zum|zur|beim|a|al|per|para|en|de|pour|au|le|la|el|il) )*"
_MEAL_RE = re.compile(
    rf"(?<![\w'])(?:{_MEAL_LEAD})(?P<meal>"
    + "|".join(sorted(map(re.escape, MEAL_WORDS), key=len, reverse=True))
    + r")(?![\w'])"
)

# In British English "tea" after "for" is the evening meal ("beans on toast for tea"); a cup
# of tea is never had "for tea". So is a tea from the chip shop or a takeaway ("a chippy
# tea") and the tea of a day ("last night's tea was spag bol"). Not a meal word: "tea"
# alone stays a drink.
TEA_MEAL_RE = re.compile(
    r"(?<![\w'])(?:(?:for|at) (?:my |our |the )?|(?:chippy|takeaway|take away) "
    r"|(?<=nights )|(?<=night's )|(?<=tonights )|(?<=todays )|(?<=yesterdays ))"
    r"(?P<meal>tea)(?![\w'])"
)
# In German "zum Kaffee" is the afternoon coffee break ("Kuchen zum Kaffee"), had with cake
# or biscuits: when, not a coffee of its own.
COFFEE_BREAK_RE = re.compile(r"(?<![\w'])(?:zum|beim|zu) (?P<meal>kaffee)(?![\w'])")


@functools.cache
def filler_words() -> frozenset[str]:
    """Every language's function words and meal words: no food, and nothing left unread."""
    words = {w for phrase in MEAL_WORDS for w in phrase.split()}
    return frozenset(words.union(*FUNCTION_WORDS.values()))


def function_words(*languages: str) -> frozenset[str]:
    """The function words of the languages named (fr, it, de, es)."""
    return frozenset().union(*(FUNCTION_WORDS[language] for language in languages))


# German spoken contractions of a preposition and its article, which no stop-word list holds:
# "vorm Fernseher", "aufm Sofa", "ausm Kühlschrank".
_CONTRACTED = frozenset("vorm aufm unterm uberm hinterm ausm innem".split())


@functools.cache
def never_food_words() -> frozenset[str]:
    """Words never read as a misspelling or a plural of a food: the five languages' kept
    stop words, function words and meal words (folded, apostrophes dropped)."""
    kept = {w.replace("'", "") for w in stopwordsiso.stopwords(list(LANGUAGES))}
    return frozenset({fold(w) for w in kept} | filler_words() | _CONTRACTED)


# What ends a clause: punctuation, and the words that turn to something else ("but", "then").
# A colon introduces what the clause holds ("morning stack done: d3, k2", "lunch: soup").
CLAUSE_END_MARKS = frozenset(".;!?\n,")
SENTENCE_END_MARKS = frozenset(".;!?\n")
CLAUSE_END_WORDS = frozenset({"but", "aber", "pero", "then", "dann", "luego", "despues"})
# The words that cut an item or a clause or name a meal: a name of a food holding one of them
# ("mac and cheese", "breakfast burrito") is kept whole by the caller (`names`).
CUTTING_WORDS = frozenset(
    CONJUNCTIONS | CLAUSE_END_WORDS | {w for phrase in MEAL_WORDS for w in phrase.split()}
)
_PUNCT_RE = re.compile(r"[.;!?\n,:]|[^\W_]+(?:'[^\W_]+)*|\d+(?:[.,/]\d+)?%?|[&/+]")


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause: its items (each a run of words between "and"s) and the meal it names.

    `positions` holds where each item's words are in the words segmented, `span` every
    position of the clause (from the mark that opened it), `sentence` its sentence's number."""

    items: tuple[tuple[str, ...], ...]
    meal: str | None = None
    positions: tuple[tuple[int, ...], ...] = dataclasses.field(default=(), compare=False)
    span: range = dataclasses.field(default=range(0), compare=False)
    sentence: int = dataclasses.field(default=0, compare=False)


def segment(folded: str) -> tuple[Clause, ...]:
    """The clauses of a folded message, meal words taken out as the clause's meal, items cut
    at each language's "and" and at "+"; empty items and empty clauses are dropped."""
    words = [w.replace("'", "") if w[0].isalpha() else w for w in _PUNCT_RE.findall(folded)]
    return tuple(c for c in segment_words(words) if c.items or c.meal)


def segment_words(words: Sequence[str], names: Collection[int] = ()) -> tuple[Clause, ...]:
    """The clauses of a message's words (punctuation marks are words of their own), every
    clause kept, so each position is in one. A word at a position in `names` belongs to a
    food's name ("mac and cheese", "breakfast burrito"): it cuts no item and names no meal."""
    clauses: list[Clause] = []
    start = sentence = 0
    for end in [*(i for i, w in enumerate(words) if _ends_clause(w, i, names)), len(words)]:
        if end > start:
            clauses.append(_clause(words, range(start, end), names, sentence))
        if end < len(words) and words[end] in SENTENCE_END_MARKS:
            sentence += 1
        start = end
    return tuple(clauses)


def _ends_clause(word: str, i: int, names: Collection[int]) -> bool:
    return word in CLAUSE_END_MARKS or (word in CLAUSE_END_WORDS and i not in names)


def _clause(words: Sequence[str], span: range, names: Collection[int], sentence: int) -> Clause:
    """One clause of `words` over `span` (its first position may be the mark opening it)."""
    inner = [i for i in span if not _ends_clause(words[i], i, names)]
    meal, taken = _meal(words, inner, names)
    items: list[tuple[int, ...]] = [()]
    for i in inner:
        if i in taken or words[i] == ":":
            continue
        if words[i] in CONJUNCTIONS or words[i] == "+":
            if i not in names and not _and_a_half(words, i):
                items.append(())
                continue
        items[-1] = (*items[-1], i)
    kept = tuple(item for item in items if item)
    return Clause(tuple(tuple(words[i] for i in item) for item in kept), meal, kept, span, sentence)


# "one and a half cups", "2 and a half", "un et demi croissant": a count, not two items.
_ONE = frozenset(
    "one 1 a an un uno una une two 2 dos deux due three 3 tres trois tre four 4".split()
)
_HALF = frozenset({"half", "medio", "media", "demi", "demie", "mezzo", "mezza"})


def _and_a_half(words: Sequence[str], i: int) -> bool:
    """Whether the "and" at `i` joins a half to a one ("one and a half")."""
    after = list(words[i + 1 : i + 3])
    half = after[:1] if after[:1] != ["a"] else after[1:2]
    return i > 0 and words[i - 1] in _ONE and bool(half) and half[0] in _HALF


def _meal(
    words: Sequence[str], inner: list[int], names: Collection[int]
) -> tuple[str | None, set[int]]:
    """The meal a clause names and the positions of the words naming it."""
    joined, at = "", []
    for i in inner:
        at.extend([i] * (len(words[i]) + 1))
        joined += words[i] + " "
    for pattern, meals in (
        (_MEAL_RE, MEAL_WORDS),
        (TEA_MEAL_RE, {"tea": "dinner"}),
        (COFFEE_BREAK_RE, {"kaffee": "snack"}),
    ):
        for found in pattern.finditer(joined):
            taken = set(at[found.start() : found.end()])
            if not taken & set(names):
                return meals[found.group("meal")], taken
    return None, set()
