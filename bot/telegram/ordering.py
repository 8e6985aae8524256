"""Per-person ordering of updates: one person's updates run one at a time and in the order
Telegram sent them, while different people are served concurrently.

Without it, "2 eggs" followed quickly by "actually 3" could be logged in either order, and two
check-in merges of the same person could race. PTB's `Application` starts one task per update
in arrival order and hands each to `do_process_update`; the first thing done there, before any
await, is to queue behind the person's previous update, so arrival order is kept exactly.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Hashable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

DEFAULT_CONCURRENCY = 64
DEFAULT_BACKLOG = 4096


def person_of(update: object) -> Hashable | None:
    """Whose update this is: the Telegram user, else the chat; None for neither."""
    if isinstance(update, Update):
        if update.effective_user is not None:
            return ("user", update.effective_user.id)
        if update.effective_chat is not None:
            return ("chat", update.effective_chat.id)
    return None


class PerPersonUpdateProcessor(BaseUpdateProcessor):
    """Serialises updates per person; at most `concurrency` updates do work at once.

    PTB's own semaphore (sized `backlog`) is taken before an update reaches us, so it is kept
    large: a person sending many messages then waits in their own queue instead of holding
    slots other people need. The real limit on concurrent work is `concurrency`, taken only
    once it is the update's turn.
    """

    def __init__(
        self, concurrency: int = DEFAULT_CONCURRENCY, *, backlog: int = DEFAULT_BACKLOG
    ) -> None:
        super().__init__(max(backlog, concurrency, 2))
        self._work = asyncio.Semaphore(concurrency)
        self._tails: dict[Hashable, asyncio.Future[None]] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        """Wait for the person's previous update to finish, then run this one."""
        key = person_of(update)
        previous = self._tails.get(key) if key is not None else None
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if key is not None:
            self._tails[key] = done
        try:
            if previous is not None:
                # `wait`, not `await previous`: cancelling us must not cancel the predecessor.
                await asyncio.wait((previous,))
            async with self._work:
                await coroutine
        except asyncio.CancelledError:
            if inspect.iscoroutine(coroutine):
                coroutine.close()  # cancelled before its turn: never started, close it quietly
            raise
        finally:
            if not done.done():
                done.set_result(None)
            if key is not None and self._tails.get(key) is done:
                del self._tails[key]

    async def initialize(self) -> None:
        """Nothing to allocate: queues are created on demand."""

    async def shutdown(self) -> None:
        """Nothing to free: every queue empties as its updates finish."""
