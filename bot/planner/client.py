"""The OpenAI client that the planner, voice notes and photos share, and what its errors mean.

Any OpenAI-compatible server will do. Every failure of a request becomes one of the planner's
two kinds (bot/planner/base.py), so the assistant words a failed voice note the same way as
a failed message: `PlannerUnavailable` when the server could not be used, `PlannerFailed`
when its answer was unusable. The API key never appears in a message.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

import httpx2
import openai
import pydantic
from openai.types.chat import (
    ChatCompletion,
    ChatCompletionMessageParam,
    ChatCompletionToolUnionParam,
)

from bot.config import Settings
from bot.planner.base import PlannerError, PlannerFailed, PlannerUnavailable
from bot.planner.prompt import load_template
from bot.planner.transport import AiohttpTransport
from bot.render import llm

__all__ = [
    "ChatRequests",
    "encode_json",
    "llm_http_client",
    "openai_client",
    "probe",
    "translate_error",
]

_SECRET_LIKE = re.compile(r"\b(sk|key|token)-[A-Za-z0-9_*.-]{6,}", re.IGNORECASE)


def llm_http_client() -> httpx2.AsyncClient:
    """The openai client's own HTTP client and defaults, its requests sent on aiohttp."""
    return openai.DefaultAsyncHttpxClient(transport=AiohttpTransport())


def openai_client(settings: Settings) -> openai.AsyncOpenAI:
    """A client for the configured server, with one retry on transient errors; close it.

    One retry is safe here (an LLM request writes nothing) and covers a dropped connection;
    more would keep the person waiting past `openai_timeout_seconds` several times over.
    """
    if settings.openai_api_key is None or not settings.llm_enabled:
        raise ValueError("OPENAI_API_KEY is not set; the LLM planner needs it")
    return openai.AsyncOpenAI(
        api_key=settings.openai_api_key.get_secret_value(),
        base_url=settings.openai_base_url,
        timeout=settings.openai_timeout_seconds,
        max_retries=1,
        http_client=llm_http_client(),
    )


def translate_error(exc: openai.APIError, api_key: object) -> PlannerError:
    """Map the openai client's errors onto the planner's two kinds (messages for logs).

    A 400/401/403/404 is `PlannerUnavailable` too, worded as a configuration problem.
    """
    if isinstance(exc, openai.APITimeoutError):
        return PlannerUnavailable("the LLM request timed out")
    if isinstance(exc, openai.APIConnectionError):
        return PlannerUnavailable("could not connect to the LLM server")
    if isinstance(exc, openai.APIResponseValidationError):
        return PlannerFailed("the LLM response did not match the Chat Completions schema")
    if not isinstance(exc, openai.APIStatusError):
        return PlannerUnavailable(f"the LLM request failed ({type(exc).__name__})")
    status = exc.status_code
    detail = _redact(exc.message, api_key)
    if isinstance(exc, openai.RateLimitError):
        return PlannerUnavailable(f"the LLM server is rate limiting (HTTP 429): {detail}")
    if status >= 500:
        return PlannerUnavailable(f"the LLM server failed (HTTP {status})")
    if status in (400, 401, 403, 404):
        return PlannerUnavailable(
            f"LLM configuration problem (HTTP {status}): check OPENAI_API_KEY, OPENAI_BASE_URL "
            f"and OPENAI_MODEL, and that the model supports tool calling. Server said: {detail}"
        )
    return PlannerUnavailable(f"the LLM request failed (HTTP {status}): {detail}")


