"""The offline planner alone: time per message over the eval's texts, and the food table's load.

`python -m bench.planner` prints the figures; `python -m bench --only planner` runs it with the
other benchmarks. Each message is planned the way the assistant plans it without an LLM
(`plan_text`), after one warm-up pass, so the figures are the steady state of a running bot:
the table read, indexed and the typo cache warm for the words seen before.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import statistics
import time
from pathlib import Path
from typing import Any

from bench.common import pct
from bot.planner.base import PlanContext
from bot.planner.offline.planner import plan_text
from bot.planner.offline.table import food_table

GOAL_P50_MS = 2.0
ROUNDS = 20
EVAL_FILES = ("eval_cases.jsonl", "eval_heldout.jsonl")
DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def texts() -> list[str]:
    found: list[str] = []
    for name in EVAL_FILES:
        path = DATA / name
        if path.is_file():
            for line in path.read_text("utf-8").splitlines():
                if line.strip():
                    found.append(json.loads(line)["text"])
    return found


async def planner(_workdir: Path) -> dict[str, Any]:
    """p50/p95/max of `plan_text` per message; the cold load of the food table."""
    food_table.cache_clear()
    started = time.perf_counter()
    table = food_table()
    load_ms = (time.perf_counter() - started) * 1000
    messages = texts()
    context = PlanContext(now=dt.datetime(2026, 11, 22, 12, 0), timezone="UTC")
    cold: list[float] = []
    for text in messages:  # the first time each word is seen: typo look-ups not cached yet
        t0 = time.perf_counter()
        plan_text(text, context)
        cold.append((time.perf_counter() - t0) * 1000)
    times: list[float] = []
    for _ in range(ROUNDS):
        for text in messages:
            t0 = time.perf_counter()
            plan_text(text, context)
            times.append((time.perf_counter() - t0) * 1000)
    return {
        "messages": len(messages),
        "rounds": ROUNDS,
        "foods": len(table.foods),
        "aliases": len(table.by_alias),
        "table_load_ms": load_ms,
        "first_pass_p50_ms": statistics.median(cold),
        "first_pass_max_ms": max(cold),
        "p50_ms": statistics.median(times),
        "p95_ms": pct(times, 0.95),
        "max_ms": max(times),
        "goal_p50_ms": GOAL_P50_MS,
    }


def main() -> None:
    figures = asyncio.run(planner(Path(".")))
    print(
        f"offline planner, {figures['messages']} messages x {figures['rounds']} rounds, "
        f"{figures['foods']} foods / {figures['aliases']} aliases "
        f"(table read and indexed in {figures['table_load_ms']:.0f} ms):\n"
        f"  per message p50 {figures['p50_ms']:.3f} ms, p95 {figures['p95_ms']:.3f} ms, "
        f"max {figures['max_ms']:.2f} ms (goal p50 < {GOAL_P50_MS:g} ms: "
        f"{'met' if figures['p50_ms'] < GOAL_P50_MS else 'missed'})\n"
        f"  first pass (cold typo cache) p50 {figures['first_pass_p50_ms']:.3f} ms, "
        f"max {figures['first_pass_max_ms']:.2f} ms"
    )


if __name__ == "__main__":
    main()
