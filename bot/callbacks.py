"""Every inline button's callback data, built and parsed here and nowhere else.

Callback data comes back from Telegram as a string anyone can forge (a modified client may
send any bytes up to 64), so `decode` trusts nothing: it accepts only the exact forms `encode`
writes (ASCII digits, bounded numbers, known words) and answers None for everything else,
which the core words as "that button is no longer active". Nothing here raises on input.

    forget:yes | forget:no          the /forget confirmation
    draft:save|fix|drop:<id>        a draft's buttons
    settings:confirm:on|off         the confirm-mode toggle of /settings
    rate:mood|energy|sleep:<1-5>    a rating row of the check-in reminder
    snooze                          the reminder's "later"
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, get_args

MAX_BYTES = 64  # Telegram refuses longer callback data
MAX_ID = 2**63 - 1  # the largest id the store's BIGINT columns hold

DraftVerb = Literal["save", "fix", "drop"]
RatedField = Literal["mood", "energy", "sleep"]
DRAFT_VERBS: tuple[DraftVerb, ...] = get_args(DraftVerb)
RATED_FIELDS: tuple[RatedField, ...] = get_args(RatedField)
# The check-in field each rating is saved in (`CheckinUpsert`, `CheckinView`): the one map from
# a button's rating to the service's field; texts word the ratings in bot/render.
CHECKIN_FIELDS: dict[RatedField, str] = {
    "mood": "mood",
    "energy": "energy",
    "sleep": "sleep_quality",
}

_VERBS: dict[str, DraftVerb] = {verb: verb for verb in DRAFT_VERBS}
_FIELDS: dict[str, RatedField] = {field: field for field in RATED_FIELDS}
_ID = re.compile(r"[1-9][0-9]{0,18}")  # ASCII only: str.isdigit() also takes "²" and "٣"
_RATING = re.compile(r"[1-5]")


def _checked(data: str) -> str:
    if len(data.encode()) > MAX_BYTES:
        raise ValueError(f"callback data over {MAX_BYTES} bytes: {data!r}")
    return data


@dataclass(frozen=True)
class Forget:
    """/forget's answer: delete everything (`confirm`) or cancel."""

    confirm: bool

    def encode(self) -> str:
        return _checked("forget:yes" if self.confirm else "forget:no")


@dataclass(frozen=True)
class DraftButton:
    """Save, fix or drop one draft."""

    verb: DraftVerb
    draft_id: int

    def __post_init__(self) -> None:
        if self.verb not in DRAFT_VERBS or not 1 <= self.draft_id <= MAX_ID:
            raise ValueError(f"no such draft button: {self.verb} {self.draft_id}")

    def encode(self) -> str:
        return _checked(f"draft:{self.verb}:{self.draft_id}")


@dataclass(frozen=True)
class ConfirmMode:
    """/settings: turn confirm mode on or off (an explicit value, so a repeat is harmless)."""

    enabled: bool

    def encode(self) -> str:
        return _checked("settings:confirm:on" if self.enabled else "settings:confirm:off")


@dataclass(frozen=True)
class Rate:
    """One rating of the check-in reminder, 1 to 5."""

    field: RatedField
    value: int

    def __post_init__(self) -> None:
        if self.field not in RATED_FIELDS or not 1 <= self.value <= 5:
            raise ValueError(f"no such rating: {self.field} {self.value}")

    def encode(self) -> str:
        return _checked(f"rate:{self.field}:{self.value}")


@dataclass(frozen=True)
class Snooze:
    """The reminder's "later": ask again in a while."""

    def encode(self) -> str:
        return _checked("snooze")


Callback = Forget | DraftButton | ConfirmMode | Rate | Snooze

_FIXED: dict[str, Callback] = {
    c.encode(): c
    for c in (Forget(True), Forget(False), ConfirmMode(True), ConfirmMode(False), Snooze())
}


def decode(data: str | None) -> Callback | None:
    """The button `data` stands for, or None when it is not exactly one `encode` writes."""
    if not data or len(data) > MAX_BYTES:
        return None
    fixed = _FIXED.get(data)
    if fixed is not None:
        return fixed
    kind, _, rest = data.partition(":")
    first, _, last = rest.partition(":")
    verb, field = _VERBS.get(first), _FIELDS.get(first)
    if kind == "draft" and verb is not None and _ID.fullmatch(last) and int(last) <= MAX_ID:
        return DraftButton(verb, int(last))
    if kind == "rate" and field is not None and _RATING.fullmatch(last):
        return Rate(field, int(last))
    return None
