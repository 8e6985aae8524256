"""The bot's LLM request against a real server: its prompt tokens and the server's prompt cache.

`python -m bench.llm_server` (run by `make test-llm`; by `make bench` too where the `llm-test`
extra is installed) starts llama-cpp-python's server with SmolLM2-135M-Instruct
(tests/llm_real/server.py) and sends it the request the bot really makes for a message: the
LLM planner's own body, recorded at a fake server, and reads from the server's log how long
processing its prompt took (the time to the first token) and how many of its tokens were
not taken from the cache.

A server that caches keeps the processed prompt and reuses its longest unchanged prefix, so
what the bot puts early in its request decides what a message costs:

- cold: a prompt the server has not seen (its first line changed), processed whole;
- cached: the same request again;
- a minute later: the bot's request for the same message one minute on, as the next
  message would send it; as fast as "cached" only when nothing early in the prompt moves
  with the clock.

It also reports the prompt tokens the server counted (`usage.prompt_tokens`) beside the
tiktoken estimate the bot's budget figure uses.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx

from bot.ops.llm_probe import estimate_prompt_tokens
from bot.planner.base import PlanContext
from bot.planner.llm import LlmPlanner
from tests.fixtures.openai import start_fake_openai
from tests.llm_real.server import RunningModel, llama_server, server_installed

MESSAGE = "had 2 eggs and toast for breakfast, slept badly"
ZONE = "Europe/Berlin"
ROUNDS = 2  # each figure is the median of this many requests (each can take a minute)


async def bot_request(now: dt.datetime) -> dict[str, Any]:
    """The body the LLM planner sends for MESSAGE at `now`, as a fake server received it."""
    running = start_fake_openai()
    client = running.fake.client()
    try:
        planner = LlmPlanner(client, "bench")
        await planner.plan(MESSAGE, PlanContext(now=now, timezone=ZONE))
        body: dict[str, Any] = running.fake.chat_requests[0]
        return body
    finally:
        await client.close()
        running.stop()


def _first_line_changed(body: dict[str, Any], mark: int) -> dict[str, Any]:
    """`body` with a new first line in its first message: nothing of it is cached."""
    changed = json.loads(json.dumps(body))
    first = changed["messages"][0]
    first["content"] = f"Request {mark}.\n{first['content']}"
    return changed


_PROMPT_EVAL = re.compile(r"prompt eval time =\s*([\d.]+) ms /\s*(\d+) tokens")


@dataclass(frozen=True)
class Timing:
    """One request: its wall time, and the prompt processing the server logged for it."""

    seconds: float
    prompt_eval_seconds: float  # the time to the first token, less that one token
    evaluated_tokens: int  # prompt tokens processed, not taken from the cache
    prompt_tokens: int | None  # the prompt's size as the server counted it (`usage`)


def _send(http: httpx.Client, model: RunningModel, body: dict[str, Any]) -> Timing:
    """Send `body`; its prompt processing is read from the server's own log (llama.cpp's
    `prompt eval time` lines), as llama-cpp-python's chatml-function-calling ignores
    `max_tokens` once tools are offered and cannot stream a tool call, so neither a
    1-token completion nor the first streamed chunk would time the prompt alone."""
    request = {**body, "model": model.model, "max_tokens": 64, "stream": False}
    logged = model.log.stat().st_size
    started = time.perf_counter()
    response = http.post(f"{model.base_url}/chat/completions", json=request)
    seconds = time.perf_counter() - started
    response.raise_for_status()
    with model.log.open("rb") as log:
        log.seek(logged)
        lines = log.read().decode(errors="replace")
    evals = [(float(ms), int(tokens)) for ms, tokens in _PROMPT_EVAL.findall(lines)]
    usage = response.json().get("usage") or {}
    return Timing(
        seconds,
        sum(ms for ms, _ in evals) / 1000,
        sum(tokens for _, tokens in evals),
        usage.get("prompt_tokens"),
    )


def _median(timings: list[Timing]) -> dict[str, float]:
    return {
        "prompt_eval_s": statistics.median(t.prompt_eval_seconds for t in timings),
        "evaluated_tokens": statistics.median(t.evaluated_tokens for t in timings),
        "request_s": statistics.median(t.seconds for t in timings),
    }


def measure(model: RunningModel, bodies: dict[str, dict[str, Any]]) -> dict[str, Any]:
    base, later = bodies["now"], bodies["later"]
    cold: list[Timing] = []
    cached: list[Timing] = []
    next_minute: list[Timing] = []
    with httpx.Client(timeout=600) as http:
        for mark in range(ROUNDS):
            cold.append(_send(http, model, _first_line_changed(base, mark)))
            cached.append(_send(http, model, _first_line_changed(base, mark)))
        _send(http, model, base)  # the server now holds the bot's request at `now`
        for _ in range(ROUNDS):
            next_minute.append(_send(http, model, later))
            _send(http, model, base)
    return {
        "model": model.model,
        "message": MESSAGE,
        "prompt_tokens_server": cold[0].prompt_tokens,
        "prompt_tokens_tiktoken": estimate_prompt_tokens(base["messages"], base.get("tools", [])),
        "cold": _median(cold),
        "cached": _median(cached),
        "a_minute_later": _median(next_minute),
        "rounds": ROUNDS,
    }


async def llm_server(workdir: Path) -> dict[str, Any]:
    """The benchmark (bench/cases.py runs it when the server is installed)."""
    now = dt.datetime.now(ZoneInfo(ZONE)).replace(second=0, microsecond=0)
    bodies = {
        "now": await bot_request(now),
        "later": await bot_request(now + dt.timedelta(minutes=1)),
    }
    with llama_server(workdir, external=False) as model:  # its log times the prompt
        return await asyncio.to_thread(measure, model, bodies)


def report(figures: dict[str, Any]) -> str:
    server = figures["prompt_tokens_server"]
    counted = f"{server:,} counted by the server" if server else "not reported by the server"
    lines = [
        f"The bot's request for {figures['message']!r} on llama-cpp-python "
        f"({figures['model']}), median of {figures['rounds']}:",
        f"  prompt tokens: {counted}, {figures['prompt_tokens_tiktoken']:,} by tiktoken",
    ]
    for key, what in (
        ("cold", "cold (first line changed)"),
        ("cached", "cached (the same request again)"),
        ("a_minute_later", "the same message a minute later"),
    ):
        row = figures[key]
        lines.append(
            f"  {what}: prompt processed in {row['prompt_eval_s']:.2f} s "
            f"({row['evaluated_tokens']:,.0f} tokens not from the cache); "
            f"whole request {row['request_s']:.2f} s"
        )
    return "\n".join(lines)


def main() -> None:
    if not server_installed():
        print("llama-cpp-python is not installed: `make test-llm` installs it.", file=sys.stderr)
        raise SystemExit(1)
    with tempfile.TemporaryDirectory(prefix="bench-llm-server-") as tmp:
        figures = asyncio.run(llm_server(Path(tmp)))
    print(report(figures))


if __name__ == "__main__":
    main()
