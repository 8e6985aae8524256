"""What goes on the wire: the planner's pre-encoded requests are the bodies it always sent.

`ChatRequests` encodes the model, tools, tool_choice and temperature once and sends bytes
through the openai client's `post(..., content=...)`. These tests hold every request body
to the one the planner built as a dict and handed to `post(body=...)` (messages, tools,
tool_choice, parallel_tool_calls, temperature, model, in that order), byte for byte where
the client's own encoding can be watched, and check that the client's retries and the
planner's error mapping work through the raw path.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any
from zoneinfo import ZoneInfo

import httpx2
import openai
import pytest
from openai.types.chat import ChatCompletion

from bot.planner.base import PlanContext, PlannerFailed, PlannerUnavailable, ReadResult, Turn
from bot.planner.client import ChatRequests, encode_json
from bot.planner.llm import LlmPlanner
from bot.planner.prompt import clock_note, render_system_prompt
from bot.planner.tool_schemas import tool_specs
from tests.fixtures.openai import FakeOpenAI, chat_completion

BERLIN = PlanContext(
    now=dt.datetime(2026, 11, 22, 8, 15, tzinfo=ZoneInfo("Europe/Berlin")),
    timezone="Europe/Berlin",
)
CONTEXTS = {
    "berlin": BERLIN,
    "kolkata, history, 0-10 scale": PlanContext(
        now=dt.datetime(2026, 2, 28, 23, 59, tzinfo=ZoneInfo("Asia/Kolkata")),
        timezone="Asia/Kolkata",
        history=(
            Turn("user", "2 eggs for breakfast"),
            Turn("assistant", "Logged 2 eggs (156 kcal) — «ok»?"),
            Turn("user", 'with "quotes" and a \\ backslash\nand a newline'),
        ),
        checkin_scale=(0, 10),
    ),
    "utc, non-ascii": PlanContext(
        now=dt.datetime(2027, 1, 1, 0, 0, tzinfo=dt.UTC),
        timezone="UTC",
        history=(Turn("user", "ate 🍕 and crème brûlée"),),
    ),
}
MEAL = {
    "date": "2026-11-22",
    "items": [{"food": "Oatmeal", "calories": 158, "protein": 6, "carbs": 27, "fat": 3}],
}
READ = {"route": "today", "date": "2026-11-22", "from": None, "to": None}


def sent_before(
    model: str,
    messages: list[dict[str, Any]],
    tool_choice: str,
    temperature: float | None = 0,
) -> dict[str, Any]:
    """The body as the planner built it before it was pre-encoded (a dict for `post`), with
    the answer bounded by `max_tokens` (512 by default)."""
    body: dict[str, Any] = {
        "model": model,
        "messages": messages,
        "tools": tool_specs(),
        "tool_choice": tool_choice,
    }
    if tool_choice == "auto":
        body["parallel_tool_calls"] = True
    if temperature is not None:
        body["temperature"] = temperature
    body["max_tokens"] = 512
    return body


def first_messages(text: str, context: PlanContext) -> list[dict[str, Any]]:
    """System prompt, then one user turn: the clock, the remembered turns as a record (an
    app turn that is no recap of what was done reads "replied"), the message."""
    record = [
        f"person: {' '.join(turn.text.split())}" if turn.role == "user" else "app: replied"
        for turn in context.history
    ]
    content = f"{clock_note(context)}\n{text}"
    if record:
        head = "Earlier in this chat (already handled; a record, not what to log now):"
        lines = "\n".join([head, *record, "Their new message:"])
        content = f"{clock_note(context)}\n{lines}\n{text}"
    system = {"role": "system", "content": render_system_prompt(context)}
    return [system, {"role": "user", "content": content}]


def assert_same(received: dict[str, Any], expected: dict[str, Any]) -> None:
    assert received == expected
    assert list(received) == list(expected)  # the members in the same order too


@pytest.mark.parametrize("name", list(CONTEXTS))
@pytest.mark.parametrize("temperature", [0, 0.7, None])
async def test_a_first_request_is_the_body_the_planner_always_sent(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI, name: str, temperature: float | None
) -> None:
    context = CONTEXTS[name]
    fake_openai.reply_text("Got it?")

    await LlmPlanner(llm_client, "test-model", temperature=temperature).plan("oatmeal", context)

    (request,) = fake_openai.recorded
    expected = sent_before("test-model", first_messages("oatmeal", context), "auto", temperature)
    assert_same(request.body, expected)
    assert request.path == "/v1/chat/completions"
    assert request.headers["content-type"] == "application/json"
    assert request.headers["authorization"] == "Bearer test-key"


async def test_repair_and_answer_requests_are_the_bodies_the_planner_always_sent(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    fake_openai.reply_tool_calls([("log_food", "{not json"), ("read", READ)])
    fake_openai.reply_tool_calls([("log_food", MEAL)])
    fake_openai.reply_text("You had oatmeal.")
    planner = LlmPlanner(llm_client, "m")

    plan = await planner.plan("oatmeal; what did I eat?", BERLIN)
    await planner.answer("what did I eat?", BERLIN, plan, [ReadResult(plan.reads[0], {"k": 1})])

    first, repair, answer = fake_openai.chat_requests
    messages = first_messages("oatmeal; what did I eat?", BERLIN)
    assert_same(first, sent_before("m", messages, "auto"))
    assert_same(repair, sent_before("m", repair["messages"], "auto"))
    assert repair["messages"][: len(messages)] == messages
    assert [m["role"] for m in repair["messages"][len(messages) :]] == ["assistant", "tool", "tool"]
    assert_same(answer, sent_before("m", answer["messages"], "none"))
    assert answer["messages"][: len(messages)] == messages
    assert {"role": "tool", "tool_call_id": "call_1", "content": '{"k":1}'} in answer["messages"]


@pytest.mark.parametrize("name", list(CONTEXTS))
def test_the_bytes_are_those_the_client_encodes_from_the_dict(name: str) -> None:
    messages = first_messages("1 kebab — 600 kcal?", CONTEXTS[name])
    requests = ChatRequests(
        openai.AsyncOpenAI(api_key="k"),
        "m",
        tool_specs(),
        temperature=0,
        parallel_tool_calls=True,
        max_tokens=512,
    )
    for choice in ("auto", "none"):
        body = requests.body(messages, choice)  # type: ignore[arg-type]
        assert body == encode_json(sent_before("m", messages, choice))
        assert_same(json.loads(body), sent_before("m", messages, choice))


async def test_the_wire_bytes_equal_what_post_with_a_dict_sends() -> None:
    """Against the client's own encoding of the same dict, seen at the HTTP transport."""
    seen: list[bytes] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        seen.append(request.read())
        return httpx2.Response(200, json=chat_completion(content="ok"))

    http = httpx2.AsyncClient(transport=httpx2.MockTransport(handler))
    client = openai.AsyncOpenAI(api_key="k", base_url="http://llm/v1", http_client=http)
    async with client:
        for name, context in CONTEXTS.items():
            messages = first_messages(name, context)
            body = sent_before("m", messages, "auto")
            await client.post("/chat/completions", body=body, cast_to=ChatCompletion)
            await LlmPlanner(client, "m").plan(name, context)
    assert len(seen) == 2 * len(CONTEXTS)
    assert seen[0::2] == seen[1::2]


