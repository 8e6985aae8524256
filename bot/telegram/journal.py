"""PTB's update queue with the journal in front: an update is stored before it is acknowledged.

The poller puts each fetched update into the queue and only then asks for more (which tells
Telegram the earlier ones arrived); the webhook handler answers Telegram right after `put`.
So journaling inside `put` closes the gap between "Telegram considers it delivered" and "the
bot has it on disk". Replays go back through the same queue, and the duplicate gate
(`Handlers.drop_duplicates`) lets each update through once.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from telegram import Bot, Update

from bot.journal import UpdateJournal
from bot.locks import PersonLocks
from bot.telegram.ordering import OrderedUpdateQueue

log = logging.getLogger(__name__)


class JournaledQueue(asyncio.Queue[object]):
    """`put` journals an update first; everything else is a plain asyncio queue."""

    def __init__(self, journal: UpdateJournal) -> None:
        super().__init__()
        self.journal = journal

    async def put(self, item: object) -> None:
        if isinstance(item, Update):
            user = item.effective_user
            await self.journal.record(item.update_id, item.to_json(), user.id if user else None)
        await super().put(item)


class JournaledOrderedQueue(JournaledQueue, OrderedUpdateQueue):
    """Journaled, then the person's cross-process lock (several replicas on PostgreSQL)."""

    def __init__(self, journal: UpdateJournal, locks: PersonLocks) -> None:
        OrderedUpdateQueue.__init__(self, locks)
        self.journal = journal


def journaled_queue(journal: UpdateJournal, locks: PersonLocks | None) -> asyncio.Queue[object]:
    """The update queue to give PTB (and the update processor) when a journal is kept."""
    if locks is not None:
        return JournaledOrderedQueue(journal, locks)
    return JournaledQueue(journal)


async def replay(journal: UpdateJournal, queue: asyncio.Queue[Any], bot: Bot) -> int:
    """Put recent updates that were received but never handled back into the queue.

    Across replicas, an update whose person's turn another process holds is left alone: that
    process is alive (PostgreSQL frees a dead one's locks at once) and is handling it, or will
    handle it first before the person's next one (`handle_earlier`). Waiting for the turn here
    would stall this job, and every replay behind it, for as long as that takes.
    """
    count = 0
    for payload in await journal.to_replay():
        update = Update.de_json(json.loads(payload), bot)
        if update is None:
            continue
        if isinstance(queue, OrderedUpdateQueue):
            if not await queue.offer(update):
                log.info("update %s is in a live process's hands; not replayed", update.update_id)
                continue
        else:
            await queue.put(update)
        count += 1
    return count


async def handle_earlier(journal: UpdateJournal, update: Update, application: Any) -> int:
    """Before `update`, handle the person's earlier updates that a process that died left.

    Called once `update` is claimed, so this process holds the person's turn: nothing else is
    handling those earlier updates, and handling them here keeps the person's order.
    """
    user = update.effective_user
    if user is None:
        return 0
    count = 0
    for payload in await journal.earlier_unhandled(user.id, update.update_id):
        earlier = Update.de_json(json.loads(payload), application.bot)
        if earlier is not None:
            log.info("handling update %s left by a process that died", earlier.update_id)
            await application.process_update(earlier)
            count += 1
    return count
