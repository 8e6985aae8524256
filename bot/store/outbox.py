"""The outbox: the actions of each message, kept until the service has applied them once.

Items are claimed like reminders (see `claims`; the outbox's own in `outbox_claims`) and, per
person, strictly in the order they were written. Statuses and what each means are on
`OutboxStatus`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    String,
    and_,
    bindparam,
    case,
    delete,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.direct import Direct, Sql, Tx, detached
from bot.store.journal import MARK_HANDLED
from bot.store.models import (
    ERROR_MAX,
    OutboxItem,
    OutboxStatus,
    UtcDateTime,
    dump_json,
    utcnow,
)

OPEN_OUTBOX_STATUSES = (OutboxStatus.PENDING, OutboxStatus.SENDING, OutboxStatus.UNKNOWN)


def _enqueue_claimed(_dialect: Dialect) -> Any:
    # One statement: the new item is claimed unless an older one of the person's is open.
    now = bindparam("now", type_=UtcDateTime())
    waiting = (
        select(OutboxItem.id)
        .where(
            OutboxItem.telegram_id == bindparam("telegram_id"),
            or_(*(OutboxItem.status == status.value for status in OPEN_OUTBOX_STATUSES)),
        )
        .exists()
    )
    return (
        insert(OutboxItem)
        .values(
            telegram_id=bindparam("telegram_id"),
            chat_id=bindparam("chat_id"),
            local_date=bindparam("local_date"),
            actions_json=bindparam("actions_json"),
            status=case((waiting, OutboxStatus.PENDING.value), else_=OutboxStatus.SENDING.value),
            attempts=case((waiting, 0), else_=1),
            created_at=now,
            next_attempt_at=now,
            notify_on_done=bindparam("notify_on_done"),
            claimed_by=case((waiting, None), else_=bindparam("worker_id", type_=String())),
            claimed_at=case((waiting, None), else_=now),
            source_message_id=bindparam("source_message_id"),
        )
        .returning(*_ITEM)
    )


_ITEM = tuple(OutboxItem.__table__.columns)
ENQUEUE_CLAIMED = Sql(_enqueue_claimed)


async def enqueue_claimed(
    *,
    tx: Tx,
    telegram_id: int,
    chat_id: int,
    local_date: date,
    actions: Sequence[Mapping[str, Any]],
    worker_id: str,
    now: datetime | None = None,
    notify_on_done: bool = False,
    source_message_id: int | None = None,
    update_id: int | None = None,
) -> tuple[OutboxItem, bool]:
    """Store the wire actions of one message before anything is sent, claimed for
    `worker_id` at once when it is next in line; in the caller's `tx`, on the driver (what
    every logged message runs).

    The usual case on a message: nothing of the person's is waiting, so the item is stored
    already `sending` under this worker's lease (one attempt counted) and can be sent right
    after the commit, without a separate claim. Returns the item and whether it was claimed;
    when older items are open, it waits its turn behind them (unclaimed).
    """
    now = now or utcnow()
    row = await tx.row(
        ENQUEUE_CLAIMED,
        telegram_id=telegram_id,
        chat_id=chat_id,
        local_date=local_date,
        actions_json=dump_json(list(actions)),
        now=now,
        notify_on_done=notify_on_done,
        worker_id=worker_id,
        source_message_id=source_message_id,
    )
    assert row is not None  # an INSERT ... RETURNING returns its row
    item = detached(OutboxItem, _ITEM, row)
    if update_id is not None:
        # Same transaction: once the actions are stored, the update must never be replayed.
        tx.later(MARK_HANDLED, update=update_id, now=now)
    return item, item.status == OutboxStatus.SENDING


async def outbox_item_from_message(
    *, session: AsyncSession, telegram_id: int, message_id: int
) -> OutboxItem | None:
    """What this person's Telegram message `message_id` was stored as, if it was logged."""
    rows = await session.scalars(
        select(OutboxItem)
        .where(OutboxItem.telegram_id == telegram_id, OutboxItem.source_message_id == message_id)
        .order_by(OutboxItem.id.desc())
        .limit(1)
    )
    return rows.first()


