"""`healthbot parse`: the words it adds where no account is read, and its errors.

A reply that needs the person's data (a question, a chart of their week) says what would be
read instead, in plain text; the errors are for whoever runs the command (one line each).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from bot.render.format import day_label

__all__ = [
    "ReadShown",
    "bad_json",
    "bad_language",
    "bad_now",
    "bad_timezone",
    "crashed",
    "holds_key",
    "needs_model",
    "needs_text",
    "planner_failed",
    "would_chart",
    "would_read",
]

# One read as it is shown: (route, date, from, to), the fields of a planner's ReadRequest.
ReadShown = tuple[str, dt.date | None, dt.date | None, dt.date | None]

_ROUTES = {
    "today": "your day's summary",
    "nutrition": "what you ate",
    "weight": "your weight",
    "checkins": "your check-ins",
    "supplements": "your supplements",
    "recipes": "your saved recipes",
    "support": "your support requests",
}
_NOTHING_READ = "(healthbot parse reads no account, so nothing was read.)"


def _when(read: ReadShown, today: dt.date) -> str:
    route, day, start, end = read
    if start is not None or end is not None:
        first = day_label(start, today) if start is not None else "the start"
        last = day_label(end, today) if end is not None else "today"
        return f" ({first} to {last})"
    if route in ("recipes", "support", "weight"):
        return ""
    return f" ({day_label(day or today, today)})"


def would_read(reads: Sequence[ReadShown], today: dt.date) -> str:
    """What a question would read from the person's account to be answered."""
    what = [_ROUTES.get(read[0], read[0]) + _when(read, today) for read in reads]
    return f"I'd answer this from your account: {'; '.join(what)}. {_NOTHING_READ}"


def would_chart(days: int) -> str:
    """ "How was my week?": answered with a chart of the person's last `days` days."""
    return f"I'd answer this with a chart of your last {days} days. {_NOTHING_READ}"


def holds_key() -> str:
    """A message with a service key in it: the bot links it; it is never planned."""
    return (
        "That holds a service key: the bot would link your account with it, as /connect "
        "does, and log nothing."
    )


# For whoever runs the command: stderr, or the "error" of one line.


def needs_model() -> str:
    return (
        "healthbot parse: --planner llm needs a model and none is configured: set "
        "OPENAI_API_KEY (and OPENAI_BASE_URL, OPENAI_MODEL for a server other than "
        "OpenAI's), or use --planner offline, which needs nothing."
    )


def bad_timezone(name: str) -> str:
    return f"unknown timezone {name!r}: use an IANA name such as Europe/Berlin or UTC"


def bad_language(value: str, languages: Sequence[str]) -> str:
    return f"unknown language {value!r}: use one of {', '.join(languages)}"


def bad_now(value: str) -> str:
    return f"now must be YYYY-MM-DDTHH:MM (local to the timezone), not {value!r}"


def bad_json(problem: str) -> str:
    return f"not a JSON object: {problem}"


def needs_text() -> str:
    return 'a JSON line needs "text", a string'


def planner_failed(kind: str, problem: str) -> str:
    return f"the planner gave no plan ({kind}): {problem}"


def crashed(kind: str, problem: str) -> str:
    return f"this line could not be parsed ({kind}): {problem}"
