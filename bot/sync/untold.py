"""Answers a worker owed and never gave: an item applied in the service whose person was not
told (the bot was killed between recording the write and sending the reply) is announced as
synced by whoever finds it, and once the person was told, no notice is owed any more."""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Sequence

from bot.sync.items import Delivered, OutboxClaims, decode

log = logging.getLogger(__name__)

UNTOLD_EVERY = dt.timedelta(seconds=10)  # between looks for answers a dead worker owed
UNTOLD_WINDOW = dt.timedelta(days=1)  # an item applied longer ago is no longer announced


class Untold:
    """The looks for owed answers of one delivery worker, and the record that one was given."""

    def __init__(self, claims: OutboxClaims, clock: Callable[[], dt.datetime]) -> None:
        self.claims = claims
        self.clock = clock
        self.last_look: dt.datetime | None = None

    def look_due(self) -> bool:
        """Whether to look now (at most every `UNTOLD_EVERY`); a look is counted as made."""
        now = self.clock()
        if self.last_look is not None and now - self.last_look < UNTOLD_EVERY:
            return False
        self.last_look = now
        return True

    async def claim(self, limit: int) -> list[Delivered]:
        """Applied items a worker that died never told the person of: claimed, to be announced."""
        now = self.clock()
        items = await self.claims.untold(now=now, since=now - UNTOLD_WINDOW, limit=limit)
        if items:
            log.info(
                "%d applied items were never confirmed to their people; telling them", len(items)
            )
        return [
            Delivered(item.id, item.telegram_id, item.chat_id, decode(item), True) for item in items
        ]

    def told(self, item_ids: Sequence[int]) -> None:
        """The person was told these items landed (the reply that named them, or a "synced"
        notice, went out): no notice is owed for them any more. Recorded shortly, with what
        else is recorded then (`OutboxClaims.told`); never raises."""
        self.claims.told(item_ids)
