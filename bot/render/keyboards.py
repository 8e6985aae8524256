"""Every inline keyboard: rows of `Button`s, their labels worded here in the reader's language
and their callback data written by bot.kernel.callbacks (the one owner of that wire format).

A label fits a phone in every language: up to 24 characters when it shares its row, 32 when
alone in it (tests/render/test_keyboards.py holds each catalog to that).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from bot.kernel.callbacks import (
    DAY_END_HOURS,
    ENERGY_UNITS,
    WEIGHT_UNITS,
    ConfirmMode,
    DayEnd,
    DraftButton,
    Forget,
    LanguageChoice,
    ProductAmount,
    Rate,
    RatedField,
    ShownUnit,
    Snooze,
    UnitChoice,
    WeeklyToggle,
    WeightUnit,
    decode,
)
from bot.kernel.readers import Reader
from bot.kernel.refusals import Refusal, WhichUnit
from bot.kernel.replies import Button
from bot.render.checkins import RATING_ICONS
from bot.render.format import number
from bot.render.words import LANGUAGES, words

__all__ = [
    "confirm_mode_buttons",
    "confirm_mode_keyboard",
    "day_end_button",
    "draft_buttons",
    "draft_keyboard",
    "forget_buttons",
    "forget_keyboard",
    "language_keyboard",
    "later_button",
    "product_buttons",
    "product_keyboard",
    "rating_button",
    "refusal_keyboard",
    "reminder_keyboard",
    "reminder_rows_left",
    "settings_keyboard",
    "unit_button",
    "unit_keyboard",
    "units_keyboard",
    "weekly_summary_button",
]


def draft_buttons(reader: Reader) -> tuple[str, str, str]:
    w = words(reader)
    return (w._("✅ Save"), w._("✏️ Fix"), w._("🗑 Drop"))


def forget_buttons(reader: Reader) -> tuple[str, str]:
    w = words(reader)
    return (w._("Yes, delete everything"), w._("Cancel"))


def confirm_mode_buttons(enabled: bool, reader: Reader) -> str:
    w = words(reader)
    return w._("Confirm before saving: on ✅") if enabled else w._("Confirm before saving: off")


def weekly_summary_button(enabled: bool, reader: Reader) -> str:
    w = words(reader)
    if enabled:
        return w._("Weekly summary: on ✅ — turn off")
    return w._("Weekly summary: off — turn on")


def day_end_button(hour: int, current: bool) -> str:
    return f"{hour:02d}:00 ✅" if current else f"{hour:02d}:00"


def unit_button(value: float, unit: WeightUnit) -> str:
    return number(value, unit, decimals=2, trim=True)


def rating_button(field: str, value: int) -> str:
    return f"{RATING_ICONS.get(field, '')}{value}"


def later_button(reader: Reader) -> str:
    return words(reader)._("⏰ Later")


def draft_keyboard(draft_id: int, reader: Reader, *, fixable: bool = True) -> list[list[Button]]:
    """Save, fix or drop the draft `draft_id`, in one row (without fix: save or drop)."""
    save, fix, drop = draft_buttons(reader)
    row = [Button(save, DraftButton("save", draft_id).encode())]
    if fixable:
        row.append(Button(fix, DraftButton("fix", draft_id).encode()))
    row.append(Button(drop, DraftButton("drop", draft_id).encode()))
    return [row]


SERVING_CHARS = 10


def product_buttons(
    serving: str | None, liquid: bool, reader: Reader
) -> tuple[str | None, str, str]:
    """A packaged food's amounts: one serving as its label says it ("30 g"), 100 g or 100 ml,
    and another amount the person types."""
    w = words(reader)
    if serving is not None and len(serving) > SERVING_CHARS:  # the label fits a phone
        serving = serving[: SERVING_CHARS - 1] + "…"
    one = None if serving is None else w._("1 serving ({serving})").format(serving=serving)
    hundred = w._("100 ml") if liquid else w._("100 g")
    return one, hundred, w._("Another amount")


def product_keyboard(
    draft_id: int, serving: str | None, liquid: bool, reader: Reader
) -> list[list[Button]]:
    """The amount of the product draft `draft_id`: one serving (when the product says it) and
    100 g (ml) in a row, then another amount, which ends the keyboard."""
    one, hundred, other = product_buttons(serving, liquid, reader)
    row = [] if one is None else [Button(one, ProductAmount("serving", draft_id).encode())]
    row.append(Button(hundred, ProductAmount("100", draft_id).encode()))
    return [row, [Button(other, ProductAmount("other", draft_id).encode())]]


def forget_keyboard(reader: Reader) -> list[list[Button]]:
    """/forget's question: delete everything, or cancel."""
    yes, no = forget_buttons(reader)
    return [
        [Button(yes, Forget(confirm=True).encode()), Button(no, Forget(confirm=False).encode())]
    ]


