"""The weekly summary: `accounts.weekly_summary` (opt-in, off for everyone existing) and its
schedule, `weekly_summaries`, claimed across processes like `reminders`.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25

The column is added with a server default, so existing rows read as off and no row is
rewritten by hand (see 0005 for why not Alembic's batch mode on SQLite).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "accounts",
        sa.Column("weekly_summary", sa.Boolean(), server_default=sa.false(), nullable=False),
    )
    op.create_table(
        "weekly_summaries",
        sa.Column("telegram_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("next_due_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_sent_week", sa.String(8), nullable=True),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("telegram_id", name="pk_weekly_summaries"),
        sa.ForeignKeyConstraint(
            ["telegram_id"],
            ["accounts.telegram_id"],
            name="fk_weekly_summaries_telegram_id_accounts",
            ondelete="CASCADE",
        ),
    )
    op.create_index("ix_weekly_summaries_next_due_at", "weekly_summaries", ["next_due_at"])


def downgrade() -> None:
    op.drop_index("ix_weekly_summaries_next_due_at", table_name="weekly_summaries")
    op.drop_table("weekly_summaries")
    op.drop_column("accounts", "weekly_summary")
