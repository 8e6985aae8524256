"""`healthbot doctor`'s LLM check: can this model log what a person writes?

One request as the bot makes it with a realistic message: built by the planner the bot runs
(`build_llm_planner` from the same settings), through the same code as its first request of a
message (the system prompt, the person's clock heading their turn, the tools, `tool_choice`,
`parallel_tool_calls`, the temperature and the answer bound under the field the bot names it
by), and sent as the bot sends it, so a server that refuses a parameter is asked again
without it, as the bot would. Each tool call that comes back is validated as the planner
validates it (into the action models). A model that answers in prose, or whose calls do not
validate, cannot log anything: that is a failed check, whatever else the server does well.

Besides the verdict: how many prompt tokens the server counted (`usage`, when it reports it)
next to the local tiktoken estimate, which undercounts other models' tokenizers, and the
context size the server runs with when it says (vLLM and some servers in `/v1/models`,
llama.cpp's `llama-server` in `/props`).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import aiohttp
import openai
import orjson
from openai.types.chat import ChatCompletionMessageParam

from bot.agent_api.actions import NutritionAddEntry, WeightLog
from bot.agent_api.client import new_http_client
from bot.kernel.readers import DEFAULT
from bot.planner.base import PlanContext, ReadRequest
from bot.planner.client import calls_tools
from bot.planner.llm import LlmPlanner
from bot.planner.prompt import count_tokens
from bot.planner.tools import ToolCallError, parse_tool_call
from bot.render.conversation import logged_line
from bot.render.format import to_plain
from bot.render.ops import llm_probe_result

__all__ = [
    "PROBE_MESSAGE",
    "ProbeResult",
    "context_size",
    "estimate_prompt_tokens",
    "probe",
    "probe_context",
    "probe_llm",
    "probe_messages",
]

PROBE_MESSAGE = "had 2 eggs and toast, 72.4 kg this morning"
# What any model worth using makes of PROBE_MESSAGE: at least one of these.
_PROBE_FOOD = re.compile(r"egg|toast", re.IGNORECASE)
_PROBE_WEIGHT_KG = 72.4
PROBE_TIMEZONE = "UTC"
# Where servers say how many tokens of context they run with, in a `/v1/models` entry (or its
# `meta`): llama.cpp-based servers `n_ctx`, vLLM `max_model_len`, others the longer names.
_CONTEXT_KEYS = ("n_ctx", "max_model_len", "context_length", "context_window")


@dataclass(frozen=True)
class ProbeResult:
    """What the model made of `PROBE_MESSAGE`."""

    valid: tuple[str, ...]  # the tools whose calls validated, in the order called
    understood: tuple[str, ...]  # what those calls would log, as the bot words it (plain)
    invalid: tuple[tuple[str, str], ...]  # (tool, why its call did not validate)
    text: str | None  # what the model said beside or instead of tool calls
    server_prompt_tokens: int | None  # `usage.prompt_tokens`, when the server reports it
    estimated_prompt_tokens: int  # the same request counted locally with tiktoken
    context_tokens: int | None  # the server's context size, when it says

    recognised: bool  # the calls log the eggs, the toast or the weight the message names


def probe_context(now: dt.datetime, day_ends_at: dt.time = dt.time(0)) -> PlanContext:
    """The person the probe speaks for: in `PROBE_TIMEZONE`, nothing remembered, their day
    ending when the bot's people's does (DAY_ENDS_AT)."""
    return PlanContext(now=now, timezone=PROBE_TIMEZONE, day_ends_at=day_ends_at)


def probe_messages(planner: LlmPlanner, context: PlanContext) -> list[ChatCompletionMessageParam]:
    """The messages `planner` sends first for `PROBE_MESSAGE` (its own `_messages`: the
    system prompt, then the person's clock and the message, fitted to LLM_CONTEXT_TOKENS)."""
    return planner._messages(PROBE_MESSAGE, context)


def estimate_prompt_tokens(
    messages: Sequence[Mapping[str, Any]], tools: Sequence[Mapping[str, Any]]
) -> int:
    """A request's prompt tokens by tiktoken (cl100k_base): contents, tool schemas as compact
    JSON, and OpenAI's framing of 4 tokens a message plus 3."""
    text = sum(count_tokens(str(m.get("content") or "")) for m in messages)
    schemas = count_tokens(json.dumps(list(tools), separators=(",", ":"), ensure_ascii=False))
    return text + schemas + 4 * len(messages) + 3


async def probe(client: openai.AsyncOpenAI, model: str) -> str:
    """The quickest check, in one line: does this model and server call tools at all?
    Raises `PlannerUnavailable` when the server cannot be used."""
    return llm_probe_result(model, await calls_tools(client, model))


async def probe_llm(
    planner: LlmPlanner, *, now: dt.datetime | None = None, day_ends_at: dt.time = dt.time(0)
) -> ProbeResult:
    """Send the probe as `planner` sends a message's first request; raises the planner's
    `PlannerUnavailable`/`PlannerFailed`/`ContextTooLong` when the server cannot be used (the
    same words the bot's own requests would get)."""
    context = probe_context(now or dt.datetime.now(dt.UTC), day_ends_at)
    messages = probe_messages(planner, context)
    completion = await planner.requests.complete(
        messages, tool_choice="auto", seconds=planner.request_timeout
    )
    choices = getattr(completion, "choices", None) or []
    message = choices[0].message if choices else None
    valid: list[str] = []
    understood: list[str] = []
    recognised = False
    invalid: list[tuple[str, str]] = []
    for call in (message.tool_calls if message else None) or []:
        function = getattr(call, "function", None)
        name = getattr(function, "name", "") or ""
        try:
            outputs = parse_tool_call(name, getattr(function, "arguments", "") or "", context)
        except ToolCallError as exc:
            invalid.append((name or "?", str(exc)))
        else:
            valid.append(name)
            recognised = recognised or any(_says_the_probe(output) for output in outputs)
            understood.extend(
                to_plain(logged_line(output, context.today, DEFAULT))
                for output in outputs
                if not isinstance(output, ReadRequest)
            )
    usage = getattr(completion, "usage", None)
    return ProbeResult(
        valid=tuple(valid),
        understood=tuple(understood),
        recognised=recognised,
        invalid=tuple(invalid),
        text=((message.content or "").strip() or None) if message else None,
        server_prompt_tokens=getattr(usage, "prompt_tokens", None) or None,
        estimated_prompt_tokens=estimate_prompt_tokens(messages, planner.requests.tools),
        context_tokens=await context_size(planner.client, planner.model),
    )


def _says_the_probe(output: object) -> bool:
    if isinstance(output, NutritionAddEntry):
        return bool(_PROBE_FOOD.search(output.entry.food))
    return isinstance(output, WeightLog) and abs(output.weight_kg - _PROBE_WEIGHT_KG) < 0.05


async def context_size(client: openai.AsyncOpenAI, model: str) -> int | None:
    """The context the server runs `model` with, if it says; None when it does not."""
    base = str(client.base_url).rstrip("/")
    headers = {"Authorization": f"Bearer {client.api_key}"}
    async with new_http_client(timeout_seconds=5) as http:
        listed = await _json(http, f"{base}/models", headers)
        entries = listed.get("data") if isinstance(listed, dict) else None
        if isinstance(entries, list):
            ours = [e for e in entries if isinstance(e, dict) and e.get("id") == model]
            for entry in ours or entries[:1]:
                for place in (entry, entry.get("meta")):
                    found = _context_in(place)
                    if found is not None:
                        return found
        # llama.cpp's llama-server: GET /props at the root, beside /v1
        props = await _json(http, f"{base.removesuffix('/v1')}/props", headers)
        if isinstance(props, dict):
            return _context_in(props.get("default_generation_settings")) or _context_in(props)
    return None


def _context_in(place: object) -> int | None:
    if not isinstance(place, dict):
        return None
    for key in _CONTEXT_KEYS:
        value = place.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return value
    return None


async def _json(http: aiohttp.ClientSession, url: str, headers: dict[str, str]) -> Any:
    try:
        async with http.get(url, headers=headers) as response:
            return orjson.loads(await response.read()) if response.status == 200 else None
    except (TimeoutError, aiohttp.ClientError, ValueError):
        return None
