"""The day a person is living, as the core and the scheduled sends both count it."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from bot.kernel.days import day_end, day_lived

BERLIN = ZoneInfo("Europe/Berlin")
AT_0230 = dt.datetime(2026, 6, 2, 0, 30, tzinfo=dt.UTC)  # 02:30 in Berlin


def test_a_persons_own_day_end_wins_over_the_configured_one() -> None:
    assert day_end(None, dt.time(3)) == dt.time(3)
    assert day_end(dt.time(1), dt.time(3)) == dt.time(1)
    assert day_end(dt.time(0), dt.time(3)) == dt.time(0)  # midnight chosen is a choice


def test_at_half_past_two_the_evening_is_still_lived_until_the_day_ends() -> None:
    assert day_lived(AT_0230, BERLIN, None, dt.time(3)) == dt.date(2026, 6, 1)
    assert day_lived(AT_0230, BERLIN, dt.time(3), dt.time(0)) == dt.date(2026, 6, 1)
    assert day_lived(AT_0230, BERLIN, dt.time(2), dt.time(3)) == dt.date(2026, 6, 2)
    assert day_lived(AT_0230, dt.UTC, None, dt.time(3)) == dt.date(2026, 6, 1)  # 00:30 there
