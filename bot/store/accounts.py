"""Accounts: who is linked with which encrypted key, and each person's preferences.

Also forgetting a person (`delete_account_everything`) and re-encrypting the stored keys
under a new encryption key (`rotate_encrypted_keys`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

from sqlalchemy import bindparam, delete, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.crypto import KeyCipher
from bot.store.db import dialect_insert
from bot.store.direct import Direct, Sql, detached
from bot.store.drafts import waiting_unmentioned
from bot.store.journal import forget_updates_of
from bot.store.models import (
    Account,
    AccountStatus,
    Base,
    ConversationTurn,
    Draft,
    DraftStatus,
    LlmUsage,
    OutboxItem,
    Reminder,
    WeeklySummary,
    utcnow,
)
from bot.store.schedule import zone


class AccountNotFound(LookupError):
    """The Telegram user has no account row; `upsert_account` first."""

    def __init__(self, telegram_id: int) -> None:
        self.telegram_id = telegram_id
        super().__init__(f"no account for telegram user {telegram_id}")


async def get_account(*, session: AsyncSession, telegram_id: int) -> Account | None:
    return await session.get(Account, telegram_id)


async def get_account_with_draft(
    *, session: AsyncSession, telegram_id: int, status: DraftStatus, now: datetime
) -> tuple[Account | None, Draft | None]:
    """The account and its newest unexpired draft in `status`, in one statement.

    What every message needs first: whether the person is linked and whether a draft of
    theirs is being fixed (see `drafts.latest_draft`).
    """
    values = {"telegram_id": telegram_id, "status": DraftStatus(status).value, "now": now}
    query = _account_with_draft(select(Account, Draft))
    found = (await session.execute(query, values)).one_or_none()
    return (found[0], found[1]) if found is not None else (None, None)


def _account_with_draft(query: Any) -> Any:
    newest = (
        select(Draft.id)
        .where(
            Draft.telegram_id == bindparam("telegram_id"),
            Draft.status == bindparam("status"),
            Draft.expires_at > bindparam("now"),
        )
        .order_by(Draft.id.desc())
        .limit(1)
        .scalar_subquery()
    )
    return query.outerjoin(Draft, Draft.id == newest).where(
        Account.telegram_id == bindparam("telegram_id")
    )


def _latest_usage(column: Any) -> Any:
    return (
        select(column)
        .where(LlmUsage.telegram_id == Account.telegram_id)
        .order_by(LlmUsage.local_date.desc())
        .limit(1)
        .scalar_subquery()
    )


def _unmentioned_draft() -> Any:
    """Whether a pending draft waits that no reply has mentioned yet (its id, or NULL)."""
    where = waiting_unmentioned(bindparam("telegram_id"), bindparam("now"))
    return select(Draft.id).where(*where).limit(1).scalar_subquery()


_ACCOUNT = tuple(Account.__table__.columns)
_DRAFT = tuple(Draft.__table__.columns)
ACCOUNT_WITH_DRAFT = Sql(
    lambda _dialect: _account_with_draft(
        select(
            *_ACCOUNT,
            *_DRAFT,
            _unmentioned_draft(),
            _latest_usage(LlmUsage.local_date),
            _latest_usage(LlmUsage.requests),
            _latest_usage(LlmUsage.tokens),
        )
    )
)


@dataclass(frozen=True)
class Usage:
    """A person's LLM use on one of their days: (requests, tokens)."""

    day: date
    requests: int
    tokens: int


async def read_account_with_draft(
    *, direct: Direct, telegram_id: int, status: DraftStatus, now: datetime
) -> tuple[Account | None, Draft | None, Usage | None, bool]:
    """`get_account_with_draft` on the driver (what every message reads first), the
    person's latest day of LLM use, and whether a pending draft waits that no reply has
    mentioned, all in one statement. The objects are detached: read them, change them
    through the repo functions."""
    values = {"telegram_id": telegram_id, "status": DraftStatus(status).value, "now": now}
    row = await direct.row(ACCOUNT_WITH_DRAFT, **values)
    if row is None:
        return None, None, None, False
    account = detached(Account, _ACCOUNT, row[: len(_ACCOUNT)])
    drafted = row[len(_ACCOUNT) : len(_ACCOUNT) + len(_DRAFT)]
    draft = detached(Draft, _DRAFT, drafted) if drafted[0] is not None else None
    unmentioned, day, requests, tokens = row[-4:]
    usage = Usage(day, int(requests), int(tokens)) if day is not None else None
    return account, draft, usage, unmentioned is not None


