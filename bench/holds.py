"""`python -m bench.holds FOLDER [FIRST LAST]`: what a traced process held, by package.

Reads the `tracemalloc` snapshots `bench/sqlcount/sitecustomize.py` dumped with
BENCH_TRACEMALLOC=FOLDER and prints the megabytes each package (the folder under
site-packages, the standard library's module, or the bot's own subpackage) held in the last,
and with FIRST and LAST, what each gained between those two.
"""

from __future__ import annotations

import sys
import tracemalloc
from collections import Counter
from pathlib import Path


def package(filename: str) -> str:
    parts = Path(filename).parts
    for marker in ("site-packages", "python3.11", "python3.12", "python3.13"):
        if marker in parts:
            rest = parts[parts.index(marker) + 1 :]
            return rest[0].removesuffix(".py") if rest else filename
    if "bot" in parts:
        rest = parts[parts.index("bot") :]
        return "/".join(rest[:3])
    return filename


def by_package(snapshot: tracemalloc.Snapshot) -> Counter[str]:
    held: Counter[str] = Counter()
    for stat in snapshot.statistics("filename"):
        held[package(stat.traceback[0].filename)] += stat.size
    return held


def main() -> None:
    folder = Path(sys.argv[1])
    numbers = sorted(int(p.stem) for p in folder.glob("*.snapshot"))
    last = by_package(tracemalloc.Snapshot.load(str(folder / f"{numbers[-1]}.snapshot")))
    print(f"held in the last snapshot: {sum(last.values()) / 2**20:.1f} MB")
    for name, size in last.most_common(30):
        print(f"{size / 2**20:8.2f} MB  {name}")
    if len(sys.argv) > 3:
        first, second = (
            by_package(tracemalloc.Snapshot.load(str(folder / f"{n}.snapshot")))
            for n in sys.argv[2:4]
        )
        second.subtract(first)
        print(f"gained from {sys.argv[2]} to {sys.argv[3]}: {sum(second.values()) / 2**20:.1f} MB")
        for name, size in second.most_common(20):
            print(f"{size / 2**20:8.2f} MB  {name}")


if __name__ == "__main__":
    main()
