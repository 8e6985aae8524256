"""Packaged foods read by their barcode, kept so the next scan needs no lookup.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28

One row per code: the product's name, brand, serving and values as JSON, and when they were
fetched (a row older than the cache lifetime is read again). Nobody's data: no account key.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "products",
        sa.Column("code", sa.String(14), nullable=False),
        sa.Column("product_json", sa.Text(), nullable=False),
        sa.Column("fetched_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("code", name=op.f("pk_products")),
    )


def downgrade() -> None:
    op.drop_table("products")
