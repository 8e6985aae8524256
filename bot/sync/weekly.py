"""The weekly summary, Telegram-free: Sunday 19:00 in the person's zone, the week's chart and
caption as a photo, for people who turned it on in /settings.

Built like the check-in reminder (bot/sync/reminders.py): the schedule lives only in the
database (`weekly_summaries.next_due_at`), a repeating job calls `run_due(now, send)`, rows
are claimed so several bot processes share the work, and, as for the reminders, "never
missed" is chosen over "never twice": the photo goes out while the row is claimed and its
week is recorded as sent (`last_sent_week`, the ISO week of its Sunday) only after. A process
that dies in between leaves the claim, and after its lease another process sends the week; one
killed right after a send and before recording it makes that week come twice. A send that
fails cleanly gives the row back, to be tried again soon.

Which week: the latest one whose Sunday 19:00 has passed, counted in the days the person
lives (`bot.kernel.days`: logs after midnight and before their day ends belong to the evening
before), Monday to Sunday. A summary that came due while the bot was down goes out at its
first run, late rather than never; after weeks down, only the latest week is sent. A week
with nothing logged is recorded as done and not sent (nothing to show).
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from typing import Protocol
from zoneinfo import ZoneInfo

from sqlalchemy.ext.asyncio import AsyncSession

from bot.agent_api.client import AgentApiClient
from bot.agent_api.errors import AgentApiError, BadKey
from bot.insights.report import build_report
from bot.kernel.days import day_end, lived_day
from bot.kernel.readers import Reader
from bot.kernel.sends import RecipientBlocked, SendPhoto
from bot.store import Account, AccountStatus, EncryptionError, WeeklySummary, local_instant, repo
from bot.sync.due import RETRY_SEND_AFTER, ClaimDue, ScheduledSends

log = logging.getLogger(__name__)

SUMMARY_WEEKDAY = 6  # Sunday (Monday is 0)
SUMMARY_AT = dt.time(19, 0)
DAYS = 7


class CaptionWords(Protocol):
    """The core's words for a summary (`bot.core.scheduled.weekly_caption`), handed in where
    the house is built: whom it is for, from their account, and the photo's caption from the
    chart's own caption and the week's first and last day."""

    def reader(self, account: Account) -> Reader: ...

    def __call__(self, chart: str, first: dt.date, last: dt.date, reader: Reader) -> str: ...


def iso_week(sunday: dt.date) -> str:
    """The ISO week a Sunday ends ("2026-W48"): the marker of a week sent."""
    year, week, _ = sunday.isocalendar()
    return f"{year}-W{week:02d}"


def week_ending(local_now: dt.datetime, day_ends_at: dt.time) -> dt.date:
    """The Sunday ending the person's current week (today, if they live a Sunday), or the last
    one: the latest Sunday not after the day they are living."""
    lived = lived_day(local_now, day_ends_at)
    return lived - dt.timedelta(days=(lived.weekday() - SUMMARY_WEEKDAY) % 7)


def next_summary_at(*, tz: ZoneInfo, now: dt.datetime, last_sent_week: str | None) -> dt.datetime:
    """The first Sunday 19:00 in `tz` strictly after `now` whose week has not been sent."""
    day = now.astimezone(tz).date()
    day += dt.timedelta(days=(SUMMARY_WEEKDAY - day.weekday()) % 7)
    while True:
        due = local_instant(day, SUMMARY_AT, tz)
        if due > now and iso_week(day) != last_sent_week:
            return due
        day += dt.timedelta(days=7)


@dataclass(frozen=True)
class Due:
    """What to do with a claimed row at `now`: send the week ending `sunday`, or wait."""

    sunday: dt.date | None  # None: not now (the week is not over, or was sent already)
    next_at: dt.datetime  # when the row is due next if nothing is sent now


def what_is_due(
    *, tz: ZoneInfo, now: dt.datetime, day_ends_at: dt.time, last_sent_week: str | None
) -> Due:
    """The week to summarise at `now`, if any: the latest one whose Sunday 19:00 has passed on
    the person's own calendar, unless it was sent already."""
    sunday = week_ending(now.astimezone(tz), day_ends_at)
    if now < local_instant(sunday, SUMMARY_AT, tz):
        sunday -= dt.timedelta(days=7)
    later = next_summary_at(tz=tz, now=now, last_sent_week=last_sent_week)
    if iso_week(sunday) == last_sent_week:
        return Due(None, later)
    return Due(sunday, later)


