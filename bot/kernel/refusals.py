"""Why a journey ended early, as data: nothing was written, and the person is told why.

The core raises one of these (inside `bot.core.person.Refused`) where the failure happens;
bot/render/refusals.py chooses the words for the person's reader when the reply is handed to
a front end. Nothing here is a sentence of the bot's: a refusal holds its kind and the plain
data its words need (a duration and its limit, the meal asked for again, a number said
without a unit).
"""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass
from typing import Literal

__all__ = ["NothingToRepeat", "Reason", "Refusal", "VoiceTooLong", "WhichUnit"]


class Reason(enum.Enum):
    """A refusal that needs nothing but its kind to be worded."""

    NOT_LINKED = "not_linked"  # no key is linked for the person
    NEEDS_RECONNECT = "needs_reconnect"  # the service refused the stored key
    READ_FAILED = "read_failed"  # a read the request needs failed
    VOICE_NEEDS_MODEL = "voice_needs_model"  # no media model is set up
    PHOTO_NEEDS_MODEL = "photo_needs_model"
    VOICE_FAILED = "voice_failed"  # the transcription failed
    VOICE_EMPTY = "voice_empty"  # a recording without words
    MEDIA_BUDGET_SPENT = "media_budget_spent"  # today's model budget, asked for media
    MODEL_BUDGET_SPENT = "model_budget_spent"  # today's model budget, asked for a message
    MODEL_TOO_LONG = "model_too_long"  # longer than the model takes: a retry never works
    MODEL_SLOW = "model_slow"  # the model did not answer in time (kept for "retry")
    MODEL_UNAVAILABLE = "model_unavailable"  # the model is down (kept for "retry")
    MODEL_FAILED = "model_failed"  # the model gave no usable answer
    FIX_NOT_UNDERSTOOD = "fix_not_understood"  # a draft's correction gave nothing to log
    EDIT_NOT_UNDERSTOOD = "edit_not_understood"  # an edit of a draft's message, likewise


@dataclass(frozen=True)
class VoiceTooLong:
    """A voice note of `seconds`, longer than the `limit` taken."""

    seconds: int
    limit: int


@dataclass(frozen=True)
class NothingToRepeat:
    """Nothing the person logged fits what they asked to log again: no saved recipe named
    `recipe`; nothing logged yet to do "again" (`meal` "last"); no `meal` logged on `day`;
    no entry naming `food` on `day` (`today` is the day they are living)."""

    day: dt.date
    today: dt.date
    meal: Literal["breakfast", "lunch", "dinner", "last"] | None = None
    food: str | None = None
    recipe: str | None = None


@dataclass(frozen=True)
class WhichUnit:
    """A weight said without a unit that only the person can tell kg from lb: `value` is
    asked, with a button for each unit that logs the draft `draft_id`."""

    value: float
    draft_id: int


Refusal = Reason | VoiceTooLong | NothingToRepeat | WhichUnit
