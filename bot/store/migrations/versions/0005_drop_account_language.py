"""Accounts lose `language`: nothing ever read it, and nothing sets it any more.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23

A plain `ALTER TABLE ... DROP COLUMN` on both databases (SQLite has it since 3.35, which the
store's `RETURNING` clauses need anyway). Not Alembic's batch mode: on SQLite it rebuilds the
table, and dropping the old `accounts` with foreign keys on would cascade into every table of
rows about a person, deleting them all.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_column("accounts", "language")


def downgrade() -> None:
    op.add_column("accounts", sa.Column("language", sa.String(16), nullable=True))
