"""The offline planner: rules and a food table, no network, deterministic, well under 1 ms.

It is the planner when no LLM is configured, and the fast path before the LLM when it is:
the assistant skips the LLM only for plans with `understood=True`, so that flag is
conservative. Every word of the message must be claimed by a rule or be a filler word ("had",
"and", "zum Frühstück"); anything else is named back to the person, and the parts that were
understood are still returned as actions.

A message is screened here first: prompt injections, small talk, what only the LLM can do
(recipes, tickets, corrections), numbers the rules would misread, and mild typos. Then a
question goes to questions.py (answered by answers.py), and anything else to writes.py, which
runs the rules.
"""

from __future__ import annotations

import datetime as dt
import difflib
import functools
import re
from collections.abc import Sequence

from bot.agent_api.actions import CheckinUpsert
from bot.kernel.answers import Answer
from bot.kernel.said import EmojiOffer, FoodFact, FoodFacts, Notice, OddNumbers, TooLong
from bot.planner.base import Plan, PlanContext, ReadResult
from bot.planner.markup import without_markup
from bot.planner.offline.answers import answer
from bot.planner.offline.chitchat import CHITCHAT, chitchat_kind
from bot.planner.offline.corrections import amended, corrected
from bot.planner.offline.dates import WEEKDAYS, WEEKDAYS_PLURAL, find_day_refs, rx
from bot.planner.offline.earlier import about_an_earlier_one, said_it_was
from bot.planner.offline.feelings import FEELINGS
from bot.planner.offline.fillers import FILLERS
from bot.planner.offline.meals import find_meal_foods
from bot.planner.offline.negated import NEGATIONS
from bot.planner.offline.others import OTHERS_WORDS
from bot.planner.offline.questions import (
    Question,
    looks_like_question,
    read_question,
    reads_for,
)
from bot.planner.offline.rules import normalized_phrase_words
from bot.planner.offline.said_after import said_before
from bot.planner.offline.said_as_read import said_as_read
from bot.planner.offline.said_ratings import said_rating_words
from bot.planner.offline.sources import source_words
from bot.planner.offline.table import food_table
from bot.planner.offline.text import Tokens, odd_numbers, tokenize
from bot.planner.offline.tolerant import STOP_WORDS
from bot.planner.offline.unsure import checked_first
from bot.planner.offline.usual import repeat_plan
from bot.planner.offline.writes import log_plan
from bot.planner.reader.measures import Measures, measures_in
from bot.planner.reader.normalize import emoji_words
from bot.planner.reader.quantities import HOUSEHOLD_UNITS, MASS_UNITS, NUMBER_WORDS, SIZES
from bot.planner.reader.segment import function_words
from bot.planner.reader.shared import SHARING_WORDS

MAX_CHARS = 1000

_INJECTION_RE = re.compile(
    r"\b(?:ignore|disregard|forget|override|bypass)\b.{0,40}\b(?:instructions?|rules|prompts?"
    r"|guidelines|system)\b|system prompt|you are now|developer mode|jailbreak"
    r"|pretend (?:to be|you)|act as (?:a|an|my)\b|reveal (?:your|the) (?:prompt|instructions|key)"
    r"|api key|password"
    r"|ignoriere\b.{0,40}\banweisungen|vergiss\b.{0,40}\banweisungen|ignora\b.{0,40}"
    r"\binstrucciones|olvida\b.{0,40}\binstrucciones|new instructions|neue anweisungen"
)
# Recipes, support tickets and the supplement stack need free text the rules can't read; a
# message about them writes nothing rather than something half-right.
_LLM_ONLY_WORDS = frozenset(
    "recipe recipes rezept rezepte receta recetas recette recettes ricetta ricette ticket tickets"
    " support soporte bug"
    " contact".split()
)
# Changing the supplement stack needs a model; taking it ("morning stack done: d3, k2") does not.
_STACK_CHANGE_RE = re.compile(
    r"\b(?:add|remove|delete|drop|change|update|put|set up|create)\b.*\bstack\b"
    r"|\bstack\b.*\b(?:add|remove|delete|drop|change|update)\b|\bto my stack\b"
)
# "actually it was 2 eggs" corrects an earlier message; logging it again would double it.
_CORRECTION_WORDS = frozenset(
    "actually instead meant correction correct wrong undo delete remove eigentlich"
    " stattdessen korrektur falsch loschen realidad corregir borrar".split()
)
# Words that also stress what is said ("the sun's actually out", "eigentlich ganz gut"): a
# correction only where one starts, after a pause or before what was had instead ("actually it
# was", "i actually had", "eigentlich war es").
_STRESSING = frozenset("actually eigentlich realidad".split())
_CORRECTED_AFTER = frozenset(
    "it that i was were had ate drank meant war waren hatte es das ich fue era tome comi".split()
)
# "skipped the beer, had a coke instead": what replaced a thing not eaten, in the same message.
_INSTEAD_OF_SKIPPED_RE = re.compile(
    r"\b(?:skipped|skip|didnt|did not|no|weggelassen|verzichtet|nicht|kein|keine)\b"
    r".*\b(?:instead|stattdessen)\b"
)
# "that coffee was yesterday not today": an earlier entry's day, which only the app can move.
_DAY_CORRECTION_RE = re.compile(
    r"\b(?:not|instead of) (?:today|yesterday|tonight|this morning|last night|on \w+day)\b"
)


