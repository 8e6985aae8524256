"""Per-person ordering of updates: one person's updates run one at a time and in the order
Telegram sent them, while different people are served concurrently.

Without it, "2 eggs" followed quickly by "actually 3" could be logged in either order, and two
check-in merges of the same person could race. PTB's `Application` starts one task per update
in arrival order and hands each to `do_process_update`; the first thing done there, before any
await, is to queue behind the person's previous update, so arrival order is kept exactly.

Across processes (several replicas sharing PostgreSQL) the turn is also taken in the database
(`Locks`, built by the composition root): `OrderedUpdateQueue.put` takes the person's lock
before the webhook answers Telegram, which sends a chat's next update only after that answer,
and the processor gives it back once the update was handled.
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import logging
from collections.abc import Awaitable, Hashable
from typing import Any, Protocol

from telegram import Update
from telegram.ext import BaseUpdateProcessor

from bot.telegram.logs import current_update

DEFAULT_CONCURRENCY = 64
DEFAULT_BACKLOG = 4096

log = logging.getLogger(__name__)


class _Place:
    """An update's place among those worked on at once, held until it is given back once."""

    def __init__(self, places: asyncio.Semaphore) -> None:
        self._places = places
        self.held = False

    async def take(self) -> None:
        await self._places.acquire()
        self.held = True

    def give_back(self) -> None:
        if self.held:
            self.held = False
            self._places.release()


_place: contextvars.ContextVar[_Place | None] = contextvars.ContextVar("place", default=None)


def waiting_to_send() -> None:
    """The update being handled now waits only for its reply's turn to go out (Telegram's
    pace): its place goes to the next update, so that a crowd's answers are worked out
    together while the replies before them leave, not one at a time as they do. Outside an
    update (a reminder, the outbox's notices) it does nothing."""
    place = _place.get()
    if place is not None:
        place.give_back()


class Locks(Protocol):
    """A person's turn across processes, as this queue takes and gives it back: a key per
    person, taken (waiting, or only if free now), released once the update was handled."""

    async def acquire(self, person: Hashable) -> int:
        """Wait until this process holds `person`'s turn; the key to `release`."""
        ...

    async def try_acquire(self, person: Hashable) -> int | None:
        """Take `person`'s turn only if it is free now; None when another process holds it."""
        ...

    async def release(self, key: int) -> None:
        """Give back one hold of `key`; never raises."""
        ...

    async def aclose(self) -> None:
        """Let go of every turn still held."""
        ...


def person_of(update: object) -> Hashable | None:
    """Whose update this is: the Telegram user, else the chat; None for neither."""
    if isinstance(update, Update):
        if update.effective_user is not None:
            return ("user", update.effective_user.id)
        if update.effective_chat is not None:
            return ("chat", update.effective_chat.id)
    return None


class OrderedUpdateQueue(asyncio.Queue[object]):
    """PTB's update queue; `put` first takes the person's cross-process lock.

    PTB's webhook handler answers Telegram right after `put` returns, and so does the poller
    before fetching more; the lock is released by `PerPersonUpdateProcessor` when the update
    was handled. Anything that is not a person's update passes straight through.
    """

    def __init__(self, locks: Locks) -> None:
        super().__init__()
        self.locks = locks
        self.held: dict[int, int] = {}  # id(update) -> lock key, until the update is done

    async def put(self, item: object) -> None:
        person = person_of(item)
        if person is not None:
            self.held[id(item)] = await self.locks.acquire(person)
        await super().put(item)

    async def offer(self, item: object) -> bool:
        """Queue `item` only if its person's turn is free now; False (not queued) when another
        process holds it. For replays, which must not wait behind a live process's update."""
        person = person_of(item)
        if person is not None:
            key = await self.locks.try_acquire(person)
            if key is None:
                return False
            self.held[id(item)] = key
        await asyncio.Queue.put(self, item)  # past any journaling `put`: a replay is journaled
        return True

    async def done(self, update: object) -> None:
        """The update was handled (or given up): let the person's next update go."""
        key = self.held.pop(id(update), None)
        if key is not None:
            await self.locks.release(key)


class PerPersonUpdateProcessor(BaseUpdateProcessor):
    """Serialises updates per person; at most `concurrency` updates do work at once.

    PTB's own semaphore (sized `backlog`) is taken before an update reaches us, so it is kept
    large: a person sending many messages then waits in their own queue instead of holding
    slots other people need. The real limit on concurrent work is `concurrency`, taken only
    once it is the update's turn, and given back when the update's work is done or when it
    only waits for its reply's turn to be sent (`waiting_to_send`).
    """

    def __init__(
        self,
        concurrency: int = DEFAULT_CONCURRENCY,
        *,
        backlog: int = DEFAULT_BACKLOG,
        locks: Locks | None = None,
    ) -> None:
        super().__init__(max(backlog, concurrency, 2))
        self._work = asyncio.Semaphore(concurrency)
        self._tails: dict[Hashable, asyncio.Future[None]] = {}
        self.locks = locks
        # With cross-process locks, PTB must be given this queue (`ApplicationBuilder
        # .update_queue`) so the lock is taken before the webhook answers.
        self.queue: asyncio.Queue[object] = (
            OrderedUpdateQueue(locks) if locks is not None else asyncio.Queue()
        )

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        """Wait for the person's previous update to finish, then run this one."""
        key = person_of(update)
        previous = self._tails.get(key) if key is not None else None
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if key is not None:
            self._tails[key] = done
        # Every line logged while handling it names the update (LOG_FORMAT=json).
        current_update.set(update.update_id if isinstance(update, Update) else None)
        outcome = "failed"
        try:
            if previous is not None:
                # `wait`, not `await previous`: cancelling us must not cancel the predecessor.
                await asyncio.wait((previous,))
            place = _Place(self._work)
            await place.take()
            holding = _place.set(place)
            try:
                await coroutine
            finally:
                _place.reset(holding)
                place.give_back()
            outcome = "handled"
        except asyncio.CancelledError:
            outcome = "cancelled"
            if inspect.iscoroutine(coroutine):
                coroutine.close()  # cancelled before its turn: never started, close it quietly
            raise
        finally:
            log.debug("update %s", outcome, extra={"outcome": outcome})
            if isinstance(self.queue, OrderedUpdateQueue):
                await self.queue.done(update)
            if not done.done():
                done.set_result(None)
            if key is not None and self._tails.get(key) is done:
                del self._tails[key]

    async def initialize(self) -> None:
        """Nothing to allocate: queues are created on demand, the lock connection on first use."""

    async def shutdown(self) -> None:
        """Close the lock connection (PostgreSQL then drops any lock still held)."""
        if self.locks is not None:
            await self.locks.aclose()
