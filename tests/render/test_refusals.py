"""Why a journey stopped is said in the person's language: every refusal has words in every
catalog, and the one that asks (which unit a weight is in) has its buttons."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.kernel.readers import DEFAULT, Reader
from bot.kernel.refusals import NothingToRepeat, Reason, Refusal, VoiceTooLong, WhichUnit
from bot.render import keyboards
from bot.render.refusals import refusal
from bot.render.words import LANGUAGES

TODAY = dt.date(2026, 3, 10)
WITH_DATA: list[Refusal] = [
    VoiceTooLong(185, 120),
    NothingToRepeat(TODAY - dt.timedelta(days=1), TODAY, meal="breakfast"),
    NothingToRepeat(TODAY, TODAY, meal="last"),
    NothingToRepeat(TODAY, TODAY, food="flat white"),
    NothingToRepeat(TODAY, TODAY, recipe="chili"),
    WhichUnit(95.4, 12),
]


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
@pytest.mark.parametrize("why", [*Reason, *WITH_DATA], ids=repr)
def test_every_refusal_is_said_in_the_persons_language(language: str, why: Refusal) -> None:
    english = refusal(why, DEFAULT)
    theirs = refusal(why, Reader(language=language))
    assert english and theirs != english


def test_a_refusal_carries_what_it_measured() -> None:
    assert "3:05" in refusal(VoiceTooLong(185, 120), DEFAULT)
    assert "“chili”" in refusal(NothingToRepeat(TODAY, TODAY, recipe="chili"), DEFAULT)
    german = refusal(WhichUnit(95.4, 12), Reader(language="de"))
    assert "95,4 kg" in german and "95,4 lb" in german


def test_only_the_unit_question_has_buttons_and_they_log_its_draft() -> None:
    rows = keyboards.refusal_keyboard(WhichUnit(95.4, 12))
    assert [(b.text, b.callback) for row in rows for b in row] == [
        ("95.4 kg", "unit:kg:12"),
        ("95.4 lb", "unit:lb:12"),
    ]
    assert all(len(b.callback.encode()) <= 64 for row in rows for b in row)
    assert keyboards.refusal_keyboard(Reason.READ_FAILED) == []
    assert keyboards.refusal_keyboard(VoiceTooLong(185, 120)) == []