def _corrects(tokens: Tokens) -> bool:
    """Whether a word of the message says it corrects an earlier one (see `_STRESSING`)."""
    items = tokens.items
    for i, token in enumerate(items):
        if token.text not in _CORRECTION_WORDS:
            continue
        if token.text not in _STRESSING:
            return True
        before = items[i - 1].kind if i > 0 else "punct"
        after = items[i + 1].text if i + 1 < len(items) else ""
        if before == "punct" or after in _CORRECTED_AFTER:
            return True
    return False


class OfflinePlanner:
    """Rules and a food table; see the module docstring for what it understands."""

    name = "offline"

    async def plan(self, text: str, context: PlanContext) -> Plan:
        return plan_text(text, context)

    async def answer(
        self, text: str, context: PlanContext, plan: Plan, results: Sequence[ReadResult]
    ) -> Answer:
        question = plan.state if isinstance(plan.state, Question) else None
        if question is None:
            said = without_markup(text[:MAX_CHARS])
            question = read_question(Tokens(tokenize(said)), context.today)
        return answer(question, results, context.today)


def plan_text(text: str, context: PlanContext) -> Plan:
    """The whole offline decision for one message (synchronous: it never waits on anything)."""
    text = text.strip()
    if len(text) > MAX_CHARS:
        return Plan(understood=False, said=[TooLong(MAX_CHARS)])
    text = said_as_read(text, context.timezone)  # markup dropped; "a 3 egg omelette"
    tokens = Tokens(tokenize(text))
    words = [t for t in tokens.items if t.kind != "punct"]
    if not words:
        if text.strip("?¿ ") == "":  # a bare "?": what can I say here?
            return Plan(said=[Notice.HELP])
        offered = _emoji_offer(text, context)
        if offered is not None:
            return offered
        return Plan(understood=False, said=[Notice.ONLY_EMOJI])
    if _INJECTION_RE.search(tokens.joined):
        return Plan(said=[Notice.INJECTION])
    chitchat = chitchat_kind([t.text for t in words])
    if chitchat is not None:  # "🍕🍕 lol": the emoji offered, as alone
        offered = _emoji_offer(text, context) if chitchat is Notice.ACK else None
        return offered or Plan(said=[chitchat])
    repeat = repeat_plan(text, context.today)  # "the usual": bot/planner/offline/usual.py
    if repeat is not None:
        return repeat
    _correct_typos(tokens)
    sourced = source_words(tokens)  # "the recipe app says 430 cal": a figure's source
    needs_model = (
        t.text in _LLM_ONLY_WORDS for k, t in enumerate(tokens.items) if k not in sourced
    )
    if any(needs_model) or _STACK_CHANGE_RE.search(tokens.joined):
        return Plan(understood=False, said=[Notice.NEEDS_MODEL])
    if not looks_like_question(text, tokens) and not said_it_was(tokens.joined):
        fixed = corrected(text, lambda part: _log_part(part, context))
        if fixed is not None:  # "3 eggs, no wait 2": what the person settled on
            return fixed
    if (
        (_corrects(tokens) and not _INSTEAD_OF_SKIPPED_RE.search(tokens.joined))
        or _DAY_CORRECTION_RE.search(tokens.joined)
        or about_an_earlier_one(tokens.joined)
    ):
        amends = (
            []
            if _DAY_CORRECTION_RE.search(tokens.joined)
            else amended(text, lambda part: _log_part(part, context))
        )
        if amends:  # the core offers the difference from what was logged
            return Plan(amends=amends)
        return Plan(understood=False, said=[Notice.CANNOT_CHANGE_LOGGED])
    odd = odd_numbers(text)
    if odd:
        return Plan(understood=False, said=[OddNumbers(tuple(odd))])
    if looks_like_question(text, tokens):
        facts = _food_facts(tokens, measures_in(context.timezone))
        if facts is not None:
            return Plan(said=[facts])
        question = read_question(tokens, context.today)
        if not question.topics:
            return Plan(understood=False, said=[Notice.UNKNOWN_QUESTION])
        return Plan(reads=reads_for(question, context.today), state=question)
    return _logged(text, tokens, context)


