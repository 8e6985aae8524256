"""The bot's own tables: who is linked, what was processed, what is still to be sent.

Portable across SQLite and PostgreSQL on purpose: the same models and the same
migrations serve the demo (a SQLite file) and a replicated deployment (PostgreSQL).
Every row about a person hangs off `accounts` with `ON DELETE CASCADE`, so
deleting the account row forgets the person. Status-like columns are plain strings
checked in Python (the `StrEnum`s below), so a later status needs no table rebuild
on SQLite.
"""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, time
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    Time,
    TypeDecorator,
    false,
    text,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

# Explicit constraint names: Alembic's batch mode on SQLite and later migrations
# need to refer to constraints by name, and the names must match on both databases.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# SQLite only auto-increments a column declared exactly INTEGER PRIMARY KEY.
BigIntId = BigInteger().with_variant(Integer(), "sqlite")

ROLE_MAX = 16
STATUS_MAX = 16
WORKER_ID_MAX = 64
ERROR_MAX = 200
ISO_WEEK_MAX = 8  # "2026-W48"


def dump_json(value: Any) -> str:
    """Compact JSON for the `*_json` columns (actions, results)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def utcnow() -> datetime:
    """The current instant, timezone-aware, in UTC: the only clock the models use."""
    return datetime.now(UTC)


class UtcDateTime(TypeDecorator[datetime]):
    """An aware datetime stored as UTC and read back aware on every database.

    PostgreSQL keeps `timestamptz`; SQLite has no time zones, so the value is stored
    as naive UTC text (which also sorts correctly) and UTC is attached when read.
    Naive datetimes are refused: they are the usual source of off-by-hours bugs.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError("naive datetime given where an aware one is required")
        value = value.astimezone(UTC)
        if dialect.name == "sqlite":
            return value.replace(tzinfo=None)
        return value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class AccountStatus(StrEnum):
    ACTIVE = "active"
    NEEDS_RECONNECT = "needs_reconnect"  # the service refused the key (401)
    BLOCKED = "blocked"  # the person blocked the bot (403): stop sending


class TurnRole(StrEnum):
    USER = "user"
    ASSISTANT = "assistant"


class OutboxStatus(StrEnum):
    PENDING = "pending"  # not sent yet, or failed in a way that surely did not apply
    SENDING = "sending"  # a worker is sending it right now
    UNKNOWN = "unknown"  # a send may have landed: reconcile before sending again
    DONE = "done"  # applied; kept OUTBOX_KEEP_DAYS, then deleted (bot/sync/pruning.py)
    FAILED = "failed"  # given up; kept as long as a done item


class DraftStatus(StrEnum):
    PENDING = "pending"  # shown with save / fix / drop buttons
    FIXING = "fixing"  # the person tapped "fix": their next message revises it
    RETRY = "retry"  # no actions: text kept while the LLM was down, for "retry"
    CONFIRMED = "confirmed"
    DISCARDED = "discarded"
    REPLACED = "replaced"  # an edit of the person's message made a new draft in its place
    EXPIRED = "expired"


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class Account(Base):
    """One Telegram user and their link to the health service."""

    __tablename__ = "accounts"

    telegram_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    chat_id: Mapped[int | None] = mapped_column(BigInteger)  # where reminders go
    encrypted_key: Mapped[bytes | None] = mapped_column(LargeBinary)  # Fernet token; None: unlinked
    service_user_id: Mapped[str | None] = mapped_column(String(128))
    service_user_name: Mapped[str | None] = mapped_column(String(200))
    timezone: Mapped[str | None] = mapped_column(String(64))  # IANA name
    reminder_time: Mapped[time | None] = mapped_column(Time)  # None: the configured default
    reminders_enabled: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    status: Mapped[str] = mapped_column(
        String(STATUS_MAX), default=AccountStatus.ACTIVE, server_default=AccountStatus.ACTIVE
    )
    confirm_mode: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    day_ends_at: Mapped[time | None] = mapped_column(Time)  # None: the configured default
    # The weekly summary (Sunday evening's chart of the week); opt-in.
    weekly_summary: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # How replies speak to them (bot.kernel.readers): the language they chose, else the one
    # Telegram last said they use; the units they chose or first wrote in. None: not known.
    language: Mapped[str | None] = mapped_column(String(8))
    telegram_language: Mapped[str | None] = mapped_column(String(8))
    weight_unit: Mapped[str | None] = mapped_column(String(4))
    energy_unit: Mapped[str | None] = mapped_column(String(4))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow, onupdate=utcnow)

    @property
    def is_linked(self) -> bool:
        return self.encrypted_key is not None

    def __repr__(self) -> str:
        # Never the key, not even encrypted: reprs end up in logs.
        return f"Account(telegram_id={self.telegram_id!r}, status={self.status!r})"


