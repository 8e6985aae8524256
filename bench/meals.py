"""The offline planner on meals written from USDA's FNDDS (tests/data/meals_usda.jsonl).

    python -m bench.meals [--limit N] [--file PATH]

`--file tests/data/meals_usda_dev.jsonl` scores the development set: the same builder with
another seed and none of the check's foods, the set to look at when changing the reader.

Each meal's sentence ("a cup of 2% milk and 2 scrambled eggs") is planned the way
`healthbot eval` plans a case (bot/ops/eval.py): an `OfflinePlanner`, a `PlanContext` from
the meal's `now` and `timezone`, the plan checked by `sane`, and what would be written is the
plan's actions (nothing while it asks which unit a number was in, nothing for a repeat: the
set holds no account to copy from). The figures, each a share of the meals:

- coverage: anything was logged;
- whole meal: at least as many food entries as the meal has foods (a rough count: an entry
  is not matched to a food);
- calories within +-20% of the reference, carbohydrates within +-7.5 g (a meal that logged
  nothing misses both);
- beside a baseline that answers every meal with the set's average calories and carbs;
- and the planning time per meal.

The set is built by scripts/build_meal_check.py (tests/data/README.md); it is a check from
outside the rules: **never tune rules or food tables to its sentences.** This benchmark is
not one of `python -m bench`'s (it measures how well, not how fast), so it writes nothing
to bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bench.common import pct
from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner
from bot.planner.sanity import sane

MEALS = Path(__file__).resolve().parent.parent / "tests" / "data" / "meals_usda.jsonl"
CALORIES_BAND = 0.20  # +-20% of the reference
CARBS_BAND = 7.5  # +-7.5 g


@dataclass(frozen=True)
class Meal:
    id: str
    text: str
    now: dt.datetime
    foods: int
    calories: float
    carbs: float


@dataclass(frozen=True)
class Read:
    """What the planner logged for one meal."""

    entries: int
    calories: float
    carbs: float
    ms: float


def load_meals(path: Path = MEALS, limit: int | None = None) -> list[Meal]:
    meals: list[Meal] = []
    for line in path.read_text("utf-8").splitlines():
        if not line.strip():
            continue
        raw = json.loads(line)
        now = dt.datetime.fromisoformat(raw["now"]).replace(tzinfo=ZoneInfo(raw["timezone"]))
        meals.append(
            Meal(raw["id"], raw["text"], now, len(raw["foods"]), raw["calories"], raw["carbs"])
        )
        if limit is not None and len(meals) >= limit:
            break
    return meals


async def read_meals(meals: Sequence[Meal]) -> list[Read]:
    """Plan every meal, one at a time, as `healthbot eval --planner offline` would."""
    planner = OfflinePlanner()
    reads: list[Read] = []
    for meal in meals:
        context = PlanContext(now=meal.now, timezone=str(meal.now.tzinfo))
        started = time.perf_counter()
        plan = sane(await planner.plan(meal.text, context))
        ms = (time.perf_counter() - started) * 1000
        written = [] if plan.unit_question is not None or plan.repeat is not None else plan.actions
        entries = [a.entry for a in written if isinstance(a, NutritionAddEntry)]
        reads.append(
            Read(
                len(entries),
                sum(e.calories or 0 for e in entries),
                sum(e.carbs or 0 for e in entries),
                ms,
            )
        )
    return reads


def calories_ok(got: float, want: float) -> bool:
    return abs(got - want) <= CALORIES_BAND * want


def carbs_ok(got: float, want: float) -> bool:
    return abs(got - want) <= CARBS_BAND


def score(meals: Sequence[Meal], reads: Sequence[Read], path: Path = MEALS) -> dict[str, Any]:
    """The shares (0..1) and times; the baseline answers the average of `meals`."""
    n = len(meals)
    mean_kcal = statistics.fmean(m.calories for m in meals)
    mean_carbs = statistics.fmean(m.carbs for m in meals)
    logged = [(m, r) for m, r in zip(meals, reads, strict=True) if r.entries]
    times = [r.ms for r in reads]
    return {
        "file": _shown(path),
        "meals": n,
        "coverage": len(logged) / n,
        "whole_meal": sum(r.entries >= m.foods for m, r in logged) / n,
        "calories_within_20pct": sum(calories_ok(r.calories, m.calories) for m, r in logged) / n,
        "carbs_within_7_5g": sum(carbs_ok(r.carbs, m.carbs) for m, r in logged) / n,
        "baseline_calories_within_20pct": sum(calories_ok(mean_kcal, m.calories) for m in meals)
        / n,
        "baseline_carbs_within_7_5g": sum(carbs_ok(mean_carbs, m.carbs) for m in meals) / n,
        "baseline_kcal": mean_kcal,
        "baseline_carbs": mean_carbs,
        "median_abs_kcal_error_logged": (
            statistics.median(abs(r.calories - m.calories) for m, r in logged) if logged else None
        ),
        "ms_mean": statistics.fmean(times),
        "ms_p50": statistics.median(times),
        "ms_p95": pct(times, 0.95),
        "ms_max": max(times),
    }


def run(limit: int | None = None, path: Path = MEALS) -> dict[str, Any]:
    meals = load_meals(path, limit)
    if not meals:
        raise ValueError(f"{path}: no meals")
    return score(meals, asyncio.run(read_meals(meals)), path)


def _shown(path: Path) -> str:
    """`path` from the repository's root when it lies inside it."""
    root = MEALS.parent.parent.parent
    resolved = path.resolve()
    return str(resolved.relative_to(root)) if resolved.is_relative_to(root) else str(path)


def report(f: dict[str, Any]) -> str:
    median = f["median_abs_kcal_error_logged"]
    return "\n".join(
        [
            f"offline planner on {f['meals']} USDA FNDDS meals ({f['file']}):",
            f"  coverage (logged anything)     {f['coverage']:6.1%}",
            f"  whole meal (an entry per food) {f['whole_meal']:6.1%}",
            f"  calories within +-20%          {f['calories_within_20pct']:6.1%}"
            f"   baseline {f['baseline_calories_within_20pct']:6.1%}"
            f" (always {f['baseline_kcal']:.0f} kcal)",
            f"  carbs within +-7.5 g           {f['carbs_within_7_5g']:6.1%}"
            f"   baseline {f['baseline_carbs_within_7_5g']:6.1%}"
            f" (always {f['baseline_carbs']:.1f} g)",
            "  median |kcal error| where logged "
            + (f"{median:.0f} kcal" if median is not None else "-"),
            f"  time per meal: mean {f['ms_mean']:.2f} ms, p50 {f['ms_p50']:.2f} ms, "
            f"p95 {f['ms_p95']:.2f} ms, max {f['ms_max']:.1f} ms (the first meal loads "
            "the food table)",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description="offline planner on the USDA meal set")
    parser.add_argument("--limit", type=int, default=None, help="only the first N meals")
    parser.add_argument("--file", type=Path, default=MEALS)
    parser.add_argument("--json", action="store_true", help="the figures as JSON too")
    args = parser.parse_args()
    figures = run(args.limit, args.file)
    print(report(figures))
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
