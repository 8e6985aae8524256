"""The event loop the bot runs on: uvloop's when it is installed and `USE_UVLOOP` is on.

uvloop is a drop-in asyncio loop written on libuv; on this bot's path (two HTTP round trips,
aiosqlite's thread hand-offs, PTB's polling or webhook server) it costs less CPU per message
than asyncio's own loop (see README "Benchmarks"). Windows has no uvloop: asyncio's loop.
"""

from __future__ import annotations

import asyncio
import importlib.util


def uvloop_available() -> bool:
    return importlib.util.find_spec("uvloop") is not None


def new_event_loop(*, use_uvloop: bool = True) -> asyncio.AbstractEventLoop:
    if use_uvloop and uvloop_available():
        import uvloop

        return uvloop.new_event_loop()
    return asyncio.new_event_loop()
