"""Update journal: processed updates keep their payload until handled.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22

`payload` (encrypted update JSON), `user_id`, `claimed_at` and `handled_at` on
`processed_updates`, so an update Telegram considers delivered is replayed after a crash
(bot/store/journal.py). Rows from before this revision were all handled: they get
`handled_at = processed_at`.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = ("payload", "user_id", "claimed_at", "handled_at")


def upgrade() -> None:
    with op.batch_alter_table("processed_updates") as batch:
        batch.add_column(sa.Column("payload", sa.LargeBinary(), nullable=True))
        batch.add_column(sa.Column("user_id", sa.BigInteger(), nullable=True))
        batch.add_column(sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("handled_at", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE processed_updates SET handled_at = processed_at, claimed_at = processed_at")


def downgrade() -> None:
    with op.batch_alter_table("processed_updates") as batch:
        for name in reversed(COLUMNS):
            batch.drop_column(name)
