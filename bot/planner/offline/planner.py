"""The offline planner: rules and a food table, no network, deterministic, well under 1 ms.

It is the planner when no LLM is configured, and the fast path before the LLM when it is:
the assistant skips the LLM only for plans with `understood=True`, so that flag is
conservative. Every word of the message must be claimed by a rule or be a filler word ("had",
"and", "zum Frühstück"); anything else is named back to the person, and the parts that were
understood are still returned as actions.

A message is screened here first: prompt injections, small talk, what only the LLM can do
(recipes, tickets, corrections), numbers the rules would misread, and mild typos. Then a
question goes to reads.py, and anything else to writes.py, which runs the rules.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Sequence

from bot.planner.base import Plan, PlanContext, ReadResult
from bot.planner.offline.dates import WEEKDAYS
from bot.planner.offline.foods import food_table
from bot.planner.offline.quantities import HOUSEHOLD_UNITS, MASS_UNITS, NUMBER_WORDS, SIZES
from bot.planner.offline.reads import (
    Question,
    answer,
    looks_like_question,
    read_question,
    reads_for,
)
from bot.planner.offline.rules import normalized_phrase_words
from bot.planner.offline.text import Tokens, odd_numbers, tokenize
from bot.planner.offline.writes import FILLERS, log_plan
from bot.render import offline

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
    "recipe recipes rezept rezepte receta recetas ticket tickets support soporte bug stack"
    " contact".split()
)
# "actually it was 2 eggs" corrects an earlier message; logging it again would double it.
_CORRECTION_WORDS = frozenset(
    "actually instead meant correction correct wrong oops undo delete remove eigentlich"
    " stattdessen korrektur falsch loschen realidad corregir borrar".split()
)
_CHITCHAT: dict[str, frozenset[str]] = {
    "help": frozenset("help hilfe ayuda what can you do who are start commands".split()),
    "how_are_you": frozenset(
        "how are you u r doing whats up wie gehts geht es dir que tal".split()
    ),
    "thanks": frozenset(
        "thanks thank thx ty danke gracias cheers merci vielen dank muchas".split()
    ),
    "bye": frozenset("bye goodbye ciao tschuss tschuess adios night gn see later".split()),
    "greeting": frozenset(
        "hi hello hey hiya yo hallo hola servus moin good morning evening afternoon buenos dias"
        " guten morgen tag abend buenas noches tardes there bot".split()
    ),
    "ack": frozenset(
        "ok okay cool nice great awesome perfect lol haha yes yeah sure alright"
        " got it fine good very much so a lot wow k kk np".split()
    ),
}
_CHITCHAT_REPLIES = {
    "help": offline.OFFLINE_HELP,
    "how_are_you": offline.OFFLINE_HOW_ARE_YOU,
    "thanks": offline.OFFLINE_THANKS,
    "bye": offline.OFFLINE_BYE,
    "greeting": offline.OFFLINE_GREETING,
    "ack": offline.OFFLINE_ACK,
}


class OfflinePlanner:
    """Rules and a food table; see the module docstring for what it understands."""

    name = "offline"

    async def plan(self, text: str, context: PlanContext) -> Plan:
        return plan_text(text, context)

    async def answer(
        self, text: str, context: PlanContext, plan: Plan, results: Sequence[ReadResult]
    ) -> str:
        question = plan.state if isinstance(plan.state, Question) else None
        if question is None:
            question = read_question(Tokens(tokenize(text[:MAX_CHARS])), context.today)
        return answer(question, results, context.today)


def plan_text(text: str, context: PlanContext) -> Plan:
    """The whole offline decision for one message (synchronous: it never waits on anything)."""
    text = text.strip()
    if len(text) > MAX_CHARS:
        return Plan(understood=False, reply=offline.offline_too_long(MAX_CHARS))
    tokens = Tokens(tokenize(text))
    words = [t for t in tokens.items if t.kind != "punct"]
    if not words:
        if text.strip("?¿ ") == "":  # a bare "?": what can I say here?
            return Plan(reply=offline.OFFLINE_HELP)
        return Plan(understood=False, reply=offline.OFFLINE_EMPTY)
    if _INJECTION_RE.search(tokens.joined):
        return Plan(reply=offline.OFFLINE_INJECTION)
    chitchat = _chitchat_kind([t.text for t in words])
    if chitchat is not None:
        return Plan(reply=_CHITCHAT_REPLIES[chitchat])
    _correct_typos(tokens)
    if any(t.text in _LLM_ONLY_WORDS for t in words):
        return Plan(understood=False, reply=offline.OFFLINE_LLM_ONLY)
    if any(t.text in _CORRECTION_WORDS for t in words):
        return Plan(understood=False, reply=offline.OFFLINE_CORRECTION)
    odd = odd_numbers(text)
    if odd:
        return Plan(understood=False, reply=offline.offline_odd_numbers(odd))
    if looks_like_question(text, tokens):
        question = read_question(tokens, context.today)
        if not question.topics:
            return Plan(understood=False, reply=offline.OFFLINE_UNKNOWN_QUESTION)
        return Plan(reads=reads_for(question, context.today), state=question)
    return log_plan(text, tokens, context.today)


def _chitchat_kind(words: list[str]) -> str | None:
    """The kind of small talk when every word is small talk ("thanks!", "good morning")."""
    vocabulary = frozenset().union(*_CHITCHAT.values())
    if not all(w in vocabulary for w in words):
        return None
    for kind in ("help", "thanks", "bye", "how_are_you", "greeting"):
        if any(w in _CHITCHAT[kind] for w in words):
            return kind
    return "ack"


@functools.cache
def _vocabulary() -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
    """Every word some rule knows, and the same bucketed by first letter for fast lookup."""
    words = set(food_table().words) | set(normalized_phrase_words()) | FILLERS
    words |= set(WEEKDAYS) | set(MASS_UNITS) | set(HOUSEHOLD_UNITS) | set(SIZES)
    words |= set(NUMBER_WORDS)
    for kind_words in _CHITCHAT.values():
        words |= kind_words
    buckets: dict[str, list[str]] = {}
    for word in words:
        if len(word) >= 4:
            buckets.setdefault(word[0], []).append(word)
    return frozenset(words), {k: tuple(sorted(v)) for k, v in buckets.items()}


@functools.lru_cache(maxsize=4096)
def _closest(word: str) -> str | None:
    _known, buckets = _vocabulary()
    matches = difflib.get_close_matches(word, buckets.get(word[0], ()), n=1, cutoff=0.84)
    return matches[0] if matches else None


def _correct_typos(tokens: Tokens) -> None:
    """Mild spelling repair ("chiken", "bannana", "magnesum") against the known words only."""
    known, _buckets = _vocabulary()
    changed = False
    for token in tokens.items:
        if token.kind == "word" and len(token.text) >= 5 and token.text not in known:
            fixed = _closest(token.text)
            if fixed is not None:
                token.text = fixed
                changed = True
    if changed:
        tokens.reindex()
