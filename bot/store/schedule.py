"""When the next daily reminder is due: pure functions of time, no database.

A reminder is set as a local wall-clock time in an IANA zone. Around DST changes
a local time can be skipped (spring forward) or happen twice (fall back); here a
skipped time is moved forward by the length of the gap (02:30 becomes 03:30) and a
repeated time fires at its first occurrence, once.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


class UnknownTimezone(ValueError):
    """Not an IANA time zone name this system knows."""


def zone(name: str) -> ZoneInfo:
    """The zone called `name`, or `UnknownTimezone`."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise UnknownTimezone(f"unknown time zone: {name!r}") from None


def _aware(now: datetime) -> datetime:
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("naive datetime given where an aware one is required")
    return now


def local_date(instant: datetime, timezone: str | ZoneInfo) -> date:
    """The person's calendar day at `instant`: what "today" means to them."""
    tz = zone(timezone) if isinstance(timezone, str) else timezone
    return _aware(instant).astimezone(tz).date()


def local_instant(day: date, at: time, timezone: str | ZoneInfo) -> datetime:
    """The UTC instant when clocks in `timezone` show `at` on `day`.

    `fold=0` is PEP 495's choice for both DST cases: in a gap it applies the offset
    from before the change (so the time moves forward by the gap), in an overlap it
    picks the first occurrence.
    """
    tz = zone(timezone) if isinstance(timezone, str) else timezone
    wall = datetime.combine(day, at.replace(tzinfo=None, fold=0), tzinfo=tz)
    return wall.astimezone(UTC)


def next_due_at(
    *,
    reminder_time: time,
    timezone: str | ZoneInfo,
    now: datetime,
    last_sent_local_date: date | None,
) -> datetime:
    """The first reminder instant after `now` on a local day that has not had one yet.

    Strictly after `now`: a time set for earlier today starts tomorrow rather than
    firing at once. A reminder that came due while the bot was down is still in the
    database with its past `next_due_at` and is picked up by the reminder worker;
    this function is for scheduling the next one.
    """
    tz = zone(timezone) if isinstance(timezone, str) else timezone
    day = local_date(now, tz)
    if last_sent_local_date is not None and last_sent_local_date >= day:
        day = last_sent_local_date + timedelta(days=1)
    while True:
        due = local_instant(day, reminder_time, tz)
        if due > now:
            return due
        day += timedelta(days=1)
