"""Whether what a model proposes to write is what the person's current message says.

A small model writes what it never read: foods from the prompt's examples or from the chat's
earlier turns, names copied from the bot's own lines, today's date for "yesterday". So every
write tool carries `said`, the words of the person's current message the write comes from
(bot/planner/tool_schemas.py asks for it), and a write is kept only when:

- **the quote is in the message**: each of its words (folded: case, accents; numbers aside)
  is one of the message's words, a slip allowed in longer ones ("bannana"); one word in four
  may be missing, for a model that drops or adds an article;
- **it is what those words name**: a food's or supplement's name shares at least half its
  words with the quote, or the food table reads both as the same food in any of its five
  languages ("Joghurt" grounds "yogurt", "Brötchen" a bread roll), or the supplement names
  do ("ferro" grounds Iron); a weight's or a goal's number is one the message says (in kg
  or lb); a check-in's note is the person's own words (a note that is not is dropped, and
  the check-in with it when nothing else is left);
- **its date is the reader's**: the day phrase nearest the quote ("yesterday", "gestern
  Abend", read by the rules' own date step) dates it, and with none the write is today's. A
  model's other date is replaced by it, except where the message holds a calendar date the
  reader does not read ("on the 3rd", "11/3"): that date stays as the model read it.

A model that leaves `said` out (servers that ignore strict schemas) is held to the whole
message: the name must still be named in it. An action that fails is left out: never
written, never named back to the person; the operator's log counts it. Photos are not
grounded here (bot/planner/media.py): a photo, not a message, is what their foods come from.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

import stopwordsiso
from rapidfuzz.fuzz import ratio

from bot.agent_api.actions import (
    Action,
    CheckinUpsert,
    NutritionAddEntry,
    NutritionSetGoals,
    RecipeUpsert,
    SupplementAddItem,
    SupplementMarkTaken,
    SupplementToggle,
    WeightLog,
    WeightSetGoal,
)
from bot.planner.offline.dates import DayRef, find_day_refs
from bot.planner.offline.supplements import supplement_aliases
from bot.planner.offline.survey import survey_table
from bot.planner.offline.table import Food, food_table
from bot.planner.offline.text import Tokens, tokenize
from bot.planner.offline.unitless import KG_PER_LB
from bot.planner.reader.normalize import fold
from bot.planner.reader.segment import LANGUAGES
from bot.planner.sanity import clean_name
from bot.planner.valued import match

__all__ = ["Message", "Source", "grounded"]

_log = logging.getLogger(__name__)

MIN_SHARE = 0.5  # of a name's words the quote must say
MISSING_PER_WORD = 0.25  # of a quote's words that may be missing from the message
SLIP_RATIO = 80  # rapidfuzz ratio for a word with a slip ("bannana")
SLIP_MIN_LEN = 4
LONGEST_NAME = 4  # words of a table name looked up in a quote
# Words that only say an amount: never what names a food.
_UNIT_WORDS = frozenset(
    "g gr gram grams kg ml l cl oz lb lbs cup cups tbsp tsp piece pieces slice slices serving"
    " servings portion portions kcal cal kj small medium large regular".split()
)
_BRACKETED = re.compile(r"\([^()]*\)")  # a model's note on a name: "(correction: 2 in total)"
# A calendar date the rules' date step does not read: "on the 3rd", "am 3.11.", "3 nov".
_CALENDAR = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)\b|\b\d{1,2}\.\d{1,2}\.", re.IGNORECASE)
_MONTHS = frozenset(
    "january february march april june july august september october november december"
    " jan feb apr jun jul aug sep sept oct nov dec januar februar marz juni juli oktober"
    " dezember enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre"
    " diciembre janvier fevrier mars avril juin juillet aout septembre octobre novembre"
    " decembre gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre".split()
)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


@dataclass(frozen=True)
class Source:
    """Where one proposed action comes from, as the model said it: the quote of the person's
    message (None: not given) and the name it proposed (a food's before its amount is added)."""

    quote: str | None = None
    name: str | None = None


@dataclass(frozen=True)
class Message:
    """The person's current message, read once for grounding every action of a response."""

    text: str
    words: tuple[str, ...]  # folded tokens, numbers and punctuation included
    refs: dict[int, DayRef]  # token index -> the day phrase starting there
    today: dt.date
    calendar: bool  # holds a date the rules' date step does not read

    @classmethod
    def of(cls, text: str, today: dt.date, night: bool = False) -> Message:
        items = tokenize(text)
        words = tuple(t.text for t in items)
        refs = find_day_refs(Tokens(items), today, night=night)
        calendar = not refs and (
            bool(_MONTHS.intersection(words)) or _CALENDAR.search(text) is not None
        )
        return cls(text, words, refs, today, calendar)

    def locate(self, quote: str) -> range | None:
        """The message's tokens the quote spans; None when it is not in the message."""
        quoted = _letters(w for w in _words(quote))
        if not quoted:  # digits only ("80.5"): each must be in the message as said
            numbers = [w for w in _words(quote) if w[:1].isdigit()]
            found = [i for i, w in enumerate(self.words) if w in numbers]
            return range(min(found), max(found) + 1) if numbers and found else None
        found, missing = [], 0
        for word in quoted:
            at = _find(word, self.words)
            if at is None:
                missing += 1
            else:
                found.append(at)
        if not found or missing > int(len(quoted) * MISSING_PER_WORD):
            return None
        return range(min(found), max(found) + 1)

    def day_for(self, span: range | None, checkin: bool) -> dt.date:
        """The reader's date of what `span` says: the nearest day phrase's, else today."""
        if not self.refs:
            return self.today
        if span is None:
            days = {_day(ref, self.today, checkin) for ref in self.refs.values()}
            return days.pop() if len(days) == 1 else self.today
        nearest = min(self.refs, key=lambda at: _distance(at, span))
        return _day(self.refs[nearest], self.today, checkin)


def grounded(proposed: Iterable[tuple[Action, Source]], message: Message) -> list[Action]:
    """The actions the message grounds, each proposed with where it comes from, dated as the
    reader dates them (module docstring)."""
    kept: list[Action] = []
    for action, source in proposed:
        fixed = _grounded(action, source, message)
        if fixed is None:
            _log.warning("a model's %s is not in the person's message; not written", action.type)
            continue
        kept.append(fixed)
    return kept


def _grounded(action: Action, source: Source, message: Message) -> Action | None:
    span: range | None = None
    if source.quote and source.quote.strip():
        span = message.locate(source.quote)
        if span is None:
            return None
    said = message.words[span.start : span.stop] if span is not None else message.words
    if not _says(action, source, said, message):
        return None
    if isinstance(action, CheckinUpsert):
        own = _with_own_notes(action, message)
        return None if own is None else _dated(own, span, message)
    return _dated(action, span, message)


def _says(action: Action, source: Source, said: Sequence[str], message: Message) -> bool:
    """Whether the words `said` (the quote's span, or the whole message) say `action`."""
    if isinstance(action, NutritionAddEntry):
        return _names_food(source.name or action.entry.food, said)
    if isinstance(action, SupplementAddItem | SupplementMarkTaken | SupplementToggle):
        return _names_supplement(source.name or action.name, said)
    if isinstance(action, RecipeUpsert):
        return _shares_words(action.name, said)
    if isinstance(action, WeightLog):
        return _says_weight(action.weight_kg, message.text)
    if isinstance(action, WeightSetGoal):
        return _says_weight(action.goal_kg, message.text)
    if isinstance(action, NutritionSetGoals):
        goals = (action.calories, action.protein, action.carbs, action.fat)
        return all(_says_number(g, message.text) for g in goals if g is not None)
    return True  # a check-in's ratings and a support message: their quote is enough


def _names_food(name: str, said: Sequence[str]) -> bool:
    """The name is the person's own words, or the words the table names their food with
    ("Joghurt" is the table's yogurt, "manzana" its apple)."""
    if _shares_words(name, said):
        return True
    named = [w for food in _foods_in(said) for w in _words(food.name)]  # in the table's words
    food = match(name)
    return _shares_words(name, named) or (food is not None and _shares_words(food.name, named))


def _names_supplement(name: str, said: Sequence[str]) -> bool:
    if _shares_words(name, said):
        return True
    joined = f" {' '.join(said)} "
    return any(f" {alias} " in joined for alias in supplement_aliases(name))


def _shares_words(name: str, said: Sequence[str]) -> bool:
    """At least half the name's words (those that name something) are among `said`."""
    words = _content(_BRACKETED.sub(" ", clean_name(name) or ""))
    if not words:
        return False
    found = sum(_find(word, said) is not None for word in words)
    return found > 0 and found >= MIN_SHARE * len(words)


def _with_own_notes(action: CheckinUpsert, message: Message) -> CheckinUpsert | None:
    """A check-in whose note is the person's own words; one whose only content was a note
    from elsewhere is nothing."""
    if not action.notes or _shares_words(action.notes, message.words):
        return action
    fields = action.model_dump(exclude={"type", "date", "notes"}, exclude_none=True)
    return action.model_copy(update={"notes": None}) if fields else None


def _dated(action: Action, span: range | None, message: Message) -> Action:
    date = getattr(action, "date", None)
    if not isinstance(date, dt.date) or message.calendar:
        return action
    day = message.day_for(span, checkin=isinstance(action, CheckinUpsert))
    if day == date:
        return action
    _log.info("a model dated a %s %s; the message says %s", action.type, date, day)
    return action.model_copy(update={"date": day})


def _says_weight(kg: float, text: str) -> bool:
    numbers = _numbers(text)
    return any(abs(n - kg) <= 0.15 or abs(n * KG_PER_LB - kg) <= 0.3 for n in numbers)


def _says_number(value: float, text: str) -> bool:
    return any(abs(n - value) <= max(1.0, 0.01 * n) for n in _numbers(text))


def _numbers(text: str) -> list[float]:
    return [float(m.group(0).replace(",", ".")) for m in _NUMBER.finditer(text)]


def _day(ref: DayRef, today: dt.date, checkin: bool) -> dt.date:
    return ref.for_checkin(today) if checkin else ref.for_item(today)


def _distance(at: int, span: range) -> int:
    if at < span.start:
        return span.start - at
    return max(0, at - (span.stop - 1))


def _words(text: str) -> list[str]:
    return [t.text for t in tokenize(text) if t.kind != "punct"]


def _letters(words: Iterable[str]) -> list[str]:
    return [w for w in words if any(ch.isalpha() for ch in w)]


def _content(name: str) -> list[str]:
    """A name's words that name something: not amounts, units or function words (all of
    them when that leaves none: "thé" folds to the English "the")."""
    words = [w for w in _letters(_words(name)) if w not in _UNIT_WORDS]
    named = [w for w in words if w not in _stopwords()]
    return named or words


def _find(word: str, among: Sequence[str]) -> int | None:
    """Where `word` is among the words, the same or with a slip; None when it is not."""
    for i, other in enumerate(among):
        if other == word or _plural(word, other) or _plural(other, word):
            return i
    if len(word) < SLIP_MIN_LEN:
        return None
    for i, other in enumerate(among):
        if len(other) >= SLIP_MIN_LEN and ratio(word, other) >= SLIP_RATIO:
            return i
    return None


def _foods_in(words: Sequence[str]) -> list[Food]:
    """The table's foods named by runs of `words` (each run as said, or its last word made
    singular)."""
    tables = [t for t in (food_table(), survey_table()) if t is not None]
    found: list[Food] = []
    for size in range(1, LONGEST_NAME + 1):
        for start in range(len(words) - size + 1):
            run = " ".join(words[start : start + size])
            for table in tables:
                food = table.by_alias.get(run) or table.by_alias.get(run.rstrip("s"))
                if food is not None:
                    found.append(food)
    return found


def _plural(word: str, other: str) -> bool:
    """Whether `other` is `word` with a plural's ending ("egg": "eggs", "tomato": "tomatoes",
    "Ei": "Eier")."""
    return len(word) >= 2 and other.startswith(word) and 0 < len(other) - len(word) <= 2


@cache
def _stopwords() -> frozenset[str]:
    words = stopwordsiso.stopwords(list(LANGUAGES))
    return frozenset(fold(w) for w in words)