async def retry_outbox_now(*, session: AsyncSession, now: datetime) -> int:
    """The service answers again: items backed off after failures are due now.

    Not those the service itself asked to wait (`not_before`), nor claimed ones.

    Several deliveries may see the service answer again at once, each making everyone's
    items due: on PostgreSQL the rows are locked in id order and those another transaction
    holds are skipped (it is claiming them, or making them due too), so two such updates
    never wait on each other in opposite orders (a deadlock).
    """
    backed_off = (
        select(OutboxItem.id)
        .where(
            OutboxItem.status.in_((OutboxStatus.PENDING, OutboxStatus.UNKNOWN)),
            OutboxItem.claimed_by.is_(None),
            OutboxItem.next_attempt_at > now,
            or_(OutboxItem.not_before.is_(None), OutboxItem.not_before <= now),
        )
        .order_by(OutboxItem.id)
        .with_for_update(skip_locked=True)
    )
    result = await session.execute(
        update(OutboxItem)
        .where(OutboxItem.id.in_(backed_off.scalar_subquery()))
        .values(next_attempt_at=now)
        .execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0))


async def mark_outbox(
    *,
    session: AsyncSession,
    item_id: int,
    worker_id: str,
    status: OutboxStatus,
    now: datetime | None = None,
    error: str | None = None,
    retry_at: datetime | None = None,
    result: Any = None,
    notify_on_done: bool | None = None,
    not_before: datetime | None = None,
    claimed_at: datetime | None = None,
) -> bool:
    """Move a claimed item on; False when `worker_id` no longer holds it, or, with
    `claimed_at`, no longer under the claim stamped then: another claim, even one of the same
    worker (a message's delivery taking over what the background pass of its own process
    claimed and has not reached yet), stamps the item anew, and that claimer sends it.

    - `sending`: about to send; counts an attempt and renews the lease.
    - `pending` / `unknown`: try again at `retry_at` (default now), and not before
      `not_before` even for a fresh message (the service's Retry-After); releases the claim.
    - `done`: applied; `result` (JSON-able) kept; releases the claim.
    - `failed`: given up; releases the claim.
    `error` must already be free of secrets; it is cut to fit.
    """
    now = now or utcnow()
    status = OutboxStatus(status)
    values: dict[str, Any] = {"status": status}
    if status is OutboxStatus.SENDING:
        values.update(attempts=OutboxItem.attempts + 1, claimed_at=now)
    else:
        values.update(claimed_by=None, claimed_at=None)
    if status in (OutboxStatus.PENDING, OutboxStatus.UNKNOWN):
        values["next_attempt_at"] = retry_at or now
        values["not_before"] = not_before
    if status is OutboxStatus.DONE:
        values["delivered_at"] = now
        if result is not None:
            values["result_json"] = dump_json(result)
    if error is not None:
        values["last_error"] = error[:ERROR_MAX]
    if notify_on_done is not None:
        values["notify_on_done"] = notify_on_done
    held = [OutboxItem.id == item_id, OutboxItem.claimed_by == worker_id]
    if claimed_at is not None:
        held.append(OutboxItem.claimed_at == claimed_at)
    outcome = await session.execute(
        update(OutboxItem)
        .where(*held)
        .values(**values)
        .execution_options(synchronize_session=False)
    )
    return bool(getattr(outcome, "rowcount", 0))


def _mark_done(_dialect: Dialect) -> Any:
    # An item the person still has to hear of stays claimed until they do (`told` below): the
    # claim says whose answer is on its way, and a dead claimer's comes back (`claim_untold`).
    now = bindparam("now", type_=UtcDateTime())
    owed = OutboxItem.notify_on_done.is_(True)
    return (
        update(OutboxItem)
        .where(
            OutboxItem.id == bindparam("item_id"), OutboxItem.claimed_by == bindparam("worker_id")
        )
        .values(
            status=OutboxStatus.DONE.value,
            claimed_by=case((owed, OutboxItem.claimed_by), else_=None),
            claimed_at=case((owed, now), else_=None),
            delivered_at=now,
            result_json=bindparam("result_json"),
        )
        .returning(OutboxItem.id)
    )


MARK_DONE = Sql(_mark_done)

