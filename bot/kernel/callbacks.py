"""Every inline button's callback data, built and parsed here and nowhere else.

Callback data comes back from Telegram as a string anyone can forge (a modified client may
send any bytes up to 64), so `decode` trusts nothing: it accepts only the exact forms `encode`
writes (ASCII digits, bounded numbers, known words) and answers None for everything else,
which the core words as "that button is no longer active". Nothing here raises on input.

    forget:yes | forget:no          the /forget confirmation
    draft:save|fix|drop:<id>        a draft's buttons
    settings:confirm:on|off         the confirm-mode toggle of /settings
    settings:dayend:<0-6>           /settings: the hour a person's day ends
    settings:weekly:on|off          /settings: the weekly summary's toggle
    lang:<xx> | settings:lang:<xx>  /language's and /settings' buttons: the language of replies
    units:<u> | settings:units:<u>  /units' and /settings' buttons: kg, lb, kcal or kJ shown
    unit:kg|lb:<id>                 which unit a weight said without one is in (a draft)
    rate:mood|energy|sleep:<1-5>    a rating row of the check-in reminder
    snooze                          the reminder's "later"
    food:serving|100|other:<id>     a packaged food's amount: one serving, 100 g (ml), typed
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, get_args

MAX_BYTES = 64  # Telegram refuses longer callback data
MAX_ID = 2**63 - 1  # the largest id the store's BIGINT columns hold

DraftVerb = Literal["save", "fix", "drop"]
WeightUnit = Literal["kg", "lb"]
WEIGHT_UNITS: tuple[WeightUnit, ...] = get_args(WeightUnit)
EnergyUnit = Literal["kcal", "kJ"]
ENERGY_UNITS: tuple[EnergyUnit, ...] = get_args(EnergyUnit)
DAY_END_HOURS = range(0, 7)  # a day may end from midnight to 06:00 (bot/kernel/days.py)
RatedField = Literal["mood", "energy", "sleep"]
ProductPortion = Literal["serving", "100", "other"]
PRODUCT_PORTIONS: tuple[ProductPortion, ...] = get_args(ProductPortion)
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
_PORTIONS: dict[str, ProductPortion] = {portion: portion for portion in PRODUCT_PORTIONS}
_UNITS: dict[str, WeightUnit] = {unit: unit for unit in WEIGHT_UNITS}
_SHOWN_UNITS: dict[str, WeightUnit | EnergyUnit] = {u: u for u in (*WEIGHT_UNITS, *ENERGY_UNITS)}
_HOUR = re.compile(r"[0-6]")
_LANGUAGE = re.compile(r"[a-z]{2}")
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
class WeeklyToggle:
    """/settings: turn the weekly summary on or off (an explicit value: a repeat is harmless)."""

    enabled: bool

    def encode(self) -> str:
        return _checked("settings:weekly:on" if self.enabled else "settings:weekly:off")


@dataclass(frozen=True)
class DayEnd:
    """/settings: the person's day ends at `hour`:00."""

    hour: int

    def __post_init__(self) -> None:
        if self.hour not in DAY_END_HOURS:
            raise ValueError(f"no such day end: {self.hour}")

    def encode(self) -> str:
        return _checked(f"settings:dayend:{self.hour}")


@dataclass(frozen=True)
class LanguageChoice:
    """/language or /settings: replies in `language` (a two-letter code; the core checks
    it has a catalog)."""

    language: str
    in_settings: bool = False  # tapped in /settings, which then shows itself changed

    def __post_init__(self) -> None:
        if not _LANGUAGE.fullmatch(self.language):
            raise ValueError(f"no such language: {self.language!r}")

    def encode(self) -> str:
        return _checked(f"{'settings:' if self.in_settings else ''}lang:{self.language}")


@dataclass(frozen=True)
class ShownUnit:
    """/units or /settings: weights or energy shown in `unit` (the service keeps kg, kcal)."""

    unit: WeightUnit | EnergyUnit
    in_settings: bool = False  # tapped in /settings, which then shows itself changed

    def __post_init__(self) -> None:
        if self.unit not in _SHOWN_UNITS:
            raise ValueError(f"no such unit: {self.unit!r}")

    def encode(self) -> str:
        return _checked(f"{'settings:' if self.in_settings else ''}units:{self.unit}")


@dataclass(frozen=True)
class UnitChoice:
    """The unit of a weight said without one: log the draft `draft_id` in `unit`."""

    unit: WeightUnit
    draft_id: int

    def __post_init__(self) -> None:
        if self.unit not in WEIGHT_UNITS or not 1 <= self.draft_id <= MAX_ID:
            raise ValueError(f"no such unit button: {self.unit} {self.draft_id}")

    def encode(self) -> str:
        return _checked(f"unit:{self.unit}:{self.draft_id}")


@dataclass(frozen=True)
class ProductAmount:
    """How much of a packaged food was eaten: log the product draft `draft_id` as one
    serving, 100 g (ml), or ask for the amount (`other`)."""

    portion: ProductPortion
    draft_id: int

    def __post_init__(self) -> None:
        if self.portion not in PRODUCT_PORTIONS or not 1 <= self.draft_id <= MAX_ID:
            raise ValueError(f"no such amount button: {self.portion} {self.draft_id}")

    def encode(self) -> str:
        return _checked(f"food:{self.portion}:{self.draft_id}")


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


Callback = (
    Forget
    | DraftButton
    | ConfirmMode
    | WeeklyToggle
    | DayEnd
    | LanguageChoice
    | ShownUnit
    | UnitChoice
    | ProductAmount
    | Rate
    | Snooze
)

_FIXED: dict[str, Callback] = {
    c.encode(): c
    for c in (
        Forget(True),
        Forget(False),
        ConfirmMode(True),
        ConfirmMode(False),
        WeeklyToggle(True),
        WeeklyToggle(False),
        Snooze(),
    )
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
    unit = _UNITS.get(first)
    if kind == "unit" and unit is not None and _ID.fullmatch(last) and int(last) <= MAX_ID:
        return UnitChoice(unit, int(last))
    portion = _PORTIONS.get(first)
    if kind == "food" and portion is not None and _ID.fullmatch(last) and int(last) <= MAX_ID:
        return ProductAmount(portion, int(last))
    if kind == "settings" and first == "dayend" and _HOUR.fullmatch(last):
        return DayEnd(int(last))
    in_settings = kind == "settings"
    kind, first, last = (first, last, "") if in_settings else (kind, first, last)
    if kind == "lang" and not last and _LANGUAGE.fullmatch(first):
        return LanguageChoice(first, in_settings)
    shown = _SHOWN_UNITS.get(first)
    if kind == "units" and not last and shown is not None:
        return ShownUnit(shown, in_settings)
    return None
