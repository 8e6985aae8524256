"""Outbox items as the delivery worker sees them: wire actions, claimed rows, what a pass did.

An outbox item holds its actions in wire form (`wire`, as the service takes them); `decode`
reads them back as models. `OutboxClaims` claims, marks and records the rows one worker holds.
`Delivered` and `DeliveryReport` are what `bot.sync.outbox.Delivery` tells its callers;
`Entry` is one claimed item while its bundle is being sent.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.agent_api.actions import Action, parse_action, to_wire
from bot.agent_api.errors import AgentApiError
from bot.store import Direct, OutboxItem, OutboxStatus, Workers, repo

log = logging.getLogger(__name__)


# A crowd's deliveries land a millisecond or few apart (each answer of the service comes on
# its own): while others are still on their way, the first to land waits this long for
# them, so they are recorded a few at a time (200 people at once: ~0.6 transactions a
# message instead of 1). A delivery with none other in flight is recorded at once.
CROWD_WAIT = 0.010  # seconds

# Replies in a crowd leave at Telegram's pace, 30 a second: the record that a person was told
# (`OutboxClaims.told`) would cost a transaction each. One that follows another by less than
# this, or comes while deliveries are on their way, waits up to this long for the next ones
# (about three replies) or for those deliveries' record; a lone one is recorded at once. A
# process killed in that wait tells those people again, as "✅ Synced", after its restart: at
# most this long's replies, about what one reply's own round trip to Telegram risks the same
# way.
TOLD_WAIT = 0.100  # seconds


@dataclass
class Delivered:
    """An item the service applied (now or found applied by reconciling)."""

    item_id: int
    telegram_id: int
    chat_id: int
    actions: list[Action]
    notify: bool


@dataclass
class DeliveryReport:
    """What one `deliver_for` / `run_due` pass did."""

    delivered: list[Delivered] = field(default_factory=list)
    waiting: int = 0  # still in the outbox, will be retried
    failed: list[tuple[int, AgentApiError]] = field(default_factory=list)  # given up: refused
    bad_key: bool = False
    last_error: AgentApiError | None = None  # of the last attempt, when it failed
    behind: bool = False  # the person's older item is still in flight elsewhere


@dataclass
class Entry:
    """One claimed item inside a bundle being delivered."""

    item: OutboxItem
    actions: list[Action]
    was_unknown: bool


def decode(item: OutboxItem) -> list[Action]:
    """The stored wire actions of an outbox item as models."""
    return decode_actions(item.actions)


def decode_actions(stored: Sequence[Any]) -> list[Action]:
    """Stored wire actions as models; one we cannot read is skipped loudly, never sent."""
    actions: list[Action] = []
    for raw in stored:
        try:
            actions.append(parse_action(raw))
        except ValidationError:
            log.error("a stored action could not be read; skipped")
    return actions


def wire(actions: Sequence[Action]) -> list[dict[str, Any]]:
    return [to_wire(a) for a in actions]


def by_person(items: list[OutboxItem]) -> list[list[OutboxItem]]:
    """Claimed items grouped into one bundle per person, oldest first."""
    groups: dict[int, list[OutboxItem]] = {}
    for item in items:
        groups.setdefault(item.telegram_id, []).append(item)
    return list(groups.values())


def notices(delivered: list[Delivered]) -> list[Delivered]:
    """One notice per person for everything of theirs that landed in a pass."""
    merged: dict[int, Delivered] = {}
    for done in delivered:
        if not done.notify:
            continue
        if done.telegram_id in merged:
            merged[done.telegram_id].actions.extend(done.actions)
            merged[done.telegram_id].item_id = done.item_id
        else:
            merged[done.telegram_id] = Delivered(
                done.item_id, done.telegram_id, done.chat_id, list(done.actions), True
            )
    return list(merged.values())


def record_ids(results: Sequence[Any]) -> set[str]:
    """Ids of the service's records in stored results (what `landed` calls accounted)."""
    return {str(r.get("id")) for r in results if isinstance(r, dict) and r.get("id") is not None}


# Deliveries to record: (entries with their results, when, the future their caller awaits).
_Landed = tuple[list[tuple["Entry", Any]], dt.datetime, "asyncio.Future[list[Entry]]"]


