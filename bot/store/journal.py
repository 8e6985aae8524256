"""The update journal: each Telegram update is stored before Telegram is told it arrived.

PTB acknowledges updates as soon as it has fetched them (the next `getUpdates` confirms them;
a webhook answers 200). An update fetched but not yet handled would be lost by a crash, so its
JSON is journaled first (`record_update`, in `processed_updates`, encrypted by the caller) and
replayed at start-up while it is unhandled and recent (`release_stale_updates`, in
`journal_replay`, which also says in what order).

A row goes: recorded -> claimed (a process started handling it) -> handled. `claim_update`
lets exactly one handler through: a duplicate delivery finds the row claimed or handled; a
replay finds it released. "Handled" is written in the same transaction as the message's
outbox item (`enqueue` is given the update's id), so a crash after the actions were stored
never replays the message into a second write. `claimed_by` names the worker holding a row
(it received the update, or handles it), so a worker started again takes back its earlier
run's updates at once (`release_stale_updates`'s `ended`) instead of after the claim timeout.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    LargeBinary,
    String,
    bindparam,
    func,
    select,
    update,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from bot.store.db import dialect_insert, insert_for
from bot.store.direct import Direct, Sql
from bot.store.journal_replay import earlier_unfinished
from bot.store.models import ProcessedUpdate, UtcDateTime, utcnow


@functools.cache
def _record_many(count: int) -> Sql:
    """The INSERT journaling `count` updates at once (a getUpdates answer has at most 100).

    Compiling one costs ~0.1 ms a row, so callers ask only for powers of two (`_rows_for`):
    eight statements cover every answer, instead of up to a hundred compiled in a busy hour."""

    def build(dialect: Dialect) -> Any:
        rows = [
            {
                "update_id": bindparam(f"update_id{i}", type_=BigInteger()),
                "processed_at": bindparam("now", type_=UtcDateTime()),
                "payload": bindparam(f"payload{i}", type_=LargeBinary()),
                "user_id": bindparam(f"user_id{i}", type_=BigInteger()),
                "claimed_by": bindparam("holder", type_=String()),
                "claimed_at": bindparam("claimed_at", type_=UtcDateTime()),
            }
            for i in range(count)
        ]
        return (  # on the table: a session runs it as given, not as an ORM bulk insert
            insert_for(dialect, ProcessedUpdate.__table__)
            .values(rows)
            .on_conflict_do_nothing(index_elements=["update_id"])
            .returning(ProcessedUpdate.update_id)
        )

    return Sql(build)


# The most rows one journaling statement has: more updates at once (Telegram answers a
# getUpdates with at most 100; a test server or a proxy may send more) go as several
# statements in one trip, so nothing is compiled while a crowd waits.
MOST_ROWS = 128


def prepare_record_statements(dialect: Dialect) -> None:
    """Compile every statement `record_updates` may use (~30 ms in all), at start rather than
    when the first crowd of messages arrives."""
    rows = 1
    while rows <= MOST_ROWS:
        _record_many(rows).compiled(dialect)
        rows *= 2


def _rows_for(count: int) -> int:
    """The row count of the statement that journals `count` updates: the next power of two."""
    return 1 << max(count - 1, 0).bit_length()


def _record_values(
    updates: Sequence[tuple[int, bytes, int | None]],
    now: datetime,
    holder: str | None,
    claim: bool,
) -> dict[str, Any]:
    values: dict[str, Any] = {"now": now, "holder": holder, "claimed_at": now if claim else None}
    for i, (update_id, payload, user_id) in enumerate(updates):
        values[f"update_id{i}"] = update_id
        values[f"payload{i}"] = payload
        values[f"user_id{i}"] = user_id
    return values


def _record_statement(
    updates: Sequence[tuple[int, bytes, int | None]],
    now: datetime,
    holder: str | None,
    claim: bool,
) -> tuple[Sql, dict[str, Any]]:
    """The statement journaling `updates` (at most MOST_ROWS), with its values. The spare rows
    repeat the last update: ON CONFLICT DO NOTHING skips a row seen earlier in the same
    statement, and RETURNING names each inserted update once."""
    rows_for = _rows_for(len(updates))
    padded = [*updates, *[updates[-1]] * (rows_for - len(updates))]
    return _record_many(rows_for), _record_values(padded, now, holder, claim)


async def record_updates(
    *,
    direct: Direct,
    updates: Sequence[tuple[int, bytes, int | None]],
    now: datetime,
    holder: str | None,
    claim: bool,
) -> set[int]:
    """`record_update` for several updates (id, payload, person) in one transaction, committed
    at once (one statement for up to MOST_ROWS of them); the ids of those not seen before."""
    if not updates:
        return set()
    statements = [
        _record_statement(updates[start : start + MOST_ROWS], now, holder, claim)
        for start in range(0, len(updates), MOST_ROWS)
    ]
    async with direct.transaction(atomic=False) as tx:  # each statement stands on its own
        ran = await tx.each(statements, commit=True)
    return {int(row[0]) for rows in ran for row in rows}


async def record_update(
    *,
    session: AsyncSession,
    update_id: int,
    payload: bytes,
    user_id: int | None = None,
    now: datetime | None = None,
    holder: str | None = None,
    claim: bool = False,
) -> bool:
    """Journal an update as received by `holder` (and with `claim`, claimed by it in the same
    statement); False when it was seen before: a duplicate, or a replay, which
    `claim_update` then lets through once. (The poller's updates: `record_updates`.)"""
    values = _record_values([(update_id, payload, user_id)], now or utcnow(), holder, claim)
    statement = _record_many(1).statement(session.get_bind().dialect)
    return (await session.execute(statement, values)).scalar_one_or_none() is not None


async def claim_update(
    *,
    session: AsyncSession,
    update_id: int,
    now: datetime | None = None,
    worker_id: str | None = None,
) -> bool:
    """True for exactly one caller per delivery of work: the first to start handling it.

    A journaled update that nobody claimed (or whose claim was released for a replay) is
    claimed here; an update that was never journaled is inserted as claimed. A duplicate
    finds it claimed or handled and gets False.
    """
    now = now or utcnow()
    claimed = await session.execute(_claim(update_id, now, worker_id))
    if getattr(claimed, "rowcount", 0):
        return True
    inserted = await session.execute(
        dialect_insert(session, ProcessedUpdate)
        .values(update_id=update_id, processed_at=now, claimed_at=now, claimed_by=worker_id)
        .on_conflict_do_nothing(index_elements=["update_id"])
        .returning(ProcessedUpdate.update_id)
    )
    return inserted.scalar_one_or_none() is not None


def _claim(update_id: int, now: datetime, worker_id: str | None) -> Any:
    """The UPDATE that claims a journaled update nobody holds and nobody finished."""
    return (
        update(ProcessedUpdate)
        .where(
            ProcessedUpdate.update_id == update_id,
            ProcessedUpdate.claimed_at.is_(None),
            ProcessedUpdate.handled_at.is_(None),
        )
        .values(claimed_at=now, claimed_by=worker_id)
        .execution_options(synchronize_session=False)
    )


async def claim_update_looking_back(
    *,
    session: AsyncSession,
    update_id: int,
    user_id: int,
    received_since: datetime,
    now: datetime,
    worker_id: str | None = None,
) -> tuple[bool, bool]:
    """`claim_update` for a journaled update, and, in the same statement, whether the person
    has earlier updates nobody finished (`release_earlier_updates` then hands them over).

    For a store several processes share, where only the store knows what a process that died
    left. An update that was never journaled is claimed by `claim_update` (earlier: assumed).
    """
    earlier = aliased(ProcessedUpdate)
    left_behind = (
        select(earlier.update_id)
        .where(earlier_unfinished(earlier, user_id, update_id, received_since))
        .exists()
    )
    claimed = await session.execute(_claim(update_id, now, worker_id).returning(left_behind))
    row = claimed.first()
    if row is not None:
        return True, bool(row[0])
    first = await claim_update(session=session, update_id=update_id, now=now, worker_id=worker_id)
    return first, first


MARK_HANDLED = Sql(
    lambda _dialect: (
        update(ProcessedUpdate)
        .where(
            ProcessedUpdate.update_id == bindparam("update"),
            ProcessedUpdate.handled_at.is_(None),
        )
        .values(handled_at=bindparam("now"), payload=None)
    )
)


async def mark_update_handled(
    *, session: AsyncSession, update_id: int, now: datetime | None = None
) -> None:
    """The update's work is done (or safely stored): never replay it; drop its payload.
    (In a message's outbox transaction, on the driver: `MARK_HANDLED` itself.)"""
    await session.execute(
        MARK_HANDLED.statement(session.get_bind().dialect),
        {"update": update_id, "now": now or utcnow()},
        execution_options={"synchronize_session": False},
    )


async def forget_updates_of(*, session: AsyncSession, user_id: int, now: datetime) -> None:
    """/forget: the person's journal rows keep their update id only, so that Telegram
    delivering one of them again is still recognised and dropped (never handled after the
    person asked to be forgotten); who sent them, what and when goes. Each row is marked
    handled at `now` (nothing of theirs is replayed) and is pruned with the rest."""
    await session.execute(
        update(ProcessedUpdate)
        .where(ProcessedUpdate.user_id == user_id)
        .values(
            user_id=None,
            payload=None,
            processed_at=now,
            handled_at=now,
            claimed_at=None,
            claimed_by=None,
        )
        .execution_options(synchronize_session=False)
    )


async def unhandled_updates(*, session: AsyncSession) -> int:
    """How many journaled updates are not handled yet (for tests and `healthbot doctor`)."""
    count = await session.scalar(
        select(func.count())
        .select_from(ProcessedUpdate)
        .where(ProcessedUpdate.handled_at.is_(None), ProcessedUpdate.payload.is_not(None))
    )
    return int(count or 0)
