"""The OpenAI client that the planner, voice notes and photos share, and what its errors mean.

Any OpenAI-compatible server will do. Every failure of a request becomes one of the planner's
two kinds (bot/planner/base.py), so the assistant words a failed voice note the same way as
a failed message: `PlannerUnavailable` when the server could not be used, `PlannerFailed`
when its answer was unusable. The API key never appears in a message.
"""

from __future__ import annotations

import re

import openai
from openai.types.chat import ChatCompletionToolUnionParam

from bot.config import Settings
from bot.planner.base import PlannerError, PlannerFailed, PlannerUnavailable
from bot.planner.prompt import load_template
from bot.render import llm

__all__ = ["openai_client", "probe", "translate_error"]

_SECRET_LIKE = re.compile(r"\b(sk|key|token)-[A-Za-z0-9_*.-]{6,}", re.IGNORECASE)


def openai_client(settings: Settings) -> openai.AsyncOpenAI:
    """A client for the configured server, with one retry on transient errors.

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
