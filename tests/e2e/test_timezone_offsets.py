"""/timezone with a UTC offset, end to end: every offset in use resolves, any other gets a
clear reply, and a fixed offset is shown as people write it ("UTC+02:00", not "Etc/GMT-2")."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from bot.kernel.readers import DEFAULT
from bot.render import accounts
from bot.render import format as fmt
from tests.fixtures.sandbox import RunningSandbox

ADA = 5101
NOON = dt.datetime(2026, 3, 10, 11, 0, tzinfo=dt.UTC)


@pytest.mark.parametrize("offset", ["UTC-13", "UTC-14", "GMT-13", "-13", "UTC+15", "UTC+5:30"])
async def test_an_offset_no_zone_has_gets_the_allowed_range(
    harness_factory: Any, sandbox: RunningSandbox, offset: str
) -> None:
    bot = await harness_factory(start=NOON, agent_api_base_url=sandbox.url)
    reply = await bot.say(ADA, f"/timezone {offset}")
    assert reply.text == accounts.timezone_offset_unknown(offset, DEFAULT)
    assert "UTC-12" in reply.text and "UTC+14" in reply.text
    account = await bot.account(ADA)
    assert account is None or account.timezone is None


@pytest.mark.parametrize(
    ("offset", "shown", "local"),
    [
        ("UTC-12", "UTC-12:00", "23:00 on Mon"),
        ("UTC+13", "UTC+13:00", "00:00 on Wed"),
        ("GMT+14", "UTC+14:00", "01:00 on Wed"),
        ("+2", "UTC+02:00", "13:00 on Tue"),
    ],
)
async def test_every_offset_in_use_resolves_and_reads_as_typed(
    harness_factory: Any, sandbox: RunningSandbox, offset: str, shown: str, local: str
) -> None:
    bot = await harness_factory(start=NOON, agent_api_base_url=sandbox.url)
    reply = await bot.say(ADA, f"/timezone {offset}")
    assert f"Timezone set to {shown} — it's {local} there." in fmt.to_plain(reply.text)
    assert "Etc/" not in reply.text


async def test_a_fixed_offset_is_shown_the_same_everywhere(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot = await harness_factory(start=NOON, agent_api_base_url=sandbox.url)
    await bot.say(ADA, "/timezone UTC+2")
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    connected = await bot.say(ADA, f"/connect {key}")
    remind = await bot.say(ADA, "/remind 20:30")
    settings = await bot.say(ADA, "/settings")
    for reply in (remind, settings, connected):
        assert "UTC+02:00" in reply.text and "Etc/GMT" not in reply.text, reply.text
