"""Linking and settings: /start, /help, /connect, /disconnect, /forget, /timezone, /remind,
/settings, and /today.

Everything a person does to set the bot up, as opposed to telling it about their day
(bot/core/conversation.py); and `/today`, which reads it. Keys are checked with `GET /me`
before they are stored, encrypted.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
import zoneinfo
from dataclasses import dataclass

from bot.agent_api.errors import (
    AgentApiError,
    BadKey,
    InvalidRequest,
    RateLimited,
    ServiceUnavailable,
)
from bot.agent_api.views import MeView
from bot.core.person import account_of, day_end_of, mark_needs_reconnect, reader_of, resolve
from bot.core.resources import Resources
from bot.core.schedule import reminder_time, reschedule
from bot.kernel.days import valid_end
from bot.kernel.keys import clean_key, find_key, usable
from bot.kernel.readers import Reader
from bot.kernel.replies import Reply
from bot.kernel.timezones import looks_like_offset, names_no_place, resolve_timezone
from bot.render import accounts, conversation, keyboards
from bot.store import repo
from bot.sync import weekly

log = logging.getLogger(__name__)

# "21:30", "21.30", "21h", "21h30", "9", "9pm", "9 pm", "7:30pm", "7.30 p.m.", "6am"
_TIME_OF_DAY = re.compile(
    r"(?P<hour>\d{1,2})(?:\s*[:.h]\s*(?P<minute>\d{2}))?\s*(?:(?P<half>[ap])\.?\s*m\.?|(?P<h>h))?"
)


def parse_time_of_day(spec: str) -> dt.time | None:
    """A clock time as people type it, 24-hour or 12-hour; None when it is not one."""
    found = _TIME_OF_DAY.fullmatch(spec.strip().lower())
    if found is None:
        return None
    hour, minute = int(found["hour"]), int(found["minute"] or 0)
    if minute > 59:
        return None
    if found["half"]:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if found["half"] == "p" else 0)
    elif hour > 23:
        return None
    return dt.time(hour, minute)


@dataclass
class Accounts:
    """The commands that link a person and set them up, and `/today`."""

    res: Resources

    async def reader(self, user_id: int) -> Reader:
        """Whom a reply to the person is worded for, their account read for it."""
        return reader_of(self.res, user_id, await self.res.store.messages.account(user_id))

    async def start(self, *, user_id: int) -> Reply:
        account = await account_of(self.res, user_id)
        linked = account is not None and account.encrypted_key is not None
        name = account.service_user_name if account else None
        return Reply(accounts.start(name, linked, reader_of(self.res, user_id, account)))

    async def help(self, *, user_id: int) -> Reply:
        return Reply(accounts.help_text(await self.reader(user_id)))

    async def connect(
        self,
        *,
        user_id: int,
        chat_id: int,
        api_key: str,
        key_message_deleted: bool = True,
        me: MeView | None = None,
    ) -> Reply:
        """Link the key in `api_key`: what followed /connect, or a message with a key in it.

        What a copy brings along (invisible characters, quotes) is taken off first; a key
        that still could not travel in a request header is refused before any request.
        `key_message_deleted` is False where the front end has no message to delete (the
        terminal), so the reply does not claim it was deleted. `me` is the service's answer
        to `GET /me` for this very key when the caller has just asked it (the terminal
        checks the key before linking it); without it the service is asked here.
        """
        key = find_key(api_key) or clean_key(api_key)
        reader = await self.reader(user_id)
        if not key:
            return Reply(accounts.connect_usage(reader))
        if not usable(key):
            return Reply(accounts.connect_unreadable_key(reader), delete_user_message=True)
        try:
            if me is None or key != api_key:
                me = await self.res.api(key).me()
        except BadKey:
            return Reply(accounts.connect_bad_key(reader), delete_user_message=True)
        except AgentApiError as exc:
            log.warning("connect: service check failed for user %s: %s", user_id, exc)
            return Reply(accounts.connect_failed_service(reader), delete_user_message=True)
        async with self.res.sessionmaker() as session:
            account = await repo.link_account(
                session=session,
                telegram_id=user_id,
                chat_id=chat_id,
                encrypted_key=self.res.cipher.encrypt(key),
                service_user_id=me.id,
                service_user_name=me.name,
            )
            reported = resolve_timezone(me.timezone) if me.timezone else None
            # A service's "UTC" is usually its default, not the person's zone: ask instead.
            if account.timezone is None and reported not in (None, "UTC"):
                account.timezone = reported
            await session.commit()
            timezone = account.timezone
        self.res.weights.forget(user_id)  # perhaps another service account now
        if timezone:
            await reschedule(self.res, user_id)
        return Reply(
            accounts.connected(me.name, timezone, reader, key_message_deleted=key_message_deleted),
            delete_user_message=True,
        )

    async def disconnect(self, *, user_id: int) -> Reply:
        async with self.res.sessionmaker() as session:
            account = await repo.get_account(session=session, telegram_id=user_id)
            had_key = account is not None and account.encrypted_key is not None
            reader = reader_of(self.res, user_id, account)
            await repo.unlink_account(session=session, telegram_id=user_id)
            await session.commit()
        self.res.weights.forget(user_id)
        if had_key:
            return Reply(accounts.disconnected(reader))
        return Reply(accounts.disconnect_not_linked(reader))

    async def forget_request(self, *, user_id: int) -> Reply:
        reader = await self.reader(user_id)
        return Reply(accounts.forget_confirm(reader), buttons=keyboards.forget_keyboard(reader))

    async def forget(self, *, user_id: int) -> Reply:
        reader = await self.reader(user_id)  # said once more in their language, then forgotten
        async with self.res.sessionmaker() as session:
            await repo.delete_account_everything(session=session, telegram_id=user_id)
            await session.commit()
            if not await repo.erase_deleted(session=session):
                log.warning(
                    "forgotten rows stay in the SQLite write-ahead log until it is next "
                    "checkpointed: another process holds it"
                )
        self.res.weights.forget(user_id)
        return Reply(accounts.forgotten(reader), edit=True)

    async def forget_cancelled(self, *, user_id: int) -> Reply:
        return Reply(accounts.forget_cancelled(await self.reader(user_id)), edit=True)

    async def set_timezone(self, *, user_id: int, name: str) -> Reply:
        reader = await self.reader(user_id)
        if not name.strip():
            return Reply(accounts.timezone_usage(reader))
        zone = resolve_timezone(name)
        if zone is None and looks_like_offset(name):
            return Reply(accounts.timezone_offset_unknown(name, reader))
        if zone is None and names_no_place(name):
            return Reply(accounts.timezone_not_a_place(name, reader))
        if zone is None:
            return Reply(accounts.timezone_unknown(name, reader))
        async with self.res.sessionmaker() as session:
            await repo.upsert_account(session=session, telegram_id=user_id)
            account = await repo.set_timezone(session=session, telegram_id=user_id, timezone=zone)
            await session.commit()
            # Reminders go to linked accounts only: promise none before that.
            reminder = reminder_time(self.res.settings, account) if account.encrypted_key else None
        await reschedule(self.res, user_id)
        local = self.res.clock().astimezone(zoneinfo.ZoneInfo(zone))
        return Reply(accounts.timezone_set(zone, local, reminder, reader))

    async def set_reminder(self, *, user_id: int, spec: str) -> Reply:
        spec = spec.strip().lower()
        reader = await self.reader(user_id)
        if spec in ("off", "stop", "no", "none"):
            async with self.res.sessionmaker() as session:
                await repo.upsert_account(session=session, telegram_id=user_id)
                await repo.set_reminder_time(
                    session=session, telegram_id=user_id, reminder_time=None
                )
                await session.commit()
            await reschedule(self.res, user_id)
            return Reply(accounts.remind_off(reader))
        if not spec:
            return Reply(accounts.remind_usage(reader))
        at = parse_time_of_day(spec)
        if at is None:
            return Reply(accounts.remind_not_a_time(spec, reader))
        async with self.res.sessionmaker() as session:
            await repo.upsert_account(session=session, telegram_id=user_id)
            account = await repo.set_reminder_time(
                session=session, telegram_id=user_id, reminder_time=at
            )
            await session.commit()
            timezone = account.timezone
            linked = account.encrypted_key is not None
        await reschedule(self.res, user_id)
        if not linked:
            return Reply(accounts.remind_set_not_linked(at, timezone, reader))
        return Reply(accounts.remind_set(at, timezone, reader))

    async def set_day_end(self, *, user_id: int, spec: str, edit: bool = False) -> Reply:
        """`/dayend 02:00` (or a /settings button): when the person's day ends."""
        spec = spec.strip().lower()
        reader = await self.reader(user_id)
        if not spec:
            return Reply(accounts.day_end_usage(reader))
        at = dt.time(0) if spec in ("midnight", "off") else parse_time_of_day(spec)
        if at is None or not valid_end(at):
            return Reply(accounts.day_end_not_a_time(spec, reader))
        async with self.res.sessionmaker() as session:
            await repo.upsert_account(session=session, telegram_id=user_id)
            await repo.set_day_ends_at(session=session, telegram_id=user_id, at=at)
            await session.commit()
        if edit:
            return await self.settings_view(user_id=user_id, edit=True)
        return Reply(accounts.day_end_set(at, reader))

    async def settings_view(self, *, user_id: int, edit: bool = False) -> Reply:
        account = await account_of(self.res, user_id)
        confirm = bool(account and account.confirm_mode)
        weekly = bool(account and account.weekly_summary)
        day_end = day_end_of(self.res, account)
        reminder = None
        if account is not None:
            reminder = account.reminder_time or self.res.settings.default_reminder_time
        reader = reader_of(self.res, user_id, account)
        text = accounts.settings_view(
            reader=reader,
            linked=account is not None and account.encrypted_key is not None,
            name=account.service_user_name if account else None,
            timezone=account.timezone if account else None,
            reminder=reminder,
            reminders_enabled=bool(account and account.reminders_enabled),
            llm=self.res.llm is not None,
            confirm=confirm,
            day_ends_at=day_end,
            weekly=weekly,
        )
        buttons = keyboards.settings_keyboard(confirm, day_end, weekly, reader)
        return Reply(text, buttons=buttons, edit=edit)

    async def set_confirm_mode(self, *, user_id: int, enabled: bool) -> Reply:
        """Confirm mode: every message's actions are shown with save / fix / drop first."""
        async with self.res.sessionmaker() as session:
            await repo.upsert_account(session=session, telegram_id=user_id)
            await repo.set_confirm_mode(session=session, telegram_id=user_id, enabled=enabled)
            await session.commit()
        return await self.settings_view(user_id=user_id, edit=True)

    async def set_weekly_summary(self, *, user_id: int, enabled: bool) -> Reply:
        """The weekly summary on or off; scheduled for the next Sunday evening at once."""
        async with self.res.sessionmaker() as session:
            account = await repo.upsert_account(session=session, telegram_id=user_id)
            await repo.set_weekly_summary(session=session, telegram_id=user_id, enabled=enabled)
            await weekly.schedule_for(session=session, account=account, now=self.res.clock())
            await session.commit()
        return await self.settings_view(user_id=user_id, edit=True)

    async def today(self, *, user_id: int, now: dt.datetime | None = None) -> Reply:
        person = await resolve(self.res, user_id, now)
        try:
            view = await person.api.today(person.today)
        except AgentApiError as exc:
            return await self._read_failed(user_id, exc, person.reader)
        self.res.weights.note(user_id, person.today, view)
        return Reply(conversation.day_summary(view, person.today, person.reader))

    async def _read_failed(self, user_id: int, exc: AgentApiError, reader: Reader) -> Reply:
        """What a person reads when reading their day (`/today`) failed.

        A read saves nothing, so nothing is to be sent again; what they told earlier and is
        still waiting in the outbox is named, so a failed read does not look like a loss.
        """
        if isinstance(exc, BadKey):
            await mark_needs_reconnect(self.res, user_id)
            return Reply(conversation.needs_reconnect_read(reader))
        if isinstance(exc, RateLimited):
            text = conversation.today_unavailable(reader, busy=True, retry_after=exc.retry_after)
        elif isinstance(exc, ServiceUnavailable):
            text = conversation.today_unavailable(reader, busy=False)
        elif isinstance(exc, InvalidRequest):
            text = conversation.read_failed(reader)
        else:
            return Reply(conversation.internal_error(reader))
        async with self.res.sessionmaker() as session:
            waiting = len(await repo.pending_outbox(session=session, telegram_id=user_id))
        if waiting:
            text += "\n\n" + conversation.today_waiting(waiting, reader)
        return Reply(text)
