"""The benchmarks by name, for `python -m bench` and `python -m bench.run NAME`.

Each is an async function returning a dict of figures and runs in its own process, so its
peak RSS and CPU time are its own. The bot side is the real core (`create_assistant`), the
real PTB application (`build_application`) or `healthbot run` as a subprocess, on a
SQLite store in a temporary directory; the third parties are in `bench.servers`' child
process. `floor` is a reference for `overhead`: the libraries alone for the same work.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

Case = Callable[[Path], Coroutine[Any, Any, dict[str, Any]]]

# name -> the module that holds it. A case's module is imported only in the process that runs
# it: what one case imports (matplotlib for `charts`, the test servers for `llm_server`)
# would otherwise weigh on every case that measures its own process's peak RSS.
_WHERE = {
    "e2e": "bench.e2e",
    "overhead": "bench.core_cases",
    "floor": "bench.core_cases",
    "calls": "bench.core_cases",
    "fanout": "bench.app_cases",
    "rss": "bench.app_cases",
    "catchup": "bench.app_cases",
    "planner": "bench.planner",
    "charts": "bench.charts",
    "barcode": "bench.barcode",
    "soak": "bench.soak",
}
if importlib.util.find_spec("llama_cpp") is not None:  # the `llm-test` extra (make test-llm)
    _WHERE["llm_server"] = "bench.llm_server"


def _case(name: str) -> Case:
    async def run(workdir: Path) -> dict[str, Any]:
        found: Case = getattr(importlib.import_module(_WHERE[name]), name)
        return await found(workdir)

    return run


CASES: dict[str, Case] = {name: _case(name) for name in _WHERE}