def confirm_mode_keyboard(enabled: bool, reader: Reader) -> list[list[Button]]:
    """/settings' toggle: its label says whether confirm mode is `enabled`; a tap switches it."""
    label = confirm_mode_buttons(enabled, reader)
    return [[Button(label, ConfirmMode(enabled=not enabled).encode())]]


# The day ends offered as buttons in /settings; /dayend takes any time up to 06:00.
DAY_END_CHOICES = (0, 2, 3, 4, 5)


def settings_keyboard(
    confirm: bool, day_ends_at: dt.time, weekly: bool, reader: Reader
) -> list[list[Button]]:
    """/settings: the two toggles (confirm mode, the weekly summary; each label says the state
    and what a tap does), then "my day ends at" hours (the current one ticked), then the
    languages and the units (the current ones ticked)."""
    current = day_ends_at.hour if day_ends_at.minute == 0 else None
    hours = [h for h in DAY_END_CHOICES if h in DAY_END_HOURS]
    rows = [
        *confirm_mode_keyboard(confirm, reader),
        [Button(weekly_summary_button(weekly, reader), WeeklyToggle(enabled=not weekly).encode())],
        [Button(day_end_button(h, h == current), DayEnd(h).encode()) for h in hours],
        *language_keyboard(reader, True),
        *units_keyboard(reader, True),
    ]
    return rows


def _ticked(label: str, current: bool) -> str:
    return f"{label} ✓" if current else label


def language_keyboard(reader: Reader, in_settings: bool = False) -> list[list[Button]]:
    """/language and /settings: a button a language (its code), the current one ticked."""
    return [
        [
            Button(
                _ticked(code.upper(), code == reader.language),
                LanguageChoice(code, in_settings).encode(),
            )
            for code in LANGUAGES
        ]
    ]


def units_keyboard(reader: Reader, in_settings: bool = False) -> list[list[Button]]:
    """/units and /settings: kg, lb, kcal, kJ, the current two ticked."""
    shown = (reader.weight, reader.energy)
    return [
        [
            Button(_ticked(unit, unit in shown), ShownUnit(unit, in_settings).encode())
            for unit in (*WEIGHT_UNITS, *ENERGY_UNITS)
        ]
    ]


def unit_keyboard(value: float, draft_id: int) -> list[list[Button]]:
    """ "80 kg" / "80 lb": which unit the weight said without one is in; a tap logs it."""
    return [
        [
            Button(unit_button(value, "kg"), UnitChoice("kg", draft_id).encode()),
            Button(unit_button(value, "lb"), UnitChoice("lb", draft_id).encode()),
        ]
    ]


def refusal_keyboard(why: Refusal) -> list[list[Button]]:
    """The buttons of a refusal that asks something (which unit a weight is in); none for
    any other."""
    return unit_keyboard(why.value, why.draft_id) if isinstance(why, WhichUnit) else []


def reminder_keyboard(missing: Sequence[RatedField], reader: Reader) -> list[list[Button]]:
    """The check-in reminder's buttons: a 1–5 row for each rating still `missing`, then "later"."""
    rows = [
        [Button(rating_button(field, n), Rate(field, n).encode()) for n in range(1, 6)]
        for field in missing
    ]
    rows.append([Button(later_button(reader), Snooze().encode())])
    return rows


def reminder_rows_left(keyboard: list[list[Button]], tapped: Rate) -> list[list[Button]]:
    """The rows of a reminder's `keyboard` still worth showing once the rating `tapped` is
    saved: its field's row goes, the other rating rows stay, and "later" with them while any
    is left. Once every field is rated nothing is left, and the message is a plain
    confirmation."""

    def other_rating(button: Button) -> bool:
        rate = decode(button.callback)
        return isinstance(rate, Rate) and rate.field != tapped.field

    def later(button: Button) -> bool:
        return isinstance(decode(button.callback), Snooze)

    ratings = [row for row in keyboard if row and all(other_rating(b) for b in row)]
    if not ratings:
        return []
    return [row for row in keyboard if row and (row in ratings or all(later(b) for b in row))]
