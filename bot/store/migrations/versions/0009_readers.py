"""Accounts remember how to speak to the person: their language and units.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-28

`language` is the language the person chose (`/language de`), `telegram_language` the one
Telegram last said their app uses; `weight_unit` (kg, lb) and `energy_unit` (kcal, kJ) are
the units they chose or first wrote in. All empty for existing accounts: English, kg and
kcal, as before, until Telegram or the person says otherwise. Plain `ADD COLUMN`s (see 0005
for why not Alembic's batch mode on SQLite).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_COLUMNS = (("language", 8), ("telegram_language", 8), ("weight_unit", 4), ("energy_unit", 4))


def upgrade() -> None:
    for name, length in _COLUMNS:
        op.add_column("accounts", sa.Column(name, sa.String(length), nullable=True))


def downgrade() -> None:
    for name, _length in reversed(_COLUMNS):
        op.drop_column("accounts", name)
