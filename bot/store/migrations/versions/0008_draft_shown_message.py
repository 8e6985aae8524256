"""Drafts remember the message that shows them and whether a later reply mentioned them.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26

`shown_message_id` is the bot's Telegram message carrying the draft's buttons, so a draft
replaced by an edit of the person's message can lose its keyboard. `mentioned` is set once a
later reply has said that the draft still waits, so it is said once. Plain `ADD COLUMN`s
(see 0005 for why not Alembic's batch mode on SQLite): existing drafts have no known message
and count as mentioned, since they are from before anyone was told.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("drafts", sa.Column("shown_message_id", sa.BigInteger(), nullable=True))
    op.add_column(
        "drafts", sa.Column("mentioned", sa.Boolean(), server_default=sa.true(), nullable=False)
    )


def downgrade() -> None:
    op.drop_column("drafts", "mentioned")
    op.drop_column("drafts", "shown_message_id")
