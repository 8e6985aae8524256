"""The helpers every text module shares: the one number formatter and the day labels."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.render.format import CHECKIN_LABELS, MISSING, day_label, number


@pytest.mark.parametrize(
    ("value", "unit", "decimals", "expected"),
    [
        (1667.4, "kcal", 0, "1,667 kcal"),
        (72.45, "kg", 1, "72.5 kg"),
        (72.0, "kg", 1, "72.0 kg"),
        (3, "", 0, "3"),
        (2.5e12, "kcal", 0, "2.5e+12 kcal"),
        (None, "g", 0, MISSING),
        (float("nan"), "g", 0, MISSING),
        (float("inf"), "", 0, MISSING),
    ],
)
def test_numbers_are_grouped_rounded_and_missing_said(
    value: float | None, unit: str, decimals: int, expected: str
) -> None:
    assert number(value, unit, decimals=decimals) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [(1667.0, "1,667"), (62.5, "62.5"), (62.55, "62.5"), (100.0, "100"), (0.0, "0"), (0.04, "0")],
)
def test_trimmed_numbers_drop_trailing_zeros(value: float, expected: str) -> None:
    assert number(value, decimals=1, trim=True) == expected
    assert number(value, "kg", decimals=1, trim=True) == f"{expected} kg"


def test_a_trimmed_whole_number_keeps_its_zeros() -> None:
    assert number(1660.0, trim=True) == "1,660"


def test_days_read_today_yesterday_or_the_date() -> None:
    today = dt.date(2026, 11, 18)
    assert day_label(today, today) == "today"
    assert day_label(dt.date(2026, 11, 17), today) == "yesterday"
    assert day_label(dt.date(2026, 11, 16), today) == "Mon 16 Nov"


def test_the_check_in_fields_read_as_their_ratings() -> None:
    assert CHECKIN_LABELS == {"mood": "mood", "energy": "energy", "sleep_quality": "sleep"}
