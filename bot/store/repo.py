"""Repository functions: every query the bot makes, keyword-only, on a caller's session.

The caller owns the transaction (`async with sessionmaker.begin() as session:`);
these functions flush but never commit, so several can form one unit of work
(e.g. mark an update processed and enqueue its actions, atomically).

This module holds accounts, processed updates, conversation turns, drafts and LLM
usage, and re-exports the reminder and outbox functions (`reminders`, `outbox`),
so callers need one name: `from bot.store import repo`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime, time
from typing import Any

from sqlalchemy import ColumnElement, delete, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.crypto import KeyCipher
from bot.store.journal import (
    claim_update,
    handling_update,
    mark_update_handled,
    record_update,
    release_earlier_updates,
    release_stale_updates,
    unhandled_updates,
)
from bot.store.models import (
    Account,
    AccountStatus,
    Base,
    ConversationTurn,
    Draft,
    DraftStatus,
    LlmUsage,
    OutboxItem,
    ProcessedUpdate,
    Reminder,
    TurnRole,
    dump_json,
    utcnow,
)
from bot.store.outbox import (
    OPEN_OUTBOX_STATUSES,
    claim_following,
    claim_outbox,
    delivered_results,
    enqueue,
    enqueue_claimed,
    get_outbox_item,
    mark_outbox,
    outbox_item_from_message,
    pending_outbox,
    prune_outbox,
    release_outbox_claims,
    retry_outbox_now,
)
from bot.store.reminders import (
    complete_reminder,
    due_reminders,
    get_reminder,
    release_reminder,
    reminder_accounts,
    schedule_reminder,
    snooze_reminder,
)
from bot.store.schedule import zone

__all__ = [
    "OPEN_OUTBOX_STATUSES",
    "AccountNotFound",
    "add_llm_usage",
    "append_turns",
    "claim_following",
    "claim_outbox",
    "claim_update",
    "complete_reminder",
    "create_draft",
    "delete_account_everything",
    "delivered_results",
    "draft_from_message",
    "due_reminders",
    "enqueue",
    "enqueue_claimed",
    "get_account",
    "get_account_with_draft",
    "get_draft",
    "get_llm_usage",
    "get_outbox_item",
    "get_reminder",
    "handling_update",
    "latest_draft",
    "link_account",
    "mark_outbox",
    "mark_update_handled",
    "mark_update_processed",
    "outbox_item_from_message",
    "pending_outbox",
    "prune_outbox",
    "prune_processed_updates",
    "recent_turns",
    "record_update",
    "release_earlier_updates",
    "release_outbox_claims",
    "release_reminder",
    "release_stale_updates",
    "reminder_accounts",
    "resolve_draft",
    "retry_outbox_now",
    "rotate_encrypted_keys",
    "schedule_reminder",
    "set_confirm_mode",
    "set_reminder_time",
    "set_status",
    "set_timezone",
    "snooze_reminder",
    "unhandled_updates",
    "unlink_account",
    "upsert_account",
]


class AccountNotFound(LookupError):
    """The Telegram user has no account row; `upsert_account` first."""

    def __init__(self, telegram_id: int) -> None:
        self.telegram_id = telegram_id
        super().__init__(f"no account for telegram user {telegram_id}")


def _insert(session: AsyncSession, model: type[Base]) -> Any:
    """The dialect's INSERT, which knows ON CONFLICT; both supported databases have it."""
    dialect = session.get_bind().dialect.name
    if dialect == "postgresql":
        return pg_insert(model)
    if dialect == "sqlite":
        return sqlite_insert(model)
    raise NotImplementedError(f"unsupported database: {dialect}")


# --- accounts -----------------------------------------------------------------


async def get_account(*, session: AsyncSession, telegram_id: int) -> Account | None:
    return await session.get(Account, telegram_id)


async def get_account_with_draft(
    *, session: AsyncSession, telegram_id: int, status: DraftStatus, now: datetime
) -> tuple[Account | None, Draft | None]:
    """The account and its newest unexpired draft in `status`, in one statement.

    What every message needs first: whether the person is linked and whether a draft of
    theirs is being fixed (see `latest_draft`).
    """
    newest = (
        select(Draft.id)
        .where(*_live_drafts(telegram_id, status, now))
        .order_by(Draft.id.desc())
        .limit(1)
        .scalar_subquery()
    )
    row = (
        await session.execute(
            select(Account, Draft)
            .outerjoin(Draft, Draft.id == newest)
            .where(Account.telegram_id == telegram_id)
        )
    ).one_or_none()
    return (row[0], row[1]) if row is not None else (None, None)


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
            _insert(session, Account)
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
)


