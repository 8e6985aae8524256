"""Claiming shared work so that each row is handled by exactly one bot process.

A claim is one UPDATE that stamps `claimed_by`/`claimed_at` on rows chosen by a
subquery. On PostgreSQL the subquery is `SELECT ... FOR UPDATE SKIP LOCKED`:
concurrent claimers skip each other's rows instead of waiting, and the claimed
rows' new values are re-checked under the lock, so no row is claimed twice. SQLite
ignores FOR UPDATE but runs one writer at a time, so the single statement is
atomic there too.

A claim is a lease: after the caller's `claim_timeout` anyone may take it over,
which is how the work of a process that died comes back. Writes that finish a
claim check `claimed_by`, so a worker whose lease was taken over cannot overwrite
the newer claimer's result. Commit right after claiming: the claim is only
visible to others (and on PostgreSQL the row locks only released) at commit.
"""

from __future__ import annotations

import os
import socket
import uuid
from typing import Any, TypeVar

from sqlalchemy import Update
from sqlalchemy.ext.asyncio import AsyncSession

T = TypeVar("T")


def default_worker_id() -> str:
    """Unique per process and instance, readable in the database when debugging claims."""
    return f"{socket.gethostname()[:32]}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


async def claim_rows(session: AsyncSession, statement: Update, model: type[T]) -> list[T]:
    """Run a claiming UPDATE and return the claimed rows as fresh ORM objects."""
    options: dict[str, Any] = {"synchronize_session": False, "populate_existing": True}
    rows = await session.scalars(statement.returning(model), execution_options=options)
    return list(rows.all())
