"""Every inline keyboard: the labels a person sees and the callback data of bot.kernel.callbacks."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.agent_api.actions import CheckinUpsert
from bot.kernel import callbacks
from bot.kernel.readers import DEFAULT, Reader
from bot.kernel.replies import Button
from bot.render import keyboards
from bot.render.words import LANGUAGES


def test_a_draft_has_save_fix_and_drop_in_one_row() -> None:
    assert keyboards.draft_keyboard(42, DEFAULT) == [
        [
            Button("✅ Save", "draft:save:42"),
            Button("✏️ Fix", "draft:fix:42"),
            Button("🗑 Drop", "draft:drop:42"),
        ]
    ]


def test_forget_asks_yes_or_cancel() -> None:
    assert keyboards.forget_keyboard(DEFAULT) == [
        [Button("Yes, delete everything", "forget:yes"), Button("Cancel", "forget:no")]
    ]


def test_the_confirm_mode_toggle_shows_the_mode_and_switches_it() -> None:
    assert keyboards.confirm_mode_keyboard(True, DEFAULT) == [
        [Button("Confirm before saving: on ✅", "settings:confirm:off")]
    ]
    assert keyboards.confirm_mode_keyboard(False, DEFAULT) == [
        [Button("Confirm before saving: off", "settings:confirm:on")]
    ]


def test_the_reminder_has_a_row_per_missing_rating_then_later() -> None:
    rows = keyboards.reminder_keyboard(("mood", "sleep"), DEFAULT)
    assert rows == [
        [Button(f"🙂{n}", f"rate:mood:{n}") for n in range(1, 6)],
        [Button(f"😴{n}", f"rate:sleep:{n}") for n in range(1, 6)],
        [Button("⏰ Later", "snooze")],
    ]
    assert keyboards.reminder_keyboard((), DEFAULT) == [[Button("⏰ Later", "snooze")]]


def test_every_button_decodes() -> None:
    rows = [
        *keyboards.draft_keyboard(7, DEFAULT),
        *keyboards.forget_keyboard(DEFAULT),
        *keyboards.confirm_mode_keyboard(True, DEFAULT),
        *keyboards.reminder_keyboard(callbacks.RATED_FIELDS, DEFAULT),
        *keyboards.product_keyboard(callbacks.MAX_ID, "45 g", False, DEFAULT),
    ]
    assert all(callbacks.decode(b.callback) is not None for row in rows for b in row)


def test_every_rating_is_saved_in_a_field_of_the_check_in() -> None:
    assert tuple(callbacks.CHECKIN_FIELDS) == callbacks.RATED_FIELDS
    fields = set(CheckinUpsert.model_fields)
    assert set(callbacks.CHECKIN_FIELDS.values()) <= fields


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_label_fits_a_phone_in_every_language(language: str) -> None:
    """A label sharing its row keeps to 24 characters, one alone in its row to 32: longer
    ones are cut off with "…" on a phone's screen."""
    reader = Reader(language=language)
    rows = [
        *keyboards.draft_keyboard(7, reader),
        *keyboards.forget_keyboard(reader),
        *keyboards.reminder_keyboard(callbacks.RATED_FIELDS, reader),
        *keyboards.settings_keyboard(True, dt.time(2), True, reader),
        *keyboards.settings_keyboard(False, dt.time(0), False, reader),
        *keyboards.product_keyboard(7, "1 bar (45 g)", False, reader),
        *keyboards.product_keyboard(7, None, True, reader),
    ]
    for row in rows:
        limit = 32 if len(row) == 1 else 24
        assert all(len(b.text) <= limit for b in row), [b.text for b in row]


def test_labels_are_in_the_readers_language() -> None:
    german = Reader(language="de")
    assert keyboards.forget_buttons(german) == ("Ja, alles löschen", "Abbrechen")
    assert keyboards.later_button(german) == "⏰ Später"
    assert keyboards.draft_buttons(Reader(language="fr"))[0] == "✅ Enregistrer"


def test_a_products_amounts_end_with_another_amount_and_act_on_its_draft() -> None:
    rows = keyboards.product_keyboard(42, "45 g", False, DEFAULT)
    assert [[(b.text, b.callback) for b in row] for row in rows] == [
        [("1 serving (45 g)", "food:serving:42"), ("100 g", "food:100:42")],
        [("Another amount", "food:other:42")],
    ]
    drink = keyboards.product_keyboard(42, None, True, DEFAULT)
    assert [[b.text for b in row] for row in drink] == [["100 ml"], ["Another amount"]]
    assert callbacks.decode("food:serving:0") is None and callbacks.decode("food:1kg:4") is None
