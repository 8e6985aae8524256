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

A worker id is `NAME:PID:NONCE`. NAME (`WORKER_NAME`, by default the host name) is stable
across restarts, so a process that starts again can tell its earlier run's claims from
another process's: a claim under its own NAME whose PID is no longer running on this host
(or is its own PID, from an instance of this process that has closed) was left by a run that
ended, and is taken back at once instead of after the lease (`ended_runs`). Replicas on one
host share the default NAME and are told apart by PID; replicas in separate PID namespaces
(containers) need distinct names, which their default host names already are.
"""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Sequence
from typing import Any, TypeVar

from sqlalchemy import ColumnElement, Update, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

T = TypeVar("T")

NAME_MAX = 32  # of a worker id's NAME; the whole id fits `models.WORKER_ID_MAX`

# Worker ids of this process that are still in use (not yet `retire`d): another instance in
# the same process (a restart inside one interpreter, or a test) must not take their claims.
_live: set[str] = set()


def default_worker_id(name: str | None = None) -> str:
    """Unique per process and instance, readable in the database when debugging claims.

    `name` is the stable part (see the module docstring); the host name when not given.
    """
    stable = (name or socket.gethostname()).replace(":", "-")[:NAME_MAX]
    worker_id = f"{stable}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
    _live.add(worker_id)
    return worker_id


def retire(worker_id: str) -> None:
    """This instance stops working: a later one in the same process may take its claims."""
    _live.discard(worker_id)


def _parts(worker_id: str) -> tuple[str, int] | None:
    name, _, rest = worker_id.partition(":")
    pid, _, nonce = rest.partition(":")
    if not name or not nonce or not pid.isascii() or not pid.isdigit():
        return None
    return name, int(pid)


def _running(pid: int) -> bool:
    """Whether a process with this id runs on this host; unsure counts as running."""
    if os.name == "nt":  # os.kill would terminate it there
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists but is not ours to signal, or we cannot tell
        return True
    return True


def ended(claimer: str, worker_id: str) -> bool:
    """True when `claimer` is an earlier run of `worker_id`'s worker that is no longer running.

    Same NAME, and its PID is gone (or is this PID, from an instance of this process that was
    retired). Anything unsure is treated as alive: its claims come back after the lease.
    """
    mine, theirs = _parts(worker_id), _parts(claimer)
    if mine is None or theirs is None or claimer == worker_id or mine[0] != theirs[0]:
        return False
    if theirs[1] == mine[1]:
        return claimer not in _live
    return not _running(theirs[1])


Source = tuple[InstrumentedAttribute[str | None], ColumnElement[bool]]


async def ended_runs(session: AsyncSession, worker_id: str, sources: Sequence[Source]) -> list[str]:
    """Claimers in `sources` (a `claimed_by` column, which rows) that are earlier, ended runs
    of this worker (`ended`)."""
    name = worker_id.partition(":")[0]
    pattern = name.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + ":%"
    found: set[str] = set()
    for column, which in sources:
        query = select(column).where(which, column.like(pattern, escape="\\")).distinct()
        found.update(c for c in (await session.scalars(query)).all() if c)
    return sorted(c for c in found if ended(c, worker_id))


async def claim_rows(session: AsyncSession, statement: Update, model: type[T]) -> list[T]:
    """Run a claiming UPDATE and return the claimed rows as fresh ORM objects."""
    options: dict[str, Any] = {"synchronize_session": False, "populate_existing": True}
    rows = await session.scalars(statement.returning(model), execution_options=options)
    return list(rows.all())
