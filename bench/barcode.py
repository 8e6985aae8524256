"""Packaged food by its barcode: how long a phone photo takes to read, and a known product
to answer.

`python -m bench.barcode` prints the figures; `python -m bench --only barcode` runs it with the
other benchmarks, in its own process.

- `decode_p50_ms`/`decode_max_ms`: `codes_in_photo` on a 12-megapixel phone-like JPEG
  (4000x3000, an EAN-13 turned 17 degrees on a busy background, with noise): opening the
  JPEG, scaling it and zxing-cpp's read (goal: under 150 ms);
- `cached_p50_ms`/`cached_p95_ms`: `Assistant.handle_text` with a code whose product the
  store already holds, from the message to the reply ready to send (the person read, the
  cache read, the draft of its amounts kept, the card worded; goal: under 50 ms);
- `lookups`: requests the fake Open Food Facts saw (1: the first, every other answered from
  the store).
"""

from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common import bench_settings, linked, pct
from bench.servers import Servers
from bot.products import codes_in_photo
from tests.fixtures.barcodes import photo_of
from tests.fixtures.openfoodfacts import GRANOLA_CODE, FakeOpenFoodFacts
from tests.fixtures.serving import serve_in_thread

GOAL_DECODE_MS = 150.0
GOAL_CACHED_MS = 50.0


def decode_times(runs: int = 9) -> tuple[list[float], int]:
    photo = photo_of(GRANOLA_CODE, size=(4000, 3000), angle=17.0, scale=7, noise=14.0, seed=7)
    times = []
    for _ in range(runs + 1):
        started = time.perf_counter()
        found = codes_in_photo(photo)
        times.append((time.perf_counter() - started) * 1000)
        assert found == [GRANOLA_CODE], found
    return times[1:], len(photo)  # the first pays zxing-cpp's import


async def barcode(workdir: Path) -> dict[str, Any]:
    decode_ms, photo_bytes = await asyncio.to_thread(decode_times)
    off = FakeOpenFoodFacts()
    off.reset()
    served = serve_in_thread(off.app(), name="bench-openfoodfacts", lifespan="off")
    off.url = served.url
    try:
        with Servers(workdir) as servers:
            settings = bench_settings(servers, workdir, openfoodfacts_base_url=off.url)
            assistant, [user] = await linked(servers, settings, 1)
            await assistant.handle_text(user_id=user, chat_id=user, text=GRANOLA_CODE)
            cached = []
            for _ in range(60):
                started = time.perf_counter()
                reply = await assistant.handle_text(user_id=user, chat_id=user, text=GRANOLA_CODE)
                cached.append((time.perf_counter() - started) * 1000)
                assert reply.buttons, reply.html
            await assistant.aclose()
    finally:
        served.stop()
    cached = cached[10:]
    return {
        "photo_pixels": "4000x3000",
        "photo_kb": round(photo_bytes / 1024),
        "decode_p50_ms": statistics.median(decode_ms),
        "decode_max_ms": max(decode_ms),
        "cached_p50_ms": statistics.median(cached),
        "cached_p95_ms": pct(cached, 0.95),
        "lookups": off.lookups(GRANOLA_CODE),
        "goal_decode_ms": GOAL_DECODE_MS,
        "goal_cached_ms": GOAL_CACHED_MS,
    }


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-barcode-") as tmp:
        print(json.dumps(asyncio.run(barcode(Path(tmp))), indent=1))


if __name__ == "__main__":
    main()
