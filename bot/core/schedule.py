"""When a person's next check-in reminder is due, kept in step with their account."""

from __future__ import annotations

import datetime as dt
import logging

from bot.config import Settings
from bot.core.resources import Resources
from bot.store import Account, AccountStatus, next_due_at, repo
from bot.sync import weekly

log = logging.getLogger(__name__)


def reminder_time(settings: Settings, account: Account) -> dt.time | None:
    """The person's reminder time, None when reminders are off."""
    if not account.reminders_enabled:
        return None
    return account.reminder_time or settings.default_reminder_time


async def reschedule(res: Resources, user_id: int, *, returned: bool = False) -> None:
    """Keep the reminder row (and the weekly summary's) in step with the account's timezone
    and time.

    `returned`: the person was marked blocked (a reminder got 403) and has written since, so
    they unblocked the bot: they are active again and reminded again.
    """
    async with res.sessionmaker() as session:
        account = await repo.get_account(session=session, telegram_id=user_id)
        if account is None:
            return
        if returned:
            account.status = AccountStatus.ACTIVE
        at = reminder_time(res.settings, account)
        due = None
        if at is not None and account.timezone:
            current = await repo.get_reminder(session=session, telegram_id=user_id)
            last = current.last_sent_local_date if current else None
            due = next_due_at(
                reminder_time=at,
                timezone=account.timezone,
                now=res.clock(),
                last_sent_local_date=last,
            )
        await repo.schedule_reminder(session=session, telegram_id=user_id, next_due_at=due)
        await weekly.schedule_for(session=session, account=account, now=res.clock())
        await session.commit()
    if returned:
        log.info("user %s is back; reminders resumed", user_id)


async def welcome_back(res: Resources, account: Account | None) -> None:
    """If `account` was marked blocked, its person is writing again: resume their reminders."""
    if account is not None and account.status == AccountStatus.BLOCKED:
        account.status = AccountStatus.ACTIVE
        await reschedule(res, account.telegram_id, returned=True)
