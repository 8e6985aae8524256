"""The LLM planner on the bot's HTTP client when the server misbehaves at the HTTP level.

Every failure must reach the planner as one of its two kinds (here `PlannerUnavailable`, so
the bot falls back to its rules or says the assistant is unavailable), never as an error of
the HTTP library underneath, and with the words of what happened, for the operator's log.
"""

from __future__ import annotations

import datetime as dt
import json
from zoneinfo import ZoneInfo

import openai
import pytest

from bot.config import Settings
from bot.planner.base import PlanContext, PlannerUnavailable
from bot.planner.client import llm_http_client, openai_client
from bot.planner.llm import LlmPlanner
from tests.fixtures.openai import chat_completion
from tests.fixtures.raw_http import (
    Behaviour,
    RawServer,
    Serve,
    answer,
    close_unanswered,
    never_answer,
)
from tests.fixtures.worded import worded

CONTEXT = PlanContext(
    now=dt.datetime(2026, 11, 22, 8, 15, tzinfo=ZoneInfo("Europe/Berlin")),
    timezone="Europe/Berlin",
)
COMPLETION = json.dumps(chat_completion(content="Noted.")).encode()


async def garbled(server: RawServer) -> tuple[bytes | None, bool]:
    return b"HELLO THERE\r\n\r\n", False


async def truncated(server: RawServer) -> tuple[bytes | None, bool]:
    return answer("200 OK", COMPLETION)[:-20], False


async def drop_first_then_answer(server: RawServer) -> tuple[bytes | None, bool]:
    if len(server.requests) == 1:
        return None, False
    return answer("200 OK", COMPLETION), True


@pytest.mark.parametrize(
    ("behaviour", "words"),
    [
        (close_unanswered, "could not connect"),
        (garbled, "could not connect"),
        (truncated, "could not connect"),
        (never_answer, "timed out"),
    ],
)
async def test_a_misbehaving_server_leaves_the_planner_unavailable(
    raw_server: Serve, behaviour: Behaviour, words: str
) -> None:
    server = await raw_server(behaviour)
    client = openai.AsyncOpenAI(
        api_key="k",
        base_url=server.url + "/v1",
        max_retries=0,
        timeout=0.3,
        http_client=llm_http_client(),
    )
    async with client:
        with pytest.raises(PlannerUnavailable, match=words):
            await LlmPlanner(client, "m").plan("had oatmeal", CONTEXT)
    assert server.lines == ["POST /v1/chat/completions HTTP/1.1"]


async def test_the_bots_client_sends_again_once_after_a_dropped_connection(
    raw_server: Serve,
) -> None:
    server = await raw_server(drop_first_then_answer)
    settings = Settings(
        _env_file=None, openai_api_key="sk-test", openai_base_url=server.url + "/v1"
    )
    async with openai_client(settings) as client:
        plan = worded(await LlmPlanner(client, "m").plan("had oatmeal", CONTEXT))
    assert plan.reply == "Noted."
    assert server.lines == ["POST /v1/chat/completions HTTP/1.1"] * 2
    first, second = (json.loads(body) for _, body in server.requests)
    assert first == second and first["model"] == "m"
