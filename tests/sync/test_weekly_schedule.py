"""When the weekly summary is due: Sunday 19:00 in the person's zone, across DST, and which
week it speaks of."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from bot.sync.weekly import iso_week, next_summary_at, week_ending, what_is_due

BERLIN = ZoneInfo("Europe/Berlin")
NEW_YORK = ZoneInfo("America/New_York")
UTC = dt.UTC
MIDNIGHT = dt.time(0)
THREE = dt.time(3)


def at(
    y: int, m: int, d: int, hh: int, mm: int = 0, tz: ZoneInfo | dt.timezone = UTC
) -> dt.datetime:
    return dt.datetime(y, m, d, hh, mm, tzinfo=tz)


def test_due_on_sunday_at_19_local_in_winter_and_summer() -> None:
    # Wednesday in November (CET, UTC+1): Sunday the 29th at 18:00 UTC.
    assert next_summary_at(tz=BERLIN, now=at(2026, 11, 25, 10), last_sent_week=None) == at(
        2026, 11, 29, 18
    )
    # In July (CEST, UTC+2): 17:00 UTC.
    assert next_summary_at(tz=BERLIN, now=at(2026, 7, 1, 10), last_sent_week=None) == at(
        2026, 7, 5, 17
    )


def test_the_sundays_clocks_change_still_fire_at_19_local() -> None:
    # Berlin springs forward on Sunday 29 March 2026 at 02:00: 19:00 that day is CEST.
    spring = next_summary_at(tz=BERLIN, now=at(2026, 3, 27, 12), last_sent_week=None)
    assert spring == at(2026, 3, 29, 17) and spring.astimezone(BERLIN).hour == 19
    # Berlin falls back on Sunday 25 October 2026: 19:00 that day is CET again.
    autumn = next_summary_at(tz=BERLIN, now=at(2026, 10, 24, 12), last_sent_week=None)
    assert autumn == at(2026, 10, 25, 18) and autumn.astimezone(BERLIN).hour == 19
    # New York springs forward on Sunday 8 March 2026: 19:00 EDT is 23:00 UTC, not 00:00.
    assert next_summary_at(tz=NEW_YORK, now=at(2026, 3, 7, 12), last_sent_week=None) == at(
        2026, 3, 8, 23
    )


def test_strictly_after_now_and_never_a_week_already_sent() -> None:
    sunday_19 = at(2026, 11, 29, 19, tz=BERLIN)
    before = sunday_19 - dt.timedelta(minutes=1)
    assert next_summary_at(tz=BERLIN, now=before, last_sent_week=None) == sunday_19
    assert next_summary_at(
        tz=BERLIN, now=sunday_19, last_sent_week=None
    ) == sunday_19 + dt.timedelta(days=7)
    sent = iso_week(dt.date(2026, 11, 29))
    assert sent == "2026-W48"
    assert next_summary_at(tz=BERLIN, now=before, last_sent_week=sent) == sunday_19 + dt.timedelta(
        days=7
    )


def test_the_week_is_the_one_of_the_day_the_person_lives() -> None:
    # Sunday 01:30: with the day ending at 03:00 they still live Saturday, whose latest Sunday
    # is last week's; with the day ending at midnight it is Sunday already.
    small_hours = at(2026, 11, 29, 1, 30, tz=BERLIN)
    assert week_ending(small_hours, THREE) == dt.date(2026, 11, 22)
    assert week_ending(small_hours, MIDNIGHT) == dt.date(2026, 11, 29)
    # Monday 02:00 after a Sunday night: still Sunday's week either way.
    monday = at(2026, 11, 30, 2, tz=BERLIN)
    assert week_ending(monday, THREE) == week_ending(monday, MIDNIGHT) == dt.date(2026, 11, 29)


def test_due_at_sunday_evening_speaks_of_monday_to_sunday() -> None:
    due = what_is_due(
        tz=BERLIN, now=at(2026, 11, 29, 19, 0, tz=BERLIN), day_ends_at=THREE, last_sent_week=None
    )
    assert due.sunday == dt.date(2026, 11, 29)


def test_late_after_downtime_the_latest_finished_week_goes_once() -> None:
    wednesday = at(2026, 12, 2, 10, tz=BERLIN)
    due = what_is_due(tz=BERLIN, now=wednesday, day_ends_at=THREE, last_sent_week=None)
    assert due.sunday == dt.date(2026, 11, 29)
    done = what_is_due(tz=BERLIN, now=wednesday, day_ends_at=THREE, last_sent_week="2026-W48")
    assert done.sunday is None and done.next_at == at(2026, 12, 6, 19, tz=BERLIN)


def test_before_sunday_19_the_week_is_not_finished() -> None:
    afternoon = at(2026, 11, 29, 15, tz=BERLIN)
    due = what_is_due(tz=BERLIN, now=afternoon, day_ends_at=THREE, last_sent_week="2026-W47")
    assert due.sunday is None and due.next_at == at(2026, 11, 29, 19, tz=BERLIN)
