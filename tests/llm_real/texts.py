"""Is a reply made of the bot's documented texts? Patterns derived from bot/render itself.

Every public text of the audiences a person reads (conversation, llm, offline, drafts,
accounts, media) is rendered with placeholder arguments and turned into a pattern: a
placeholder string matches any text, a number any number, a weekday or month name any
word. Texts built from records (what was logged, the day's summary, a draft, the outbox)
have a pattern of their own here, as their lines are checked against the service's records
by the tests that read them.

A reply is split into paragraphs; a run of paragraphs must match one pattern. What matches
nothing is the model's own words, allowed only where the bot shows them: the answer to a
question, or a question the model asks back.
"""

from __future__ import annotations

import datetime as dt
import inspect
import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

from bot.kernel.readers import DEFAULT
from bot.render import accounts, conversation, drafts, media, model, reading

AUDIENCES: tuple[ModuleType, ...] = (conversation, model, reading, drafts, accounts, media)

_WORD = "QQSQQ"  # a placeholder string that survives HTML escaping and quoting
_DAY = dt.date(2026, 11, 22)
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
_NAMES = (
    "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun|"
    "January|February|March|April|May|June|July|August|September|October|November|December|"
    "Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec|today|yesterday"
)
_PIECES = re.compile(rf"({_WORD}|{_NUMBER.pattern}|\b(?:{_NAMES})\b)")

# Values to try for a parameter, by its annotation as written in bot/render.
_TRIALS: dict[str, tuple[Any, ...]] = {
    "str": (_WORD,),
    "str | None": (_WORD, None),
    "int": (7,),
    "float": (7.5,),
    "int | None": (7, None),
    "float | None": (7.5, None),
    "bool": (True, False),
    "bool | None": (True, False, None),
    "Sequence[str]": ([_WORD], [_WORD, _WORD]),
    "Sequence[str | None]": ([_WORD], [None]),
    "dict[str, float | None]": ({"calories": 7.5, "protein": 7.5, "carbs": 7.5, "fat": 7.5},),
    "Sequence[tuple[str, float | None]]": ([(_WORD, 7.5)], []),
    "Sequence[tuple[str, bool | None]]": ([(_WORD, True)], [(_WORD, False)], []),
    "Sequence[tuple[str, str]]": ([(_WORD, _WORD)],),
    "Reader": (DEFAULT,),
    "dt.date": (_DAY,),
    "dt.date | None": (_DAY, None),
    "dt.datetime": (dt.datetime(2026, 11, 22, 8, 15),),
    "dt.time": (dt.time(21, 0),),
    "dt.time | None": (dt.time(21, 0), None),
    "Sequence[tuple[dt.date, float]]": ([(_DAY, 72.5)], []),
}

# Texts made from records: their lines are what the service holds, checked elsewhere.
_LINE = r"[^\n]+"
RECORD_TEXTS: dict[str, str] = {
    "logged": rf"<b>Logged</b>(?:\n{_LINE})+",
    "summary": rf"<b>📊 Today, {_LINE}</b>(?:\n{_LINE})+",
    "draft": rf"<b>(?:Please check before I save|Here's what I understood)</b>.*?(?:\n{_LINE})+",
    "saved": rf"<b>Saved</b> — {_LINE}(?:\n{_LINE})*",
}

# What only the bot may say: the model's words never claim a write or show a day.
WRITE_CLAIMS = re.compile(
    r"\bLogged\b|\bSaved\b|\bSynced\b|📊|🍽|⚖️|📝 Check-in|💊 Took|🎯", re.IGNORECASE
)


def pattern_of(text: str) -> str:
    """A rendered text as a pattern: placeholders, numbers and day names match any value."""
    parts = []
    for piece in _PIECES.split(text):
        if piece == _WORD:
            parts.append(r".+?")
        elif _NUMBER.fullmatch(piece):
            parts.append(r"[\d,.]+")
        elif piece and re.fullmatch(_NAMES, piece):
            parts.append(r"\w+")
        else:
            parts.append(re.escape(piece))
    return "".join(parts)


def _renderings(function: Callable[..., Any]) -> Iterator[str]:
    """`function` called with every combination of trial values its parameters allow."""
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return
    choices: list[tuple[Any, ...]] = []
    for parameter in parameters:
        trials = _TRIALS.get(str(parameter.annotation))
        if trials is None:
            if parameter.default is inspect.Parameter.empty:
                return  # a record, an error or a view: covered by RECORD_TEXTS or not at all
            trials = (parameter.default,)
        choices.append(trials)
    for values in itertools.product(*choices):
        args = {p.name: v for p, v in zip(parameters, values, strict=True)}
        try:
            text = function(**args)
        except Exception:  # a combination the function does not take (e.g. an empty list)
            continue
        if isinstance(text, str):
            yield text


@cache
def documented() -> tuple[re.Pattern[str], ...]:
    """Every documented text as a compiled pattern (records' texts first)."""
    patterns = list(RECORD_TEXTS.values())
    for module in AUDIENCES:
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if isinstance(value, str):
                patterns.append(pattern_of(value))
            elif inspect.isfunction(value):
                # A text that is only a placeholder and punctuation ("Pizza?", a food emoji's
                # offer) would pass for anything: it cannot be told apart by its words.
                patterns.extend(
                    pattern_of(text)
                    for text in _renderings(value)
                    if re.search(r"[^\W\d_]", _PIECES.sub("", text))
                )
    unique = dict.fromkeys(patterns)
    return tuple(re.compile(p, re.DOTALL) for p in unique)


def is_documented(text: str) -> bool:
    return any(p.fullmatch(text) for p in documented())


@dataclass(frozen=True)
class Reading:
    """A reply cut into the bot's texts and, at most once, the model's own words."""

    texts: tuple[str, ...]
    model_words: str | None


def read_reply(html: str) -> Reading | None:
    """Cut a reply into documented texts plus at most one stretch of the model's words;
    None when no such cut exists (two stretches, or nothing documented at all)."""
    paragraphs = html.split("\n\n")
    count = len(paragraphs)

    @cache
    def cut(start: int, free_left: int) -> tuple[tuple[str, ...], str | None] | None:
        if start == count:
            return (), None
        for end in range(count, start, -1):
            chunk = "\n\n".join(paragraphs[start:end])
            if is_documented(chunk):
                rest = cut(end, free_left)
                if rest is not None:
                    return (chunk, *rest[0]), rest[1]
        if free_left:  # the shortest stretch of the model's words that lets the rest match
            for end in range(start + 1, count + 1):
                chunk = "\n\n".join(paragraphs[start:end])
                rest = cut(end, 0)
                if rest is not None:
                    return rest[0], chunk
        return None

    found = cut(0, 1)
    if found is None:
        return None
    return Reading(found[0], found[1])
