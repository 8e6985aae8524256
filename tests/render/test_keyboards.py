"""Every inline keyboard: the labels a person sees and the callback data of bot.kernel.callbacks."""

from __future__ import annotations

from bot.agent_api.actions import CheckinUpsert
from bot.kernel import callbacks
from bot.kernel.replies import Button
from bot.render import keyboards


def test_a_draft_has_save_fix_and_drop_in_one_row() -> None:
    assert keyboards.draft_keyboard(42) == [
        [
            Button("✅ Save", "draft:save:42"),
            Button("✏️ Fix", "draft:fix:42"),
            Button("🗑 Drop", "draft:drop:42"),
        ]
    ]


def test_forget_asks_yes_or_cancel() -> None:
    assert keyboards.forget_keyboard() == [
        [Button("Yes, delete everything", "forget:yes"), Button("Cancel", "forget:no")]
    ]


def test_the_confirm_mode_toggle_shows_the_mode_and_switches_it() -> None:
    assert keyboards.confirm_mode_keyboard(True) == [
        [Button("Confirm before saving: on ✅", "settings:confirm:off")]
    ]
    assert keyboards.confirm_mode_keyboard(False) == [
        [Button("Confirm before saving: off", "settings:confirm:on")]
    ]


def test_the_reminder_has_a_row_per_missing_rating_then_later() -> None:
    rows = keyboards.reminder_keyboard(("mood", "sleep"))
    assert rows == [
        [Button(f"🙂{n}", f"rate:mood:{n}") for n in range(1, 6)],
        [Button(f"😴{n}", f"rate:sleep:{n}") for n in range(1, 6)],
        [Button("⏰ Later", "snooze")],
    ]
    assert keyboards.reminder_keyboard(()) == [[Button("⏰ Later", "snooze")]]


def test_every_button_decodes() -> None:
    rows = [
        *keyboards.draft_keyboard(7),
        *keyboards.forget_keyboard(),
        *keyboards.confirm_mode_keyboard(True),
        *keyboards.reminder_keyboard(callbacks.RATED_FIELDS),
    ]
    assert all(callbacks.decode(b.callback) is not None for row in rows for b in row)


def test_every_rating_is_saved_in_a_field_of_the_check_in() -> None:
    assert tuple(callbacks.CHECKIN_FIELDS) == callbacks.RATED_FIELDS
    fields = set(CheckinUpsert.model_fields)
    assert set(callbacks.CHECKIN_FIELDS.values()) <= fields
