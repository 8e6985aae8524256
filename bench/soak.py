"""A long run: `healthbot run` through minutes of bursts, its resident memory over time.

The real bot runs as a subprocess against `bench.servers`, with the settings a deployment
keeps (MAX_CONCURRENT_UPDATES, LLM_MAX_CONCURRENCY and OFFLINE_FAST_PATH at their defaults),
so the larger bursts queue behind the caps as they would in production. Bursts of 50, 200 and
500 people writing at the same instant follow one another until SOAK_SECONDS have passed
(600 by default); half of each burst writes a meal the rules read ("2 eggs and toast": no
model), the other half one only the model reads (it answers after LLM_S). The writers are
taken in turn from a group of POOL linked people, so each writes a few times over the run
(about 5 in 10 minutes), as people log a day, and each burst has people who wrote before.

The process's VmRSS is read from /proc every second. The figures: RSS after the first burst of
each size and after its last (growth is the difference of the two, per size), the peak
(VmHWM), the timeline in 10 s steps, and the CPU per message of each burst size (the first
round's and the last's: the process's own CPU clock, from the push until 1 s after the last
reply, idle rate taken out as `bench.e2e` does).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import time
from pathlib import Path
from typing import Any

from bench.common import bench_settings, bot_env, food_call, linked, start_bot, vm_hwm_mb, with_llm
from bench.e2e import API_MS, LLM_S, SqlCounts, _replies, _sample, _tail
from bench.servers import Servers
from bot.config import Settings
from tests.fixtures.core import persons_today

SIZES = (50, 200, 500)  # people writing at once; one burst of each size a round
RULES_TEXT = "2 eggs and toast"  # read by the rules, the model never asked
MODEL_TEXT = "quinoa bowl thing my aunt makes"  # the rules leave words unplaced: the model reads it
PAUSE_S = 3.0  # between bursts: the idle rate of the next is measured over it
SETTLE_S = 1.0
WARMUP = 10
POOL = 2000  # linked people the bursts take their writers from, in turn
GOAL_PEAK_MB = 150.0
GOAL_GROWTH_MB = 5.0  # from a size's first burst to its last: within the allocator's noise


def vm_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def _watch(pid: int, started: float, timeline: list[tuple[float, float]]) -> None:
    while True:
        try:
            timeline.append((time.monotonic() - started, vm_rss_mb(pid)))
        except OSError:
            return
        await asyncio.sleep(1.0)


async def _one_burst(
    servers: Servers, process: Any, cpu: SqlCounts, people: list[int], day: dt.date
) -> dict[str, Any]:
    """Everyone in `people` writes at once, half for the rules, half for the model."""
    pid = process.pid
    half = len(people) // 2
    servers.call("script_openai", food_call(day), LLM_S, len(people) - half)
    idle = await _sample(pid, cpu)
    await asyncio.sleep(PAUSE_S)
    start = await _sample(pid, cpu)
    since = servers.call("telegram_sent_count")
    pushed = time.monotonic()
    texts = [(p, RULES_TEXT if i < half else MODEL_TEXT) for i, p in enumerate(people)]
    servers.call("push_at_once", texts)
    replies = await _replies(servers, process, since, people)
    done = max(at for _, at in replies.values()) - pushed
    await asyncio.sleep(SETTLE_S)
    end = await _sample(pid, cpu)
    idle_rate = (start.cpu - idle.cpu) / (start.at - idle.at)
    net = (end.cpu - start.cpu) - idle_rate * (end.at - start.at)
    logged = sum(("Eggs" in text) or ("Quinoa" in text) for text, _ in replies.values())
    return {
        "people": len(people),
        "logged": logged,
        "all_replies_s": round(done, 2),
        "cpu_ms_per_message": 1000 * net / max(logged, 1),
        "rss_mb": vm_rss_mb(pid),
    }


def _bot_env(servers: Servers, settings: Settings, cpu: SqlCounts) -> dict[str, str]:
    assert settings.bot_encryption_key is not None
    return bot_env(
        servers,
        settings,
        settings.bot_encryption_key.get_secret_value(),
        OPENAI_API_KEY="bench",
        OPENAI_BASE_URL=servers.urls.openai,
        **cpu.env,
    )


async def soak(workdir: Path) -> dict[str, Any]:
    seconds = float(os.environ.get("SOAK_SECONDS", "600"))
    day = persons_today()
    defaults = Settings(_env_file=None)
    with Servers(workdir, latency_ms=API_MS) as servers:
        settings = bench_settings(servers, workdir, **with_llm(servers, offline_fast_path=True))
        assistant, people = await linked(servers, settings, POOL + WARMUP)
        await assistant.aclose()
        cpu = SqlCounts(workdir, "soak_cpu", sql=False)
        process = start_bot(workdir, _bot_env(servers, settings, cpu))
        timeline: list[tuple[float, float]] = []
        started = time.monotonic()
        watch = asyncio.create_task(_watch(process.pid, started, timeline))
        bursts: list[dict[str, Any]] = []
        try:
            warm = people[:WARMUP]
            servers.call("script_openai", food_call(day), LLM_S, WARMUP)
            since = servers.call("telegram_sent_count")
            servers.call("push_at_once", [(p, MODEL_TEXT) for p in warm])
            await _replies(servers, process, since, warm)
            after_start = vm_rss_mb(process.pid)
            crowd, turn = people[WARMUP:], 0
            while time.monotonic() - started < seconds:
                for size in SIZES:
                    writers = [crowd[(turn + i) % POOL] for i in range(size)]
                    turn = (turn + size) % POOL
                    burst = await _one_burst(servers, process, cpu, writers, day)
                    burst["at_s"] = round(time.monotonic() - started, 1)
                    bursts.append(burst)
            peak = vm_hwm_mb(process.pid)
        except Exception as exc:
            tail = _tail(workdir / "bot.log")
            raise RuntimeError(f"{exc}; the bot's output ended with:\n{tail}") from exc
        finally:
            watch.cancel()
            process.terminate()
            process.wait(20)
    by_size = {size: [b for b in bursts if b["people"] == size] for size in SIZES}
    growth = {str(s): round(b[-1]["rss_mb"] - b[0]["rss_mb"], 1) for s, b in by_size.items()}
    return {
        "path": "healthbot run as a subprocess; VmRSS and VmHWM from /proc every second",
        "seconds": round(time.monotonic() - started),
        "sizes": list(SIZES),
        "rounds": len(bursts) // len(SIZES),
        "messages": sum(b["people"] for b in bursts) + WARMUP,
        "logged": sum(b["logged"] for b in bursts),
        "people": POOL,
        "max_concurrent_updates": defaults.max_concurrent_updates,
        "llm_max_concurrency": defaults.llm_max_concurrency,
        "rss_after_start_mb": round(after_start, 1),
        "peak_rss_mb": round(peak, 1),
        "rss_first_burst_mb": {str(s): b[0]["rss_mb"] for s, b in by_size.items()},
        "rss_last_burst_mb": {str(s): b[-1]["rss_mb"] for s, b in by_size.items()},
        "growth_mb": growth,
        "cpu_ms_per_message_first": {
            str(s): round(b[0]["cpu_ms_per_message"], 2) for s, b in by_size.items()
        },
        "cpu_ms_per_message_last": {
            str(s): round(b[-1]["cpu_ms_per_message"], 2) for s, b in by_size.items()
        },
        "timeline": [(round(t), round(mb, 1)) for t, mb in timeline[::10]],
        "bursts": bursts,
        "goal_peak_mb": GOAL_PEAK_MB,
        "goal_growth_mb": GOAL_GROWTH_MB,
    }
