"""What a crash or a dead worker left in the update journal, and in what order it is replayed.

`release_stale_updates` runs at start-up and from time to time: it hands the unhandled,
recent updates that no live process holds to the caller, oldest first. The person's order
decides what is replayed and what is dropped (an update a later, handled one overtook).
`release_earlier_updates` serves the worker that holds a person's turn and is about to
handle a later update: the earlier ones a dead worker claimed are handled first, in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, exists, false, or_, select, true, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from bot.store.models import ProcessedUpdate


async def release_stale_updates(
    *,
    session: AsyncSession,
    received_since: datetime,
    stale_before: datetime,
    ended: Sequence[str] = (),
    holder: str | None = None,
    keep: Sequence[int] = (),
) -> tuple[list[tuple[int, bytes]], int]:
    """Unhandled journaled updates to replay, oldest first, handed to `holder`.

    Only updates received after `received_since` (older ones are not worth acting on) whose
    claim, or receipt when unclaimed, is older than `stale_before`: a live process that is
    still handling or queueing an update keeps it, and so do the caller's own queued updates
    (`keep`). Updates held by `ended` (earlier runs of
    the caller that are known to have ended, `claims.ended_runs`) are taken back at once.

    The person's order decides the rest. While a later update of theirs is claimed by a live
    process, an earlier one is left alone: that process holds the person's turn and handles
    the earlier one first (`release_earlier_updates`), so replaying it here too would race
    it, and dropping it would lose it. Once a later update was handled, replaying an earlier
    one would break the order: it is marked handled instead, and counted in the second value.
    A later update claimed by a dead process is replayed with it, in order.
    """
    later = aliased(ProcessedUpdate)
    stale = _stale(later, received_since, stale_before, ended)
    if keep:  # still waiting in the caller's own queue: alive, however long it waits
        stale = and_(stale, ProcessedUpdate.update_id.not_in(keep))
    overtaken = await _drop_overtaken(session, stale, later, stale_before)
    return await _hand_over(session, stale, holder), overtaken


def _same_person_later(later: Any) -> ColumnElement[bool]:
    """`later` is a later update of the same person as the row at hand."""
    return and_(
        ProcessedUpdate.user_id.is_not(None),
        later.user_id == ProcessedUpdate.user_id,
        later.update_id > ProcessedUpdate.update_id,
    )


def _stale(
    later: Any, received_since: datetime, stale_before: datetime, ended: Sequence[str]
) -> ColumnElement[bool]:
    """Rows to replay: unhandled, received since `received_since`, claimed (or received,
    when unclaimed) before `stale_before` or held by an `ended` run, and not behind a later
    update of the person's that a live process holds."""
    later_live = and_(later.claimed_at >= stale_before, _not_in(later.claimed_by, ended))
    behind_live = exists().where(_same_person_later(later), later.handled_at.is_(None), later_live)
    return and_(
        ProcessedUpdate.handled_at.is_(None),
        ProcessedUpdate.payload.is_not(None),
        ProcessedUpdate.processed_at >= received_since,
        or_(
            ProcessedUpdate.claimed_at < stale_before,
            and_(ProcessedUpdate.claimed_at.is_(None), ProcessedUpdate.processed_at < stale_before),
            ProcessedUpdate.claimed_by.in_(ended) if ended else false(),
        ),
        ~behind_live,
    )


async def _drop_overtaken(
    session: AsyncSession, stale: ColumnElement[bool], later: Any, stale_before: datetime
) -> int:
    """Mark handled the stale rows a later, handled update of the person's overtook (replaying
    them would break the order); how many."""
    overtaken = exists().where(_same_person_later(later), later.handled_at.is_not(None))
    dropped = await session.execute(
        update(ProcessedUpdate)
        .where(stale, overtaken)
        .values(handled_at=stale_before, payload=None)
        .execution_options(synchronize_session=False)
    )
    return int(getattr(dropped, "rowcount", 0))


async def _hand_over(
    session: AsyncSession, stale: ColumnElement[bool], holder: str | None
) -> list[tuple[int, bytes]]:
    """The ids and payloads of the rows `stale` selects, oldest first, released to `holder`
    (for a replay, or for the worker about to handle a later update of the same person)."""
    rows = (
        await session.execute(
            select(ProcessedUpdate.update_id, ProcessedUpdate.payload)
            .where(stale)
            .order_by(ProcessedUpdate.update_id)
        )
    ).all()
    if rows:
        await session.execute(
            update(ProcessedUpdate)
            .where(ProcessedUpdate.update_id.in_([r[0] for r in rows]), stale)
            .values(claimed_at=None, claimed_by=holder)
            .execution_options(synchronize_session=False)
        )
    return [(int(update_id), payload) for update_id, payload in rows if payload is not None]


async def release_earlier_updates(
    *,
    session: AsyncSession,
    user_id: int,
    before: int,
    received_since: datetime,
    holder: str | None = None,
) -> list[tuple[int, bytes]]:
    """A person's unhandled journaled updates older than `before`, oldest first, released.

    For the caller that holds the person's turn (`bot.sync.locks` across replicas, the in-process
    queue otherwise) and is about to handle update `before`: whoever had claimed these died,
    so they are handled first, in order, instead of being lost or replayed out of order.
    """
    return await _hand_over(
        session, earlier_unfinished(ProcessedUpdate, user_id, before, received_since), holder
    )


def earlier_unfinished(
    row: Any, user_id: int, before: int, received_since: datetime
) -> ColumnElement[bool]:
    """`row` is an update of the person's before `before`, recent, and not finished."""
    return and_(
        row.user_id == user_id,
        row.update_id < before,
        row.handled_at.is_(None),
        row.payload.is_not(None),
        row.processed_at >= received_since,
    )


def _not_in(column: Any, values: Sequence[str]) -> Any:
    """`column` is none of `values` (NULL counts as none of them)."""
    if not values:
        return true()
    return or_(column.is_(None), column.not_in(values))