TELEGRAM_LANGUAGE = Sql(
    lambda _dialect: select(Account.telegram_language).where(
        Account.telegram_id == bindparam("telegram_id")
    )
)
SET_TELEGRAM_LANGUAGE = Sql(
    lambda _dialect: (
        update(Account)
        .where(Account.telegram_id == bindparam("telegram_id"))
        .values(telegram_language=bindparam("code"), updated_at=bindparam("now"))
    )
)


async def keep_telegram_language(
    *, direct: Direct, telegram_id: int, code: str, now: datetime
) -> bool:
    """The language Telegram says the person's app speaks, written to their account if it
    holds another, on the driver (a read, and a write only when it changed, sent with the
    commit); False when the person has no account."""
    async with direct.transaction() as tx:
        row = await tx.row(TELEGRAM_LANGUAGE, telegram_id=telegram_id)
        if row is None:
            return False
        if row[0] != code:
            tx.later(SET_TELEGRAM_LANGUAGE, telegram_id=telegram_id, code=code, now=now)
    return True


async def _require_account(session: AsyncSession, telegram_id: int) -> Account:
    account = await session.get(Account, telegram_id)
    if account is None:
        raise AccountNotFound(telegram_id)
    return account


async def upsert_account(
    *, session: AsyncSession, telegram_id: int, chat_id: int | None = None
) -> Account:
    """The person's account, created on first contact; `chat_id` updated when given."""
    account = await session.get(Account, telegram_id)
    if account is None:
        # ON CONFLICT: two first messages of the same person may race.
        await session.execute(
            dialect_insert(session, Account)
            .values(telegram_id=telegram_id, chat_id=chat_id, created_at=utcnow())
            .on_conflict_do_nothing(index_elements=["telegram_id"])
        )
        account = await _require_account(session, telegram_id)
    if chat_id is not None and account.chat_id != chat_id:
        account.chat_id = chat_id
    await session.flush()
    return account


async def link_account(
    *,
    session: AsyncSession,
    telegram_id: int,
    chat_id: int | None,
    encrypted_key: bytes,
    service_user_id: str | None,
    service_user_name: str | None,
) -> Account:
    """Store a checked, encrypted key; relinking also clears a needs-reconnect state."""
    account = await upsert_account(session=session, telegram_id=telegram_id, chat_id=chat_id)
    account.encrypted_key = encrypted_key
    account.service_user_id = service_user_id
    account.service_user_name = service_user_name
    account.status = AccountStatus.ACTIVE
    await session.flush()
    return account


async def unlink_account(*, session: AsyncSession, telegram_id: int) -> bool:
    """Forget the key and who it belonged to, keep preferences; False if no account.

    The reminder is unscheduled: without a key it could neither check today's
    check-in nor save the buttons' answers.
    """
    account = await session.get(Account, telegram_id)
    if account is None:
        return False
    account.encrypted_key = None
    account.service_user_id = None
    account.service_user_name = None
    await session.execute(
        update(Reminder)
        .where(Reminder.telegram_id == telegram_id)
        .values(next_due_at=None, claimed_by=None, claimed_at=None, snoozed_until=None)
    )
    await session.flush()
    return True


# Every table with rows about a person, children first. The foreign keys cascade
# too; deleting explicitly keeps "forget" complete even on a SQLite connection
# opened without `PRAGMA foreign_keys=ON`.
_PERSONAL_TABLES: tuple[type[Base], ...] = (
    ConversationTurn,
    Reminder,
    OutboxItem,
    Draft,
    LlmUsage,
    WeeklySummary,
)


async def delete_account_everything(*, session: AsyncSession, telegram_id: int) -> bool:
    """/forget: delete every row about the person, and take their id off the update journal's
    rows (`forget_updates_of`); True if there was an account. On SQLite, `erase_deleted`
    after the commit takes the deleted text out of the write-ahead log as well."""
    for model in _PERSONAL_TABLES:
        column = model.__table__.c.telegram_id
        await session.execute(delete(model).where(column == telegram_id))
    await forget_updates_of(session=session, user_id=telegram_id, now=utcnow())
    result = await session.execute(delete(Account).where(Account.telegram_id == telegram_id))
    return bool(getattr(result, "rowcount", 0))


