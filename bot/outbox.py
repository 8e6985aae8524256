"""Delivery of stored actions to the service: every message's actions land exactly once.

The assistant stores a message's actions (`repo.enqueue`) before anything is sent, then asks
`Delivery.deliver_for` to send that person's waiting items at once, in order. What cannot be
sent now stays in the outbox; a background job (`run_due`) retries it with backoff that
honours Retry-After, and tells the person when it synced.

The service's POSTs are not idempotent, so a write whose outcome is unknown (a timeout or 5xx
after the request may have landed, or a process killed mid-send) is reconciled before it is
sent again: the day is read back and compared. A bundle is applied all or none, so one
"witness" action that can be recognised in the service's data settles the whole bundle;
bundles made only of repeatable actions (check-in upserts, goals, marks, named items) are
simply sent again.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.agent_api.actions import (
    Action,
    CheckinUpsert,
    NutritionAddEntry,
    SupplementAddItem,
    SupplementMarkTaken,
    SupplementToggle,
    SupportCreateTicket,
    WeightLog,
    parse_action,
    to_wire,
)
from bot.agent_api.client import AgentApiClient
from bot.agent_api.errors import (
    AgentApiError,
    BadKey,
    InvalidRequest,
    RateLimited,
    ServiceUnavailable,
)
from bot.store import repo
from bot.store.claims import default_worker_id
from bot.store.crypto import KeyCipher
from bot.store.models import AccountStatus, OutboxItem, OutboxStatus

log = logging.getLogger(__name__)

CLAIM_TIMEOUT = dt.timedelta(minutes=2)
MAX_BACKOFF = dt.timedelta(minutes=10)
RECONNECT_RETRY = dt.timedelta(minutes=5)
DELIVER_FOR_ROUNDS = 50  # a person's items sent in one `deliver_for` at most
IN_FLIGHT_WAIT = dt.timedelta(seconds=3)  # how long a message waits for an older item in flight
IN_FLIGHT_POLL = dt.timedelta(milliseconds=100)
WITNESS_TYPES = (NutritionAddEntry, WeightLog, SupportCreateTicket)


def backoff(attempts: int, retry_after: float | None = None) -> dt.timedelta:
    """Exponential from 2 s, capped; never sooner than the service asked for."""
    delay = dt.timedelta(seconds=min(2.0 * 2 ** max(attempts - 1, 0), MAX_BACKOFF.seconds))
    if retry_after is not None:
        delay = max(delay, dt.timedelta(seconds=retry_after))
    return delay


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
    last_error: AgentApiError | None = None


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


async def prepare(api: AgentApiClient, actions: Sequence[Action]) -> list[Action]:
    """Make a batch safe for the harshest server: merged check-ins, known supplements.

    `checkin.upsert` replaces the day's whole check-in, so each is merged with what the day
    already holds (one read per day). Marking a supplement that is not in the stack would be
    refused, so it is added first, spelled the way the person said it.
    """
    merged: dict[dt.date, CheckinUpsert] = {}
    for action in actions:
        if not isinstance(action, CheckinUpsert):
            continue
        base = merged.get(action.date)
        if base is None:
            existing = (await api.checkin_of(action.date)).checkin
            base = CheckinUpsert(date=action.date)
            if existing is not None:
                base = CheckinUpsert(
                    date=action.date,
                    mood=existing.mood,
                    energy=existing.energy,
                    sleep_quality=existing.sleep_quality,
                    notes=existing.notes,
                )
        update = action.model_dump(exclude_none=True, exclude={"type", "date"})
        if "notes" in update and base.notes and update["notes"] not in base.notes:
            update["notes"] = f"{base.notes}; {update['notes']}"
        merged[action.date] = base.model_copy(update=update)

    prepared: list[Action] = []
    stacks: dict[dt.date, set[str]] = {}
    added: set[str] = set()
    for action in actions:
        if isinstance(action, CheckinUpsert):
            if action.date in merged:
                prepared.append(merged.pop(action.date))
            continue
        if isinstance(action, SupplementMarkTaken | SupplementToggle):
            if action.date not in stacks:
                items = (await api.supplements_of(action.date)).items or []
                stacks[action.date] = {i.name.casefold() for i in items if i.name}
            name = action.name.casefold()
            if name not in stacks[action.date] and name not in added:
                prepared.append(SupplementAddItem(name=action.name))
                added.add(name)
        if isinstance(action, SupplementAddItem):
            added.add(action.name.casefold())
        prepared.append(action)
    return prepared


def _same(a: Any, b: float) -> bool:
    return isinstance(a, int | float) and abs(float(a) - b) < 1e-6


async def _candidates(api: AgentApiClient, witness: Action) -> list[str]:
    """Ids of the service's records that look exactly like `witness`."""
    if isinstance(witness, NutritionAddEntry):
        body = await api.nutrition(witness.date)
        entries = body.get("entries") if isinstance(body, dict) else None
        e = witness.entry
        return [
            str(x.get("id"))
            for x in entries or []
            if isinstance(x, dict)
            and x.get("food") == e.food
            and all(_same(x.get(k), getattr(e, k)) for k in ("calories", "protein", "carbs", "fat"))
        ]
    if isinstance(witness, WeightLog):
        body = await api.weight(witness.date, witness.date)
        records = body.get("records") if isinstance(body, dict) else None
        return [
            str(x.get("id"))
            for x in records or []
            if isinstance(x, dict)
            and x.get("date") == witness.date.isoformat()
            and _same(x.get("weightKg"), witness.weight_kg)
        ]
    if isinstance(witness, SupportCreateTicket):
        body = await api.support()
        tickets = body.get("tickets") if isinstance(body, dict) else None
        return [
            str(x.get("id"))
            for x in tickets or []
            if isinstance(x, dict)
            and x.get("subject") == witness.subject
            and x.get("message") == witness.message
        ]
    return []


