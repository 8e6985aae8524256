"""Accounts gain `day_ends_at`: when the person's day ends (a meal at 01:30 counts for the
evening before). NULL, the value of every existing row, means the configured `DAY_ENDS_AT`.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24

A plain `ALTER TABLE ... ADD COLUMN` on both databases, nullable and without a default, so no
row is rewritten (see 0005 for why not Alembic's batch mode on SQLite).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("accounts", sa.Column("day_ends_at", sa.Time(), nullable=True))


def downgrade() -> None:
    op.drop_column("accounts", "day_ends_at")
