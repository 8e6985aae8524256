"""Deleting finished rows, so the outbox, the update journal and the history do not grow for ever.

Only rows nothing waits for go: outbox items applied or given up more than
`OUTBOX_KEEP_DAYS` ago (delivery takes open items only), and journal rows received more than
`UPDATES_KEEP_DAYS` ago (a replay takes the last `journal.REPLAY_WINDOW` only, and Telegram
delivers an update again for at most 24 hours). `.env.example` says what goes with them.
Conversation turns beyond each person's newest `HISTORY_TURNS` (all the LLM is ever shown) go
too: a message adds its turns without deleting any, which saves a statement on every message.
"""

from __future__ import annotations

import datetime as dt
import logging

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.config import Settings
from bot.store import repo, utcnow

log = logging.getLogger(__name__)


async def prune_finished(
    sessionmaker: async_sessionmaker[AsyncSession],
    settings: Settings,
    now: dt.datetime | None = None,
) -> tuple[int, int]:
    """Delete the outbox items and journal rows kept long enough at `now`; how many of each."""
    now = now or utcnow()
    async with sessionmaker() as session:
        items = await repo.prune_outbox(
            session=session, before=now - dt.timedelta(days=settings.outbox_keep_days)
        )
        updates = await repo.prune_processed_updates(
            session=session, before=now - dt.timedelta(days=settings.updates_keep_days)
        )
        await session.commit()
    if items or updates:
        log.info("deleted %d finished outbox items and %d journal rows", items, updates)
    return items, updates


async def prune_history(sessionmaker: async_sessionmaker[AsyncSession], settings: Settings) -> int:
    """Delete the conversation turns beyond each person's newest `HISTORY_TURNS`; how many."""
    async with sessionmaker.begin() as session:
        return await repo.prune_turns(session=session, keep=settings.history_turns)


async def prune(sessionmaker: async_sessionmaker[AsyncSession], settings: Settings) -> None:
    """The hourly job: finished outbox items and journal rows, forgotten turns."""
    await prune_finished(sessionmaker, settings)
    await prune_history(sessionmaker, settings)
