"""PTB's update queue with the journal in front: an update is stored before it is acknowledged.

The poller puts each fetched update into the queue and then asks for more (which tells
Telegram the earlier ones arrived); the webhook handler answers Telegram right after `put`.
So a webhook's `put` journals its update before it returns, and the poller's are journaled
together, one statement per `getUpdates` answer, while the next poll waits for them
(`JournaledQueue.stored`, through `Receiver.before_poll`): either way nothing is confirmed to
Telegram before it is on disk. Replays go back through the same queue, and the duplicate gate
(`Gates.drop_duplicates`) lets each update through once.

When the store cannot take an update (a backup or an `sqlite3` shell holding the write lock, a
read-only file, a database restarting), `put` must neither lose it nor kill the receiver:

- polling: the updates are journaled with back-off until they are, logging each failure.
  PTB's poller raises its offset (`_last_update_id = updates[-1].update_id + 1`) once it has
  put the batch, but only its next `getUpdates` confirms the batch to Telegram, and that call
  waits until the batch is stored. So while the store is away the updates stay unconfirmed
  at Telegram, which keeps them for a day and sends them again after a restart (a bot
  stopping meanwhile refuses its last confirming poll too). The
  other choice, confirming and holding the update in memory until the store is back, would
  lose it to a crash or a supervisor's restart in the meantime; waiting only costs the time
  the store is away, during which the bot could not handle a message anyway. Had `put`
  raised, PTB's polling task would have died for good (it retries only Telegram errors).
- webhook: one attempt (the store's own lock wait is the patience), then the error goes up
  and PTB's webhook answers 500, so Telegram sends the update again later. Waiting longer
  would hold Telegram's connection and the chat's next updates behind it.

Either way `Receiver` (bot/telegram/liveness.py) learns of it, so `/healthz` and `healthbot
doctor` report a receiver that stays stuck.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Sequence
from typing import Any, Protocol

from sqlalchemy.exc import SQLAlchemyError
from telegram import Bot, Update
from telegram.error import NetworkError

from bot.telegram.intake import is_id
from bot.telegram.liveness import Receiver
from bot.telegram.ordering import Locks, OrderedUpdateQueue

log = logging.getLogger(__name__)

# What a store that is away raises: SQLAlchemy wraps driver errors ("database is locked",
# "attempt to write a readonly database", a dropped PostgreSQL connection); OSError covers
# what reaches us unwrapped (a refused connection, a timeout).
STORE_ERRORS = (SQLAlchemyError, OSError)
FIRST_RETRY = 0.5  # seconds before the first retry; doubled after each failure
LAST_RETRY = 30.0  # the longest wait between two retries


class Journal(Protocol):
    """The update journal as the Telegram front end uses it (built by the composition root):
    updates are ids and their JSON here, and each person's are told apart by their id."""

    def prepare(self) -> None:
        """Ready whatever `record_many` needs before the first update arrives."""
        ...

    async def record_many(self, updates: Sequence[tuple[int, str, int | None]]) -> None:
        """Store updates (id, JSON, person) as received, before Telegram learns they arrived."""
        ...

    async def claim(self, update_id: int, user_id: int | None = None) -> bool:
        """True for the one delivery of this update that should be handled."""
        ...

    def may_have_earlier(self, user_id: int, update_id: int) -> bool:
        """Whether the person may have earlier updates that nobody finished."""
        ...

    async def handled(self, update_id: int) -> None:
        """Mark an answered update handled; never raises."""
        ...

    async def earlier_unhandled(self, user_id: int, update_id: int) -> list[str]:
        """JSON of the person's updates before `update_id` that a dead process left."""
        ...

    async def to_replay(self) -> list[str]:
        """JSON of recent updates nobody finished, oldest first."""
        ...


