"""The weekly summary's persisted state: the opt-in flag, scheduling, claiming, completing.

Built as the reminders' (bot/store/reminders.py): the time arithmetic lives in
bot/sync/weekly.py; this module stores its results and hands due summaries out to exactly one
worker at a time (see `claims`). `last_sent_week` is only ever moved forward by the worker
holding the claim, in the same statement that releases it, so a week is sent at most once.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import or_
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.accounts import AccountNotFound
from bot.store.claims import Lease
from bot.store.models import Account, WeeklySummary
from bot.store.reminders import claim_due, give_back

WEEKLY = Lease(WeeklySummary, WeeklySummary.telegram_id)


async def get_weekly(*, session: AsyncSession, telegram_id: int) -> WeeklySummary | None:
    return await session.get(WeeklySummary, telegram_id)


async def set_weekly_summary(*, session: AsyncSession, telegram_id: int, enabled: bool) -> Account:
    """Turn the person's weekly summary on or off (the schedule is set by the caller)."""
    account = await session.get(Account, telegram_id)
    if account is None:
        raise AccountNotFound(telegram_id)
    account.weekly_summary = enabled
    await session.flush()
    return account


async def schedule_weekly(
    *, session: AsyncSession, telegram_id: int, next_due_at: datetime | None
) -> WeeklySummary:
    """Set (or with None, clear) when the person's next summary is due.

    Drops any claim: a worker holding the old claim then fails to complete it, so the newly
    chosen time wins. `last_sent_week` is kept: turning the summary off and on again in the
    same week does not send that week twice.
    """
    row = await session.get(WeeklySummary, telegram_id)
    if row is None:
        row = WeeklySummary(telegram_id=telegram_id)
        session.add(row)
    row.next_due_at = next_due_at
    WEEKLY.drop(row)
    await session.flush()
    return row


async def due_weekly(
    *,
    session: AsyncSession,
    now: datetime,
    limit: int,
    worker_id: str,
    claim_timeout: timedelta,
) -> list[WeeklySummary]:
    """Claim up to `limit` summaries due at `now` (`claim_due`): people who asked for it."""
    return await claim_due(
        session,
        WEEKLY,
        Account.weekly_summary.is_(True),
        now=now,
        limit=limit,
        worker_id=worker_id,
        claim_timeout=claim_timeout,
    )


async def complete_weekly(
    *,
    session: AsyncSession,
    telegram_id: int,
    worker_id: str,
    week: str,
    next_due_at: datetime | None,
) -> bool:
    """Record that the summary of `week` went out (or was skipped) and when the next is due.

    False when `worker_id` no longer holds the claim, or `week` was already recorded (by a
    worker that took the claim over): the caller then sends nothing.
    """
    return await WEEKLY.release(
        session,
        telegram_id,
        worker_id=worker_id,
        where=[or_(WeeklySummary.last_sent_week.is_(None), WeeklySummary.last_sent_week != week)],
        last_sent_week=week,
        next_due_at=next_due_at,
    )


async def release_weekly(
    *,
    session: AsyncSession,
    telegram_id: int,
    worker_id: str,
    retry_at: datetime | None = None,
) -> bool:
    """Give a claimed summary back (e.g. the service was down), optionally due at `retry_at`."""
    return await give_back(session, WEEKLY, telegram_id, worker_id=worker_id, retry_at=retry_at)
