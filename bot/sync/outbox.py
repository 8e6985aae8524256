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
from collections import deque
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
from bot.store.claims import default_worker_id, ended_runs, retire
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
BUNDLE_MAX = 100  # actions per /ingest: the service's limit (spec; docs/agent-api.md)
PROBE_EVERY = dt.timedelta(seconds=2)  # while items wait, one is tried at least this often
OUTCOME_WINDOW = 20  # recent sends the failure rate is taken over


def backoff(
    attempts: int, retry_after: float | None = None, failure_rate: float = 1.0
) -> dt.timedelta:
    """From 2 s, doubling per failed attempt as far as the service fails lately, capped.

    While the service is down (`failure_rate` 1) the delay doubles with every attempt; while
    it answers most requests (a few 503s) it stays within seconds. Never sooner than the
    service asked for (Retry-After).
    """
    steps = max(attempts - 1, 0) * min(max(failure_rate, 0.0), 1.0)
    delay = dt.timedelta(seconds=min(2.0 * 2**steps, MAX_BACKOFF.total_seconds()))
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
    last_error: AgentApiError | None = None  # of the last attempt, when it failed
    behind: bool = False  # the person's older item is still in flight elsewhere


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
    prepared, _ = await prepare_bundle(api, [actions])
    return prepared


async def prepare_bundle(
    api: AgentApiClient, parts: Sequence[Sequence[Action]]
) -> tuple[list[Action], list[int]]:
    """`prepare` for several items sent in one request, and which part each action is from.

    Check-ins of one day are merged across all the parts (two upserts in one bundle would
    leave only the last), into the place of the first; that part owns the merged one.
    """
    tagged = [(owner, action) for owner, part in enumerate(parts) for action in part]
    merged: dict[dt.date, CheckinUpsert] = {}
    for _, action in tagged:
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
    owners: list[int] = []
    stacks: dict[dt.date, set[str]] = {}
    added: set[str] = set()
    for owner, action in tagged:
        if isinstance(action, CheckinUpsert):
            if action.date in merged:
                prepared.append(merged.pop(action.date))
                owners.append(owner)
            continue
        if isinstance(action, SupplementMarkTaken | SupplementToggle):
            if action.date not in stacks:
                items = (await api.supplements_of(action.date)).items or []
                stacks[action.date] = {i.name.casefold() for i in items if i.name}
            name = action.name.casefold()
            if name not in stacks[action.date] and name not in added:
                prepared.append(SupplementAddItem(name=action.name))
                owners.append(owner)
                added.add(name)
        if isinstance(action, SupplementAddItem):
            added.add(action.name.casefold())
        prepared.append(action)
        owners.append(owner)
    return prepared, owners


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


@dataclass
class _Entry:
    """One claimed item inside a bundle being delivered."""

    item: OutboxItem
    actions: list[Action]
    was_unknown: bool


