"""Working through the rows a repeating job finds due (check-in reminders, weekly summaries).

Each job claims `BATCH` due rows at a time, so replicas share a large minute, and goes on
until a claim comes back short: one batch per run would cap a 30-second job at ~3 sends a
second. Each row is handled with at most `PARALLEL_SENDS` at once (Telegram's pace is the
limit anyway); one person's failure is logged and their row released for a later try, and
never stops the others.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol, TypeVar

log = logging.getLogger(__name__)

BATCH = 100
PARALLEL_SENDS = 8


class DueRow(Protocol):
    @property
    def telegram_id(self) -> int: ...


Row = TypeVar("Row", bound=DueRow)


async def work_through(
    claim: Callable[[], Awaitable[Sequence[Row]]],
    handle: Callable[[Row], Awaitable[bool]],
    release: Callable[[int], Awaitable[None]],
    what: str,
) -> int:
    """Claim and handle batches until a claim comes back short; how many `handle` said went
    out. A row whose `handle` raises is logged as `what` failing and `release`d by person."""
    slots = asyncio.Semaphore(PARALLEL_SENDS)

    async def one(row: Row) -> bool:
        async with slots:
            try:
                return await handle(row)
            except Exception:
                log.exception("%s for user %s failed", what, row.telegram_id)
                await release(row.telegram_id)
                return False

    total = 0
    while True:
        due = await claim()
        total += sum(await asyncio.gather(*(one(row) for row in due)))
        if len(due) < BATCH:
            return total
