"""The benchmarks by name, for `python -m bench` and `python -m bench.run NAME`.

Each is an async function returning a dict of figures and runs in its own process, so its
peak RSS and CPU time are its own. The bot side is the real core (`create_assistant`), the
real PTB application (`build_application`) or `healthbot run` as a subprocess, on a
SQLite store in a temporary directory; the third parties are in `bench.servers`' child
process. `floor` is a reference for `overhead`: the libraries alone for the same work.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from bench.app_cases import catchup, fanout, rss
from bench.core_cases import calls, floor, overhead
from bench.e2e import e2e

CASES: dict[str, Callable[[Path], Coroutine[Any, Any, dict[str, Any]]]] = {
    "e2e": e2e,
    "overhead": overhead,
    "floor": floor,
    "calls": calls,
    "fanout": fanout,
    "rss": rss,
    "catchup": catchup,
}