class Delivery:
    """Sends outbox items for one process; safe to run in several processes at once.

    A person's waiting items go out together, as one `/ingest` bundle (`BUNDLE_MAX` actions
    at most; more make several bundles, in order). A failed send backs off by the item's
    attempts, scaled by how often the service failed lately (`backoff`); while items wait, one
    of them is tried at least every `PROBE_EVERY`, and once the service answers again every
    backed-off item is due at once, so a recovered service is caught up within seconds.
    """

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
        self.outcomes: deque[bool] = deque(maxlen=OUTCOME_WINDOW)  # True: the send failed
        self.last_attempt: dt.datetime | None = None
        self.recoveries = 0  # times a send succeeded right after one the service failed

    def close(self) -> None:
        """This instance stops: a later one in the same process may take back its claims."""
        retire(self.worker_id)

    @property
    def failure_rate(self) -> float:
        """Share of this process's recent sends the service did not answer."""
        return sum(self.outcomes) / len(self.outcomes) if self.outcomes else 0.0

    async def take_back(self) -> int:
        """At start: items an earlier run of this worker held when it ended are free now."""
        async with self.sessionmaker() as session:
            open_items = OutboxItem.status.in_(repo.OPEN_OUTBOX_STATUSES)
            ended = await ended_runs(session, self.worker_id, [(OutboxItem.claimed_by, open_items)])
            count = await repo.release_outbox_claims(session=session, claimers=ended)
            await session.commit()
        if count:
            log.info("took back %d outbox items this worker held before it restarted", count)
        return count

    async def _claim(
        self, *, limit: int, telegram_id: int | None, ignore_backoff: bool = False
    ) -> list[OutboxItem]:
        """Claim up to `limit` people's oldest due items, each with the rest of their queue."""
        now = self.clock()
        async with self.sessionmaker() as session:
            heads = await repo.claim_outbox(
                session=session,
                now=now,
                limit=limit,
                worker_id=self.worker_id,
                claim_timeout=self.claim_timeout,
                telegram_id=telegram_id,
                ignore_backoff=ignore_backoff,
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
                    )
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
        """Send this person's waiting items now, oldest first, in one bundle; stop at a failure.

        A fresh message tries the service at once, whatever the backoff of earlier failures
        (not before a Retry-After). When the oldest item is in flight elsewhere (the
        background job, or another replica, is sending it), wait up to `IN_FLIGHT_WAIT` for it;
        if it is still in flight then, `report.behind` says so.
        """
        report = DeliveryReport()
        deadline = time.monotonic() + IN_FLIGHT_WAIT.total_seconds()
        while True:
            for _ in range(DELIVER_FOR_ROUNDS):
                items = await self._claim(limit=1, telegram_id=telegram_id, ignore_backoff=True)
                if not items:
                    break
                before = len(report.delivered)
                await self._deliver(items, report)
                if report.last_error is not None or len(report.delivered) == before:
                    break  # the last attempt failed (or was not made): the caller says so
            async with self.sessionmaker() as session:
                waiting = await repo.pending_outbox(session=session, telegram_id=telegram_id)
            report.waiting = len(waiting)
            if not waiting or report.last_error is not None or report.bad_key:
                return report
            head = waiting[0]
            if self._in_flight(head):
                if time.monotonic() > deadline:
                    report.behind = True
                    return report
                await asyncio.sleep(IN_FLIGHT_POLL.total_seconds())
            elif head.not_before is not None and head.not_before > self.clock():
                report.last_error = RateLimited("the service asked to wait", retry_after=None)
                return report
            elif time.monotonic() > deadline:
                return report
            # else the worker that held it let go between our claim and this read: claim again

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
        """One background pass: claim what is due anywhere, deliver, tell people it synced.

        Each person hears once per pass, one notice naming everything of theirs that landed.
        When nothing is due but items wait, one is tried anyway if nothing was sent for
        `PROBE_EVERY`: that is how a recovered service is noticed before long backoffs end.
        """
        report = DeliveryReport()
        items = await self._claim(limit=limit, telegram_id=None)
        if not items and self._probe_due():
            items = await self._claim(limit=1, telegram_id=None, ignore_backoff=True)
        recoveries = self.recoveries
        for bundle in _by_person(items):
            await self._deliver(bundle, report)
        if self.recoveries > recoveries:
            # The service answered: what backed off is due now; send it in this same pass.
            for bundle in _by_person(await self._claim(limit=limit, telegram_id=None)):
                await self._deliver(bundle, report)
        if notify is not None:
            for done in _notices(report.delivered):
                try:
                    await notify(done)
                except Exception:  # a failed notice must not stop other deliveries
                    log.warning("could not tell user %s their items synced", done.telegram_id)
        return report

    def _probe_due(self) -> bool:
        return self.last_attempt is None or self.clock() - self.last_attempt >= PROBE_EVERY

    async def deliver_claimed(
        self, item: OutboxItem, api: AgentApiClient, actions: list[Action]
    ) -> DeliveryReport:
        """Send an item this worker claimed when it stored it (`repo.enqueue_claimed`).

        The fast path of a fresh message: the caller already holds the person's key and the
        decoded actions, and the claim and attempt were written with the item itself.
        """
        report = DeliveryReport()
        await self._send(api, [_Entry(item, actions, was_unknown=False)], report)
        return report

    async def _deliver(self, items: list[OutboxItem], report: DeliveryReport) -> None:
        """Deliver one person's claimed items (oldest first) as one bundle."""
        head = items[0]
        async with self.sessionmaker() as session:
            account = await repo.get_account(session=session, telegram_id=head.telegram_id)
        if account is None or account.encrypted_key is None:
            for item in items:
                await self._mark(item, OutboxStatus.FAILED, error="account unlinked")
            return
        if account.status == AccountStatus.NEEDS_RECONNECT:
            report.bad_key = True
            for item in items:
                await self._mark(
                    item,
                    OutboxStatus(item.status),
                    retry_at=self.clock() + RECONNECT_RETRY,
                    error="needs reconnect",
                )
            report.waiting += len(items)
            return
        api = self.api_for(self.cipher.decrypt(account.encrypted_key))
        entries: list[_Entry] = []
        for item in items:
            was_unknown = item.status == OutboxStatus.UNKNOWN
            if not await self._mark(item, OutboxStatus.SENDING):
                break  # our lease was taken over: the rest waits behind it, in order
            entries.append(_Entry(item, decode(item), was_unknown))
        await self._release(items[len(entries) :])
        if entries:
            await self._send(api, entries, report)

    async def _release(self, items: Sequence[OutboxItem]) -> None:
        """Let go of claimed items not sent now, as they were (status and retry time)."""
        for item in items:
            await self._mark(
                item,
                OutboxStatus(item.status),
                retry_at=item.next_attempt_at,
                not_before=item.not_before,
            )

    async def _accounted(self, telegram_id: int) -> set[str]:
        """Ids of records the person's earlier deliveries created (see `landed`)."""
        async with self.sessionmaker() as session:
            results = await repo.delivered_results(session=session, telegram_id=telegram_id)
        return _ids(results)

    async def _send(
        self, api: AgentApiClient, entries: list[_Entry], report: DeliveryReport
    ) -> None:
        """Reconcile items whose last attempt's outcome is unknown, send the rest in bundles.

        Items are marked `sending` (claimed, one attempt counted) by the caller. A bundle is
        applied all or none (docs/agent-api.md), so after a failure every item of it is
        retried, as `unknown` when the bundle may have landed; items after it keep waiting.
        A bundle the service refuses (4xx) applied nothing: its items are sent one by one, so
        only the one at fault is given up.
        """
        pending = list(entries)
        in_request = 0  # how many of `pending` the failed request carried
        try:
            if any(e.was_unknown for e in pending):
                accounted = await self._accounted(pending[0].item.telegram_id)
                for entry in [e for e in pending if e.was_unknown]:
                    found = await landed(api, entry.actions, accounted)
                    if found is not None:
                        accounted |= _ids(found)
                        await self._done([(entry, found)], report)
                        pending.remove(entry)
            alone = False  # after a refused bundle: the next item goes on its own
            while pending:
                bundle, prepared, owners = await self._bundle(
                    api, pending[:1] if alone else pending
                )
                in_request = len(bundle)
                try:
                    result = await self._ingest(api, prepared)
                except InvalidRequest as exc:
                    if len(bundle) > 1:
                        alone = True
                        continue
                    await self._mark(pending[0].item, OutboxStatus.FAILED, error=str(exc))
                    report.failed.append((pending[0].item.id, exc))
                    result = None
                if result is not None:
                    await self._done(_split(bundle, owners, result), report)
                del pending[: len(bundle)]
                in_request = 0
                alone = False
        except BadKey as exc:
            async with self.sessionmaker() as session:
                await repo.set_status(
                    session=session,
                    telegram_id=pending[0].item.telegram_id,
                    status=AccountStatus.NEEDS_RECONNECT,
                )
                await session.commit()
            await self._retry(pending, exc, maybe_applied=False, at=self.clock() + RECONNECT_RETRY)
            report.bad_key = True
            report.waiting += len(pending)
            report.last_error = exc
        except AgentApiError as exc:
            maybe = not isinstance(exc, RateLimited | ServiceUnavailable) or (
                isinstance(exc, ServiceUnavailable) and exc.maybe_applied
            )
            await self._retry(pending[:in_request], exc, maybe_applied=maybe)
            await self._retry(pending[in_request:], exc, maybe_applied=False)
            report.waiting += len(pending)
            report.last_error = exc

    async def _bundle(
        self, api: AgentApiClient, entries: list[_Entry]
    ) -> tuple[list[_Entry], list[Action], list[int]]:
        """The first items of `entries` that fit one request, prepared; whose each action is."""
        count = 0
        take = 0
        for entry in entries:
            if take and count + len(entry.actions) > BUNDLE_MAX:
                break
            count += len(entry.actions)
            take += 1
        while True:
            bundle = entries[:take]
            prepared, owners = await prepare_bundle(api, [e.actions for e in bundle])
            if len(prepared) <= BUNDLE_MAX or take == 1:
                return bundle, prepared, owners
            take -= 1  # the supplements added to the stack made it too long

    async def _ingest(self, api: AgentApiClient, prepared: list[Action]) -> Any:
        self.last_attempt = self.clock()
        try:
            result = await api.ingest(prepared)
        except ServiceUnavailable:
            self.outcomes.append(True)
            raise
        recovered = bool(self.outcomes) and self.outcomes[-1]
        self.outcomes.append(False)
        if recovered:
            self.recoveries += 1
            async with self.sessionmaker() as session:
                due = await repo.retry_outbox_now(session=session, now=self.clock())
                await session.commit()
            if due:
                log.info("the service answers again: %d waiting items are due now", due)
        return result

    async def _retry(
        self,
        entries: Sequence[_Entry],
        exc: AgentApiError,
        *,
        maybe_applied: bool,
        at: dt.datetime | None = None,
    ) -> None:
        """Try `entries` again later; `maybe_applied`: the failed request may have landed."""
        retry_after = exc.retry_after if isinstance(exc, RateLimited) else None
        for entry in entries:
            status = (
                OutboxStatus.UNKNOWN if maybe_applied or entry.was_unknown else OutboxStatus.PENDING
            )
            when = at or self.clock() + backoff(
                entry.item.attempts + 1, retry_after, self.failure_rate
            )
            not_before = self.clock() + dt.timedelta(seconds=retry_after) if retry_after else None
            await self._mark(
                entry.item, status, retry_at=when, error=str(exc), not_before=not_before
            )

    async def _done(
        self, done: list[tuple[_Entry, list[dict[str, Any]]]], report: DeliveryReport
    ) -> None:
        """Record what landed (each item's own results), in one transaction."""
        marked: list[_Entry] = []
        async with self.sessionmaker() as session:
            for entry, results in done:
                if await repo.mark_outbox(
                    session=session,
                    item_id=entry.item.id,
                    worker_id=self.worker_id,
                    status=OutboxStatus.DONE,
                    now=self.clock(),
                    result=results,
                ):
                    marked.append(entry)
            await session.commit()
        for entry in marked:
            item = entry.item
            report.delivered.append(
                Delivered(
                    item.id, item.telegram_id, item.chat_id, entry.actions, item.notify_on_done
                )
            )


def _ids(results: Sequence[Any]) -> set[str]:
    return {str(r.get("id")) for r in results if isinstance(r, dict) and r.get("id") is not None}


def _split(
    bundle: list[_Entry], owners: list[int], result: Any
) -> list[tuple[_Entry, list[dict[str, Any]]]]:
    """The service's per-action results, given back to the item each action came from."""
    per_item: list[list[dict[str, Any]]] = [[] for _ in bundle]
    for position, r in enumerate(result.results or []):
        index = r.index if isinstance(r.index, int) else position
        if 0 <= index < len(owners):
            per_item[owners[index]].append(r.model_dump(exclude_none=True))
    return list(zip(bundle, per_item, strict=True))


def _by_person(items: list[OutboxItem]) -> list[list[OutboxItem]]:
    """Claimed items grouped into one bundle per person, oldest first."""
    groups: dict[int, list[OutboxItem]] = {}
    for item in items:
        groups.setdefault(item.telegram_id, []).append(item)
    return list(groups.values())


def _notices(delivered: list[Delivered]) -> list[Delivered]:
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


def wire(actions: Sequence[Action]) -> list[dict[str, Any]]:
    return [to_wire(a) for a in actions]
