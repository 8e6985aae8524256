"""A request the bot has given up on does not keep a one-slot server busy.

A local server generates one answer at a time; a runaway answer the bot no longer waits for
would make the person's next messages wait behind it. At the message's deadline the bot
closes the connection, which is how a client tells `llama-server`, vLLM or ollama to stop
generating, and the next message is served at once. The fake server
(tests/fixtures/slow_model.py) stops as they do and records that the client went away.
"""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import openai
import pytest

from bot.planner.base import PlanContext, PlannerTimedOut
from bot.planner.client import llm_http_client
from bot.planner.llm import LlmPlanner
from tests.fixtures.slow_model import FINISHED, STARTED, WENT_AWAY, SlowModel

CONTEXT = PlanContext(
    now=dt.datetime(2026, 11, 22, 8, 15, tzinfo=ZoneInfo("Europe/Berlin")),
    timezone="Europe/Berlin",
)
DEADLINE_SECONDS = 0.3
# A generation the bot cannot wait for: 600 steps of 50 ms, 30 s (the test ends long before,
# unless the bot waits it out).
RUNAWAY_STEPS = 600


@pytest.mark.parametrize("silent", [True, False], ids=["silent", "keeps-alive"])
async def test_the_next_message_is_not_queued_behind_one_the_bot_gave_up_on(
    slow_model: SlowModel, silent: bool
) -> None:
    slow_model.steps, slow_model.silent = RUNAWAY_STEPS, silent
    client = openai.AsyncOpenAI(
        api_key="k",
        base_url=slow_model.base_url,
        max_retries=1,
        timeout=30.0,
        http_client=llm_http_client(),
    )
    planner = LlmPlanner(client, "m", message_deadline=DEADLINE_SECONDS)
    async with client:
        with pytest.raises(PlannerTimedOut):
            await planner.plan("had oatmeal", CONTEXT)
        slow_model.steps = 1  # the next message's answer is a short one
        await planner.plan("72.4 kg", CONTEXT)  # answered, not timed out

    assert slow_model.events(0) == [STARTED, WENT_AWAY]  # stopped, never finished
    assert slow_model.events(1) == [STARTED, FINISHED]
    assert slow_model.seen.index((0, WENT_AWAY)) < slow_model.seen.index((1, STARTED))