async def landed(
    api: AgentApiClient, actions: Sequence[Action], accounted: set[str]
) -> list[dict[str, Any]] | None:
    """Reconcile: results to record if the bundle is found applied, else None (send again).

    `accounted` holds the ids of records earlier deliveries created, so an identical entry
    logged on purpose before ("another coffee") is not mistaken for this one. When the
    bundle is found, every witness-type record of it is claimed in the results, not only the
    first: otherwise a later, identical entry ("a banana and a coffee", then "a coffee") could
    be "found" in this bundle's unclaimed record and never sent.
    """
    for index, action in enumerate(actions):
        if isinstance(action, WITNESS_TYPES):
            fresh = [i for i in await _candidates(api, action) if i not in accounted]
            if not fresh:
                return None
            claimed = set(accounted) | {fresh[0]}
            results = [{"index": index, "type": action.type, "id": fresh[0], "reconciled": True}]
            for later, other in enumerate(actions[index + 1 :], start=index + 1):
                if not isinstance(other, WITNESS_TYPES):
                    continue
                more = [i for i in await _candidates(api, other) if i not in claimed]
                if more:
                    claimed.add(more[0])
                    results.append(
                        {"index": later, "type": other.type, "id": more[0], "reconciled": True}
                    )
            return results
        if isinstance(action, SupplementToggle):
            # A flip cannot be told from the data; sending it twice would undo it. Treat as
            # applied (docs/reliability.md).
            return [{"index": index, "type": action.type, "reconciled": True}]
    return None


