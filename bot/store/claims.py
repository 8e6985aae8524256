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

`Workers` hands out a process's worker ids and knows which of them it retired; `Lease` is
the claiming, releasing and taking back of one table's rows, used by every kind of shared
work (reminders, weekly summaries, outbox items).
"""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Generic, TypeVar

from sqlalchemy import ColumnElement, Select, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

from bot.store.models import Base

NAME_MAX = 32  # of a worker id's NAME; the whole id fits `models.WORKER_ID_MAX`


class Workers:
    """The worker ids a process hands out (`new`) and still uses (until `retire`).

    Made once by whatever builds a process's workers (`bot.core.resources.Resources`) and
    handed to each: a claim under this process's PID whose id is not in use here was left by
    an instance that has closed (or by an earlier run that had the same PID, as a container's
    first process has), and is taken back at once.
    """

    def __init__(self) -> None:
        self._live: set[str] = set()

    def new(self, name: str | None = None) -> str:
        """A worker id unique per process and instance, readable in the database.

        `name` is the stable part (see the module docstring); the host name when not given.
        """
        stable = (name or socket.gethostname()).replace(":", "-")[:NAME_MAX]
        worker_id = f"{stable}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self._live.add(worker_id)
        return worker_id

    def retire(self, worker_id: str) -> None:
        """This instance stops working: a later one in the same process may take its claims."""
        self._live.discard(worker_id)

    def ended(self, claimer: str, worker_id: str) -> bool:
        """True when `claimer` is an earlier run of `worker_id`'s worker that no longer runs.

        Same NAME, and its PID is gone (or is this PID, and the id is not in use here).
        Anything unsure is treated as alive: its claims come back after the lease.
        """
        mine, theirs = _parts(worker_id), _parts(claimer)
        if mine is None or theirs is None or claimer == worker_id or mine[0] != theirs[0]:
            return False
        if theirs[1] == mine[1]:
            return claimer not in self._live
        return not _running(theirs[1])

    async def ended_runs(
        self, session: AsyncSession, worker_id: str, sources: Sequence[Source]
    ) -> list[str]:
        """Claimers in `sources` (a `claimed_by` column, which rows) that are earlier, ended
        runs of this worker (`ended`)."""
        name = worker_id.partition(":")[0]
        pattern = name.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + ":%"
        found: set[str] = set()
        for column, which in sources:
            query = select(column).where(which, column.like(pattern, escape="\\")).distinct()
            found.update(c for c in (await session.scalars(query)).all() if c)
        return sorted(c for c in found if self.ended(c, worker_id))


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


Source = tuple[InstrumentedAttribute[str | None], ColumnElement[bool]]


T = TypeVar("T", bound=Base)  # a table with `claimed_by` and `claimed_at` columns


class Lease(Generic[T]):
    """The claims on one table's rows (reminders, weekly summaries, outbox items), written once.

    `key` is the column a row is named by. `taken_back` are the columns a row changes as it is
    taken from another claimer (the lease ran out, or its run ended): an outbox item that was
    being sent may have landed, so it comes back `unknown`. `synchronize` is how the session's
    loaded objects follow a change (SQLAlchemy's `synchronize_session`).
    """

    def __init__(
        self,
        table: type[T],
        key: InstrumentedAttribute[int],
        *,
        taken_back: Mapping[str, Any] | None = None,
        synchronize: str | bool = "fetch",
    ) -> None:
        self.table = table
        self.key = key
        self.by: InstrumentedAttribute[str | None] = getattr(table, "claimed_by")  # noqa: B009
        self.at: InstrumentedAttribute[datetime | None] = getattr(table, "claimed_at")  # noqa: B009
        self.taken_back = dict(taken_back or {})
        self.synchronize = synchronize

    def free(self, stale_before: datetime) -> ColumnElement[bool]:
        """Rows nobody holds, or whose holder's lease ran out before `stale_before`."""
        return or_(self.by.is_(None), self.at < stale_before)

    async def claim(
        self, session: AsyncSession, candidates: Select[Any], *, worker_id: str, now: datetime
    ) -> list[T]:
        """Claim the rows `candidates` (a SELECT of `key`) names for `worker_id` at `now`, as
        fresh ORM objects. On PostgreSQL the candidates are read FOR UPDATE SKIP LOCKED: rows
        another worker is claiming are skipped, not waited for (the module docstring)."""
        chosen = candidates.with_for_update(skip_locked=True, of=self.table).scalar_subquery()
        return await self.claim_where(session, self.key.in_(chosen), worker_id=worker_id, now=now)

    async def claim_where(
        self, session: AsyncSession, *where: ColumnElement[bool], worker_id: str, now: datetime
    ) -> list[T]:
        """Claim the rows matching `where` (with no lock taken first: the caller's holding of
        another row keeps everyone else off them)."""
        statement = (
            update(self.table)
            .where(*where)
            .values(claimed_by=worker_id, claimed_at=now, **self.taken_back)
            .returning(self.table)
        )
        options: dict[str, Any] = {"synchronize_session": False, "populate_existing": True}
        return list((await session.scalars(statement, execution_options=options)).all())

    async def change(
        self,
        session: AsyncSession,
        key: int,
        *,
        worker_id: str,
        where: Sequence[ColumnElement[bool]] = (),
        **values: Any,
    ) -> bool:
        """Change the row `key` while `worker_id` holds it (and `where`); False when it does not
        (its lease was taken over, or the row was rescheduled), and nothing is changed."""
        result = await session.execute(
            update(self.table)
            .where(self.key == key, self.by == worker_id, *where)
            .values(**values)
            .execution_options(synchronize_session=self.synchronize)
        )
        return bool(getattr(result, "rowcount", 0))

    async def release(
        self,
        session: AsyncSession,
        key: int,
        *,
        worker_id: str,
        where: Sequence[ColumnElement[bool]] = (),
        **values: Any,
    ) -> bool:
        """Let go of the row `key` that `worker_id` holds, recording `values` with it (what was
        done, when it is due next): a release and a "done" are one statement. False when the
        worker no longer holds it."""
        return await self.change(
            session,
            key,
            worker_id=worker_id,
            where=where,
            claimed_by=None,
            claimed_at=None,
            **values,
        )

    async def take_back(
        self, session: AsyncSession, claimers: Sequence[str], *where: ColumnElement[bool]
    ) -> int:
        """Free the rows (matching `where`) held by `claimers`, runs that ended
        (`Workers.ended_runs`), as if their lease had run out; how many."""
        if not claimers:
            return 0
        result = await session.execute(
            update(self.table)
            .where(self.by.in_(claimers), *where)
            .values(claimed_by=None, claimed_at=None, **self.taken_back)
            .execution_options(synchronize_session=False)
        )
        return int(getattr(result, "rowcount", 0))

    @staticmethod
    def drop(row: T) -> None:
        """Drop the claim on a loaded row (it was rescheduled): a worker holding the old claim
        then fails to record its result, so the newer state wins."""
        setattr(row, "claimed_by", None)  # noqa: B010
        setattr(row, "claimed_at", None)  # noqa: B010