class ProcessedUpdate(Base):
    """A Telegram update seen once; the primary key makes "once" a database fact.

    It is also the update journal (`bot.store.journal`): `payload` holds the update, encrypted,
    from the moment it is received until it was handled, so an update Telegram already
    considers delivered survives a crash. `claimed_at` says a process started handling it,
    `handled_at` that it finished (or stored the message's actions in the outbox);
    `claimed_by` is the worker holding it (received or handling), so a restarted process
    knows its own (bot/store/claims.py).
    """

    __tablename__ = "processed_updates"

    update_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    processed_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow, index=True)
    payload: Mapped[bytes | None] = mapped_column(LargeBinary)  # Fernet token of the JSON
    user_id: Mapped[int | None] = mapped_column(BigInteger)  # whose update: replays keep order
    claimed_at: Mapped[datetime | None] = mapped_column(UtcDateTime)
    handled_at: Mapped[datetime | None] = mapped_column(UtcDateTime)
    claimed_by: Mapped[str | None] = mapped_column(String(WORKER_ID_MAX))


class ConversationTurn(Base):
    """One message of the short history given to the LLM."""

    __tablename__ = "conversation_turns"
    __table_args__ = (Index("ix_conversation_turns_telegram_id_id", "telegram_id", "id"),)

    id: Mapped[int] = mapped_column(BigIntId, primary_key=True, autoincrement=True)
    telegram_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("accounts.telegram_id", ondelete="CASCADE")
    )
    role: Mapped[str] = mapped_column(String(ROLE_MAX))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)

    def __repr__(self) -> str:
        return f"ConversationTurn(id={self.id!r}, role={self.role!r})"


class Reminder(Base):
    """The persisted daily check-in reminder of one person; survives restarts.

    `next_due_at` None means nothing is scheduled. `claimed_by`/`claimed_at` let
    several bot processes share the work: a row is sent by whoever claimed it, and a
    claim older than the timeout is taken over (its claimer presumably died).
    """

    __tablename__ = "reminders"

    telegram_id: Mapped[int] = mapped_column(
        BigInteger,
        ForeignKey("accounts.telegram_id", ondelete="CASCADE"),
        primary_key=True,
        autoincrement=False,
    )
    next_due_at: Mapped[datetime | None] = mapped_column(UtcDateTime, index=True)
    last_sent_local_date: Mapped[date | None] = mapped_column(Date)
    snoozed_until: Mapped[datetime | None] = mapped_column(UtcDateTime)
    claimed_by: Mapped[str | None] = mapped_column(String(WORKER_ID_MAX))
    claimed_at: Mapped[datetime | None] = mapped_column(UtcDateTime)
    message_id: Mapped[int | None] = mapped_column(BigInteger)  # the reminder message to edit

    def __repr__(self) -> str:
        return f"Reminder(telegram_id={self.telegram_id!r}, next_due_at={self.next_due_at!r})"


class WeeklySummary(Base):
    """The persisted schedule of one person's weekly summary; survives restarts.

    `next_due_at` None means nothing is scheduled. `last_sent_week` is the ISO week
    ("2026-W48") of the last summary sent or skipped, so a restart or a second process never
    sends a week twice. Claimed like `Reminder` (bot/store/claims.py).
    """

    __tablename__ = "weekly_summaries"

    telegram_id: Mapped[int] = mapped_column(
        BigInteger,
        ForeignKey("accounts.telegram_id", ondelete="CASCADE"),
        primary_key=True,
        autoincrement=False,
    )
    next_due_at: Mapped[datetime | None] = mapped_column(UtcDateTime, index=True)
    last_sent_week: Mapped[str | None] = mapped_column(String(ISO_WEEK_MAX))
    claimed_by: Mapped[str | None] = mapped_column(String(WORKER_ID_MAX))
    claimed_at: Mapped[datetime | None] = mapped_column(UtcDateTime)

    def __repr__(self) -> str:
        return f"WeeklySummary(telegram_id={self.telegram_id!r}, next_due_at={self.next_due_at!r})"


