"""Initial schema: accounts, processed updates, turns, reminders, outbox, drafts, LLM usage.

Revision ID: 0001
Revises:
Create Date: 2026-05-01

Written by hand with frozen SQLAlchemy types (not the models), so later model
changes never rewrite history.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def _ts(name: str, *, nullable: bool = False, index: bool = False) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable, index=index)


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("telegram_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=True),
        sa.Column("encrypted_key", sa.LargeBinary(), nullable=True),
        sa.Column("service_user_id", sa.String(128), nullable=True),
        sa.Column("service_user_name", sa.String(200), nullable=True),
        sa.Column("timezone", sa.String(64), nullable=True),
        sa.Column("reminder_time", sa.Time(), nullable=True),
        sa.Column("reminders_enabled", sa.Boolean(), server_default=sa.true(), nullable=False),
        sa.Column("status", sa.String(16), server_default="active", nullable=False),
        sa.Column("confirm_mode", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("language", sa.String(16), nullable=True),
        _ts("created_at"),
        _ts("updated_at"),
        sa.PrimaryKeyConstraint("telegram_id", name="pk_accounts"),
    )
    op.create_table(
        "processed_updates",
        sa.Column("update_id", sa.BigInteger(), autoincrement=False, nullable=False),
        _ts("processed_at"),
        sa.PrimaryKeyConstraint("update_id", name="pk_processed_updates"),
    )
    op.create_index("ix_processed_updates_processed_at", "processed_updates", ["processed_at"])
    op.create_table(
        "conversation_turns",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("telegram_id", sa.BigInteger(), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        _ts("created_at"),
        sa.PrimaryKeyConstraint("id", name="pk_conversation_turns"),
        _fk("conversation_turns"),
    )
    op.create_index(
        "ix_conversation_turns_telegram_id_id", "conversation_turns", ["telegram_id", "id"]
    )
    op.create_table(
        "reminders",
        sa.Column("telegram_id", sa.BigInteger(), autoincrement=False, nullable=False),
        _ts("next_due_at", nullable=True),
        sa.Column("last_sent_local_date", sa.Date(), nullable=True),
        _ts("snoozed_until", nullable=True),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        _ts("claimed_at", nullable=True),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.PrimaryKeyConstraint("telegram_id", name="pk_reminders"),
        _fk("reminders"),
    )
    op.create_index("ix_reminders_next_due_at", "reminders", ["next_due_at"])
    op.create_table(
        "outbox_items",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("telegram_id", sa.BigInteger(), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        _ts("created_at"),
        sa.Column("local_date", sa.Date(), nullable=False),
        sa.Column("actions_json", sa.Text(), nullable=False),
        sa.Column("status", sa.String(16), server_default="pending", nullable=False),
        sa.Column("attempts", sa.Integer(), server_default=sa.text("0"), nullable=False),
        _ts("next_attempt_at"),
        sa.Column("last_error", sa.String(200), nullable=True),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        _ts("claimed_at", nullable=True),
        _ts("delivered_at", nullable=True),
        sa.Column("result_json", sa.Text(), nullable=True),
        sa.Column("notify_on_done", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_outbox_items"),
        _fk("outbox_items"),
    )
    op.create_index(
        "ix_outbox_items_status_next_attempt_at", "outbox_items", ["status", "next_attempt_at"]
    )
    op.create_index("ix_outbox_items_telegram_id_id", "outbox_items", ["telegram_id", "id"])
    op.create_table(
        "drafts",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("telegram_id", sa.BigInteger(), nullable=False),
        sa.Column("actions_json", sa.Text(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        _ts("created_at"),
        _ts("expires_at"),
        sa.Column("status", sa.String(16), server_default="pending", nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_drafts"),
        _fk("drafts"),
    )
    op.create_index("ix_drafts_telegram_id_id", "drafts", ["telegram_id", "id"])
    op.create_table(
        "llm_usage",
        sa.Column("telegram_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("local_date", sa.Date(), nullable=False),
        sa.Column("requests", sa.Integer(), server_default=sa.text("0"), nullable=False),
        sa.Column("tokens", sa.Integer(), server_default=sa.text("0"), nullable=False),
        sa.PrimaryKeyConstraint("telegram_id", "local_date", name="pk_llm_usage"),
        _fk("llm_usage"),
    )


def _fk(table: str) -> sa.ForeignKeyConstraint:
    """Every per-person table: deleting the account deletes its rows (forget)."""
    return sa.ForeignKeyConstraint(
        ["telegram_id"],
        ["accounts.telegram_id"],
        name=f"fk_{table}_telegram_id_accounts",
        ondelete="CASCADE",
    )


def downgrade() -> None:
    for table in (
        "llm_usage",
        "drafts",
        "outbox_items",
        "reminders",
        "conversation_turns",
        "processed_updates",
        "accounts",
    ):
        op.drop_table(table)
