"""The update journal seen from the bot: record, claim, finish and replay incoming updates.

Telegram-free on purpose (updates are ids and JSON text here); `bot/telegram/journal.py`
connects it to PTB's update queue. What is stored and why is in `bot/store/journal.py`.
Payloads are encrypted with the same keys as the API keys: a `/connect KEY` message or a
health note must not sit in the database in clear text.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Callable, Sequence

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.store import Direct, KeyCipher, ProcessedUpdate, UndecryptableSecret, Workers, repo, utcnow

log = logging.getLogger(__name__)

REPLAY_WINDOW = dt.timedelta(minutes=10)  # older unhandled updates are no longer acted on
HANDLED_ATTEMPTS = 5  # marking an answered update handled waits up to 0.2 + 0.4 + ... = 3 s
HANDLED_FIRST_WAIT = 0.2


class HandledWithActions:
    """Updates the core marked handled in the transaction that stored their actions.

    The core adds each one (`mark`); the journal, finishing an update, takes it back out
    (`take`) instead of marking it handled a second time. One is built per process by the
    composition root (`bot.compose`) and handed to both.
    """

    def __init__(self) -> None:
        self._ids: set[int] = set()

    def mark(self, update_id: int) -> None:
        self._ids.add(update_id)

    def take(self, update_id: int) -> bool:
        """Whether `update_id` was marked (and forget it)."""
        if update_id not in self._ids:
            return False
        self._ids.discard(update_id)
        return True


class UpdateJournal:
    """Incoming updates kept in the store until handled; see the module docstring."""

    def __init__(
        self,
        *,
        sessionmaker: async_sessionmaker[AsyncSession],
        direct: Direct,
        cipher: KeyCipher,
        claim_timeout: dt.timedelta,
        clock: Callable[[], dt.datetime] = utcnow,
        window: dt.timedelta = REPLAY_WINDOW,
        worker_id: str | None = None,
        shared: bool = False,
        stored: HandledWithActions | None = None,
        workers: Workers | None = None,
    ) -> None:
        self.sessionmaker = sessionmaker
        self.direct = direct
        self.cipher = cipher
        self.claim_timeout = claim_timeout
        self.clock = clock
        self.window = window
        # The process's worker ids: which claims under its own PID were left by one that closed.
        self.workers = workers or Workers()
        self.worker_id = worker_id or self.workers.new()
        # Several processes share the store (PostgreSQL): one that died may have left a
        # person's earlier updates, which only the store can tell.
        self.shared = shared
        # Updates already marked handled in the transaction that stored their actions
        # (the core adds them): finishing them needs no second write.
        self.stored = stored if stored is not None else HandledWithActions()
        self._fresh: set[int] = set()  # recorded and claimed here by `record`, not yet taken
        # update id -> person, started and not finished; and each person's such updates
        self._unfinished: dict[int, int] = {}
        self._unfinished_of: dict[int, set[int]] = {}
        self._left_behind: set[int] = set()  # people a claim found earlier updates of

    def prepare(self) -> None:
        """Ready the statements a getUpdates answer is journaled with (see `record_many`)."""
        repo.prepare_record_statements(self.direct.dialect)

    async def record(self, update_id: int, payload: str, user_id: int | None = None) -> None:
        """Store an update as received, before Telegram learns it was delivered."""
        await self.record_many([(update_id, payload, user_id)])

    async def record_many(self, updates: Sequence[tuple[int, str, int | None]]) -> None:
        """Store updates (id, JSON, person) as received, in one statement.

        On a store of its own the receiver also claims them there and then: it is the worker
        that handles them. Where processes share the store, another may take over an update
        that waits long for the person's turn, so it is claimed when its handling starts.
        """
        fresh = await repo.record_updates(
            direct=self.direct,
            updates=[(i, self.cipher.encrypt(payload), user) for i, payload, user in updates],
            now=self.clock(),
            holder=self.worker_id,
            claim=not self.shared,
        )
        if not self.shared:
            self._fresh.update(fresh)

    async def claim(self, update_id: int, user_id: int | None = None) -> bool:
        """True for the one delivery of this update that should be handled.

        An update this worker recorded is its own already; anything else (a replay, an
        update that was never journaled, a duplicate) is claimed in the store, once.
        """
        if update_id in self._fresh:
            self._fresh.discard(update_id)
            first = True
        elif self.shared and user_id is not None:
            async with self.sessionmaker.begin() as session:
                first, earlier = await repo.claim_update_looking_back(
                    session=session,
                    update_id=update_id,
                    user_id=user_id,
                    received_since=self.clock() - self.window,
                    now=self.clock(),
                    worker_id=self.worker_id,
                )
            if first and earlier:
                self._left_behind.add(user_id)
        else:
            async with self.sessionmaker.begin() as session:
                first = await repo.claim_update(
                    session=session, update_id=update_id, now=self.clock(), worker_id=self.worker_id
                )
        if first and user_id is not None:
            self._unfinished[update_id] = user_id
            self._unfinished_of.setdefault(user_id, set()).add(update_id)
        return first

    def may_have_earlier(self, user_id: int, update_id: int) -> bool:
        """Whether the person may have earlier updates nobody finished, so the store must be
        asked (`earlier_unhandled`): when the claim found some (processes sharing the store),
        or after one of theirs started here and did not finish (an error on the way)."""
        if user_id in self._left_behind:
            self._left_behind.discard(user_id)
            return True
        return any(other < update_id for other in self._unfinished_of.get(user_id, ()))

    async def handled(self, update_id: int) -> None:
        """Mark an answered update handled; a store that is away is waited for a few seconds.

        Never raises: the person already has their answer, and an error here would send them
        "something went wrong" for a message that went right. Should the store stay away,
        the update is left unhandled and a restart within the replay window answers it again
        (a read said twice; a write was marked handled with its outbox item already).
        """
        user_id = self._unfinished.pop(update_id, None)
        if user_id is not None:
            theirs = self._unfinished_of[user_id]
            theirs.discard(update_id)
            if not theirs:
                del self._unfinished_of[user_id]
        if self.stored.take(update_id):
            return
        wait = HANDLED_FIRST_WAIT
        for attempt in range(1, HANDLED_ATTEMPTS + 1):
            try:
                async with self.sessionmaker() as session:
                    await repo.mark_update_handled(
                        session=session, update_id=update_id, now=self.clock()
                    )
                    await session.commit()
                return
            except SQLAlchemyError as exc:
                if attempt == HANDLED_ATTEMPTS:
                    log.warning(
                        "update %s was answered but could not be marked handled (%s)",
                        update_id,
                        type(exc).__name__,
                    )
                    return
                await asyncio.sleep(wait)
                wait *= 2

    async def earlier_unhandled(self, user_id: int, update_id: int) -> list[str]:
        """JSON of the person's updates before `update_id` that a dead process left unhandled.

        Asked by whoever is about to handle `update_id` while holding the person's turn, so
        they are handled first and in order (see `repo.release_earlier_updates`).
        """
        async with self.sessionmaker() as session:
            rows = await repo.release_earlier_updates(
                session=session,
                user_id=user_id,
                before=update_id,
                received_since=self.clock() - self.window,
                holder=self.worker_id,
            )
            await session.commit()
        return self._decrypted(rows)

    async def to_replay(self) -> list[str]:
        """JSON of recent updates nobody finished (a crash, a kill), oldest first.

        Those of this worker's own earlier run (a restart after a crash) come back at once;
        another process's only once its claim is older than the claim timeout.
        """
        now = self.clock()
        async with self.sessionmaker() as session:
            unhandled = ProcessedUpdate.handled_at.is_(None)
            ended = await self.workers.ended_runs(
                session, self.worker_id, [(ProcessedUpdate.claimed_by, unhandled)]
            )
            rows, overtaken = await repo.release_stale_updates(
                session=session,
                received_since=now - self.window,
                stale_before=now - self.claim_timeout,
                ended=ended,
                holder=self.worker_id,
                keep=sorted(self._fresh),
            )
            await session.commit()
        if overtaken:
            log.warning(
                "%d updates of a process that died were overtaken by later ones of the same "
                "person; not replayed, to keep their order",
                overtaken,
            )
        payloads = self._decrypted(rows)
        if payloads:
            log.info("replaying %d updates received but not handled", len(payloads))
        return payloads

    def _decrypted(self, rows: list[tuple[int, bytes]]) -> list[str]:
        payloads = []
        for update_id, token in rows:
            try:
                payloads.append(self.cipher.decrypt(token))
            except UndecryptableSecret:  # its key was since removed from BOT_ENCRYPTION_KEY
                log.warning("journaled update %s could not be decrypted; not replayed", update_id)
        return payloads
