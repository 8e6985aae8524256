"""The OpenAI client that the planner, voice notes and photos share, and what its errors mean.

Any OpenAI-compatible server will do. Every failure of a request becomes one of the planner's
two kinds (bot/planner/base.py), so the assistant words a failed voice note the same way as
a failed message: `PlannerUnavailable` when the server could not be used, `PlannerFailed`
when its answer was unusable. The API key never appears in a message.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
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
from bot.planner.base import (
    ContextTooLong,
    PlannerError,
    PlannerFailed,
    PlannerTimedOut,
    PlannerUnavailable,
)
from bot.planner.prompt import load_template
from bot.planner.transport import AiohttpTransport

__all__ = [
    "ChatRequests",
    "ContextTooLong",
    "PlannerTimedOut",
    "calls_tools",
    "encode_json",
    "llm_http_client",
    "openai_client",
    "translate_error",
]

_log = logging.getLogger(__name__)

_SECRET_LIKE = re.compile(r"\b(sk|key|token)-[A-Za-z0-9_*.-]{6,}", re.IGNORECASE)


def llm_http_client() -> httpx2.AsyncClient:
    """The openai client's own HTTP client and defaults, its requests sent on aiohttp."""
    return openai.DefaultAsyncHttpxClient(transport=AiohttpTransport())


def openai_client(settings: Settings) -> openai.AsyncOpenAI:
    """A client for the configured server, with one retry on transient errors; close it.

    One retry is safe here (an LLM request writes nothing) and covers a dropped connection;
    more would keep the person waiting past `openai_timeout_seconds` several times over.
    Chat requests make that retry themselves (`ChatRequests`), never after a timeout.
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


# How servers word a request over the context window: OpenAI ("maximum context length"),
# llama.cpp's server ("exceeds the available context size"), llama-cpp-python ("Requested
# tokens (N) exceed context window of M"), vLLM ("maximum model length"), ollama ("context").
_CONTEXT_ERROR = re.compile(
    r"context (length|window|size)|maximum model length|too many tokens|prompt is too long",
    re.IGNORECASE,
)


def translate_error(exc: openai.APIError, api_key: object) -> PlannerError:
    """Map the openai client's errors onto the planner's two kinds (messages for logs).

    A 400/401/403/404 is `PlannerUnavailable` too, worded as a configuration problem, except
    a 400 that says the request is over the model's context: `ContextTooLong`.
    """
    if isinstance(exc, openai.APITimeoutError):
        return PlannerTimedOut("the LLM request timed out")
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
    if status in (400, 413) and _CONTEXT_ERROR.search(exc.message or ""):
        return ContextTooLong(f"the request is over the model's context (HTTP {status}): {detail}")
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
    per request. Here the model, tools, `tool_choice`, `parallel_tool_calls`, temperature and
    `max_tokens` are JSON bytes made at construction; a request encodes only its messages
    between them and goes through the client's `post(..., content=...)`, its supported way to
    send a body as is. The base URL, auth headers and error classes stay the client's own,
    the response is the same parsed `ChatCompletion`, and a failure becomes
    `PlannerUnavailable` or `PlannerFailed` (`translate_error`).

    `parallel_tool_calls` is sent with `tool_choice="auto"` only, None leaves it to the
    server; a None `temperature` or `max_tokens` is not sent either (some models refuse 0).
    `max_tokens_field` names the bound: OpenAI's newer models refuse `max_tokens` and take
    `max_completion_tokens`, which other servers may not know.

    A 400 that refuses `temperature` or the answer bound as unsupported (OpenAI's o-series
    and gpt-5 refuse temperature 0) is asked again at once without it, and it is left out of
    every later request of this instance, which lives as long as the bot (one WARNING in the
    log for the operator; the person hears nothing unless nothing works).

    Retries are made here, not by the client: at most one (the client's `max_retries`, capped
    at 1), after a connection error, a 429 or a 5xx. Never after a timeout: a local server
    goes on generating after the client gave up and serves one request at a time, so asking
    it again at once only makes everyone wait longer.
    """

    def __init__(
        self,
        client: openai.AsyncOpenAI,
        model: str,
        tools: Sequence[Mapping[str, Any]],
        *,
        temperature: float | None,
        parallel_tool_calls: bool | None = None,
        max_tokens: int | None = None,
        max_tokens_field: str = "max_tokens",
    ) -> None:
        self.client = client
        self._head = b"{" + _members({"model": model}) + b',"messages":'
        self._tools = list(tools)
        self._parallel_tool_calls = parallel_tool_calls
        self._optional: dict[str, Any] = {}  # what a server may refuse: dropped once it does
        if temperature is not None:
            self._optional["temperature"] = temperature
        if max_tokens is not None:
            self._optional[max_tokens_field] = max_tokens
        self._tails: dict[str, bytes] = {}
        self._encode_tails()

    @property
    def tools(self) -> list[Mapping[str, Any]]:
        """The tool schemas every request carries."""
        return list(self._tools)

    def _encode_tails(self) -> None:
        for choice in ("auto", "none"):
            members: dict[str, Any] = {"tools": self._tools, "tool_choice": choice}
            if choice == "auto" and self._parallel_tool_calls is not None:
                members["parallel_tool_calls"] = self._parallel_tool_calls
            members |= self._optional
            self._tails[choice] = b"," + _members(members) + b"}"

    def _drop_refused(self, exc: openai.APIError) -> bool:
        """When `exc` is a 400 refusing one of the optional parameters (temperature, the
        answer bound), leave it out of every later request and say so once; whether it was."""
        name = refused_parameter(exc, self._optional)
        if name is None:
            return False
        del self._optional[name]
        self._encode_tails()
        _log.warning(
            "the LLM server refused %r (HTTP 400), so it is no longer sent while the bot runs%s."
            " Server said: %s",
            name,
            "; set LLM_TEMPERATURE= (empty) to leave it out from the start"
            if name == "temperature"
            else "; answers are no longer bounded by LLM_MAX_TOKENS",
            _redact(getattr(exc, "message", "") or "", self.client.api_key),
        )
        return True

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
        seconds: float | None = None,
        on_send: Callable[[], None] | None = None,
        deadline: float | None = None,
    ) -> ChatCompletion:
        """Send one request (and its one retry, see the class docstring); raises
        `PlannerUnavailable` or `PlannerFailed` on failure.

        `seconds` replaces the client's timeout for this request; `on_send` is called for
        every request that goes out, a retry and a failed one included, so each is counted.
        `deadline` (the event loop's clock) bounds the retry too: it gets only the time left,
        and is not made when less than its back-off is left (the first failure is raised).
        """
        content = self.body(messages, tool_choice)
        retries = min(self.client.max_retries, 1)
        loop = asyncio.get_running_loop()
        attempt = 0
        while True:
            if on_send is not None:
                on_send()
            try:
                raw = await self._post(content, seconds)
            except openai.APIError as exc:
                left = math.inf if deadline is None else deadline - loop.time()
                if left > 0 and self._drop_refused(exc):  # each parameter once: this ends
                    content = self.body(messages, tool_choice)
                    if deadline is not None:
                        seconds = left if seconds is None else min(seconds, left)
                    continue
                if attempt < retries and _retryable(exc) and left > RETRY_DELAY_SECONDS:
                    attempt += 1
                    await asyncio.sleep(RETRY_DELAY_SECONDS)
                    if deadline is not None:
                        left = deadline - loop.time()
                        seconds = left if seconds is None else min(seconds, left)
                    continue
                raise translate_error(exc, self.client.api_key) from exc
            return completion_of(raw)

    async def _post(self, content: bytes, seconds: float | None) -> bytes:
        """One request, given up whole after `seconds` (else the client's own timeout).

        The client's timeout bounds each read only, so a server that sends a byte now and
        then keeps it waiting for as long as it generates; here the whole request is bounded
        and, once given up, its connection is closed: the one way a client tells a server
        to stop generating (llama.cpp's `llama-server`, vLLM and ollama do; README "A local
        model" says what bounds llama-cpp-python's).
        """
        try:
            async with asyncio.timeout(_seconds_of(self.client.timeout, seconds)):
                raw: bytes = await self.client.post(
                    "/chat/completions",
                    content=content,
                    cast_to=bytes,
                    # authenticated as `create` does; the retry is made by `complete`
                    options={"security": {"bearer_auth": True}, "max_retries": 0}
                    if seconds is None
                    else {"security": {"bearer_auth": True}, "max_retries": 0, "timeout": seconds},
                )
                return raw
        except TimeoutError as exc:
            raise PlannerTimedOut("the LLM request timed out; its connection was closed") from exc


