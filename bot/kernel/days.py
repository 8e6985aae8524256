"""A person's day: which calendar date "today" is for someone still up after midnight.

People who go to bed at 1 a.m. count a pizza at 01:30 as part of the evening they are still
living, not of the new calendar day; so each person's day ends at a time of their choosing
(`/dayend`, default `DAY_ENDS_AT`, 03:00). Until then, "today" is the previous date and
"yesterday" the one before it. Every "today" of a person (the dates actions are logged on,
`/today`, the reminder's "already checked in?", the week a summary covers) is computed by
`lived_day`, and which end applies by `day_end`, and nowhere else.
"""

from __future__ import annotations

import datetime as dt

MIDNIGHT = dt.time(0, 0)
# The latest a day may end: later than this, a breakfast would count for the day before.
LATEST_END = dt.time(6, 0)


def lived_day(local_now: dt.datetime, ends_at: dt.time = MIDNIGHT) -> dt.date:
    """The date of the day a person is living at `local_now` (a wall time in their zone).

    Before `ends_at` (00:00–06:00) it is still the previous calendar date.
    """
    day = local_now.date()
    if local_now.time().replace(tzinfo=None) < ends_at:
        return day - dt.timedelta(days=1)
    return day


def valid_end(at: dt.time) -> bool:
    """Whether `at` may end a day: from midnight to `LATEST_END`, both included."""
    return MIDNIGHT <= at <= LATEST_END


def day_end(own: dt.time | None, default: dt.time) -> dt.time:
    """When a person's day ends: their own choice (`/dayend`), else the configured one."""
    return own if own is not None else default


def day_lived(now: dt.datetime, zone: dt.tzinfo, own: dt.time | None, default: dt.time) -> dt.date:
    """The date of the day a person in `zone` is living at the instant `now`, their day ending
    at their `own` time or else at the configured `default` (`day_end`)."""
    return lived_day(now.astimezone(zone), day_end(own, default))