async def delete_account_everything(*, session: AsyncSession, telegram_id: int) -> bool:
    """/forget: delete every row about the person; True if there was an account."""
    for model in _PERSONAL_TABLES:
        column = model.__table__.c.telegram_id
        await session.execute(delete(model).where(column == telegram_id))
    result = await session.execute(delete(Account).where(Account.telegram_id == telegram_id))
    return bool(getattr(result, "rowcount", 0))


async def set_timezone(*, session: AsyncSession, telegram_id: int, timezone: str) -> Account:
    """Store an IANA zone name; raises `schedule.UnknownTimezone` for anything else."""
    zone(timezone)
    account = await _require_account(session, telegram_id)
    account.timezone = timezone
    await session.flush()
    return account


async def set_reminder_time(
    *, session: AsyncSession, telegram_id: int, reminder_time: time | None
) -> Account:
    """`/remind HH:MM` enables at that time; `/remind off` (None) disables and keeps the time.

    The caller reschedules with `schedule_reminder` (it knows the default time).
    """
    account = await _require_account(session, telegram_id)
    if reminder_time is None:
        account.reminders_enabled = False
    else:
        account.reminder_time = reminder_time.replace(tzinfo=None)
        account.reminders_enabled = True
    await session.flush()
    return account


async def set_status(*, session: AsyncSession, telegram_id: int, status: AccountStatus) -> Account:
    account = await _require_account(session, telegram_id)
    account.status = AccountStatus(status)
    await session.flush()
    return account


async def set_confirm_mode(*, session: AsyncSession, telegram_id: int, enabled: bool) -> Account:
    account = await _require_account(session, telegram_id)
    account.confirm_mode = enabled
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


# --- processed updates ----------------------------------------------------------


async def mark_update_processed(
    *, session: AsyncSession, update_id: int, now: datetime | None = None
) -> bool:
    """True the first time `update_id` is seen, False after; safe across processes.

    `ON CONFLICT DO NOTHING` on the primary key: a concurrent inserter of the same id
    waits for the first transaction and then sees the conflict, so exactly one
    caller gets True once the transactions commit. If that transaction rolls back,
    the update counts as not processed, which is what a retry needs.
    """
    now = now or utcnow()
    result = await session.execute(
        _insert(session, ProcessedUpdate)
        .values(update_id=update_id, processed_at=now, claimed_at=now)
        .on_conflict_do_nothing(index_elements=["update_id"])
        .returning(ProcessedUpdate.update_id)
    )
    return result.scalar_one_or_none() is not None


async def prune_processed_updates(*, session: AsyncSession, before: datetime) -> int:
    """Drop ids older than Telegram would ever redeliver (it keeps updates for 24 hours)."""
    result = await session.execute(
        delete(ProcessedUpdate).where(ProcessedUpdate.processed_at < before)
    )
    return int(getattr(result, "rowcount", 0))


# --- conversation turns ---------------------------------------------------------


async def append_turns(
    *,
    session: AsyncSession,
    telegram_id: int,
    turns: Sequence[tuple[TurnRole, str]],
    keep: int,
    now: datetime | None = None,
) -> None:
    """Add turns in order and keep only the person's last `keep` (one prune for all)."""
    if keep > 0:
        created = now or utcnow()
        session.add_all(
            ConversationTurn(
                telegram_id=telegram_id, role=TurnRole(role), text=text, created_at=created
            )
            for role, text in turns
        )
        await session.flush()
    newest = (
        select(ConversationTurn.id)
        .where(ConversationTurn.telegram_id == telegram_id)
        .order_by(ConversationTurn.id.desc())
        .limit(max(keep, 0))
    )
    await session.execute(
        delete(ConversationTurn).where(
            ConversationTurn.telegram_id == telegram_id,
            ConversationTurn.id.not_in(newest.scalar_subquery()),
        )
    )


async def recent_turns(
    *, session: AsyncSession, telegram_id: int, limit: int
) -> list[ConversationTurn]:
    """The person's last `limit` turns, oldest first (the order the LLM reads them)."""
    if limit <= 0:
        return []
    rows = await session.scalars(
        select(ConversationTurn)
        .where(ConversationTurn.telegram_id == telegram_id)
        .order_by(ConversationTurn.id.desc())
        .limit(limit)
    )
    return list(reversed(rows.all()))


# --- drafts ---------------------------------------------------------------------