async def erase_deleted(*, session: AsyncSession) -> bool:
    """Make committed deletions final in the database files; False if SQLite could not yet.

    SQLite writes changed pages to its write-ahead log (`bot.db-wal`) and copies them into
    the database at a checkpoint, so rows deleted a moment ago can still be read from the
    log's older pages; with `secure_delete` (bot/store/db.py) the database's own copy is
    zeroed. A TRUNCATE checkpoint copies everything in and empties the log. It waits (the
    busy timeout) for another process's reader or writer, and reports False when one still
    holds the log: the old pages then stay in it until SQLite writes over them. PostgreSQL
    removes dead rows at its next vacuum; nothing to do here.
    """
    if session.get_bind().dialect.name != "sqlite":
        return True
    await session.commit()  # a checkpoint cannot run inside this connection's transaction
    busy, *_ = (await session.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))).one()
    return not busy


async def set_timezone(*, session: AsyncSession, telegram_id: int, timezone: str) -> Account:
    """Store an IANA zone name; raises `schedule.UnknownTimezone` for anything else."""
    zone(timezone)
    return await _set(session, telegram_id, timezone=timezone)


async def set_reminder_time(
    *, session: AsyncSession, telegram_id: int, reminder_time: time | None
) -> Account:
    """`/remind HH:MM` enables at that time; `/remind off` (None) disables and keeps the time.

    The caller reschedules with `schedule_reminder` (it knows the default time).
    """
    if reminder_time is None:
        return await _set(session, telegram_id, reminders_enabled=False)
    at = reminder_time.replace(tzinfo=None)
    return await _set(session, telegram_id, reminder_time=at, reminders_enabled=True)


async def set_status(*, session: AsyncSession, telegram_id: int, status: AccountStatus) -> Account:
    return await _set(session, telegram_id, status=AccountStatus(status))


async def set_confirm_mode(*, session: AsyncSession, telegram_id: int, enabled: bool) -> Account:
    return await _set(session, telegram_id, confirm_mode=enabled)


async def set_day_ends_at(*, session: AsyncSession, telegram_id: int, at: time | None) -> Account:
    """When the person's day ends (bot/kernel/days.py); None: the configured default."""
    return await _set(session, telegram_id, day_ends_at=at)


async def set_reader(*, session: AsyncSession, telegram_id: int, **choices: str | None) -> Account:
    """The person's language or units (`language`, `telegram_language`, `weight_unit`,
    `energy_unit`; see bot/kernel/readers.py); a choice left out keeps its value."""
    unknown = set(choices) - {"language", "telegram_language", "weight_unit", "energy_unit"}
    if unknown:
        raise ValueError(f"not a reader's choice: {sorted(unknown)}")
    return await _set(session, telegram_id, **choices)


async def _set(session: AsyncSession, telegram_id: int, **values: Any) -> Account:
    """Change some of an existing account's fields; raises `AccountNotFound` without one."""
    account = await _require_account(session, telegram_id)
    for name, value in values.items():
        setattr(account, name, value)
    await session.flush()
    return account


async def rotate_encrypted_keys(
    *, session: AsyncSession, cipher: KeyCipher, batch_size: int = 500
) -> int:
    """Re-encrypt every stored key not under the newest encryption key; returns how many.

    Run after putting a new key first in BOT_ENCRYPTION_KEY; once it returns 0
    everywhere, the old keys can be removed. Undecryptable tokens raise.
    """
    rotated = 0
    last_id: int | None = None
    while True:
        query = (
            select(Account)
            .where(Account.encrypted_key.is_not(None))
            .order_by(Account.telegram_id)
            .limit(batch_size)
        )
        if last_id is not None:
            query = query.where(Account.telegram_id > last_id)
        accounts = (await session.scalars(query)).all()
        if not accounts:
            return rotated
        for account in accounts:
            token = account.encrypted_key
            if token is not None and cipher.needs_rotation(token):
                account.encrypted_key = cipher.rotate(token)
                rotated += 1
        last_id = accounts[-1].telegram_id
        await session.flush()
