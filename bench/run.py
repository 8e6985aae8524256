"""`python -m bench.run NAME`: run one benchmark in this process; its figures as JSON, last line.

It runs on the event loop `healthbot run` uses (uvloop unless `USE_UVLOOP=false`).
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path

from bench.cases import CASES
from bot.config import Settings
from bot.telegram.eventloop import new_event_loop


def main() -> None:
    name = sys.argv[1]
    use_uvloop = Settings(_env_file=None).use_uvloop
    with (
        tempfile.TemporaryDirectory(prefix=f"bench-{name}-") as tmp,
        asyncio.Runner(loop_factory=lambda: new_event_loop(use_uvloop=use_uvloop)) as runner,
    ):
        figures = runner.run(CASES[name](Path(tmp)))
        figures["event_loop"] = type(runner.get_loop()).__module__.split(".")[0]
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
