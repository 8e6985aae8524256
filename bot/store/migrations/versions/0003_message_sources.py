"""Message sources: drafts and outbox items remember the Telegram message they came from.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23

`source_message_id` on `drafts` and `outbox_items`, so an edit of a message can be matched
to what became of it: a draft still under review takes the edit, a logged message is
answered with how to correct it. Older rows have none (an edit of them changes nothing).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("drafts", "outbox_items")


def upgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("source_message_id", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.drop_column("source_message_id")
