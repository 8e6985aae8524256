"""Working through the rows a repeating job finds due (check-in reminders, weekly summaries),
and what both senders are built from (`ScheduledSends`).

Each job claims `BATCH` due rows at a time, so replicas share a large minute, and goes on
until a claim comes back short: one batch per run would cap a 30-second job at ~3 sends a
second. Each row is handled with at most `PARALLEL_SENDS` at once (Telegram's pace is the
limit anyway); one person's failure is logged and their row released for a later try, and
never stops the others.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import ClassVar, Generic, Protocol, Self, TypeVar

import aiohttp
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.config import Settings
from bot.store import KeyCipher, Reminder, WeeklySummary, Workers, utcnow

log = logging.getLogger(__name__)

BATCH = 100
PARALLEL_SENDS = 8
CLAIM_TIMEOUT = dt.timedelta(minutes=5)
RETRY_SEND_AFTER = dt.timedelta(minutes=5)  # a send that failed is tried again this much later


class CoreResources(Protocol):
    """What the senders share with the core (`bot.core.resources.Resources`)."""

    settings: Settings
    sessionmaker: async_sessionmaker[AsyncSession]
    cipher: KeyCipher
    http: aiohttp.ClientSession

    @property
    def clock(self) -> Callable[[], dt.datetime]: ...


# A row of a table of scheduled sends, one per person (`telegram_id`, `next_due_at`, a claim).
Row = TypeVar("Row", Reminder, WeeklySummary)
S = TypeVar("S")  # how a sender sends (a reply, a photo)
W = TypeVar("W")  # how the core words what a sender sends (bot/core/scheduled.py)


class ClaimDue(Protocol[Row]):
    """A claim of due rows in the store (`due_reminders`, `due_weekly`: `store.claim_due`)."""

    async def __call__(
        self,
        *,
        session: AsyncSession,
        now: dt.datetime,
        limit: int,
        worker_id: str,
        claim_timeout: dt.timedelta,
    ) -> list[Row]: ...


class ScheduledSends(Generic[Row, S, W]):
    """A sender of scheduled messages (reminders, weekly summaries): the database, the
    cipher and HTTP pool to reach the service, a clock, the worker's claims, and the core's
    `words` for what it sends. A sender decides who is due and when; what they read is the
    core's, handed in where the house is built (bot/compose.py).

    Each sender names its rows (`what`), how they are claimed (`claims`), how one is sent
    (`send_one`) and how one is given back for a later try (`_release`); `run_due` is theirs.
    """

    what: ClassVar[str]

    def __init__(
        self,
        *,
        words: W,
        settings: Settings,
        sessionmaker: async_sessionmaker[AsyncSession],
        cipher: KeyCipher,
        http: aiohttp.ClientSession,
        clock: Callable[[], dt.datetime] = utcnow,
        worker_id: str | None = None,
        claim_timeout: dt.timedelta = CLAIM_TIMEOUT,
    ) -> None:
        self.words = words
        self.settings = settings
        self.sessionmaker = sessionmaker
        self.cipher = cipher
        self.http = http
        self.clock = clock
        self.worker_id = worker_id or Workers().new()
        self.claim_timeout = claim_timeout

    @classmethod
    def of(
        cls,
        core: CoreResources,
        words: W,
        *,
        clock: Callable[[], dt.datetime] | None = None,
        worker_id: str | None = None,
    ) -> Self:
        """Share the core's database, cipher, HTTP pool and (unless given) clock; what goes out
        is worded by `words`, the core's."""
        return cls(
            words=words,
            settings=core.settings,
            sessionmaker=core.sessionmaker,
            cipher=core.cipher,
            http=core.http,
            clock=clock or core.clock,
            worker_id=worker_id,
            claim_timeout=dt.timedelta(seconds=core.settings.reminder_claim_timeout_seconds),
        )

    def claims(self) -> ClaimDue[Row]:
        """The store's claim of this sender's due rows."""
        raise NotImplementedError

    async def send_one(self, row: Row, now: dt.datetime, send: S) -> bool:
        """Send (or skip) one claimed row; whether a message went out."""
        raise NotImplementedError

    async def _release(self, user_id: int, retry_at: dt.datetime) -> None:
        """Give the person's claimed row back, due again at `retry_at`."""
        raise NotImplementedError

    async def run_due(self, now: dt.datetime, send: S) -> int:
        """Send every row due at `now`; how many went out. Never raises for one person
        (`work_through` the rows claimed for this worker, a batch at a time)."""
        due = self.claims()

        async def claim() -> list[Row]:
            async with self.sessionmaker.begin() as session:
                return await due(
                    session=session,
                    now=now,
                    limit=BATCH,
                    worker_id=self.worker_id,
                    claim_timeout=self.claim_timeout,
                )

        return await work_through(
            claim,
            lambda row: self.send_one(row, now, send),
            lambda user_id: self._release(user_id, now + RETRY_SEND_AFTER),
            self.what,
        )


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