def _logged(text: str, tokens: Tokens, context: PlanContext) -> Plan:
    """A message that logs: what it says, a food emoji offered, or what was said after the
    food (a portion, a kind in brackets) read again before it."""
    planned = _log(text, tokens, context)
    if not planned.actions and all(t.text in FILLERS for t in tokens.items if t.kind != "punct"):
        # "had 🍕", "🥗 for lunch": the emoji is the food, offered as a lone one is
        offered = _emoji_offer(text, context)
        if offered is not None:
            return offered
    if not planned.understood and not planned.is_question:
        for moved in said_before(text):  # "spaghetti, big plate": "big plate of spaghetti"
            again = _log_part(moved, context)
            if again.understood and again.actions:
                planned = again
                break
    return checked_first(_night_ahead(planned, text, context))


# Late in the day "couldn't sleep" is about the night ahead, which the day's sleep rating (how
# last night was slept) is not: kept in the day's notes in the person's words.
_NIGHT_FROM = dt.time(21, 0)
_NIGHT_AHEAD_RE = rx(
    r"(?:couldnt|could not|cant|cannot|can not) (?:sleep|fall asleep|get to sleep)"
    r"|(?:still |wide )?awake|no sleep|insomnia"
)


def _night_ahead(plan: Plan, text: str, context: PlanContext) -> Plan:
    """The plan with a sleep rating said late in the day ("couldn't sleep" at 23:40) moved
    into the day's notes as said: that night has not been slept yet."""
    late = context.now.time() >= _NIGHT_FROM or context.now.date() > context.today
    if not late:
        return plan
    tokens = Tokens(tokenize(text))
    said = [
        tokens.raw_between(span.start, span.stop - 1, text)
        for _match, span in tokens.matches(_NIGHT_AHEAD_RE)
    ]
    past = find_day_refs(tokens, context.today).values()
    if not said or any(ref.kind == "last_night" or ref.days_back for ref in past):
        return plan  # "couldn't sleep last night": last night's sleep, rated as said
    for at, action in enumerate(plan.actions):
        if isinstance(action, CheckinUpsert) and action.date == context.today:
            if action.sleep_quality is None:
                continue
            notes = "; ".join([action.notes, *said] if action.notes else said)
            plan.actions[at] = action.model_copy(update={"sleep_quality": None, "notes": notes})
    return plan


_FACT_WORDS = frozenset(
    "calories calorie cals cal kcal protein carbs carb fat fats macros nutrition".split()
)


# What may stand before a food asked about alone: "a mars bar?", "ein Croissant?".
_ARTICLES = frozenset("a an the some un una uno une ein eine einen el la le il lo".split())


def _food_facts(tokens: Tokens, measures: Measures) -> FoodFacts | None:
    """ "cals in an avocado?", "how much protein in 2 eggs", "a mars bar?": the table's
    figures, no reads."""
    words = [t.text for t in tokens.items]
    if "in" in words and set(words) & _FACT_WORDS:
        after = words.index("in") + 1
    elif words[-1:] == ["?"] and not any(t.kind == "num" for t in tokens.items):
        after = 0  # "a mars bar?", "ein Croissant?": a food alone, asked about
    else:
        return None
    view = Tokens(tokens.items[after:])
    items = find_meal_foods("".join(t.raw + " " for t in view.items), view, [], (), measures)
    if not items:
        return None
    if after == 0 and not all(
        view.used[i] or t.text in _ARTICLES for i, t in enumerate(view.items) if t.kind == "word"
    ):
        return None
    return FoodFacts(tuple(FoodFact(i.food_text, i.kcal, i.protein, i.carbs, i.fat) for i in items))


def _emoji_offer(text: str, context: PlanContext) -> Plan | None:
    """A message of food emoji only ("🍕", "🍔🍺"): what each stands for, offered to save."""
    counts: dict[str, int] = {}
    for words in emoji_words(text):  # a guess: offered, never written unasked
        counts[words] = counts.get(words, 0) + 1
    if not counts:
        return None
    said = [
        food if n == 1 else f"{n} x {food.removeprefix('a ').removeprefix('an ')}"
        for food, n in counts.items()
    ]
    phrase = " and ".join([", ".join(said[:-1]), said[-1]]) if len(said) > 1 else said[0]
    plan = _log_part(", ".join(said), context)
    if not plan.actions or not plan.understood:
        return None
    return Plan(offer=plan.actions, said=[EmojiOffer(phrase, text.strip())])


