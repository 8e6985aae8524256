"""The daily check-in reminder's persisted state: scheduling, claiming, completing.

The time arithmetic lives in `schedule`; this module only stores its results and
hands due reminders out to exactly one worker at a time (see `claims`).
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy import ColumnElement, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.claims import Lease
from bot.store.models import Account, AccountStatus, Reminder, WeeklySummary

REMINDERS = Lease(Reminder, Reminder.telegram_id)


async def get_reminder(*, session: AsyncSession, telegram_id: int) -> Reminder | None:
    return await session.get(Reminder, telegram_id)


async def schedule_reminder(
    *, session: AsyncSession, telegram_id: int, next_due_at: datetime | None
) -> Reminder:
    """Set (or with None, clear) when the person's next reminder is due.

    Drops any snooze and claim: a worker holding the old claim then fails to
    complete it, so the newly chosen time wins.
    """
    reminder = await session.get(Reminder, telegram_id)
    if reminder is None:
        reminder = Reminder(telegram_id=telegram_id)
        session.add(reminder)
    return await _due_at(session, reminder, next_due_at, snoozed_until=None)


# A table of scheduled sends, one row per person: `telegram_id`, `next_due_at` and a claim.
Scheduled = TypeVar("Scheduled", Reminder, WeeklySummary)


async def claim_due(
    session: AsyncSession,
    lease: Lease[Scheduled],
    wanted: ColumnElement[bool],
    *,
    now: datetime,
    limit: int,
    worker_id: str,
    claim_timeout: timedelta,
) -> list[Scheduled]:
    """Claim up to `limit` rows of `lease.table` due at `now` for `worker_id`, earliest first;
    commit promptly after.

    Only people who can be sent to: active (not blocked, not needing /connect), linked,
    and `wanted` (the send turned on). Unclaimed rows and rows whose claim is older than
    `claim_timeout` qualify; on PostgreSQL, rows another worker is claiming are skipped
    (SKIP LOCKED), so replicas share a crowd instead of queueing behind each other.
    """
    table = lease.table
    candidates = (
        select(table.telegram_id)
        .join(Account, Account.telegram_id == table.telegram_id)
        .where(
            table.next_due_at <= now,
            lease.free(now - claim_timeout),
            Account.status == AccountStatus.ACTIVE,
            wanted,
            Account.encrypted_key.is_not(None),
        )
        .order_by(table.next_due_at, table.telegram_id)
        .limit(limit)
    )
    claimed = await lease.claim(session, candidates, worker_id=worker_id, now=now)
    return sorted(claimed, key=lambda r: (r.next_due_at or now, r.telegram_id))


async def give_back(
    session: AsyncSession,
    lease: Lease[Scheduled],
    telegram_id: int,
    *,
    worker_id: str,
    retry_at: datetime | None,
) -> bool:
    """Let go of a scheduled send `worker_id` claimed (`claim_due`), due again at `retry_at`
    when given (else when it was); False when the worker no longer holds it."""
    later: dict[str, Any] = {"next_due_at": retry_at} if retry_at is not None else {}
    return await lease.release(session, telegram_id, worker_id=worker_id, **later)


async def due_reminders(
    *,
    session: AsyncSession,
    now: datetime,
    limit: int,
    worker_id: str,
    claim_timeout: timedelta,
) -> list[Reminder]:
    """Claim up to `limit` check-in reminders due at `now` (`claim_due`): reminders on."""
    return await claim_due(
        session,
        REMINDERS,
        Account.reminders_enabled.is_(True),
        now=now,
        limit=limit,
        worker_id=worker_id,
        claim_timeout=claim_timeout,
    )


async def complete_reminder(
    *,
    session: AsyncSession,
    telegram_id: int,
    worker_id: str,
    sent_local_date: date,
    next_due_at: datetime | None,
    message_id: int | None = None,
) -> bool:
    """Record that the reminder for `sent_local_date` went out (or was skipped) and what's next.

    False when `worker_id` no longer holds the claim (it was taken over or the
    reminder rescheduled); the caller then leaves things alone.
    """
    return await REMINDERS.release(
        session,
        telegram_id,
        worker_id=worker_id,
        last_sent_local_date=sent_local_date,
        next_due_at=next_due_at,
        snoozed_until=None,
        message_id=message_id if message_id is not None else Reminder.message_id,
    )


async def release_reminder(
    *,
    session: AsyncSession,
    telegram_id: int,
    worker_id: str,
    retry_at: datetime | None = None,
) -> bool:
    """Give a claimed reminder back (e.g. Telegram was unreachable), optionally for later."""
    return await give_back(session, REMINDERS, telegram_id, worker_id=worker_id, retry_at=retry_at)


async def snooze_reminder(
    *, session: AsyncSession, telegram_id: int, until: datetime
) -> Reminder | None:
    """The "later" button: due again at `until` (the day still counts as not reminded)."""
    reminder = await session.get(Reminder, telegram_id)
    if reminder is None:
        return None
    return await _due_at(session, reminder, until, snoozed_until=until)


async def _due_at(
    session: AsyncSession,
    reminder: Reminder,
    due: datetime | None,
    *,
    snoozed_until: datetime | None,
) -> Reminder:
    """Make `reminder` due at `due`, unclaimed: a worker holding the old claim then fails
    to complete it, so the new time wins."""
    reminder.next_due_at = due
    reminder.snoozed_until = snoozed_until
    REMINDERS.drop(reminder)
    await session.flush()
    return reminder


async def reminder_accounts(*, session: AsyncSession) -> list[tuple[Account, Reminder | None]]:
    """Everyone who should get reminders, with their reminder row if any: to rebuild at start."""
    rows = await session.execute(
        select(Account, Reminder)
        .outerjoin(Reminder, Reminder.telegram_id == Account.telegram_id)
        .where(
            Account.status == AccountStatus.ACTIVE,
            Account.reminders_enabled.is_(True),
            Account.encrypted_key.is_not(None),
            Account.timezone.is_not(None),
        )
        .order_by(Account.telegram_id)
    )
    return [(account, reminder) for account, reminder in rows]