def _seconds_of(timeout: object, seconds: float | None) -> float | None:
    """The whole request's bound: `seconds`, else the client's timeout (its read timeout
    when it is an httpx2.Timeout); None when there is none."""
    if seconds is not None:
        return seconds
    if isinstance(timeout, int | float):
        return float(timeout)
    read = getattr(timeout, "read", None)
    return float(read) if isinstance(read, int | float) else None


RETRY_DELAY_SECONDS = 0.5  # as the openai client's first back-off
# How servers refuse a parameter: OpenAI ("Unsupported parameter: 'max_tokens' is not
# supported with this model", "Unsupported value: 'temperature' does not support 0 with this
# model"), others ("unrecognized", "unknown field", pydantic's "Extra inputs are not permitted").
_UNSUPPORTED = re.compile(
    r"unsupported|not supported|does not support|unrecognized|unknown (?:parameter|field|"
    r"argument)|extra (?:inputs|fields)|not permitted",
    re.IGNORECASE,
)


def refused_parameter(exc: openai.APIError, names: Iterable[str]) -> str | None:
    """Which of `names` a 400 refuses as unsupported (by the error's `param`, or named in its
    message beside words of refusal); None when it is another error."""
    if not isinstance(exc, openai.APIStatusError) or exc.status_code != 400:
        return None
    message = exc.message or ""
    if _CONTEXT_ERROR.search(message):
        return None
    param = getattr(exc, "param", None)
    for name in names:
        if param == name:
            return name
        if _UNSUPPORTED.search(message) and re.search(rf"\b{re.escape(name)}\b", message):
            return name
    return None


def _retryable(exc: openai.APIError) -> bool:
    """A connection error, a 429 or a 5xx: worth one more try. A timeout is not."""
    if isinstance(exc, openai.APITimeoutError):
        return False
    if isinstance(exc, openai.APIConnectionError):
        return True
    return isinstance(exc, openai.APIStatusError) and (
        exc.status_code == 429 or exc.status_code >= 500
    )


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


async def calls_tools(client: openai.AsyncOpenAI, model: str) -> bool:
    """Does this model and server do tool calling at all?

    One tiny request offering one trivial tool. Raises `PlannerUnavailable` when the server
    cannot be used; otherwise says whether a tool call came back.
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
    return bool(choices and choices[0].message.tool_calls)
