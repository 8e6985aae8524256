"""Callback data: every button's data decodes back to itself, fits Telegram, refuses forgeries."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.kernel import callbacks
from bot.kernel.callbacks import (
    ConfirmMode,
    DayEnd,
    DraftButton,
    Forget,
    Rate,
    Snooze,
    UnitChoice,
    WeeklyToggle,
)

EVERY_KIND: list[callbacks.Callback] = [
    Forget(confirm=True),
    Forget(confirm=False),
    ConfirmMode(enabled=True),
    ConfirmMode(enabled=False),
    WeeklyToggle(enabled=True),
    WeeklyToggle(enabled=False),
    Snooze(),
    *(DraftButton(verb, draft_id) for verb in callbacks.DRAFT_VERBS for draft_id in (1, 42)),
    DraftButton("save", callbacks.MAX_ID),
    *(Rate(field, value) for field in callbacks.RATED_FIELDS for value in range(1, 6)),
    *(DayEnd(hour) for hour in callbacks.DAY_END_HOURS),
    *(UnitChoice(unit, draft_id) for unit in callbacks.WEIGHT_UNITS for draft_id in (1, 42)),
    UnitChoice("lb", callbacks.MAX_ID),
]


@pytest.mark.parametrize("callback", EVERY_KIND, ids=lambda c: c.encode())
def test_encode_decode_round_trip_within_64_bytes(callback: callbacks.Callback) -> None:
    data = callback.encode()
    assert len(data.encode()) <= 64
    assert callbacks.decode(data) == callback


@pytest.mark.parametrize(
    "data",
    [
        "draft:save:99999999999999999999999",
        f"draft:save:{callbacks.MAX_ID + 1}",
        "draft:save:²",
        "draft:save:٣",  # an Arabic-Indic digit
        "draft:save:0",
        "draft:save:007",
        "draft:save:-1",
        "draft:save:+1",
        "draft:save: 1",
        "draft:save:1\n",
        "draft:save:",
        "draft:save:1:2",
        "draft:burn:1",
        "rate:mood:³",
        "rate:mood:0",
        "rate:mood:6",
        "rate:mood:45",
        "rate:joy:3",
        "rate:mood:",
        "forget:YES",
        "forget:yes ",
        "settings:confirm:maybe",
        "settings:weekly:yes",
        "settings:weekly:ON",
        "settings:weekly:",
        "snooze:now",
        "settings:dayend:7",
        "settings:dayend:12",
        "settings:dayend:-1",
        "settings:dayend:³",
        "settings:dayend:",
        "unit:st:1",
        "unit:kg:0",
        "unit:kg:²",
        f"unit:lb:{callbacks.MAX_ID + 1}",
        "unit:kg:1:2",
        "",
        None,
        "x" * 65,
        "draft:save:" + "1" * 60,
        "unknown:thing",
        "\udcff",  # a lone surrogate
    ],
)
def test_decode_refuses_anything_encode_does_not_write(data: str | None) -> None:
    assert callbacks.decode(data) is None


def test_buttons_that_cannot_exist_are_not_built() -> None:
    with pytest.raises(ValueError):
        Rate("mood", 6)
    with pytest.raises(ValueError):
        DraftButton("save", 0)
    with pytest.raises(ValueError):
        DraftButton("save", callbacks.MAX_ID + 1)


@given(
    st.one_of(
        st.text(max_size=80),
        st.from_regex(r"(draft|rate|forget|settings|snooze)(:[^:]{0,25}){0,3}", fullmatch=True),
    )
)
def test_decode_never_raises_and_accepts_only_what_encode_writes(data: str) -> None:
    decoded = callbacks.decode(data)
    assert decoded is None or decoded.encode() == data
