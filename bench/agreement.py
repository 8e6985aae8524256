"""How often two writers of the eval sets agree on a food's calories when nobody said how much.

    python -m bench.agreement [FILE ...]

The eval sets were written by different people, each giving a calorie range for each food
(about ±30% around their own estimate). Where a message names a food without an amount
("a croissant", "porridge", "fries"), the range is that writer's idea of a usual portion. This
counts, over pairs of such ranges from different writers for the same food, how often one
writer's middle falls inside the other's range: the share a perfect reader could at best
match when it has to pick one portion, a ceiling for "wrote wrong" on messages that say no
amount.

Which entries name the same food is decided by the offline reader: an expected entry counts
when the reader paired a logged entry with it and logged that food's table row at its default
portion (no amount read). Ranges narrower than ±10% (figures the person stated) are left out.
The figure is printed over pairs and per food (each food weighing the same). It measures the
labels, not the reader; by default it reads the development sets (never the held-out ones).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.ops.eval import load_cases, run_eval
from bot.ops.matching import pair_actions
from bot.planner.offline.planner import OfflinePlanner
from bot.planner.offline.table import Food, food_table

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
DEFAULT_SETS = ("eval_cases.jsonl", *(f"eval_dev{n}.jsonl" for n in range(2, 8)))
NARROWEST = 1.2  # max / min: narrower ranges are stated figures, not estimates


@dataclass(frozen=True)
class Estimate:
    writer: str
    low: float
    high: float

    @property
    def middle(self) -> float:
        return (self.low + self.high) / 2


def _default_row(logged: str, rows: dict[str, Food]) -> str | None:
    """The table row a logged entry's name is, when logged at the row's default portion."""
    base, _, portion = logged.partition(", ")
    name = re.sub(r"\s*\(.*?\)", "", base).strip().lower()
    row = rows.get(name)
    if row is None or portion.strip() != row.portion.strip():
        return None
    return name


async def estimates(paths: Sequence[Path]) -> dict[str, list[Estimate]]:
    """Per food (table row), every writer's calorie range for it said without an amount."""
    rows = {food.name.lower(): food for food in food_table().foods}
    found: dict[str, list[Estimate]] = defaultdict(list)
    for path in paths:
        report = await run_eval(load_cases(str(path)), OfflinePlanner())
        for result in report.results:
            expect = result.case.expect
            for i, j in pair_actions(expect, result.got):
                got = result.got[j]
                calories = expect[i].get("entry", {}).get("calories")
                if got["type"] != "nutrition.add_entry" or not isinstance(calories, dict):
                    continue
                if calories["max"] < NARROWEST * calories["min"]:
                    continue
                row = _default_row(got["entry"]["food"], rows)
                if row is not None:
                    found[row].append(Estimate(path.stem, calories["min"], calories["max"]))
    return found


def agreement(found: dict[str, list[Estimate]]) -> tuple[int, float, float, int]:
    """(pairs, share of pairs agreeing, mean per-food share, foods with two writers)."""
    agree = pairs = 0
    per_food: list[float] = []
    for ranges in found.values():
        food_agree = food_pairs = 0
        for a, b in itertools.permutations(ranges, 2):
            if a.writer == b.writer:
                continue
            inside = b.low <= a.middle <= b.high
            food_pairs += 1
            food_agree += inside
        if food_pairs:
            per_food.append(food_agree / food_pairs)
            pairs += food_pairs
            agree += food_agree
    if not pairs:
        return 0, 0.0, 0.0, 0
    return pairs, agree / pairs, sum(per_food) / len(per_food), len(per_food)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.agreement", description=__doc__)
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_args(argv)
    paths = args.files or [DATA / name for name in DEFAULT_SETS]
    pairs, share, per_food, foods = agreement(asyncio.run(estimates(paths)))
    print(f"sets: {', '.join(p.stem for p in paths)}")
    print(f"foods said without an amount by two writers or more: {foods}")
    print(f"pairs of writers' ranges: {pairs}; one's middle inside the other's: {share:.1%}")
    print(f"the same, each food weighing the same: {per_food:.1%}")


if __name__ == "__main__":
    main()