async def schedule_for(
    *, session: AsyncSession, account: Account, now: dt.datetime
) -> WeeklySummary | None:
    """Keep the person's summary row in step with their account: due next Sunday 19:00 in
    their zone when it is on and they have a zone, unscheduled otherwise. Strictly after `now`:
    turned on on a Sunday evening, the first summary is the next Sunday's."""
    row = await repo.get_weekly(session=session, telegram_id=account.telegram_id)
    due = None
    if account.weekly_summary and account.timezone:
        last = row.last_sent_week if row is not None else None
        due = next_summary_at(tz=ZoneInfo(account.timezone), now=now, last_sent_week=last)
    if row is None and due is None:
        return None
    return await repo.schedule_weekly(
        session=session, telegram_id=account.telegram_id, next_due_at=due
    )


class WeeklySummaries(ScheduledSends[WeeklySummary, SendPhoto, CaptionWords]):
    """Sends due weekly summaries, captioned by the core; all state is in the database."""

    what = "weekly summary"

    def claims(self) -> ClaimDue[WeeklySummary]:
        return repo.due_weekly

    async def send_one(self, row: WeeklySummary, now: dt.datetime, send: SendPhoto) -> bool:
        user_id = row.telegram_id
        async with self.sessionmaker() as session:
            account = await repo.get_account(session=session, telegram_id=user_id)
        if account is None or account.timezone is None or not account.weekly_summary:
            await self._release(user_id, None, unschedule=True)
            return False
        tz = ZoneInfo(account.timezone)
        end = day_end(account.day_ends_at, self.settings.day_ends_at)
        due = what_is_due(tz=tz, now=now, day_ends_at=end, last_sent_week=row.last_sent_week)
        if due.sunday is None:
            await self._release(user_id, due.next_at)
            return False
        week = iso_week(due.sunday)
        after = next_summary_at(tz=tz, now=now, last_sent_week=week)
        client = self._client(account)
        reader = self.words.reader(account)
        if client is None:
            await self._mark(user_id, AccountStatus.NEEDS_RECONNECT)
            await self._release(user_id, after)
            return False
        try:
            report = await build_report(
                client, zone=tz, last_day=due.sunday, days=DAYS, reader=reader
            )
        except BadKey:
            await self._mark(user_id, AccountStatus.NEEDS_RECONNECT)
            await self._release(user_id, after)
            return False
        except AgentApiError as exc:
            log.info("weekly summary of user %s waits (%s)", user_id, type(exc).__name__)
            await self._release(user_id, now + RETRY_SEND_AFTER)
            return False
        if report.logged_days == 0:  # nothing to show: the week counts as done, unsent
            await self._complete(user_id, week, after)
            return False
        first = due.sunday - dt.timedelta(days=DAYS - 1)
        caption = self.words(report.caption, first, due.sunday, reader)
        try:
            await send(account.chat_id or user_id, report.png, caption)
        except RecipientBlocked:
            log.info("user %s blocked the bot; weekly summaries stopped", user_id)
            await self._mark(user_id, AccountStatus.BLOCKED)
            await self._release(user_id, after)
            return False
        except Exception as exc:
            reason = type(exc).__name__
            log.warning("weekly summary to user %s not sent (%s); retrying", user_id, reason)
            await self._release(user_id, now + RETRY_SEND_AFTER)
            return False
        if not await self._complete(user_id, week, after):
            # Rescheduled meanwhile (that newer state stands) or taken over after the lease.
            log.info("weekly summary to user %s sent as its row changed", user_id)
        return True

    def _client(self, account: Account) -> AgentApiClient | None:
        if account.encrypted_key is None:
            return None
        try:
            key = self.cipher.decrypt(account.encrypted_key)
        except EncryptionError:
            return None
        return AgentApiClient(self.settings.agent_api_base_url, key, http=self.http)

    # --- small transactions ------------------------------------------------------------------

    async def _complete(self, user_id: int, week: str, next_at: dt.datetime) -> bool:
        async with self.sessionmaker.begin() as session:
            return await repo.complete_weekly(
                session=session,
                telegram_id=user_id,
                worker_id=self.worker_id,
                week=week,
                next_due_at=next_at,
            )

    async def _release(
        self, user_id: int, retry_at: dt.datetime | None, *, unschedule: bool = False
    ) -> None:
        async with self.sessionmaker.begin() as session:
            if unschedule:
                await repo.schedule_weekly(session=session, telegram_id=user_id, next_due_at=None)
                return
            await repo.release_weekly(
                session=session, telegram_id=user_id, worker_id=self.worker_id, retry_at=retry_at
            )

    async def _mark(self, user_id: int, status: AccountStatus) -> None:
        """As the reminders do: a person who blocked the bot gets nothing until they write."""
        async with self.sessionmaker.begin() as session:
            await repo.set_status(session=session, telegram_id=user_id, status=status)
            if status == AccountStatus.BLOCKED:
                await repo.schedule_reminder(session=session, telegram_id=user_id, next_due_at=None)