# Items recorded as told in one statement at most; slots left over are NULL (no item). A crowd's
# replies are recorded a few at a time (bot/sync/items.py, TOLD_WAIT): one statement for them.
TOLD_SLOTS = 8

MARK_TOLD = Sql(
    lambda _dialect: (
        update(OutboxItem)
        .where(
            or_(*(OutboxItem.id == bindparam(f"item_{slot}") for slot in range(TOLD_SLOTS))),
            OutboxItem.status == OutboxStatus.DONE.value,
        )
        .values(notify_on_done=False, claimed_by=None, claimed_at=None)
        .returning(OutboxItem.id)
    )
)


def _told_slots(told: Sequence[int]) -> list[dict[str, int | None]]:
    """`told` as MARK_TOLD's parameters, TOLD_SLOTS items a statement."""
    return [
        {f"item_{slot}": (chunk[slot] if slot < len(chunk) else None) for slot in range(TOLD_SLOTS)}
        for chunk in (told[i : i + TOLD_SLOTS] for i in range(0, len(told), TOLD_SLOTS))
    ]


async def mark_outboxes_done(
    *,
    direct: Direct,
    done: Sequence[tuple[int, str, datetime, Any]],
    told: Sequence[int] = (),
) -> list[bool]:
    """`mark_outbox(status=done, result=...)` on the driver for several items (id, worker,
    when, result) in one transaction, sent in one trip: what every delivered message runs.
    For each, False when its worker no longer holds the item.

    In the same transaction, items in `told` are recorded as told: the person heard they
    landed (their reply or a "synced" notice went out), so no answer is owed for them and
    their claims end."""
    async with direct.transaction() as tx:
        marked = await tx.each(
            [
                *(
                    (
                        MARK_DONE,
                        {
                            "item_id": item_id,
                            "worker_id": worker_id,
                            "now": now,
                            "result_json": dump_json(result),
                        },
                    )
                    for item_id, worker_id, now, result in done
                ),
                *((MARK_TOLD, slots) for slots in _told_slots(told)),
            ],
            commit=True,
        )
    return [bool(rows) for rows in marked[: len(done)]]


async def pending_outbox(*, session: AsyncSession, telegram_id: int) -> list[OutboxItem]:
    """The person's items not yet applied nor given up, oldest first: what /status shows."""
    rows = await session.scalars(
        select(OutboxItem)
        .where(
            OutboxItem.telegram_id == telegram_id,
            OutboxItem.status.in_(OPEN_OUTBOX_STATUSES),
        )
        .order_by(OutboxItem.id)
    )
    return list(rows.all())


async def outbox_backlog(*, session: AsyncSession) -> tuple[int, datetime | None]:
    """How many items are not yet applied nor given up, and when the oldest was made: one
    aggregate over the status index, for the metrics' gauges."""
    row = (
        await session.execute(
            select(func.count(OutboxItem.id), func.min(OutboxItem.created_at)).where(
                OutboxItem.status.in_(OPEN_OUTBOX_STATUSES)
            )
        )
    ).one()
    return int(row[0]), row[1]


async def prune_outbox(*, session: AsyncSession, before: datetime) -> int:
    """Delete items applied, or given up and written, before `before` (see bot/sync/pruning.py)."""
    applied = and_(OutboxItem.status == OutboxStatus.DONE, OutboxItem.delivered_at < before)
    given_up = and_(OutboxItem.status == OutboxStatus.FAILED, OutboxItem.created_at < before)
    result = await session.execute(delete(OutboxItem).where(or_(applied, given_up)))
    return int(getattr(result, "rowcount", 0))


async def delivered_results(*, session: AsyncSession, telegram_id: int) -> list[Any]:
    """Per-action results of the person's applied items, as the service returned them.

    Reconciling an unknown write needs to know which of the service's records are already
    accounted for by earlier deliveries, so that an identical record is not mistaken for it.
    """
    rows = await session.scalars(
        select(OutboxItem.result_json).where(
            OutboxItem.telegram_id == telegram_id,
            OutboxItem.status == OutboxStatus.DONE,
            OutboxItem.result_json.is_not(None),
        )
    )
    results: list[Any] = []
    for raw in rows.all():
        if raw:
            decoded = json.loads(raw)
            if isinstance(decoded, list):
                results.extend(decoded)
    return results
