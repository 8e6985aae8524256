"""The daily check-in: the reminder that asks for it, what a tap on a rating says, and the
answers to its "later" button.

Texts are Telegram-safe HTML.
"""

from __future__ import annotations

import datetime as dt

from bot.kernel.callbacks import RATED_FIELDS
from bot.kernel.readers import Reader
from bot.render.format import RATING_LABELS, rating_label
from bot.render.words import words

__all__ = ["RATING_ICONS", "rating_saved", "reminder", "snooze_unavailable", "snoozed"]

# The icon of each check-in rating, keyed like RATING_LABELS (its name in bot.kernel.callbacks).
RATING_ICONS: dict[str, str] = {"mood": "🙂", "energy": "⚡", "sleep": "😴"}


def reminder(local_day: dt.date, reader: Reader) -> str:
    w = words(reader)
    icons = " · ".join(f"{RATING_ICONS[r]} {rating_label(r, reader)}" for r in RATED_FIELDS)
    title = w._("<b>Time for your check-in</b> ({day})").format(day=w.date(local_day))
    return f"{title}\n" + w._(
        "How was today? Tap 1 (bad) to 5 (great) for {ratings} — or just tell me in your own "
        "words, e.g. <i>mood 4, energy 3, slept badly</i>."
    ).format(ratings=icons)


def snoozed(until_local: dt.datetime, reader: Reader) -> str:
    return words(reader)._("OK, I'll ask again at {time}.").format(time=f"{until_local:%H:%M}")


def snooze_unavailable(reader: Reader) -> str:
    return words(reader)._("There's no reminder to postpone right now.")


def rating_saved(field: str, value: int, reader: Reader) -> str:
    label = rating_label(field, reader) if field in RATING_LABELS else field
    return (
        words(reader)
        ._("{rating} {value}/5 saved.")
        .format(rating=label[:1].upper() + label[1:], value=value)
    )
