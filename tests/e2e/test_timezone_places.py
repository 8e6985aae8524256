"""/timezone takes a place (or UTC, or an offset typed as one), end to end.

The zone database also holds names that are no place: `localtime` is whatever clock the
server runs on, `Factory` is no zone at all, and `posixrules`, `posix/…`, `right/…`,
`SystemV/…` and rule names like `EST5EDT` are there for old systems. Taking one made the
person's day follow the server's clock, or a rule no place keeps; each is refused with the
kinds of names that work.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from bot.render import format as fmt
from tests.fixtures.sandbox import RunningSandbox

ADA = 5102
NOON = dt.datetime(2026, 3, 10, 11, 0, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    "name",
    [
        "localtime",
        "Factory",
        "posixrules",
        "posix/Europe/Berlin",
        "right/UTC",
        "SystemV/EST5",
        "EST5EDT",
        "CST6CDT",
        "EST",
        "CET",
    ],
)
async def test_a_name_that_is_no_place_is_refused_with_what_works(
    harness_factory: Any, sandbox: RunningSandbox, name: str
) -> None:
    bot = await harness_factory(start=NOON, agent_api_base_url=sandbox.url)
    reply = fmt.to_plain((await bot.say(ADA, f"/timezone {name}")).text)
    assert "Timezone set" not in reply, reply
    assert "/timezone Berlin" in reply and "Europe/Madrid" in reply, reply
    assert "UTC+2" in reply, reply
    account = await bot.account(ADA)
    assert account is None or account.timezone is None


@pytest.mark.parametrize(
    ("name", "shown", "local"),
    [
        ("UTC", "UTC", "11:00 on Tue"),
        ("Etc/UTC", "UTC", "11:00 on Tue"),
        ("utc+2", "UTC+02:00", "13:00 on Tue"),
        ("Europe/Berlin", "Europe/Berlin", "12:00 on Tue"),
        ("Tokyo", "Asia/Tokyo", "20:00 on Tue"),
        ("US/Eastern", "US/Eastern", "07:00 on Tue"),
        ("Japan", "Japan", "20:00 on Tue"),
    ],
)
async def test_places_utc_and_typed_offsets_are_taken(
    harness_factory: Any, sandbox: RunningSandbox, name: str, shown: str, local: str
) -> None:
    bot = await harness_factory(start=NOON, agent_api_base_url=sandbox.url)
    reply = fmt.to_plain((await bot.say(ADA, f"/timezone {name}")).text)
    assert f"Timezone set to {shown} — it's {local} there." in reply, reply
