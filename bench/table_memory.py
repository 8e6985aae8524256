"""`python -m bench.table_memory [--traced]`: what the food tables hold once read.

In a fresh process, reads `food_table()` and `survey_table()` as `compose()` does at start
and prints the resident set (VmRSS, Linux) before and after; with `--traced`, the Python
allocations they keep and the peak while reading (tracemalloc, which itself costs RSS).
"""

from __future__ import annotations

import gc
import sys
import tracemalloc
from pathlib import Path


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024
    return 0.0


def main(traced: bool) -> None:
    from bot.planner.offline.survey import survey_table
    from bot.planner.offline.table import food_table

    gc.collect()
    before = _rss_mb()
    if traced:
        tracemalloc.start()
    curated, survey = food_table(), survey_table()
    gc.collect()
    aliases = len(curated.by_alias) + (len(survey.by_alias) if survey else 0)
    print(f"{aliases:,} aliases")
    if traced:
        kept, peak = tracemalloc.get_traced_memory()
        print(f"traced: kept {kept / 2**20:.2f} MB, peak while reading {peak / 2**20:.2f} MB")
    else:
        after = _rss_mb()
        print(f"RSS before {before:.1f} MB, after {after:.1f} MB: tables {after - before:.1f} MB")


if __name__ == "__main__":
    main("--traced" in sys.argv)
