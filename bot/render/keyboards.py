"""Every inline keyboard: rows of `Button`s, their labels worded here and their callback data
written by bot.callbacks (the one owner of that wire format).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.callbacks import ConfirmMode, DraftButton, Forget, Rate, RatedField, Snooze
from bot.render.telegram import RATING_ICONS
from bot.replies import Button

__all__ = [
    "confirm_mode_buttons",
    "confirm_mode_keyboard",
    "draft_buttons",
    "draft_keyboard",
    "forget_buttons",
    "forget_keyboard",
    "later_button",
    "rating_button",
    "reminder_keyboard",
]


def draft_buttons() -> tuple[str, str, str]:
    return ("✅ Save", "✏️ Fix", "🗑 Drop")


def forget_buttons() -> tuple[str, str]:
    return ("Yes, delete everything", "Cancel")


def confirm_mode_buttons(enabled: bool) -> str:
    return "Confirm before saving: on ✅" if enabled else "Confirm before saving: off"


def rating_button(field: str, value: int) -> str:
    return f"{RATING_ICONS.get(field, '')}{value}"


def later_button() -> str:
    return "⏰ Later"


def draft_keyboard(draft_id: int) -> list[list[Button]]:
    """Save, fix or drop the draft `draft_id`, in one row."""
    save, fix, drop = draft_buttons()
    return [
        [
            Button(save, DraftButton("save", draft_id).encode()),
            Button(fix, DraftButton("fix", draft_id).encode()),
            Button(drop, DraftButton("drop", draft_id).encode()),
        ]
    ]


def forget_keyboard() -> list[list[Button]]:
    """/forget's question: delete everything, or cancel."""
    yes, no = forget_buttons()
    return [
        [Button(yes, Forget(confirm=True).encode()), Button(no, Forget(confirm=False).encode())]
    ]


def confirm_mode_keyboard(enabled: bool) -> list[list[Button]]:
    """/settings' toggle: its label says whether confirm mode is `enabled`; a tap switches it."""
    return [[Button(confirm_mode_buttons(enabled), ConfirmMode(enabled=not enabled).encode())]]


def reminder_keyboard(missing: Sequence[RatedField]) -> list[list[Button]]:
    """The check-in reminder's buttons: a 1–5 row for each rating still `missing`, then "later"."""
    rows = [
        [Button(rating_button(field, n), Rate(field, n).encode()) for n in range(1, 6)]
        for field in missing
    ]
    rows.append([Button(later_button(), Snooze().encode())])
    return rows
