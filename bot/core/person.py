"""Who is writing: their account, their service client and their local day, resolved once.

A journey asks `resolve` first and carries the `Person` (inside an `Incoming`) from then on.
When the person cannot be served, a `Refused` is raised with why (bot/kernel/refusals.py)
and for whom; the facade (`bot.core.assistant`) turns it into the reply the front end sends,
worded there, so no journey passes "a value or a reply" around or words a failure.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import zoneinfo
from dataclasses import dataclass, field

from bot.agent_api.client import AgentApiClient
from bot.core.resources import Resources
from bot.core.schedule import welcome_back
from bot.kernel.days import MIDNIGHT, day_end, lived_day
from bot.kernel.readers import DEFAULT as DEFAULT_READER
from bot.kernel.readers import Reader, reader_for
from bot.kernel.refusals import Reason, Refusal
from bot.kernel.replies import Reply
from bot.planner.base import PlanContext
from bot.render import keyboards, refusals
from bot.render.words import LANGUAGES
from bot.store import Account, AccountStatus, Draft, Usage


class Refused(Exception):
    """A journey ends early, nothing written: `why` says why, and the words are chosen for
    `reader` only when the reply is asked for (bot.render.refusals), with `under` (lines a
    journey adds below them) at the end."""

    def __init__(self, why: Refusal, reader: Reader) -> None:
        super().__init__(why)
        self.why = why
        self.reader = reader
        self.under: list[str] = []

    @property
    def reply(self) -> Reply:
        """The reply a front end sends, in the reader's words."""
        html = "\n\n".join([refusals.refusal(self.why, self.reader), *self.under])
        return Reply(html, buttons=keyboards.refusal_keyboard(self.why))


class NotLinked(Refused):
    """No key is linked for this person."""

    def __init__(self, reader: Reader) -> None:
        super().__init__(Reason.NOT_LINKED, reader)


class NeedsReconnect(Refused):
    """The service refused the stored key; the person must link a new one."""

    def __init__(self, reader: Reader) -> None:
        super().__init__(Reason.NEEDS_RECONNECT, reader)


@dataclass(frozen=True)
class Person:
    """A linked person as one message sees them: account, client, and "now" in their zone."""

    user_id: int
    account: Account
    api: AgentApiClient
    now: dt.datetime  # local time in the person's zone (UTC until they set one)
    # Today's LLM use (requests, tokens) when it was read with the account; None: not read.
    llm_used: tuple[int, int] | None = None
    day_ends_at: dt.time = MIDNIGHT  # when their day ends (their own, or the configured one)
    last_weight_kg: float | None = None  # their latest weight, when known without a read
    # A draft of theirs waits for a tap that no reply has mentioned yet (read with the account).
    draft_unmentioned: bool = False
    reader: Reader = DEFAULT_READER  # whom replies are worded for (`reader_of`)

    @property
    def today(self) -> dt.date:
        """The day they are living (bot/kernel/days.py): the date all they say is logged on."""
        return lived_day(self.now, self.day_ends_at)

    def context(self) -> PlanContext:
        return PlanContext(
            now=self.now,
            timezone=self.account.timezone or "UTC",
            day_ends_at=self.day_ends_at,
            last_weight_kg=self.last_weight_kg,
            language=self.reader.language,
        )


@dataclass
class Incoming:
    """One thing a person did (a message, an edit, a tap) on its way through the core.

    `message_id` is Telegram's id of their message (so an edit of it can be matched later);
    `update_id` is the update it came in, marked handled in the same transaction that stores
    what it said. `notes` are lines added under the reply.
    """

    person: Person
    chat_id: int
    message_id: int | None = None
    update_id: int | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def user_id(self) -> int:
        return self.person.user_id

    @property
    def today(self) -> dt.date:
        return self.person.today


