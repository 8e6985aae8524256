"""The daily check-in reminder, Telegram-free: what is due, whether to send it, what to record.

The schedule lives only in the database (`reminders.next_due_at`), so nothing has to be
rebuilt in memory at start: a repeating job calls `run_due(now, send)` and whatever came due
while the bot was down goes out on its first run. Rows are claimed (`repo.due_reminders`), so
several bot processes can share the work.

"Never missed" is chosen over "never twice": a missed nudge is worse than a rare double. A
reminder is sent while its row is claimed, and its day is recorded as sent only *after* the
message went out. A process that dies in between leaves the claim, and after its lease
(`REMINDER_CLAIM_TIMEOUT_SECONDS`) another process sends the reminder; so a process killed
right after a send and before recording it makes that person's reminder come twice. A send
that fails cleanly gives the row back, to be tried again soon.

A reminder is skipped only when today's check-in already rates mood, energy and sleep; a
partial one ("slept badly" said earlier) still gets it, with buttons for the missing ratings
only. An API failure while checking still sends the reminder (all buttons): a nudge the person
may not need is better than silence on the day they did need it.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable

from bot.agent_api.client import AgentApiClient
from bot.agent_api.errors import AgentApiError, BadKey
from bot.agent_api.views import CheckinView
from bot.kernel import callbacks
from bot.kernel.days import day_lived
from bot.kernel.replies import Reply
from bot.kernel.sends import RecipientBlocked, Send
from bot.store import (
    Account,
    AccountStatus,
    EncryptionError,
    Reminder,
    local_date,
    next_due_at,
    repo,
    zone,
)
from bot.sync.due import RETRY_SEND_AFTER, ClaimDue, ScheduledSends

log = logging.getLogger(__name__)


# The reminder message to an account's person for the day asked about and the ratings it
# still lacks: the core's (`bot.core.scheduled.reminder_reply`), handed to `Reminders` where
# the house is built.
ReminderWords = Callable[[Account, dt.date, tuple[callbacks.RatedField, ...]], Reply]


def missing_ratings(checkin: CheckinView | None) -> tuple[callbacks.RatedField, ...]:
    """The ratings today's check-in does not have yet, in button order."""
    if checkin is None:
        return callbacks.RATED_FIELDS
    return tuple(
        f for f in callbacks.RATED_FIELDS if getattr(checkin, callbacks.CHECKIN_FIELDS[f]) is None
    )


def remindable(account: Account) -> bool:
    """Whether the person gets reminders: linked, active, reminders on, a time zone known."""
    return (
        account.encrypted_key is not None
        and account.status == AccountStatus.ACTIVE
        and account.reminders_enabled
        and account.timezone is not None
    )


class Reminders(ScheduledSends[Reminder, Send, ReminderWords]):
    """Sends due reminders, worded by the core; all state is in the database. A tap on
    "later" is the core's (bot/core/later.py)."""

    what = "reminder"

    def claims(self) -> ClaimDue[Reminder]:
        return repo.due_reminders

    async def send_one(self, reminder: Reminder, now: dt.datetime, send: Send) -> bool:
        user_id = reminder.telegram_id
        async with self.sessionmaker() as session:
            account = await repo.get_account(session=session, telegram_id=user_id)
        if account is None or not remindable(account):
            await self._unschedule(user_id)
            return False
        assert account.timezone is not None
        at = account.reminder_time or self.settings.default_reminder_time
        day = local_date(now, account.timezone)
        tomorrow = next_due_at(
            reminder_time=at, timezone=account.timezone, now=now, last_sent_local_date=day
        )
        snoozed = reminder.snoozed_until is not None
        if reminder.last_sent_local_date == day and not snoozed:
            # Due again on a day already handled (e.g. the time was moved later): not twice.
            await self._complete(user_id, day, tomorrow)
            return False
        # The check-in asked about is of the day the person is living (a reminder set for
        # 01:00 with the day ending at 03:00 asks about the evening before); the schedule
        # itself counts calendar days.
        lived = day_lived(
            now, zone(account.timezone), account.day_ends_at, self.settings.day_ends_at
        )
        missing = await self._missing(account, lived)
        if not missing:
            await self._complete(user_id, day, tomorrow)
            return False
        if account.status != AccountStatus.ACTIVE:  # the check found the key refused
            await self._unschedule(user_id)
            return False
        try:
            message_id = await send(account.chat_id or user_id, self.words(account, lived, missing))
        except RecipientBlocked:
            log.info("user %s blocked the bot; reminders stopped", user_id)
            await self._mark(user_id, AccountStatus.BLOCKED)
            return False
        except Exception as exc:
            log.warning("reminder to user %s not sent (%s); retrying", user_id, type(exc).__name__)
            await self._release(user_id, now + RETRY_SEND_AFTER)
            return False
        if not await self._complete(user_id, day, tomorrow, message_id):
            # Rescheduled meanwhile (that newer time stands) or taken over after the lease.
            log.info("reminder to user %s sent as its row changed; the newer state stands", user_id)
        return True

    async def _missing(self, account: Account, day: dt.date) -> tuple[callbacks.RatedField, ...]:
        """The ratings still missing today; all of them when the service cannot tell."""
        assert account.encrypted_key is not None
        try:
            key = self.cipher.decrypt(account.encrypted_key)
        except EncryptionError:
            await self._mark(account.telegram_id, AccountStatus.NEEDS_RECONNECT)
            account.status = AccountStatus.NEEDS_RECONNECT
            return callbacks.RATED_FIELDS
        client = AgentApiClient(self.settings.agent_api_base_url, key, http=self.http)
        try:
            view = await client.checkin_of(day)
        except BadKey:
            await self._mark(account.telegram_id, AccountStatus.NEEDS_RECONNECT)
            account.status = AccountStatus.NEEDS_RECONNECT
            return callbacks.RATED_FIELDS
        except AgentApiError as exc:
            log.info(
                "check-in of user %s unknown (%s); reminding anyway",
                account.telegram_id,
                type(exc).__name__,
            )
            return callbacks.RATED_FIELDS
        return missing_ratings(view.checkin)

    # --- a person who blocked the bot and came back ------------------------------------------

    # --- small transactions ------------------------------------------------------------------

    async def _complete(
        self, user_id: int, day: dt.date, next_at: dt.datetime, message_id: int | None = None
    ) -> bool:
        async with self.sessionmaker.begin() as session:
            return await repo.complete_reminder(
                session=session,
                telegram_id=user_id,
                worker_id=self.worker_id,
                sent_local_date=day,
                next_due_at=next_at,
                message_id=message_id,
            )

    async def _release(self, user_id: int, retry_at: dt.datetime) -> None:
        async with self.sessionmaker.begin() as session:
            await repo.release_reminder(
                session=session, telegram_id=user_id, worker_id=self.worker_id, retry_at=retry_at
            )

    async def _unschedule(self, user_id: int) -> None:
        async with self.sessionmaker.begin() as session:
            await repo.schedule_reminder(session=session, telegram_id=user_id, next_due_at=None)

    async def _mark(self, user_id: int, status: AccountStatus) -> None:
        async with self.sessionmaker.begin() as session:
            await repo.set_status(session=session, telegram_id=user_id, status=status)
            if status == AccountStatus.BLOCKED:
                await repo.schedule_reminder(session=session, telegram_id=user_id, next_due_at=None)