class JournaledQueue(asyncio.Queue[object]):
    """`put` journals an update first; everything else is a plain asyncio queue.

    The poller's updates are journaled together: `put` keeps them and a task stores all those
    of one `getUpdates` answer in one statement, while the poller waits in `stored` before it
    asks for more (`PollingRequest`), so nothing is confirmed to Telegram unstored.
    """

    def __init__(self, journal: Journal, receiver: Receiver | None = None) -> None:
        super().__init__()
        self._keep(journal, receiver)

    def _keep(self, journal: Journal, receiver: Receiver | None) -> None:
        self.journal = journal
        self.receiver = receiver or Receiver(stale_after=float("inf"))
        self.receiver.before_poll = self.stored
        self._waiting: list[Update] = []  # put by the poller, not journaled yet
        self._storing: asyncio.Task[None] | None = None
        self._dropped = 0  # updates fetched whose storing was cancelled (the bot stopping)

    async def put(self, item: object) -> None:
        """Journal and queue `item`; on a store error, wait and retry (polling) or raise
        (webhook), as the module docstring says."""
        if not isinstance(item, Update):
            await super().put(item)
            return
        if self.receiver.polling:
            self._waiting.append(item)
            if self._storing is None:
                self._storing = asyncio.create_task(self._store_waiting())
            return
        await self._journal([item])

    async def stored(self) -> None:
        """Return once every update put so far is journaled and queued. The poller cancelled
        (the bot stops) cancels the storing too: what was not stored was not confirmed to
        Telegram either, which sends it again."""
        while self._storing is not None:
            await self._storing
        self.receiver.fetched.clear()  # what PTB fetched and did not put (none it knows of)
        if self._dropped:  # the last poll on the way out must not confirm them either
            raise NetworkError("updates were fetched but not stored; not confirming them")

    async def _store_waiting(self) -> None:
        batch: list[Update] = []
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                await self._journal(batch)
                batch = []
        except asyncio.CancelledError:
            self._dropped += len(batch) + len(self._waiting)
            raise
        finally:
            self._storing = None

    async def _journal(self, updates: list[Update]) -> None:
        failures = 0
        while True:
            try:
                await self._take(updates)
            except STORE_ERRORS as exc:
                failures += 1
                reason = store_error(exc)
                self.receiver.failed(reason)
                first = updates[0].update_id
                if not self.receiver.polling:
                    log.warning(
                        "could not store update %s (%s); Telegram is answered with an error "
                        "and will send it again",
                        first,
                        reason,
                    )
                    raise
                delay = min(FIRST_RETRY * 2 ** (failures - 1), LAST_RETRY)
                log.warning(
                    "could not store update %s (%s); not receiving until it is stored, "
                    "trying again in %.1f s (attempt %d)",
                    first,
                    reason,
                    delay,
                    failures,
                )
                await asyncio.sleep(delay)
                continue
            self.receiver.took()
            if failures:
                log.warning(
                    "stored update %s after %d failed attempts; receiving again",
                    updates[0].update_id,
                    failures,
                )
            return

    async def _take(self, updates: list[Update]) -> None:
        fetched = self.receiver.fetched
        await self.journal.record_many(
            [
                (
                    u.update_id,
                    fetched.get(u.update_id) or u.to_json(),  # as Telegram sent it, if polled
                    _person(u),
                )
                for u in updates
            ]
        )
        for update in updates:
            fetched.pop(update.update_id, None)
            await super().put(update)


def _person(update: Update) -> int | None:
    """The sender's id as the journal keeps it; None when there is none, or when it is no id
    the store can hold (a poisoned update's `1e400`), which would fail every retry."""
    user = update.effective_user
    return user.id if user is not None and is_id(user.id) else None


class JournaledOrderedQueue(JournaledQueue, OrderedUpdateQueue):
    """Journaled, then the person's cross-process lock (several replicas on PostgreSQL)."""

    def __init__(self, journal: Journal, locks: Locks, receiver: Receiver | None = None) -> None:
        OrderedUpdateQueue.__init__(self, locks)
        self._keep(journal, receiver)


def journaled_queue(
    journal: Journal, locks: Locks | None, receiver: Receiver | None = None
) -> asyncio.Queue[object]:
    """The update queue to give PTB (and the update processor) when a journal is kept."""
    if locks is not None:
        return JournaledOrderedQueue(journal, locks, receiver)
    return JournaledQueue(journal, receiver)


def store_error(exc: BaseException) -> str:
    """One line naming a store error, without the SQL statement or its parameters (which
    SQLAlchemy puts in its message, and which carry the encrypted update)."""
    cause = getattr(exc, "orig", None) or exc
    first_line = (str(cause).strip().splitlines() or [""])[0][:200]
    return f"{type(exc).__name__}: {first_line}" if first_line else type(exc).__name__


async def replay(journal: Journal, queue: asyncio.Queue[Any], bot: Bot) -> int:
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


async def handle_earlier(journal: Journal, update: Update, application: Any) -> int:
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