def local_now(res: Resources, account: Account | None, now: dt.datetime | None) -> dt.datetime:
    """`now` (default: the clock) in the account's zone, UTC without one."""
    now = now or res.clock()
    tz = zoneinfo.ZoneInfo(account.timezone) if account and account.timezone else dt.UTC
    return now.astimezone(tz)


def day_end_of(res: Resources, account: Account | None) -> dt.time:
    """When the person's day ends: their own setting, else the configured default."""
    return day_end(account.day_ends_at if account else None, res.settings.day_ends_at)


def local_today(res: Resources, account: Account | None, now: dt.datetime | None) -> dt.date:
    """The day the person is living at `now` (default: the clock), for those who have no
    `Person` (an unlinked account, a notice sent later)."""
    return lived_day(local_now(res, account, now), day_end_of(res, account))


def reader_of(res: Resources, user_id: int, account: Account | None) -> Reader:
    """Whom a reply to the person is worded for: the language and units they chose, else
    the language Telegram last said their app speaks (this process heard it, or the account
    kept it), else English in kg and kcal."""
    heard = res.languages.get(user_id)
    if account is None:
        return reader_for(LANGUAGES, telegram_language=heard)
    return stored_reader(account, heard=heard)


def stored_reader(account: Account, *, heard: str | None = None) -> Reader:
    """Whom a reply is worded for from what their account keeps (for the scheduled sends,
    which read the account and nothing the messages heard), the language Telegram sent
    with a message of theirs (`heard`) before the one the account kept."""
    return reader_for(
        LANGUAGES,
        language=account.language,
        telegram_language=heard or account.telegram_language,
        weight=account.weight_unit,
        energy=account.energy_unit,
    )


async def account_of(res: Resources, user_id: int) -> Account | None:
    """The person's account, if any (a person the reminders found blocked is welcomed back)."""
    account = await res.store.messages.account(user_id)
    await welcome_back(res, account)
    return account


def person_from(
    res: Resources, user_id: int, account: Account | None, now: dt.datetime | None
) -> Person:
    """The person behind an account already read; raises why it cannot be used."""
    reader = reader_of(res, user_id, account)
    if account is None or account.encrypted_key is None:
        raise NotLinked(reader)
    if account.status == AccountStatus.NEEDS_RECONNECT:
        raise NeedsReconnect(reader)
    key = res.cipher.decrypt(account.encrypted_key)
    local = local_now(res, account, now)
    day_end = day_end_of(res, account)
    _known, last_kg = res.weights.last(user_id, lived_day(local, day_end))
    return Person(
        user_id,
        account,
        res.api(key),
        local,
        day_ends_at=day_end,
        last_weight_kg=last_kg,
        reader=reader,
    )


async def resolve(res: Resources, user_id: int, now: dt.datetime | None = None) -> Person:
    """Read the person's account once and make them a `Person`, or raise why not."""
    return person_from(res, user_id, await account_of(res, user_id), now)


async def resolve_with_fixing(
    res: Resources, user_id: int, now: dt.datetime | None = None
) -> tuple[Person, Draft | None]:
    """`resolve`, the draft waiting for the person's correction, their LLM use today and
    whether a draft of theirs waits unmentioned, in one read: the first thing every message
    does."""
    account, fixing, usage, unmentioned = await res.store.messages.person(user_id, now=res.clock())
    await welcome_back(res, account)
    person = person_from(res, user_id, account, now)
    used = used_today(usage, person.today)
    return dataclasses.replace(person, llm_used=used, draft_unmentioned=unmentioned), fixing


def used_today(latest: Usage | None, today: dt.date) -> tuple[int, int] | None:
    """Today's (requests, tokens) from the person's latest day of LLM use; None when that
    day lies after `today` (their zone moved back), which only a read of today can tell."""
    if latest is None or latest.day < today:
        return (0, 0)
    if latest.day == today:
        return (latest.requests, latest.tokens)
    return None


async def mark_needs_reconnect(res: Resources, user_id: int) -> None:
    await res.store.messages.needs_reconnect(user_id)