async def test_a_transient_failure_is_retried_with_the_same_bytes(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.reply_error(500)
    fake_openai.reply_tool_calls([("log_food", MEAL)])
    async with fake_openai.client(max_retries=1) as client:
        plan = await LlmPlanner(client, "m").plan("oatmeal", BERLIN)
    assert len(plan.actions) == 1
    failed, retried = fake_openai.chat_requests
    assert_same(failed, retried)


@pytest.mark.parametrize(
    ("status", "match"),
    [(429, "rate limiting"), (500, r"failed \(HTTP 500\)"), (401, "configuration problem")],
)
async def test_errors_through_the_raw_path_keep_their_meaning(
    fake_openai: FakeOpenAI, status: int, match: str
) -> None:
    for _ in range(2):
        fake_openai.reply_error(status, "nope")
    async with fake_openai.client(max_retries=1) as client:
        with pytest.raises(PlannerUnavailable, match=match):
            await LlmPlanner(client, "m").plan("oatmeal", BERLIN)
    retried = status in (429, 500)  # the client retries these, never a 401
    assert len(fake_openai.chat_requests) == (2 if retried else 1)


async def test_a_body_that_is_not_a_completion_is_planner_failed(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    fake_openai.reply({"unexpected": True})
    with pytest.raises(PlannerFailed, match="no choices"):
        await LlmPlanner(llm_client, "m").plan("oatmeal", BERLIN)


async def test_an_answer_that_leaves_out_fields_plans_as_one_that_has_them() -> None:
    """Servers that are not OpenAI leave out what the schema requires (`created`, `object`,
    a call's `type`) or add their own: the answer is read leniently, as the client does;
    a body that is not JSON is the model's failure, said as such."""
    full = chat_completion(tool_calls=[("log_food", MEAL)])
    sparse = json.loads(json.dumps(full))
    for key in ("created", "object", "id"):
        sparse.pop(key, None)
    sparse["choices"][0]["message"]["tool_calls"][0].pop("type", None)
    sparse["choices"][0]["extra"] = {"timings": 1}
    bodies = [json.dumps(full).encode(), json.dumps(sparse).encode(), b"<html>busy</html>"]

    def handler(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(
            200, content=bodies.pop(0), headers={"content-type": "application/json"}
        )

    http = httpx2.AsyncClient(transport=httpx2.MockTransport(handler))
    client = openai.AsyncOpenAI(api_key="k", base_url="http://llm/v1", http_client=http)
    async with client:
        planner = LlmPlanner(client, "m")
        first = await planner.plan("oatmeal", BERLIN)
        second = await planner.plan("oatmeal", BERLIN)
        with pytest.raises(PlannerFailed):
            await planner.plan("oatmeal", BERLIN)
    assert first.actions == second.actions and len(first.actions) == 1