class Delivery:
    """Sends outbox items for one process; safe to run in several processes at once."""

    def __init__(
        self,
        *,
        sessionmaker: async_sessionmaker[AsyncSession],
        cipher: KeyCipher,
        api_for: Callable[[str], AgentApiClient],
        clock: Callable[[], dt.datetime],
        worker_id: str | None = None,
        claim_timeout: dt.timedelta = CLAIM_TIMEOUT,
    ) -> None:
        self.sessionmaker = sessionmaker
        self.cipher = cipher
        self.api_for = api_for
        self.clock = clock
        self.worker_id = worker_id or default_worker_id()
        self.claim_timeout = claim_timeout

    async def _claim(self, *, limit: int, telegram_id: int | None) -> list[OutboxItem]:
        async with self.sessionmaker() as session:
            items = await repo.claim_outbox(
                session=session,
                now=self.clock(),
                limit=limit,
                worker_id=self.worker_id,
                claim_timeout=self.claim_timeout,
                telegram_id=telegram_id,
            )
            await session.commit()
        return items

    async def _mark(self, item: OutboxItem, status: OutboxStatus, **values: Any) -> bool:
        async with self.sessionmaker() as session:
            ok = await repo.mark_outbox(
                session=session,
                item_id=item.id,
                worker_id=self.worker_id,
                status=status,
                now=self.clock(),
                **values,
            )
            await session.commit()
        return ok

    async def deliver_for(self, telegram_id: int) -> DeliveryReport:
        """Send this person's waiting items now, oldest first; stop at the first that waits.

        When the oldest is in flight elsewhere (the background job, or another replica, is
        sending it), wait up to `IN_FLIGHT_WAIT` for it rather than answer "saved, will
        sync" about a service that is answering.
        """
        report = DeliveryReport()
        deadline = time.monotonic() + IN_FLIGHT_WAIT.total_seconds()
        while True:
            # Only a person's oldest open item is claimable, so a claim yields one item: claim
            # again until nothing is left or the head waits (else a backlog after an outage
            # would leave each new message "saved, will sync" behind one older item each).
            for _ in range(DELIVER_FOR_ROUNDS):
                items = await self._claim(limit=20, telegram_id=telegram_id)
                if not items:
                    break
                for item in items:
                    await self._deliver(item, report)
            async with self.sessionmaker() as session:
                waiting = await repo.pending_outbox(session=session, telegram_id=telegram_id)
            report.waiting = len(waiting)
            if not waiting or time.monotonic() > deadline:
                return report
            head = waiting[0]
            if self._in_flight(head):
                await asyncio.sleep(IN_FLIGHT_POLL.total_seconds())
            elif not self._ready(head):
                return report  # waits for its retry time (a failed send is backed off)
            # else the worker that held it let go between our claim and this read: claim again

    def _ready(self, item: OutboxItem) -> bool:
        """Not in flight, and the next claim takes it: due, or its claimer's lease ran out."""
        if self._in_flight(item):
            return False
        return item.claimed_by is not None or item.next_attempt_at <= self.clock()

    def _in_flight(self, item: OutboxItem) -> bool:
        """Claimed under a live lease: being sent right now by some worker."""
        return (
            item.claimed_by is not None
            and item.claimed_at is not None
            and item.claimed_at > self.clock() - self.claim_timeout
        )

    async def run_due(
        self, notify: Callable[[Delivered], Awaitable[None]] | None = None, *, limit: int = 50
    ) -> DeliveryReport:
        """One background pass: claim what is due anywhere, deliver, tell people it synced."""
        report = DeliveryReport()
        for item in await self._claim(limit=limit, telegram_id=None):
            before = len(report.delivered)
            await self._deliver(item, report)
            if notify is not None and len(report.delivered) > before:
                done = report.delivered[-1]
                if done.notify:
                    try:
                        await notify(done)
                    except Exception:  # a failed notice must not stop other deliveries
                        log.warning("could not tell user %s their item synced", done.telegram_id)
        return report

    async def deliver_claimed(
        self, item: OutboxItem, api: AgentApiClient, actions: list[Action]
    ) -> DeliveryReport:
        """Send an item this worker claimed when it stored it (`repo.enqueue_claimed`).

        The fast path of a fresh message: the caller already holds the person's key and the
        decoded actions, and the claim and attempt were written with the item itself.
        """
        report = DeliveryReport()
        await self._send(item, api, actions, report, was_unknown=False)
        return report

    async def _deliver(self, item: OutboxItem, report: DeliveryReport) -> None:
        actions = decode(item)
        async with self.sessionmaker() as session:
            account = await repo.get_account(session=session, telegram_id=item.telegram_id)
        if account is None or account.encrypted_key is None:
            await self._mark(item, OutboxStatus.FAILED, error="account unlinked")
            return
        if account.status == AccountStatus.NEEDS_RECONNECT:
            report.bad_key = True
            await self._mark(
                item,
                OutboxStatus(item.status),
                retry_at=self.clock() + RECONNECT_RETRY,
                error="needs reconnect",
            )
            report.waiting += 1
            return
        api = self.api_for(self.cipher.decrypt(account.encrypted_key))
        was_unknown = item.status == OutboxStatus.UNKNOWN
        if not await self._mark(item, OutboxStatus.SENDING):
            return  # our lease was taken over
        await self._send(item, api, actions, report, was_unknown=was_unknown)

    async def _accounted(self, telegram_id: int) -> set[str]:
        """Ids of records the person's earlier deliveries created (see `landed`)."""
        async with self.sessionmaker() as session:
            results = await repo.delivered_results(session=session, telegram_id=telegram_id)
        return {
            str(r.get("id")) for r in results if isinstance(r, dict) and r.get("id") is not None
        }

    async def _send(
        self,
        item: OutboxItem,
        api: AgentApiClient,
        actions: list[Action],
        report: DeliveryReport,
        *,
        was_unknown: bool,
    ) -> None:
        """Reconcile if the last attempt's outcome is unknown, then send once; record it."""
        try:
            if was_unknown:
                found = await landed(api, actions, await self._accounted(item.telegram_id))
                if found is not None:
                    await self._done(item, actions, found, report)
                    return
            prepared = await prepare(api, actions)
            result = await api.ingest(prepared)
        except RateLimited as exc:
            status = OutboxStatus.UNKNOWN if was_unknown else OutboxStatus.PENDING
            await self._retry(item, status, exc)
            report.waiting += 1
            report.last_error = exc
            return
        except ServiceUnavailable as exc:
            status = (
                OutboxStatus.UNKNOWN if exc.maybe_applied or was_unknown else OutboxStatus.PENDING
            )
            await self._retry(item, status, exc)
            report.waiting += 1
            report.last_error = exc
            return
        except BadKey as exc:
            async with self.sessionmaker() as session:
                await repo.set_status(
                    session=session,
                    telegram_id=item.telegram_id,
                    status=AccountStatus.NEEDS_RECONNECT,
                )
                await session.commit()
            await self._retry(item, OutboxStatus.PENDING, exc, at=self.clock() + RECONNECT_RETRY)
            report.bad_key = True
            report.waiting += 1
            report.last_error = exc
            return
        except InvalidRequest as exc:
            await self._mark(item, OutboxStatus.FAILED, error=str(exc))
            report.failed.append((item.id, exc))
            report.last_error = exc
            return
        except AgentApiError as exc:  # any other failure: keep it, try later
            await self._retry(item, OutboxStatus.UNKNOWN, exc)
            report.waiting += 1
            report.last_error = exc
            return
        results = [r.model_dump(exclude_none=True) for r in result.results or []]
        await self._done(item, actions, results, report)

    async def _retry(
        self,
        item: OutboxItem,
        status: OutboxStatus,
        exc: AgentApiError,
        *,
        at: dt.datetime | None = None,
    ) -> None:
        retry_after = exc.retry_after if isinstance(exc, RateLimited) else None
        when = at or self.clock() + backoff(item.attempts + 1, retry_after)
        await self._mark(item, status, retry_at=when, error=str(exc))

    async def _done(
        self,
        item: OutboxItem,
        actions: list[Action],
        results: list[dict[str, Any]],
        report: DeliveryReport,
    ) -> None:
        if await self._mark(item, OutboxStatus.DONE, result=results):
            report.delivered.append(
                Delivered(item.id, item.telegram_id, item.chat_id, actions, item.notify_on_done)
            )


def wire(actions: Sequence[Action]) -> list[dict[str, Any]]:
    return [to_wire(a) for a in actions]
