"""Claiming outbox items: what a worker may take, its lease, and handing claims back.

Per person only the oldest open item is claimable, so one person's messages reach the
service in the order they were written (`bot/store/outbox.py` keeps the items themselves).
An applied item stays claimed until the person was told it landed; a claimer that died
before telling them leaves it to be claimed again and told (`claim_untold`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, Select, and_, bindparam, case, exists, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from bot.store.claims import Lease
from bot.store.direct import Direct, Sql
from bot.store.models import Account, AccountStatus, OutboxItem, OutboxStatus, UtcDateTime
from bot.store.outbox import OPEN_OUTBOX_STATUSES

# An item taken from a claimer (its lease ran out, or its run ended) that was `sending` may
# have landed: it comes back `unknown`, reconciled before it is sent again. A lease that ran
# out on a `sending` item is taken over only once the write its claimer may have sent had
# its answer or timed out (`_abandoned`): a taker reading the day sooner could miss a write
# still on its way, and send it again.
OUTBOX = Lease(
    OutboxItem,
    OutboxItem.id,
    taken_back={
        "status": case(
            (OutboxItem.status == OutboxStatus.SENDING, OutboxStatus.UNKNOWN),
            else_=OutboxItem.status,
        )
    },
    synchronize=False,
)


def _abandoned(stale_before: datetime, sent_before: datetime) -> ColumnElement[bool]:
    """Claimed, and the claimer's lease ran out (its last renewal is before `stale_before`).

    A `sending` item's claimer may have died with its write on its way: the service can still
    apply it until the claimer itself would have stopped waiting for the answer, its request
    timeout after the last renewal (`sent_before` is that much earlier than `stale_before`).
    Reconciled sooner, the write would not be found yet and would be sent again.
    """
    return and_(
        OutboxItem.claimed_by.is_not(None),
        OutboxItem.claimed_at < stale_before,
        or_(OutboxItem.status != OutboxStatus.SENDING, OutboxItem.claimed_at < sent_before),
    )


def _outbox_claimable(
    now: datetime,
    stale_before: datetime,
    telegram_id: int | None = None,
    ignore_backoff: bool = False,
    sent_before: datetime | None = None,
) -> Select[int]:
    older = aliased(OutboxItem)
    earlier_open = exists().where(
        older.telegram_id == OutboxItem.telegram_id,
        older.id < OutboxItem.id,
        older.status.in_(OPEN_OUTBOX_STATUSES),
    )
    due = OutboxItem.next_attempt_at <= now
    if ignore_backoff:  # our own backoff, never the service's Retry-After nor a refused key
        refused_key = exists().where(
            Account.telegram_id == OutboxItem.telegram_id,
            Account.status == AccountStatus.NEEDS_RECONNECT,
        )
        due = and_(or_(OutboxItem.not_before.is_(None), OutboxItem.not_before <= now), ~refused_key)
    fresh = and_(
        OutboxItem.status.in_((OutboxStatus.PENDING, OutboxStatus.UNKNOWN)),
        OutboxItem.claimed_by.is_(None),
        due,
    )
    abandoned = and_(
        OutboxItem.status.in_(OPEN_OUTBOX_STATUSES),
        _abandoned(stale_before, stale_before if sent_before is None else sent_before),
    )
    query = select(OutboxItem.id).where(or_(fresh, abandoned), ~earlier_open)
    if telegram_id is not None:
        query = query.where(OutboxItem.telegram_id == telegram_id)
    return query


async def claim_outbox(
    *,
    session: AsyncSession,
    now: datetime,
    limit: int,
    worker_id: str,
    claim_timeout: timedelta,
    telegram_id: int | None = None,
    ignore_backoff: bool = False,
    request_timeout: timedelta = timedelta(0),
) -> list[OutboxItem]:
    """Claim up to `limit` items ready at `now` for `worker_id`, oldest first; commit promptly.

    With `telegram_id`, only that person's items: the assistant delivers a fresh message at
    once, behind whatever of theirs is still waiting. `ignore_backoff` also takes items
    waiting for their retry time (not for the service's Retry-After, `not_before`): a fresh
    message tries the service again at once, whatever the last failure was.

    Per person, only the oldest open item is claimable, so one person's messages
    reach the service in the order they were written. An item abandoned while
    `sending` comes back as `unknown`: its write may have landed, so the new
    claimer must reconcile before sending it again. It is abandoned only once that write
    would have timed out too (`request_timeout` after the lease ran out, `_abandoned`).
    """
    stale_before = now - claim_timeout
    candidates = (
        _outbox_claimable(
            now, stale_before, telegram_id, ignore_backoff, stale_before - request_timeout
        )
        .order_by(OutboxItem.id)
        .limit(limit)
    )
    claimed = await OUTBOX.claim(session, candidates, worker_id=worker_id, now=now)
    return sorted(claimed, key=lambda item: item.id)


async def claim_following(
    *,
    session: AsyncSession,
    head: OutboxItem,
    now: datetime,
    worker_id: str,
    claim_timeout: timedelta,
    request_timeout: timedelta = timedelta(0),
) -> list[OutboxItem]:
    """With the person's oldest open item (`head`) claimed, claim the rest of their queue.

    Holding the head already keeps everyone else off the person's later items (only the
    oldest open item is claimable), so this only makes that explicit, for one bundle.
    Items are taken whatever their retry time: they wait behind the head, not for
    themselves. An item abandoned while `sending` comes back `unknown`, as in `claim_outbox`
    (and, as there, only once the write it may be in would have timed out).
    """
    stale_before = now - claim_timeout
    claimed = await OUTBOX.claim_where(
        session,
        OutboxItem.telegram_id == head.telegram_id,
        OutboxItem.id > head.id,
        OutboxItem.status.in_(OPEN_OUTBOX_STATUSES),
        or_(
            OutboxItem.claimed_by.is_(None),
            _abandoned(stale_before, stale_before - request_timeout),
        ),
        worker_id=worker_id,
        now=now,
    )
    return sorted(claimed, key=lambda item: item.id)


async def release_outbox_claims(*, session: AsyncSession, claimers: Sequence[str]) -> int:
    """Hand back the open items held by `claimers` (runs that ended: `claims.ended_runs`).

    An item they were sending may have landed, so it comes back `unknown` (reconciled before
    it is sent again), exactly as after the lease ran out.
    """
    return await OUTBOX.take_back(session, claimers, OutboxItem.status.in_(OPEN_OUTBOX_STATUSES))


async def renew_outbox_claims(
    *, session: AsyncSession, item_ids: Sequence[int], worker_id: str, now: datetime
) -> set[int]:
    """Renew `worker_id`'s lease on the open items `item_ids` to `now`; the ids it still holds.

    A worker renews the items it is sending while the send lasts (`bot.sync.outbox`), so a live
    but slow sender's items are never taken over: the service's writes are not idempotent, and
    a taker that reconciles before the slow write lands would send it again (a meal twice).
    An id missing from the answer was taken over (or is no longer open): not ours to send.
    """
    if not item_ids:
        return set()
    # Rows locked in id order, as the items' own records take them: never a deadlock with
    # the transaction recording some of them done meanwhile.
    held = (
        select(OutboxItem.id)
        .where(
            OutboxItem.id.in_(list(item_ids)),
            OutboxItem.claimed_by == worker_id,
            OutboxItem.status.in_(OPEN_OUTBOX_STATUSES),
        )
        .order_by(OutboxItem.id)
        .with_for_update()
    )
    result = await session.execute(
        update(OutboxItem)
        .where(
            OutboxItem.id.in_(held.scalar_subquery()),
            OutboxItem.claimed_by == worker_id,
            OutboxItem.status.in_(OPEN_OUTBOX_STATUSES),
        )
        .values(claimed_at=now)
        .returning(OutboxItem.id)
        .execution_options(synchronize_session=False)
    )
    return set(result.scalars().all())


def untold() -> ColumnElement[bool]:
    """Applied items the person has not been told of yet, their answer in a worker's hands
    (it keeps the claim from `mark_outboxes_done` until `mark_told`)."""
    return and_(
        OutboxItem.status == OutboxStatus.DONE,
        OutboxItem.notify_on_done.is_(True),
        OutboxItem.claimed_by.is_not(None),
    )


async def claim_untold(
    *,
    session: AsyncSession,
    now: datetime,
    limit: int,
    worker_id: str,
    claim_timeout: timedelta,
    ended: Sequence[str] = (),
    since: datetime,
) -> list[OutboxItem]:
    """Claim applied items whose answer a worker that died never sent: its lease ran out, or
    it was an `ended` run of this worker. Only those applied since `since` (an answer days
    late says little); oldest first; commit promptly.
    """
    abandoned = OutboxItem.claimed_at < now - claim_timeout
    if ended:
        abandoned = or_(abandoned, OutboxItem.claimed_by.in_(ended))
    candidates = (
        select(OutboxItem.id)
        .where(untold(), abandoned, OutboxItem.delivered_at >= since)
        .order_by(OutboxItem.id)
        .limit(limit)
    )
    # An applied item is `done`, which a claim leaves as it is.
    claimed = await OUTBOX.claim(session, candidates, worker_id=worker_id, now=now)
    return sorted(claimed, key=lambda item: item.id)


# Whether any item may be claimable anywhere: open, and not held under a live claim (a
# superset of what the claim takes, which also waits for retry times and each person's
# oldest item). The repeating job asks this first (one light read) and claims only then:
# the claim, an ORM UPDATE built each time, is ~2 ms of CPU, every second, whether nothing
# is open or everything open is being sent by the deliveries that hold it.
_ANY_CLAIMABLE = Sql(
    lambda _: (
        select(OutboxItem.id)
        .where(
            or_(*(OutboxItem.status == status for status in OPEN_OUTBOX_STATUSES)),
            or_(
                OutboxItem.claimed_by.is_(None),
                OutboxItem.claimed_at < bindparam("stale_before", type_=UtcDateTime()),
            ),
        )
        .limit(1)
    )
)


async def any_claimable(*, direct: Direct, stale_before: datetime) -> bool:
    """Whether any outbox item may be claimable (see `_ANY_CLAIMABLE`): one light read."""
    return bool(await direct.rows(_ANY_CLAIMABLE, stale_before=stale_before))
