"""Questions over a period answered end to end: the core reads each day of the period from
the sandbox and the reply gives totals, averages, changes and counts from what was logged."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from typing import cast

from bot.agent_api.client import AgentApiClient
from bot.core.conversation import DAY_READS_MAX, _period, read
from bot.kernel.readers import DEFAULT
from bot.planner.base import ReadRequest
from bot.render import format as fmt
from tests.fixtures.core import AssistantFactory
from tests.fixtures.sandbox import RunningSandbox

USER = 42
BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")
MONDAY = dt.datetime(2026, 11, 16, 12, 0, tzinfo=BERLIN)
THURSDAY = dt.datetime(2026, 11, 19, 20, 0, tzinfo=BERLIN)


async def test_a_week_of_logs_is_answered_with_totals_averages_and_counts(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    key = await sandbox.add_user("Alice", "Europe/Berlin")
    assistant = await assistant_factory(sandbox_url=sandbox.url)
    await assistant.connect(user_id=USER, chat_id=USER, api_key=key)
    await assistant.preferences.set_timezone(user_id=USER, name="Berlin")

    async def say(text: str, now: dt.datetime = THURSDAY) -> str:
        reply = await assistant.handle_text(user_id=USER, chat_id=USER, text=text, now=now)
        return fmt.to_plain(reply.html)

    await say("200 g chicken breast, 80 kg, mood 3, slept badly, took vitamin D", MONDAY)
    await say("200 g chicken breast, 79.2 kg, mood 5, slept great, took vitamin D", THURSDAY)
    counts_before = await sandbox.counts(key)

    protein = await say("how much protein this week?")
    assert "food logged on 2 of 4 days" in protein
    assert "in total" in protein and "a day on average" in protein
    total = protein.split("Protein: ")[1].split(" g in total")[0]
    average = protein.split("in total, ")[1].split(" g a day")[0]
    assert float(total) == 2 * float(average) > 0

    german = await say("Kalorien seit Montag?")
    assert "kcal in total" in german and "2 of 4 days" in german

    sleep = await say("what's my average sleep?")
    assert "Average" in sleep and "(2 days)" in sleep

    weight = await say("weight this week?")
    assert "80 kg → 79.2 kg" in weight

    supplements = await say("vitamin d this week?")
    assert "taken on 2 of 4 days" in supplements

    assert await sandbox.counts(key) == counts_before  # questions write nothing


class _Days:
    """A service that shows empty days and keeps which it was asked for."""

    def __init__(self) -> None:
        self.asked: list[dt.date] = []

    async def nutrition(self, day: dt.date) -> dict[str, object]:
        self.asked.append(day)
        return {"entries": []}


async def test_a_period_is_the_days_its_ends_say_and_a_day_read_is_no_period() -> None:
    day = dt.date(2026, 11, 16)
    week = dt.timedelta(days=6)
    assert _period(ReadRequest(route="nutrition", from_=day)) == (day, day + week)
    assert _period(ReadRequest(route="nutrition", to=day)) == (day - week, day)
    long = ReadRequest(route="nutrition", from_=day - dt.timedelta(days=90), to=day)
    assert _period(long) == (day - dt.timedelta(days=DAY_READS_MAX - 1), day)
    # Neither end: the person's one day, never a week up to the machine's own date.
    assert _period(ReadRequest(route="nutrition", date=day)) is None
    service = _Days()
    await read(cast(AgentApiClient, service), ReadRequest(route="nutrition", date=day), DEFAULT)
    assert service.asked == [day]
    result = await read(
        cast(AgentApiClient, service), ReadRequest(route="nutrition", to=day), DEFAULT
    )
    assert result.data is not None and result.data["from"] == (day - week).isoformat()
    assert service.asked[1:] == [day - week + dt.timedelta(days=n) for n in range(7)]
