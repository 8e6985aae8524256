"""Next reminder instants, including the days Berlin's clocks change."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import pytest

from bot.store.schedule import UnknownTimezone, local_date, local_instant, next_due_at

BERLIN = "Europe/Berlin"


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def test_later_today_when_not_sent_yet():
    now = utc(2026, 6, 1, 12, 0)  # 14:00 in Berlin
    due = next_due_at(reminder_time=time(21), timezone=BERLIN, now=now, last_sent_local_date=None)
    assert due == utc(2026, 6, 1, 19, 0)


def test_tomorrow_when_today_was_sent_or_time_passed():
    now = utc(2026, 6, 1, 12, 0)
    sent_today = date(2026, 6, 1)
    assert next_due_at(
        reminder_time=time(21), timezone=BERLIN, now=now, last_sent_local_date=sent_today
    ) == utc(2026, 6, 2, 19, 0)
    assert next_due_at(
        reminder_time=time(9), timezone=BERLIN, now=now, last_sent_local_date=None
    ) == utc(2026, 6, 2, 7, 0)


def test_local_day_not_utc_day_decides():
    # 23:30 UTC on 1 June is already 2 June in Berlin: 2 June was reminded, next is 3 June.
    now = utc(2026, 6, 1, 23, 30)
    assert local_date(now, BERLIN) == date(2026, 6, 2)
    due = next_due_at(
        reminder_time=time(0, 15),
        timezone=BERLIN,
        now=now,
        last_sent_local_date=date(2026, 6, 2),
    )
    assert due == utc(2026, 6, 2, 22, 15)


def test_same_wall_time_across_spring_forward():
    # Berlin: 29 March 2026, 02:00 CET -> 03:00 CEST.
    before = next_due_at(
        reminder_time=time(21),
        timezone=BERLIN,
        now=utc(2026, 3, 28, 12),
        last_sent_local_date=None,
    )
    after = next_due_at(
        reminder_time=time(21),
        timezone=BERLIN,
        now=before,
        last_sent_local_date=date(2026, 3, 28),
    )
    assert before == utc(2026, 3, 28, 20)  # 21:00 CET
    assert after == utc(2026, 3, 29, 19)  # 21:00 CEST
    assert after - before == timedelta(hours=23)


def test_skipped_local_time_moves_forward_by_the_gap():
    due = local_instant(date(2026, 3, 29), time(2, 30), BERLIN)
    assert due == utc(2026, 3, 29, 1, 30)  # 03:30 CEST
    assert (
        next_due_at(
            reminder_time=time(2, 30),
            timezone=BERLIN,
            now=utc(2026, 3, 28, 22),
            last_sent_local_date=date(2026, 3, 28),
        )
        == due
    )


def test_repeated_local_time_fires_once_at_its_first_occurrence():
    # Berlin: 25 October 2026, 03:00 CEST -> 02:00 CET; 02:30 happens twice.
    first = next_due_at(
        reminder_time=time(2, 30),
        timezone=BERLIN,
        now=utc(2026, 10, 24, 22),
        last_sent_local_date=date(2026, 10, 24),
    )
    assert first == utc(2026, 10, 25, 0, 30)  # 02:30 CEST
    second = next_due_at(
        reminder_time=time(2, 30),
        timezone=BERLIN,
        now=first,
        last_sent_local_date=date(2026, 10, 25),
    )
    assert second == utc(2026, 10, 26, 1, 30)  # not 01:30 UTC the same day (02:30 CET)


def test_naive_now_and_unknown_zone_are_refused():
    with pytest.raises(ValueError, match="naive"):
        next_due_at(
            reminder_time=time(21),
            timezone=BERLIN,
            now=datetime(2026, 1, 1),
            last_sent_local_date=None,
        )
    with pytest.raises(UnknownTimezone):
        next_due_at(
            reminder_time=time(21),
            timezone="Mars/Olympus",
            now=utc(2026, 1, 1),
            last_sent_local_date=None,
        )
