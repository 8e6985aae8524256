"""What the model wrote is what the person said, judged on the conversation of conftest.py.

The tests of this module compare each message (`turn.text`) with what reached the service
for it (`turn.new`: its foods, weights, check-ins and supplements, read from the sandbox's
database), as test_real_model.py's tests do, and name every message that breaks the rule.
test_real_model.py already fails when the model gave no answer at all, so a rule here is
judged on what the model really wrote.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.reader.normalize import fold
from tests.llm_real.conversation import SAID_OF_YESTERDAY, Conversation, Turn

_WORD = re.compile(r"[^\W\d_]{3,}")
# The figures of the bot's own record line ("— 412 kcal · P 11 g"): never part of a name.
_RECORD = re.compile(r"\bkcal\b|·|\bP \d")


def _words(text: str) -> set[str]:
    return set(_WORD.findall(fold(text)))


def _named(name: str, said: Iterable[str]) -> bool:
    """Whether a record's name shares a word with what was said (a plural's ending aside)."""
    said = set(said)
    return any(any(w == s or w.rstrip("s") == s.rstrip("s") for s in said) for w in _words(name))


def _what_the_rules_read(turn: Turn) -> set[str]:
    """The words of the names the built-in rules give the foods of the message (their
    reading in the table's words: "Brötchen" is a bread roll)."""
    rules = turn.rules
    names = (
        [a.entry.food for a in rules.actions if isinstance(a, NutritionAddEntry)] if rules else []
    )
    return {w for name in names for w in _words(name)}


def test_no_food_is_written_that_the_message_does_not_name(conversation: Conversation) -> None:
    unsaid = [
        (turn.label(), food["food"])
        for turn in conversation.turns
        for food in turn.new.foods
        if not _named(food["food"], _words(turn.text) | _what_the_rules_read(turn))
    ]
    assert unsaid == [], unsaid


def test_no_supplement_is_written_that_the_message_does_not_name(
    conversation: Conversation,
) -> None:
    unsaid = [
        (turn.label(), item["name"])
        for turn in conversation.turns
        for item in turn.new.supplements
        if not _named(item["name"], _words(turn.text))
    ]
    assert unsaid == [], unsaid


def test_no_name_carries_the_bots_record_figures(conversation: Conversation) -> None:
    names = [f["food"] for f in conversation.final.foods]
    names += [s["name"] for s in conversation.final.supplements]
    assert [n for n in names if _RECORD.search(n)] == []


def test_a_question_writes_nothing(conversation: Conversation) -> None:
    questions = [t for t in conversation.turns if t.text.rstrip().endswith("?")]
    assert questions, "the conversation asks no question"
    assert [(t.label(), t.new) for t in questions if t.new.count()] == []


def test_what_is_said_of_yesterday_is_dated_yesterday(conversation: Conversation) -> None:
    assert conversation.today is not None
    yesterday = conversation.today - dt.timedelta(days=1)
    misdated = [
        (turn.label(), record)
        for turn in conversation.turns
        if turn.text in SAID_OF_YESTERDAY
        for record in (*turn.new.foods, *turn.new.weights, *turn.new.supplements)
        if record.get("day") not in (None, yesterday, yesterday.isoformat())
    ]
    assert misdated == [], misdated