class CarriesActions:
    """A row that stores wire actions as JSON in `actions_json` (an outbox item, a draft);
    each table declares the column itself, where it stands among its others."""

    if TYPE_CHECKING:
        actions_json: Mapped[str]

    @property
    def actions(self) -> list[Any]:
        """The stored wire actions, decoded."""
        decoded: list[Any] = json.loads(self.actions_json)
        return decoded


class OutboxItem(CarriesActions, Base):
    """The actions of one message, stored before they are sent, until they are applied once.

    Items of one person are delivered in `id` order (see `repo.claim_outbox`).
    `last_error` is a short, secret-free description for logs and /status.
    """

    __tablename__ = "outbox_items"
    __table_args__ = (
        Index("ix_outbox_items_status_next_attempt_at", "status", "next_attempt_at"),
        Index("ix_outbox_items_telegram_id_id", "telegram_id", "id"),
    )

    id: Mapped[int] = mapped_column(BigIntId, primary_key=True, autoincrement=True)
    telegram_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("accounts.telegram_id", ondelete="CASCADE")
    )
    chat_id: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    local_date: Mapped[date] = mapped_column(Date)  # the person's day the actions belong to
    actions_json: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(
        String(STATUS_MAX), default=OutboxStatus.PENDING, server_default=OutboxStatus.PENDING
    )
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    next_attempt_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    last_error: Mapped[str | None] = mapped_column(String(ERROR_MAX))
    claimed_by: Mapped[str | None] = mapped_column(String(WORKER_ID_MAX))
    claimed_at: Mapped[datetime | None] = mapped_column(UtcDateTime)
    delivered_at: Mapped[datetime | None] = mapped_column(UtcDateTime)
    result_json: Mapped[str | None] = mapped_column(Text)
    # The person is owed word that it landed (a message's item): cleared once their reply or a
    # "synced" notice went out; until then an applied item stays claimed by who owes it.
    notify_on_done: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    source_message_id: Mapped[int | None] = mapped_column(BigInteger)  # the Telegram message
    # The service asked us to wait until then (Retry-After): not even a fresh message sends it.
    not_before: Mapped[datetime | None] = mapped_column(UtcDateTime)

    def __repr__(self) -> str:
        return f"OutboxItem(id={self.id!r}, status={self.status!r}, attempts={self.attempts!r})"


class Draft(CarriesActions, Base):
    """Actions understood but not yet confirmed by the person (confirm mode, implausible values)."""

    __tablename__ = "drafts"
    __table_args__ = (Index("ix_drafts_telegram_id_id", "telegram_id", "id"),)

    id: Mapped[int] = mapped_column(BigIntId, primary_key=True, autoincrement=True)
    telegram_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("accounts.telegram_id", ondelete="CASCADE")
    )
    actions_json: Mapped[str] = mapped_column(Text)
    text: Mapped[str] = mapped_column(Text)  # what the person wrote
    source_message_id: Mapped[int | None] = mapped_column(BigInteger)  # the Telegram message
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime)
    status: Mapped[str] = mapped_column(
        String(STATUS_MAX), default=DraftStatus.PENDING, server_default=DraftStatus.PENDING
    )
    # The bot's message showing the draft's buttons (None: not known, e.g. not sent yet).
    shown_message_id: Mapped[int | None] = mapped_column(BigInteger)
    # Whether a later reply has said the draft still waits (said once).
    mentioned: Mapped[bool] = mapped_column(Boolean, default=False, server_default=true())

    def __repr__(self) -> str:
        return f"Draft(id={self.id!r}, status={self.status!r})"


class LlmUsage(Base):
    """LLM requests and tokens one person used on one local day, for the daily budget."""

    __tablename__ = "llm_usage"

    telegram_id: Mapped[int] = mapped_column(
        BigInteger,
        ForeignKey("accounts.telegram_id", ondelete="CASCADE"),
        primary_key=True,
        autoincrement=False,
    )
    local_date: Mapped[date] = mapped_column(Date, primary_key=True)
    requests: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    tokens: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))


class CachedProduct(Base):
    """A packaged food as Open Food Facts described it, by its barcode, with when it was read:
    shared by everyone (no person's data), so a product logged every day costs one lookup."""

    __tablename__ = "products"

    code: Mapped[str] = mapped_column(String(14), primary_key=True)
    product_json: Mapped[str] = mapped_column(Text)
    fetched_at: Mapped[datetime] = mapped_column(UtcDateTime)
