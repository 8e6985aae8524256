"""What every text module builds on: escaping, the plain copy of an HTML reply, fitting a reply
into one Telegram message, numbers, day labels and the names of the check-in ratings.
"""

from __future__ import annotations

import datetime as dt
import html
import math
import re
from collections.abc import Sequence

from bot.kernel.callbacks import CHECKIN_FIELDS
from bot.kernel.readers import DEFAULT, Reader
from bot.render.words import N_, words

__all__ = [
    "CHECKIN_LABELS",
    "LIST_BUDGET",
    "MISSING",
    "RATING_LABELS",
    "REPLY_LIMIT",
    "capped",
    "day_label",
    "esc",
    "fit",
    "number",
    "rating_label",
    "to_plain",
    "utf16_len",
]

MISSING = "–"
_TAG = re.compile(r"<[^>]+>")

# How each check-in rating is named, keyed by its name in bot.kernel.callbacks; CHECKIN_LABELS
# is the same keyed by the check-in field it is saved in ("sleep_quality" reads "sleep").
RATING_LABELS: dict[str, str] = {"mood": N_("mood"), "energy": N_("energy"), "sleep": N_("sleep")}
CHECKIN_LABELS: dict[str, str] = {CHECKIN_FIELDS[r]: RATING_LABELS[r] for r in CHECKIN_FIELDS}


def rating_label(name: str, reader: Reader = DEFAULT) -> str:
    """A check-in rating's name ("mood", "Stimmung"), by its name or by its check-in field."""
    label = RATING_LABELS.get(name) or CHECKIN_LABELS.get(name) or name
    return words(reader)._(label)


def esc(value: object) -> str:
    """HTML-escape anything for Telegram's HTML parse mode; a lone surrogate echoed from the
    person's text becomes U+FFFD, as Telegram refuses text that is not valid Unicode."""
    text = str(value).encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return html.escape(text, quote=False)


def to_plain(text_html: str) -> str:
    """The same message for a terminal: tags dropped, entities decoded."""
    return html.unescape(_TAG.sub("", text_html))


REPLY_LIMIT = 4000  # Telegram refuses a message over 4,096 UTF-16 units; keep a margin
LIST_BUDGET = 2500  # the items listed in one reply; the rest is for the summary and notes


def utf16_len(text: str) -> int:
    """The length Telegram counts: UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


def capped(lines: Sequence[str], budget: int = LIST_BUDGET, reader: Reader = DEFAULT) -> list[str]:
    """Whole lines while they fit in `budget`, then how many more there were."""
    kept: list[str] = []
    used = 0
    for index, line in enumerate(lines):
        used += utf16_len(line) + 1
        if used > budget:
            more = len(lines) - index
            return [
                *kept,
                words(reader).ngettext("…and {n} more", "…and {n} more", more).format(n=more),
            ]
        kept.append(line)
    return kept


def fit(text_html: str, limit: int = REPLY_LIMIT) -> str:
    """A reply cut to whole lines within `limit` (each line is balanced HTML), marked "…"."""
    if utf16_len(text_html) <= limit:
        return text_html
    kept: list[str] = []
    used = 0
    for line in text_html.split("\n"):
        used += utf16_len(line) + 1
        if used > limit - 2:
            if not kept:  # one enormous line: shorten it as plain text
                kept.append(esc(to_plain(line)[: limit // 6]))
            break
        kept.append(line)
    return "\n".join(kept) + "\n…"


def number(value: float | None, unit: str = "", *, decimals: int = 0, trim: bool = False) -> str:
    """`value` with thousands separators and `decimals` places, then `unit` if one is given.

    `trim` drops trailing zeros (decimals=1: 1667.0 -> "1,667", 62.5 -> "62.5"). A missing or
    non-finite value is MISSING; a trillion or more is written in three significant digits.
    """
    if value is None or not math.isfinite(value):
        return MISSING
    text = f"{value:,.{decimals}f}" if abs(value) < 1e12 else f"{value:.3g}"
    if trim and "." in text and "e" not in text:
        text = text.rstrip("0").rstrip(".")
    return f"{text} {unit}".rstrip() if unit else text


def day_label(day: dt.date, today: dt.date, reader: Reader = DEFAULT) -> str:
    """ "today", "yesterday" or "Mon 16 Nov", in the reader's language."""
    w = words(reader)
    if day == today:
        return w._("today")
    if day == today - dt.timedelta(days=1):
        return w._("yesterday")
    return w.date(day)
