"""Keeping the lease on outbox items while they are being sent (`bot.sync.outbox`).

An outbox item is claimed under a lease (`bot.store.claims`): after it, another worker takes
the item over, reconciles it and sends it again if its write is not found in the service.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Callable, Sequence

from bot.sync.items import Entry, OutboxClaims

log = logging.getLogger(__name__)


class LeaseKeeper:
    """Keeps this worker's lease on the items it is sending for as long as the send lasts.

    The service's writes are not idempotent, and an item whose lease runs out is taken over
    and reconciled by another worker (or this process's own background job): if that happens
    while this worker's write is still on its way (a slow service, a loaded machine), the write
    is not found yet and is sent again, and lands twice. So while a send lasts the lease is
    renewed every `every` (a third of the lease): only a worker that died (or stalled for a
    whole lease) loses its items. And a write is sent only while the lease is held
    (`holds`): a worker that was held up longer than the renewals allow checks first, and
    sends nothing another worker took over meanwhile. A send quicker than `every` costs no
    statement.
    """

    def __init__(
        self,
        claims: OutboxClaims,
        clock: Callable[[], dt.datetime],
        pending: list[Entry],
        every: dt.timedelta,
    ) -> None:
        self.claims = claims
        self.clock = clock
        self.pending = pending  # the items still to send (the sender's list), ours meanwhile
        self.every = every
        claimed = [e.item.claimed_at for e in pending if e.item.claimed_at is not None]
        # When the lease was last had, on the delivery's clock: when the items were claimed.
        self.renewed_at = min(claimed, default=clock())
        self.lost: set[int] = set()  # items taken over meanwhile: not ours to send
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> LeaseKeeper:
        self._task = asyncio.create_task(self._keep())
        return self

    async def __aexit__(self, *_: object) -> None:
        self._stop.set()
        if self._task is not None:
            await self._task  # a renewal under way ends cleanly (never cancelled mid-statement)

    async def _keep(self) -> None:
        while True:
            try:
                await asyncio.wait_for(self._stop.wait(), self.every.total_seconds())
                return
            except TimeoutError:
                pass
            await self.renew()

    async def renew(self) -> bool:
        """Renew the lease on the items still to send; False if the store could not say."""
        items = [entry.item for entry in self.pending]
        now = self.clock()
        try:
            held = await self.claims.renew(items, now)
        except Exception as exc:  # the store is unreachable: the next renewal tries again
            log.warning("could not renew the outbox lease (%s)", type(exc).__name__)
            return False
        self.lost |= {item.id for item in items} - held
        self.renewed_at = now
        return True

    async def holds(self, bundle: Sequence[Entry]) -> bool:
        """Whether the items of `bundle` are still this worker's to send; asked right before
        their write. When the lease was last had `every` ago or longer, it is renewed first.
        False: taken over while this worker was held up; the taker reconciles and sends them,
        and sending them here too could apply them twice."""
        if self.clock() - self.renewed_at >= self.every and not await self.renew():
            return False  # unsure: sending nothing is safe (after the lease, it is retried)
        if any(entry.item.id in self.lost for entry in bundle):
            log.warning("outbox items were taken over before they were sent; left to the taker")
            return False
        return True