class OutboxClaims:
    """The outbox rows one worker claims, moves on and records, each change committed at once.

    A row is changed only while this worker holds its claim: `mark` says False when the
    lease was taken over. Times are the caller's, read from its clock. An item being sent
    is taken over `request_timeout` after its lease ran out (`repo.claim_outbox`): the write
    of a claimer that died may land until then.
    """

    def __init__(
        self,
        sessionmaker: async_sessionmaker[AsyncSession],
        direct: Direct,
        worker_id: str,
        claim_timeout: dt.timedelta,
        workers: Workers | None = None,
        request_timeout: dt.timedelta = dt.timedelta(0),
    ) -> None:
        self.sessionmaker = sessionmaker
        self.direct = direct
        self.worker_id = worker_id
        self.workers = workers or Workers()  # which claims of this process's ids are ended
        self.claim_timeout = claim_timeout
        self.request_timeout = request_timeout
        # Deliveries waiting to be recorded; one task records all that wait in one transaction.
        self._landed: list[_Landed] = []
        self._recording: asyncio.Task[None] | None = None
        self.unanswered = 0  # deliveries sent and not yet answered (`Delivery` counts them)
        # Earlier runs of this worker found ended at start: what they owed people is ours now.
        self.ended: list[str] = []
        self._told: list[int] = []  # items told of, waiting to be recorded with the above
        self._told_last: float | None = None  # when a told record was last asked (monotonic)
        self._told_due: asyncio.TimerHandle | None = None  # records those waiting TOLD_WAIT

    async def take_back(self) -> int:
        """At start: items an earlier run of this worker held when it ended are free now;
        the answers it owed are remembered (`untold`) to be given at once."""
        async with self.sessionmaker() as session:
            open_items = OutboxItem.status.in_(repo.OPEN_OUTBOX_STATUSES)
            self.ended = await self.workers.ended_runs(
                session,
                self.worker_id,
                [(OutboxItem.claimed_by, open_items), (OutboxItem.claimed_by, repo.untold())],
            )
            count = await repo.release_outbox_claims(session=session, claimers=self.ended)
            await session.commit()
        if count:
            log.info("took back %d outbox items this worker held before it restarted", count)
        return count

    async def untold(self, *, now: dt.datetime, since: dt.datetime, limit: int) -> list[OutboxItem]:
        """Claim applied items whose claimer died before telling the person they landed."""
        async with self.sessionmaker() as session:
            items = await repo.claim_untold(
                session=session,
                now=now,
                limit=limit,
                worker_id=self.worker_id,
                claim_timeout=self.claim_timeout,
                ended=self.ended,
                since=since,
            )
            await session.commit()
        return items

    def told(self, item_ids: Sequence[int]) -> None:
        """Record that the person heard these items landed, in the transaction of deliveries
        being recorded (`done`); else at once, or when they follow other told records closely
        (a crowd's replies), together within `TOLD_WAIT`. The caller does not wait for it (its
        person's next message need not either); `flush` records what still waits.

        A failed record is logged, never raised: the person has their answer, and the worst
        is one more "✅ Synced" after the claim runs out."""
        if not item_ids:
            return
        self._told.extend(item_ids)
        now = time.monotonic()
        following = self._told_last is not None and now - self._told_last < TOLD_WAIT
        self._told_last = now
        if self._recording is not None:
            return  # the recording under way takes them along
        if not following and not self.unanswered:
            self._record(crowd=False)
        elif self._told_due is None:  # else with the deliveries on their way, or the next told
            self._told_due = asyncio.get_running_loop().call_later(TOLD_WAIT, self._told_waited)

    def _told_waited(self) -> None:
        self._told_due = None
        if self._told:
            self._record(crowd=self.unanswered > 0)

    async def flush(self) -> None:
        """Write now what is waiting to be recorded (the process is stopping)."""
        if self._told_due is not None:
            self._told_due.cancel()
            self._told_due = None
        while self._told or self._recording is not None:
            self._record(crowd=False)
            recording = self._recording
            assert recording is not None
            await asyncio.wait((recording,))
            if recording.cancelled():
                return  # stopped from outside: nothing more is recorded

    async def claim(
        self, *, now: dt.datetime, limit: int, telegram_id: int | None, ignore_backoff: bool
    ) -> list[OutboxItem]:
        """Claim up to `limit` people's oldest due items, each with the rest of their queue."""
        async with self.sessionmaker() as session:
            heads = await repo.claim_outbox(
                session=session,
                now=now,
                limit=limit,
                worker_id=self.worker_id,
                claim_timeout=self.claim_timeout,
                telegram_id=telegram_id,
                ignore_backoff=ignore_backoff,
                request_timeout=self.request_timeout,
            )
            items: list[OutboxItem] = []
            for head in heads:
                items.append(head)
                items.extend(
                    await repo.claim_following(
                        session=session,
                        head=head,
                        now=now,
                        worker_id=self.worker_id,
                        claim_timeout=self.claim_timeout,
                        request_timeout=self.request_timeout,
                    )
                )
            await session.commit()
        return items

    def in_flight(self, item: OutboxItem, now: dt.datetime) -> bool:
        """Claimed under a live lease: being sent right now by some worker (or, `sending`,
        its write may still land: not to be taken over yet, `repo.claim_outbox`)."""
        lease = self.claim_timeout
        if item.status == OutboxStatus.SENDING:
            lease += self.request_timeout
        return (
            item.claimed_by is not None
            and item.claimed_at is not None
            and item.claimed_at > now - lease
        )

    async def mark(
        self, item: OutboxItem, status: OutboxStatus, *, now: dt.datetime, **values: Any
    ) -> bool:
        async with self.sessionmaker() as session:
            ok = await repo.mark_outbox(
                session=session,
                item_id=item.id,
                worker_id=self.worker_id,
                status=status,
                now=now,
                **values,
            )
            await session.commit()
        return ok

    async def renew(self, items: Sequence[OutboxItem], now: dt.datetime) -> set[int]:
        """Renew this worker's lease on `items` (open ones) to `now`; the ids it still holds."""
        if not items:
            return set()
        async with self.sessionmaker() as session:
            held = await repo.renew_outbox_claims(
                session=session, item_ids=[i.id for i in items], worker_id=self.worker_id, now=now
            )
            await session.commit()
        return held

    async def release(self, items: Sequence[OutboxItem], clock: Callable[[], dt.datetime]) -> None:
        """Let go of claimed items not sent now, as they were (status and retry time); not
        those another claim took over meanwhile (`repo.mark_outbox`'s `claimed_at`)."""
        for item in items:
            await self.mark(
                item,
                OutboxStatus(item.status),
                now=clock(),
                retry_at=item.next_attempt_at,
                not_before=item.not_before,
                claimed_at=item.claimed_at,
            )

    async def done(
        self, done: list[tuple[Entry, list[dict[str, Any]]]], clock: Callable[[], dt.datetime]
    ) -> list[Entry]:
        """Record what landed (each item's own results); what was ours.

        Deliveries that land while another is being recorded wait and are recorded together,
        in one transaction (a crowd of messages then costs less than a transaction each). In a
        crowd (others still in flight) the first waits CROWD_WAIT for them; a lone message is
        recorded at once.
        """
        loop = asyncio.get_running_loop()
        landed: asyncio.Future[list[Entry]] = loop.create_future()
        self._landed.append((list(done), clock(), landed))
        self._record(crowd=self.unanswered > 0)
        return await landed

    def _record(self, *, crowd: bool) -> None:
        if self._recording is None:
            self._recording = asyncio.create_task(self._record_landed(crowd))

    async def _record_landed(self, crowd: bool) -> None:
        batch: list[_Landed] = []
        try:
            # Deliveries landing in this same turn of the loop join; in a crowd, a little longer.
            await asyncio.sleep(CROWD_WAIT if crowd else 0)
            while self._landed or self._told:
                batch, self._landed = self._landed, []
                told, self._told = self._told, []
                try:
                    ours = await self._mark_done(batch, told)
                except Exception as exc:
                    for _, _, landed in batch:
                        if not landed.done():
                            landed.set_exception(exc)
                    if told:
                        log.warning(
                            "items %s were told but not recorded so (%s)", told, type(exc).__name__
                        )
                    continue
                for (_, _, landed), marked in zip(batch, ours, strict=True):
                    if not landed.done():
                        landed.set_result(marked)
        finally:
            self._recording = None
            # Stopped midway: nobody waits on (told records left wait for `flush`).
            for _, _, landed in (*batch, *self._landed):
                landed.cancel()

    async def _mark_done(self, batch: list[_Landed], told: list[int]) -> list[list[Entry]]:
        marked = iter(
            await repo.mark_outboxes_done(
                direct=self.direct,
                done=[
                    (entry.item.id, self.worker_id, now, results)
                    for done, now, _ in batch
                    for entry, results in done
                ],
                told=told,
            )
        )
        return [[entry for entry, _ in done if next(marked)] for done, _, _ in batch]

    async def accounted(self, telegram_id: int) -> set[str]:
        """Ids of records the person's earlier deliveries created (see `landed`)."""
        async with self.sessionmaker() as session:
            results = await repo.delivered_results(session=session, telegram_id=telegram_id)
        return record_ids(results)
