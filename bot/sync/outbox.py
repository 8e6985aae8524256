"""Delivery of stored actions to the service: every message's actions land exactly once.

The assistant stores a message's actions (`repo.enqueue_claimed`) before anything is sent, then asks
`Delivery.deliver_for` to send that person's waiting items at once, in order. What cannot be
sent now stays in the outbox; a background job (`run_due`) retries it with backoff that
honours Retry-After, and tells the person when it synced.

The service's POSTs are not idempotent, so a write whose outcome is unknown is reconciled
before it is sent again (`bot.sync.reconcile`, where bundles are prepared too). The rows this
worker claims and marks, and the reports it hands out, are in `bot.sync.items`.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.agent_api.actions import Action
from bot.agent_api.client import AgentApiClient
from bot.agent_api.errors import (
    AgentApiError,
    BadKey,
    InvalidRequest,
    RateLimited,
    ServiceUnavailable,
)
from bot.agent_api.views import IngestResult
from bot.kernel.metrics import Metrics
from bot.store import AccountStatus, Direct, KeyCipher, OutboxItem, OutboxStatus, Workers, repo
from bot.sync.items import (
    Delivered,
    DeliveryReport,
    Entry,
    OutboxClaims,
    by_person,
    decode,
    notices,
    record_ids,
)
from bot.sync.lease import LeaseKeeper
from bot.sync.pace import Pace, backoff
from bot.sync.reconcile import landed, next_bundle, split_results
from bot.sync.untold import Untold

# `Delivered`, `DeliveryReport`, `decode`, `decode_actions` and `wire` live in `bot.sync.items`
# and are offered here too.
__all__ = ["Delivery", "backoff"]

log = logging.getLogger(__name__)

CLAIM_TIMEOUT = dt.timedelta(minutes=2)
REQUEST_TIMEOUT = dt.timedelta(seconds=10)  # the agent API client's default
RECONNECT_RETRY = dt.timedelta(minutes=5)
DELIVER_FOR_ROUNDS = 50  # a person's items sent in one `deliver_for` at most
IN_FLIGHT_WAIT = dt.timedelta(seconds=3)  # how long a message waits for an older item in flight
IN_FLIGHT_POLL = dt.timedelta(milliseconds=100)


class Delivery:
    """Sends outbox items for one process; safe to run in several processes at once.

    A person's waiting items go out together, as one `/ingest` bundle (`reconcile.BUNDLE_MAX`
    actions at most; more make several bundles, in order). A failed send backs off by the
    item's attempts, scaled by how often the service failed lately (`backoff`); while items
    wait, one of them is tried at least every `PROBE_EVERY`, and once the service answers again
    every backed-off item is due at once, so a recovered service is caught up within seconds.
    An item a dead worker was sending is taken over `request_timeout` (how long a sender
    waits for the service's answer) after its lease ran out: reconciling then finds its write.
    """

    def __init__(
        self,
        *,
        sessionmaker: async_sessionmaker[AsyncSession],
        direct: Direct,
        cipher: KeyCipher,
        api_for: Callable[[str], AgentApiClient],
        clock: Callable[[], dt.datetime],
        worker_id: str | None = None,
        claim_timeout: dt.timedelta = CLAIM_TIMEOUT,
        workers: Workers | None = None,
        renew_every: dt.timedelta | None = None,
        request_timeout: dt.timedelta = REQUEST_TIMEOUT,
    ) -> None:
        self.sessionmaker = sessionmaker
        self.direct = direct
        self.cipher = cipher
        self.api_for = api_for
        self.clock = clock
        # The process's worker ids, this one's among them while it runs (`close`).
        self.workers = workers or Workers()
        self.worker_id = worker_id or self.workers.new()
        self.claim_timeout = claim_timeout
        # While a send lasts its lease is renewed this often (`LeaseKeeper`).
        self.renew_every = renew_every or claim_timeout / 3
        self.claims = OutboxClaims(
            sessionmaker, direct, self.worker_id, claim_timeout, self.workers, request_timeout
        )
        self.pace = Pace()  # how the service answered lately: backoff and probing
        self.metrics: Metrics | None = None  # counts retries and items given up, when set
        self.untold = Untold(self.claims, clock)  # answers a worker that died still owed

    def close(self) -> None:
        """This instance stops: a later one in the same process may take back its claims
        (after `flush`, while the store is still open)."""
        self.workers.retire(self.worker_id)

    async def take_back(self) -> int:
        """At start: items an earlier run of this worker held when it ended are free now."""
        return await self.claims.take_back()

    async def _claim(
        self, *, limit: int, telegram_id: int | None, ignore_backoff: bool = False
    ) -> list[OutboxItem]:
        """Claim up to `limit` people's oldest due items, each with the rest of their queue."""
        return await self.claims.claim(
            now=self.clock(), limit=limit, telegram_id=telegram_id, ignore_backoff=ignore_backoff
        )

    async def _mark(self, item: OutboxItem, status: OutboxStatus, **values: Any) -> bool:
        if status is OutboxStatus.FAILED and self.metrics is not None:
            self.metrics.outbox_given_up.inc()
        return await self.claims.mark(item, status, now=self.clock(), **values)

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
            if self.claims.in_flight(head, self.clock()):
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

    async def run_due(
        self, notify: Callable[[Delivered], Awaitable[None]] | None = None, *, limit: int = 50
    ) -> DeliveryReport:
        """One background pass: claim what is due anywhere, deliver, tell people it synced.

        Each person hears once per pass, one notice naming everything of theirs that landed.
        When nothing is due but items wait, one is tried anyway if nothing was sent for
        `PROBE_EVERY`: that is how a recovered service is noticed before long backoffs end.
        """
        report = DeliveryReport()
        if notify is not None and self.untold.look_due():
            report.delivered.extend(await self.untold.claim(limit))
        stale_before = self.clock() - self.claim_timeout
        if await repo.any_claimable(direct=self.direct, stale_before=stale_before):
            items = await self._claim(limit=limit, telegram_id=None)
            if not items and self.pace.probe_due(self.clock()):
                items = await self._claim(limit=1, telegram_id=None, ignore_backoff=True)
            recoveries = self.pace.recoveries
            for bundle in by_person(items):
                await self._deliver(bundle, report)
            if self.pace.recoveries > recoveries:
                # The service answered: what backed off is due now; send it in this same pass.
                for bundle in by_person(await self._claim(limit=limit, telegram_id=None)):
                    await self._deliver(bundle, report)
        # else nothing waits, or all that does is in a live delivery's hands
        if notify is not None:
            for done in notices(report.delivered):
                try:
                    await notify(done)
                except Exception:  # a failed notice must not stop other deliveries
                    log.warning("could not tell user %s their items synced", done.telegram_id)
                    continue  # still owed: told again once the claim runs out
                self.told(
                    [d.item_id for d in report.delivered if d.telegram_id == done.telegram_id]
                )
        return report

    def told(self, item_ids: Sequence[int]) -> None:
        """The person was told these items landed: no notice is owed for them any more
        (`Untold.told`: recorded shortly; never raises)."""
        self.untold.told(item_ids)

    async def flush(self) -> None:
        """Record what waits to be recorded (who was told what) before the store closes."""
        await self.claims.flush()

    async def deliver_claimed(
        self, item: OutboxItem, api: AgentApiClient, actions: list[Action]
    ) -> DeliveryReport:
        """Send an item this worker claimed when it stored it (`repo.enqueue_claimed`).

        The fast path of a fresh message: the caller already holds the person's key and the
        decoded actions, and the claim and attempt were written with the item itself.
        """
        report = DeliveryReport()
        await self._send(api, [Entry(item, actions, was_unknown=False)], report)
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
        entries: list[Entry] = []
        for item in items:
            was_unknown = item.status == OutboxStatus.UNKNOWN
            if not await self._mark(item, OutboxStatus.SENDING, claimed_at=item.claimed_at):
                break  # our claim was taken over: the rest waits behind it, in order
            entries.append(Entry(item, decode(item), was_unknown))
        await self.claims.release(items[len(entries) :], self.clock)
        if entries:
            await self._send(api, entries, report)

    async def _send(
        self, api: AgentApiClient, entries: list[Entry], report: DeliveryReport
    ) -> None:
        """Reconcile items whose last attempt's outcome is unknown, send the rest in bundles.

        Items are marked `sending` (claimed, one attempt counted) by the caller. A bundle is
        applied all or none (docs/agent-api.md), so after a failure every item of it is
        retried, as `unknown` when the bundle may have landed; items after it keep waiting.
        A bundle the service refuses (4xx) applied nothing: its items are sent one by one, so
        only the one at fault is given up.
        """
        pending = list(entries)
        async with LeaseKeeper(self.claims, self.clock, pending, self.renew_every) as keeper:
            await self._send_kept(api, pending, report, keeper)

    async def _send_kept(
        self, api: AgentApiClient, pending: list[Entry], report: DeliveryReport, keeper: LeaseKeeper
    ) -> None:
        """`_send`, while `keeper` holds the lease on what is `pending`."""
        in_request = 0  # how many of `pending` the failed request carried
        try:
            await self._reconcile(api, pending, report)
            alone = False  # after a refused bundle: the next item goes on its own
            while pending:
                bundle, prepared, owners = await next_bundle(api, pending[:1] if alone else pending)
                if not await keeper.holds(bundle):  # taken over while this worker was held up
                    report.behind = True
                    report.waiting += len(pending)
                    return
                in_request = len(bundle)
                alone = await self._send_bundle(api, bundle, prepared, owners, report)
                if alone:
                    continue
                del pending[: len(bundle)]
                in_request = 0
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

    async def _reconcile(
        self, api: AgentApiClient, pending: list[Entry], report: DeliveryReport
    ) -> None:
        """Look for items whose last attempt's outcome is unknown; those found are done.

        A found item is recorded at once and taken out of `pending` (in place), so it stays
        done even when looking for a later one fails.
        """
        if not any(e.was_unknown for e in pending):
            return
        accounted = await self.claims.accounted(pending[0].item.telegram_id)
        for entry in [e for e in pending if e.was_unknown]:
            found = await landed(api, entry.actions, accounted)
            if found is not None:
                accounted |= record_ids(found)
                await self._done([(entry, found)], report)
                pending.remove(entry)

    async def _send_bundle(
        self,
        api: AgentApiClient,
        bundle: list[Entry],
        prepared: list[Action],
        owners: list[int],
        report: DeliveryReport,
    ) -> bool:
        """Send one bundle and record what landed; True: refused, send its items one by one.

        A refused bundle of one item gives that item up.
        """
        try:
            result = await self._ingest(api, prepared)
        except InvalidRequest as exc:
            if len(bundle) > 1:
                return True
            await self._mark(bundle[0].item, OutboxStatus.FAILED, error=str(exc))
            report.failed.append((bundle[0].item.id, exc))
            return False
        await self._done(split_results(bundle, owners, result), report)
        return False

    async def _ingest(self, api: AgentApiClient, prepared: list[Action]) -> IngestResult:
        self.pace.attempt(self.clock())
        self.claims.unanswered += 1
        try:
            result = await api.ingest(prepared)
        except ServiceUnavailable:
            self.pace.failed()
            raise
        finally:
            self.claims.unanswered -= 1
        if self.pace.answered():  # after a failure: the service is back
            async with self.sessionmaker() as session:
                due = await repo.retry_outbox_now(session=session, now=self.clock())
                await session.commit()
            if due:
                log.info("the service answers again: %d waiting items are due now", due)
        return result

    async def _retry(
        self,
        entries: Sequence[Entry],
        exc: AgentApiError,
        *,
        maybe_applied: bool,
        at: dt.datetime | None = None,
    ) -> None:
        """Try `entries` again later; `maybe_applied`: the failed request may have landed."""
        retry_after = exc.retry_after if isinstance(exc, RateLimited) else None
        if self.metrics is not None:
            self.metrics.outbox_retries.inc(len(entries))
        for entry in entries:
            status = (
                OutboxStatus.UNKNOWN if maybe_applied or entry.was_unknown else OutboxStatus.PENDING
            )
            when = at or self.clock() + self.pace.delay(entry.item.attempts + 1, retry_after)
            not_before = self.clock() + dt.timedelta(seconds=retry_after) if retry_after else None
            await self._mark(
                entry.item, status, retry_at=when, error=str(exc), not_before=not_before
            )

    async def _done(
        self, done: list[tuple[Entry, list[dict[str, Any]]]], report: DeliveryReport
    ) -> None:
        """Record what landed (each item's own results), in one transaction."""
        marked = await self.claims.done(done, self.clock)
        for entry in marked:
            item = entry.item
            report.delivered.append(
                Delivered(
                    item.id, item.telegram_id, item.chat_id, entry.actions, item.notify_on_done
                )
            )