def encode_json(value: Any) -> bytes:
    """JSON as the openai client encodes a request body: compact, UTF-8, no NaN."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.encode()


class ChatRequests:
    """Chat Completions requests to one model with one set of tools, encoded once.

    `chat.completions.create` validates and re-serialises every typed parameter on each call,
    the ~4 KB of tool schemas included, though they never change: most of the client's CPU
    per request. Here the model, tools, `tool_choice`, `parallel_tool_calls` and temperature
    are JSON bytes made at construction; a request encodes only its messages between them
    and goes through the client's `post(..., content=...)`, its supported way to send a body
    as is. The base URL, auth headers, timeout, retries (bytes are replayed) and error
    classes stay the client's own, the response is the same parsed `ChatCompletion`, and a
    failure becomes `PlannerUnavailable` or `PlannerFailed` (`translate_error`).

    `parallel_tool_calls` is sent with `tool_choice="auto"` only, None leaves it to the
    server; a None `temperature` is not sent either (some models refuse 0).
    """

    def __init__(
        self,
        client: openai.AsyncOpenAI,
        model: str,
        tools: Sequence[Mapping[str, Any]],
        *,
        temperature: float | None,
        parallel_tool_calls: bool | None = None,
    ) -> None:
        self.client = client
        self._head = b"{" + _members({"model": model}) + b',"messages":'
        self._tails: dict[str, bytes] = {}
        for choice in ("auto", "none"):
            members: dict[str, Any] = {"tools": list(tools), "tool_choice": choice}
            if choice == "auto" and parallel_tool_calls is not None:
                members["parallel_tool_calls"] = parallel_tool_calls
            if temperature is not None:
                members["temperature"] = temperature
            self._tails[choice] = b"," + _members(members) + b"}"

    def body(
        self,
        messages: Iterable[ChatCompletionMessageParam],
        tool_choice: Literal["auto", "none"],
    ) -> bytes:
        """The request body: the fixed part as encoded once around these messages."""
        return self._head + encode_json(list(messages)) + self._tails[tool_choice]

    async def complete(
        self,
        messages: Iterable[ChatCompletionMessageParam],
        *,
        tool_choice: Literal["auto", "none"],
    ) -> ChatCompletion:
        """Send one request; raises `PlannerUnavailable` or `PlannerFailed` on failure."""
        try:
            raw = await self.client.post(
                "/chat/completions",
                content=self.body(messages, tool_choice),
                cast_to=bytes,
                options={"security": {"bearer_auth": True}},  # as `create` authenticates
            )
        except openai.APIError as exc:
            raise translate_error(exc, self.client.api_key) from exc
        return completion_of(raw)


def completion_of(raw: bytes) -> ChatCompletion:
    """A server's answer as openai's `ChatCompletion`: validated in one pass when it follows
    the schema (~6 µs), else built leniently as the openai client builds it (~60 µs), for the
    servers that leave fields out or add their own."""
    try:
        return ChatCompletion.model_validate_json(raw)
    except pydantic.ValidationError:
        pass
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise PlannerFailed("the LLM response was not JSON") from exc
    if not isinstance(data, dict):
        raise PlannerFailed("the LLM response was not a JSON object")
    return ChatCompletion.construct(**data)


def _members(values: Mapping[str, Any]) -> bytes:
    """The `"name":value` members of a JSON object, without its braces, to splice into one."""
    return encode_json(values)[1:-1]


def _redact(text: str, api_key: object) -> str:
    """A server's error message without the key (OpenAI echoes part of a wrong one)."""
    if isinstance(api_key, str) and api_key:
        text = text.replace(api_key, "***")
    return _SECRET_LIKE.sub("***", text)[:300]


_PING_TOOL: ChatCompletionToolUnionParam = {
    "type": "function",
    "function": {
        "name": "ping",
        "description": "Answer a connection test.",
        "strict": True,
        "parameters": {
            "type": "object",
            "properties": {"ok": {"type": "boolean"}},
            "required": ["ok"],
            "additionalProperties": False,
        },
    },
}


async def probe(client: openai.AsyncOpenAI, model: str) -> str:
    """`healthbot doctor`: does this model and server do tool calling at all?

    One tiny request offering one trivial tool. Raises `PlannerUnavailable` when the server
    cannot be used; otherwise returns a line saying whether a tool call came back.
    """
    try:
        completion = await client.chat.completions.create(
            model=model,
            messages=[
                {"role": "system", "content": load_template("probe.md").template},
                {"role": "user", "content": "ping"},
            ],
            tools=[_PING_TOOL],
            tool_choice="auto",
        )
    except openai.APIError as exc:
        raise translate_error(exc, client.api_key) from exc
    choices = getattr(completion, "choices", None) or []
    called = bool(choices and choices[0].message.tool_calls)
    return llm.llm_probe_result(model, called)
