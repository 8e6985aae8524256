"""The /month chart: time and added memory to draw one, and how long the event loop stalls
while ten are drawn at once.

`python -m bench.charts` prints the figures; `python -m bench --only charts` runs it with the
other benchmarks (in its own process, so the memory is the chart's alone). The chart is
drawn from a full month (every day eaten, weighed and checked in, two supplements), the
most a /month chart ever draws. Drawing is what a chart costs the bot: its reads are one
`GET /today` a day and one `GET /weight`, which wait on the service, not on the bot.

- `first_ms`: the first chart of a process, matplotlib's import and font set-up included,
  and `first_stall_ms` the loop's longest stall meanwhile;
- `p50_ms`/`max_ms`: the charts after it (goal: under 300 ms);
- `cpu_p50_ms`: the same in CPU time, what the figure is on an idle machine;
- `first_added_rss_mb`: the peak memory of the first chart over what a running bot holds
  before it (matplotlib's import included; goal: under 60 MB); `added_rss_mb_after_all`
  the same after every chart of the run;
- `stall_max_ms`: the longest the event loop went without running a 1 ms ticker while ten
  charts were asked for at once and drawn off the loop, as `build_report` draws them
  (goal: under 50 ms);
  `idle_stall_max_ms` the same with nothing drawn: the machine's own noise.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

from bench.common import pct

GOAL_MS = 300.0
GOAL_ADDED_MB = 60.0
GOAL_STALL_MS = 50.0
ROUNDS = 10
AT_ONCE = 10
TICK_S = 0.001
IDLE_S = 3.0


def _rss_mb(field: str) -> float:
    """VmRSS or VmHWM (the peak) of this process, in MB (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


def full_month() -> Any:
    from bot.insights.series import Series, trend_of

    rng = random.Random(30)
    days = tuple(dt.date(2026, 11, 22) - dt.timedelta(days=29 - n) for n in range(30))
    kcal = tuple(rng.uniform(1500, 2600) for _ in days)
    weight = tuple(82 - n * 0.06 + rng.uniform(-0.7, 0.7) for n in range(30))

    def ratings() -> tuple[int | None, ...]:
        return tuple(rng.randint(1, 5) for _ in days)

    return Series(
        days=days,
        calories=kcal,
        protein=tuple(k * 0.25 / 4 for k in kcal),
        carbs=tuple(k * 0.45 / 4 for k in kcal),
        fat=tuple(k * 0.30 / 9 for k in kcal),
        weight=weight,
        trend=tuple(trend_of(weight)),
        mood=ratings(),
        energy=ratings(),
        sleep=ratings(),
        supplements=(("Vitamin D", 27), ("Magnesium", 18)),
        logged=(True,) * 30,
        calorie_goal=2000.0,
        weight_goal=78.0,
    )


async def _stall_while_drawing(series: Any, title: str, *, charts: int) -> tuple[float, float]:
    """(longest stall, wall time) in ms while `charts` charts are drawn in threads; with
    none, the loop idles as long as `IDLE_S`: the machine's own noise."""
    from bot.insights.report import draw_off_loop

    done = asyncio.Event()
    stalls: list[float] = []

    async def ticker() -> None:
        last = time.perf_counter()
        while not done.is_set():
            await asyncio.sleep(TICK_S)
            now = time.perf_counter()
            stalls.append((now - last - TICK_S) * 1000)
            last = now

    ticking = asyncio.create_task(ticker())
    await asyncio.sleep(0.05)  # the ticker settles before any chart starts
    started = time.perf_counter()
    drawn = [draw_off_loop(series, title=title, zone="Europe/Berlin") for _ in range(charts)]
    await asyncio.gather(*drawn)
    if not charts:
        await asyncio.sleep(IDLE_S)
    wall = (time.perf_counter() - started) * 1000
    done.set()
    await ticking
    return max(stalls), wall


async def charts(_workdir: Path) -> dict[str, Any]:
    """First and steady draw time of a /month chart, its added peak memory, the loop's stall."""
    # What a running bot has loaded anyway; matplotlib is imported by the first chart.
    import bot.core.assistant
    import bot.telegram.app  # noqa: F401
    from bot.insights.draw import draw_png

    series = full_month()
    before_mb = _rss_mb("VmRSS")
    title = "Your 30 days · 24 Oct – 22 Nov 2026"
    first_stall_ms, first_ms = await _stall_while_drawing(series, title, charts=1)
    png = draw_png(series, title=title, zone="Europe/Berlin")
    first_added_mb = _rss_mb("VmHWM") - before_mb
    times: list[float] = []
    cpu: list[float] = []
    for _ in range(ROUNDS):
        t0, c0 = time.perf_counter(), time.thread_time()
        draw_png(series, title=title, zone="Europe/Berlin")
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    idle_stall_ms, _ = await _stall_while_drawing(series, title, charts=0)
    stall_ms, wall_ms = await _stall_while_drawing(series, title, charts=AT_ONCE)
    p50 = statistics.median(times)
    added_mb = _rss_mb("VmHWM") - before_mb
    return {
        "first_ms": round(first_ms, 1),
        "first_stall_ms": round(first_stall_ms, 1),
        "p50_ms": round(p50, 1),
        "p95_ms": round(pct(times, 0.95), 1),
        "max_ms": round(max(times), 1),
        "cpu_p50_ms": round(statistics.median(cpu), 1),
        "png_kb": round(len(png) / 1024, 1),
        "first_added_rss_mb": round(first_added_mb, 1),
        "added_rss_mb_after_all": round(added_mb, 1),
        "idle_stall_max_ms": round(idle_stall_ms, 1),
        "stall_max_ms": round(stall_ms, 1),
        "ten_charts_wall_ms": round(wall_ms, 1),
        "goal_ms": GOAL_MS,
        "goal_added_mb": GOAL_ADDED_MB,
        "goal_stall_ms": GOAL_STALL_MS,
        "meets_goals": (
            p50 < GOAL_MS and first_added_mb < GOAL_ADDED_MB and stall_ms < GOAL_STALL_MS
        ),
    }


if __name__ == "__main__":
    print(json.dumps(asyncio.run(charts(Path("."))), indent=2))
