"""Claim owners on the update journal; the service's own wait on outbox items.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23

`processed_updates.claimed_by`: the worker that holds a journaled update (received it, or is
handling it), so a process that starts again takes back its earlier run's updates at once
(bot/store/claims.py) instead of after the lease. `outbox_items.not_before`: the time the
service asked us to wait for (Retry-After); a fresh message may retry a backed-off item
early, never one the service asked to wait.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("processed_updates") as batch:
        batch.add_column(sa.Column("claimed_by", sa.String(64), nullable=True))
    with op.batch_alter_table("outbox_items") as batch:
        batch.add_column(sa.Column("not_before", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("outbox_items") as batch:
        batch.drop_column("not_before")
    with op.batch_alter_table("processed_updates") as batch:
        batch.drop_column("claimed_by")
