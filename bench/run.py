"""`python -m bench.run NAME`: run one benchmark in this process; its figures as JSON, last line."""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path

from bench.cases import CASES


def main() -> None:
    name = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix=f"bench-{name}-") as tmp:
        figures = asyncio.run(CASES[name](Path(tmp)))
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
