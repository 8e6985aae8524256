"""Helpers shared by the reliability tests: one movable clock, fault counting, draining.

The sandbox's fault machinery is reached through its app state (`app.state.sandbox`), the
same object its routes use; the tests only wrap it to count what was injected, or give its
rate limiter the test's clock, so a one-minute window passes without waiting a minute.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from bot.core.assistant import Assistant
from bot.store.models import OutboxItem, OutboxStatus
from bot.store.repo import OPEN_OUTBOX_STATUSES
from bot.sync.items import Delivered
from sandbox.faults import FaultInjector, RateLimiter, WriteFault
from tests.fixtures.sandbox import RunningSandbox

EPOCH = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


@dataclass
class Clock:
    """The one clock of the core (and, when asked, of the sandbox's rate limiter)."""

    now: dt.datetime

    def __call__(self) -> dt.datetime:
        return self.now

    def monotonic(self) -> float:
        """The same time as seconds, for the sandbox's `RateLimiter`."""
        return (self.now - EPOCH).total_seconds()


class CountingFaults(FaultInjector):
    """The sandbox's own fault draw (same seed, same sequence), counted by kind."""

    def __init__(self, fail_rate: float, seed: int | None) -> None:
        super().__init__(fail_rate, seed)
        self.drawn: Counter[WriteFault] = Counter()

    def draw(self) -> WriteFault:
        fault = super().draw()
        self.drawn[fault] += 1
        return fault


class ScriptedFaults(FaultInjector):
    """The next writes fail as scripted (then none do): for one exact sequence of events."""

    def __init__(self, *script: WriteFault) -> None:
        super().__init__(0.0)
        self.script = list(script)

    def draw(self) -> WriteFault:
        return self.script.pop(0) if self.script else WriteFault.NONE


class Outage(FaultInjector):
    """Every write fails (503, nothing applied) while `down`; every write is counted."""

    def __init__(self) -> None:
        super().__init__(0.0)
        self.down = True
        self.writes = 0

    def draw(self) -> WriteFault:
        self.writes += 1
        return WriteFault.BEFORE if self.down else WriteFault.NONE


def outage(running: RunningSandbox) -> Outage:
    """The service is down for writes from now until the test sets `down = False`."""
    down = Outage()
    sandbox_runtime(running).faults = down
    return down


def script_faults(running: RunningSandbox, *script: WriteFault) -> ScriptedFaults:
    scripted = ScriptedFaults(*script)
    sandbox_runtime(running).faults = scripted
    return scripted


def sandbox_runtime(running: RunningSandbox) -> Any:
    """The running sandbox's `Runtime` (database, faults, limiter)."""
    return running._server.config.app.state.sandbox


def count_faults(running: RunningSandbox) -> CountingFaults:
    config = running.config
    counting = CountingFaults(config.fail_rate, config.seed)
    sandbox_runtime(running).faults = counting
    return counting


def rate_limit_on_clock(running: RunningSandbox, per_minute: int, clock: Clock) -> None:
    """Throttle each key to `per_minute` requests per minute of the test's clock."""
    sandbox_runtime(running).limiter = RateLimiter(per_minute, clock=clock.monotonic)


async def open_items(assistant: Assistant) -> list[OutboxItem]:
    async with assistant.resources.sessionmaker() as session:
        rows = await session.scalars(
            select(OutboxItem)
            .where(OutboxItem.status.in_(OPEN_OUTBOX_STATUSES))
            .order_by(OutboxItem.id)
        )
        return list(rows.all())


async def all_items(assistant: Assistant) -> list[OutboxItem]:
    async with assistant.resources.sessionmaker() as session:
        return list((await session.scalars(select(OutboxItem).order_by(OutboxItem.id))).all())


def next_attempts(waiting: list[OutboxItem]) -> list[dt.datetime]:
    """When each person's oldest waiting item is due (later ones wait behind it)."""
    heads: dict[int, OutboxItem] = {}
    for item in waiting:
        heads.setdefault(item.telegram_id, item)
    return [item.next_attempt_at for item in heads.values()]


Notify = Callable[[Delivered], Awaitable[None]]


async def drain(
    assistant: Assistant, clock: Clock, notify: Notify | None = None, *, max_passes: int = 400
) -> int:
    """Run the background delivery until nothing waits, moving the clock to each retry time.

    Returns the number of passes; fails if the outbox does not drain within `max_passes`.
    """
    for passes in range(1, max_passes + 1):
        await assistant.resources.delivery.run_due(notify, limit=200)
        waiting = await open_items(assistant)
        if not waiting:
            return passes
        due = min(next_attempts(waiting))
        clock.now = max(clock.now, due) + dt.timedelta(milliseconds=1)
    raise AssertionError(f"the outbox still holds {len(await open_items(assistant))} items")


def done(items: list[OutboxItem]) -> bool:
    return all(item.status == OutboxStatus.DONE for item in items)