async def create_draft(
    *,
    session: AsyncSession,
    telegram_id: int,
    actions: Sequence[Mapping[str, Any]],
    text: str,
    expires_at: datetime,
    now: datetime | None = None,
    source_message_id: int | None = None,
) -> Draft:
    draft = Draft(
        telegram_id=telegram_id,
        actions_json=dump_json(list(actions)),
        text=text,
        source_message_id=source_message_id,
        created_at=now or utcnow(),
        expires_at=expires_at,
        status=DraftStatus.PENDING,
    )
    session.add(draft)
    await session.flush()
    return draft


async def get_draft(*, session: AsyncSession, telegram_id: int, draft_id: int) -> Draft | None:
    """The draft if it is this person's: ids arrive in callback data anyone could forge."""
    draft = await session.get(Draft, draft_id)
    return draft if draft is not None and draft.telegram_id == telegram_id else None


async def resolve_draft(
    *,
    session: AsyncSession,
    telegram_id: int,
    draft_id: int,
    status: DraftStatus,
    now: datetime | None = None,
    from_statuses: Sequence[DraftStatus] = (DraftStatus.PENDING,),
) -> Draft | None:
    """Move an unexpired draft of this person on from one of `from_statuses`, once.

    One conditional UPDATE, so a double tap on "save" confirms once; None when the
    draft is not theirs, already resolved or expired.
    """
    rows = await session.scalars(
        update(Draft)
        .where(
            Draft.id == draft_id,
            Draft.telegram_id == telegram_id,
            Draft.status.in_([DraftStatus(x) for x in from_statuses]),
            Draft.expires_at > (now or utcnow()),
        )
        .values(status=DraftStatus(status))
        .returning(Draft),
        execution_options={"synchronize_session": False, "populate_existing": True},
    )
    return rows.one_or_none()


async def draft_from_message(
    *,
    session: AsyncSession,
    telegram_id: int,
    message_id: int,
    statuses: Sequence[DraftStatus],
    now: datetime,
) -> Draft | None:
    """The person's unexpired draft in one of `statuses` made from Telegram message
    `message_id` (the newest, should there be several)."""
    rows = await session.scalars(
        select(Draft)
        .where(
            Draft.telegram_id == telegram_id,
            Draft.source_message_id == message_id,
            Draft.status.in_([DraftStatus(x) for x in statuses]),
            Draft.expires_at > now,
        )
        .order_by(Draft.id.desc())
        .limit(1)
    )
    return rows.first()


async def latest_draft(
    *, session: AsyncSession, telegram_id: int, status: DraftStatus, now: datetime
) -> Draft | None:
    """The person's newest unexpired draft in `status` (e.g. the one being fixed)."""
    rows = await session.scalars(
        select(Draft)
        .where(*_live_drafts(telegram_id, status, now))
        .order_by(Draft.id.desc())
        .limit(1)
    )
    return rows.first()


def _live_drafts(
    telegram_id: int, status: DraftStatus, now: datetime
) -> tuple[ColumnElement[bool], ...]:
    """The person's drafts in `status` that have not expired at `now`."""
    return (
        Draft.telegram_id == telegram_id,
        Draft.status == DraftStatus(status),
        Draft.expires_at > now,
    )


# --- LLM usage ------------------------------------------------------------------


async def add_llm_usage(
    *,
    session: AsyncSession,
    telegram_id: int,
    local_date: date,
    requests: int = 1,
    tokens: int = 0,
) -> tuple[int, int]:
    """Count LLM use against the person's day; returns the day's (requests, tokens) so far."""
    statement = _insert(session, LlmUsage).values(
        telegram_id=telegram_id, local_date=local_date, requests=requests, tokens=tokens
    )
    statement = statement.on_conflict_do_update(
        index_elements=["telegram_id", "local_date"],
        set_={
            "requests": LlmUsage.requests + statement.excluded.requests,
            "tokens": LlmUsage.tokens + statement.excluded.tokens,
        },
    ).returning(LlmUsage.requests, LlmUsage.tokens)
    row = (await session.execute(statement)).one()
    return int(row[0]), int(row[1])


async def get_llm_usage(
    *, session: AsyncSession, telegram_id: int, local_date: date
) -> tuple[int, int]:
    """The person's (requests, tokens) on `local_date`; (0, 0) before the first request."""
    row = (
        await session.execute(
            select(LlmUsage.requests, LlmUsage.tokens).where(
                LlmUsage.telegram_id == telegram_id, LlmUsage.local_date == local_date
            )
        )
    ).one_or_none()
    return (int(row[0]), int(row[1])) if row is not None else (0, 0)