def _log_part(text: str, context: PlanContext) -> Plan:
    """A piece of a message planned as a log, with the same typo repair as a whole one."""
    tokens = Tokens(tokenize(text))
    _correct_typos(tokens)
    return _log(text, tokens, context)


def _log(text: str, tokens: Tokens, context: PlanContext) -> Plan:
    """`log_plan` for the person of `context`; said after midnight, "last night" is tonight."""
    night = context.now.date() != context.today
    zone, kg = measures_in(context.timezone), context.last_weight_kg
    return log_plan(text, tokens, context.today, kg, zone, night, context.language)


# Everyday words an edit from a rule's word, never repaired into it: "casado" is no "cansado".
_WORDS_NEAR_RULE_WORDS = frozenset("casado casada casados casadas cantado cantada".split())


@functools.cache
def _vocabulary() -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
    """Every word some rule knows, and the rules' words but the table's by first letter
    (foods.py reads typos of food names by its own stricter measure: "piazza" is no pizza)."""
    words = set(normalized_phrase_words()) | FILLERS
    words |= set(WEEKDAYS) | WEEKDAYS_PLURAL | set(MASS_UNITS) | set(HOUSEHOLD_UNITS) | set(SIZES)
    known_only = said_rating_words() | NEGATIONS | FEELINGS | OTHERS_WORDS  # never a target
    known_only |= _WORDS_NEAR_RULE_WORDS
    words |= set(NUMBER_WORDS) | function_words("fr", "it") | known_only | SHARING_WORDS
    for kind_words in CHITCHAT.values():
        words |= kind_words
    buckets: dict[str, list[str]] = {}
    # Known, never a repair: French and Italian function words ("anoche" is no "anche"), feelings.
    for word in words - function_words("fr", "it") - known_only:
        if len(word) >= 4:
            buckets.setdefault(word[0], []).append(word)
    known = frozenset(words | food_table().words)
    return known, {k: tuple(sorted(v)) for k, v in buckets.items()}


@functools.lru_cache(maxsize=4096)
def _closest(word: str) -> str | None:
    _known, buckets = _vocabulary()
    matches = difflib.get_close_matches(word, buckets.get(word[0], ()), n=1, cutoff=0.84)
    return matches[0] if matches else None


def _unstretched(word: str, known: frozenset[str]) -> str | None:
    """A word stretched for emphasis ("sooo", "hungryyy", "yesss") as the known word it is."""
    if not _STRETCH_RE.search(word):
        return None
    for repeat in (r"\1", r"\1\1"):
        plain = _STRETCH_RE.sub(repeat, word)
        if plain in known or plain in STOP_WORDS:
            return plain
    return None


_STRETCH_RE = re.compile(r"([a-z])\1{2,}")
_UNIT_WORDS = frozenset(MASS_UNITS) | frozenset(HOUSEHOLD_UNITS)


def _after_number(tokens: Tokens, k: int) -> bool:
    said = tokens.items[k - 1]
    return k > 0 and (said.kind == "num" or said.text in NUMBER_WORDS)


def _food_plural(word: str) -> bool:
    """Whether the food table reads `word` as the plural of one of its words ("canas")."""
    table = food_table()
    return len(table.forms(word)) > 1 and table.typo_of(word) is None


def _correct_typos(tokens: Tokens) -> None:
    """Mild spelling repair ("chiken", "bannana", "magnesum") against the known words only;
    into a unit only after a number ("2 slics"): "la gorge" is no "gorgée", "rape" no wrap."""
    known, _buckets = _vocabulary()
    changed = False
    for k, token in enumerate(tokens.items):
        if token.kind == "word" and token.text not in known:
            stretched = _unstretched(token.text, known)
            if stretched is not None:
                token.text = stretched
                changed = True
                continue
        if (
            token.kind == "word"
            and len(token.text) >= 5
            and token.text not in known
            and token.text not in STOP_WORDS  # "match" is no "matcha", "langer" no "lager"
            and not _food_plural(token.text)  # "cañas" are beers, not "cans"
        ):
            fixed = _closest(token.text)
            if fixed is not None and (fixed not in _UNIT_WORDS or _after_number(tokens, k)):
                token.text = fixed
                changed = True
    if changed:
        tokens.reindex()
