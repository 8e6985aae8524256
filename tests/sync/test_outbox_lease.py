"""A write slower than its lease is never sent twice (the service's POSTs are not idempotent).

An outbox item is claimed under a lease: after it, another worker (another replica, or this
process's own background job) takes the item over, reconciles it and sends it again if its
write is not found. Under load a live sender can take longer than the lease; before
`LeaseKeeper`, the taker then reconciled before the slow write had landed, sent it again, and
the person's meal was logged twice (tests/replicas, load average 6-9).

Time here is the deliveries' clock, moved by the test: nothing depends on how fast the machine
is. The only real waits are for what the code does next, with a bound that is reached only
when it never does.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel
from sqlalchemy import update

from bot.agent_api.actions import CheckinUpsert, NutritionAddEntry
from bot.agent_api.client import AgentApiClient
from bot.agent_api.views import DayCheckinView, IngestResult
from bot.core.assistant import Assistant
from bot.store import OutboxItem, repo
from bot.sync.items import wire
from bot.sync.outbox import Delivery
from tests.fixtures.core import AssistantFactory
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.store import enqueue_pending

USER = 42
LEASE = dt.timedelta(minutes=2)
DAY = dt.date(2026, 11, 22)
PATIENCE = 60.0  # reached only when what is awaited never happens
APPLE = NutritionAddEntry.model_validate(
    {"date": DAY, "entry": {"food": "Apple", "calories": 95, "protein": 0, "carbs": 25, "fat": 0}}
)


class Clock:
    def __init__(self) -> None:
        self.now = dt.datetime(2026, 11, 22, 8, 0, tzinfo=dt.UTC)

    def __call__(self) -> dt.datetime:
        return self.now


class Held:
    """A call of the service that waits, once, until the test lets it go on.

    `answered=False`: the call is applied, but its caller never hears back (it was killed)."""

    def __init__(self, *, answered: bool = True) -> None:
        self.reached = asyncio.Event()
        self.go_on = asyncio.Event()
        self.applied = asyncio.Event()
        self.answered = answered

    async def wait(self) -> None:
        if self.go_on.is_set():
            return
        self.reached.set()
        await self.go_on.wait()

    async def answer(self) -> None:
        self.applied.set()
        if not self.answered:
            await asyncio.Event().wait()


async def linked(
    factory: AssistantFactory, sandbox: RunningSandbox, clock: Clock, actions: list[Any]
) -> tuple[Assistant, str]:
    """A linked person with one message's `actions` waiting in the outbox, unclaimed."""
    assistant = await factory(sandbox_url=sandbox.url, clock=clock)
    key = await sandbox.add_user("Ada", "UTC")
    await assistant.connect(user_id=USER, chat_id=USER, api_key=key)
    async with assistant.resources.sessionmaker() as session:
        await enqueue_pending(
            session=session,
            telegram_id=USER,
            chat_id=USER,
            local_date=DAY,
            actions=wire(actions),
            now=clock(),
        )
        await session.commit()
    return assistant, key


def delivery(
    assistant: Assistant,
    clock: Clock,
    worker_id: str,
    *,
    ingest: Held | None = None,
    checkin: Held | None = None,
    **options: Any,
) -> Delivery:
    """A worker of another process on the same store; its service calls may be `Held`."""
    resources = assistant.resources

    def api_for(key: str) -> AgentApiClient:
        api = resources.api(key)
        real_ingest, real_checkin = api.ingest, api.checkin_of

        async def slow_ingest(actions: Sequence[BaseModel]) -> IngestResult:
            if ingest is not None:
                await ingest.wait()
            result = await real_ingest(actions)
            if ingest is not None:
                await ingest.answer()
            return result

        async def slow_checkin(date: dt.date) -> DayCheckinView:
            if checkin is not None:
                await checkin.wait()
            return await real_checkin(date)

        api.ingest = slow_ingest  # type: ignore[method-assign]
        api.checkin_of = slow_checkin  # type: ignore[method-assign]
        return api

    return Delivery(
        sessionmaker=resources.sessionmaker,
        direct=resources.direct,
        cipher=resources.cipher,
        api_for=api_for,
        clock=clock,
        worker_id=worker_id,
        claim_timeout=LEASE,
        **options,
    )


async def claimed_at(assistant: Assistant) -> dt.datetime | None:
    async with assistant.resources.sessionmaker() as session:
        [item] = await repo.pending_outbox(session=session, telegram_id=USER)
    return item.claimed_at


async def test_a_write_on_its_way_longer_than_the_lease_is_not_taken_over_and_sent_again(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    clock = Clock()
    assistant, key = await linked(assistant_factory, sandbox, clock, [APPLE])
    service = Held()  # the service is slow to apply the write
    # Renewing every 10 ms of the loop's time: the test need not wait for a beat of the
    # real cadence (a third of the lease) to see one.
    slow = delivery(
        assistant, clock, "slow:1:a", ingest=service, renew_every=dt.timedelta(milliseconds=10)
    )
    other = delivery(assistant, clock, "other:2:b")
    renewed: asyncio.Queue[dt.datetime] = asyncio.Queue()  # the times the sender renewed at
    renew = slow.claims.renew

    async def renew_told(items: Sequence[OutboxItem], now: dt.datetime) -> set[int]:
        held = await renew(items, now)
        renewed.put_nowait(now)
        return held

    slow.claims.renew = renew_told  # type: ignore[method-assign]
    sending = asyncio.create_task(slow.run_due())
    await asyncio.wait_for(service.reached.wait(), PATIENCE)

    for _ in range(3):  # the lease runs out three times over while the write is on its way
        clock.now += LEASE + dt.timedelta(seconds=1)
        # The sender is alive: it renews its lease at its next beat.
        while await asyncio.wait_for(renewed.get(), PATIENCE) != clock.now:
            pass
        assert await claimed_at(assistant) == clock.now
        assert (await other.run_due()).delivered == []  # so nobody takes the item over

    service.go_on.set()
    assert [d.actions for d in (await sending).delivered] == [[APPLE]]
    assert (await other.run_due()).delivered == []
    assert (await sandbox.counts(key))["nutrition"] == 1


async def test_a_sender_held_up_past_its_lease_sends_nothing_the_taker_sent(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    # The sender stalls before its write (here in the read that merges the check-in; on a
    # loaded machine, anywhere) for longer than the lease, and its lease is not renewed
    # meanwhile (the renewal is a third of the lease away in the loop's time). Another worker
    # takes the item over (once a write it might have sent would have timed out as well) and
    # sends it; the stalled one, going on, must not send it too.
    clock = Clock()
    checkin = CheckinUpsert.model_validate({"date": DAY, "mood": 2})
    assistant, key = await linked(assistant_factory, sandbox, clock, [checkin, APPLE])
    stall = Held()
    stalled = delivery(assistant, clock, "stalled:1:a", checkin=stall)
    other = delivery(assistant, clock, "other:2:b")
    sending = asyncio.create_task(stalled.run_due())
    await asyncio.wait_for(stall.reached.wait(), PATIENCE)

    clock.now += LEASE + dt.timedelta(minutes=1)
    assert [d.actions for d in (await other.run_due()).delivered] == [[checkin, APPLE]]
    stall.go_on.set()
    report = await sending
    assert report.delivered == []
    assert (await sandbox.counts(key))["nutrition"] == 1


async def test_a_write_a_killed_sender_left_on_its_way_is_found_not_sent_again(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    # The sender is killed while its write is on its way: the service applies it a moment
    # later (a loaded service, its requests queued). A taker that read the day as soon as the
    # lease ran out would find nothing, send the write again, and log the meal twice. It waits
    # until the sender would have given up on that write itself (its request timeout), then
    # finds it.
    clock = Clock()
    assistant, key = await linked(assistant_factory, sandbox, clock, [APPLE])
    service = Held(answered=False)
    killed = delivery(assistant, clock, "killed:1:a", ingest=service)
    other = delivery(assistant, clock, "other:2:b")

    async def renews_nothing(items: Sequence[OutboxItem], now: dt.datetime) -> set[int]:
        return {item.id for item in items}  # a killed process writes nothing more

    killed.claims.renew = renews_nothing  # type: ignore[method-assign]
    sending = asyncio.create_task(killed.run_due())
    await asyncio.wait_for(service.reached.wait(), PATIENCE)

    clock.now += LEASE + dt.timedelta(seconds=1)  # the lease ran out; the write is still coming
    early = [await other.run_due(), await other.deliver_for(USER)]
    service.go_on.set()
    await asyncio.wait_for(service.applied.wait(), PATIENCE)
    clock.now += dt.timedelta(minutes=1)  # the sender's own wait for the answer is over
    later = await other.run_due()
    sending.cancel()

    assert (await sandbox.counts(key))["nutrition"] == 1
    assert [r.delivered for r in early] == [[], []]
    assert early[1].behind  # a message meanwhile says it follows the earlier one
    assert [d.actions for d in later.delivered] == [[APPLE]]


async def test_a_pass_that_reaches_an_item_its_own_process_took_over_and_sent_sends_nothing(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    # The background pass claims several people's items and sends them one person after
    # another. Held up on the first (a slow service), it leaves the next person's claim to run
    # out; that person's new message, in the same process (the same worker id), takes the item
    # over and sends it. The pass, reaching it at last, must not send it again.
    clock = Clock()
    checkin = CheckinUpsert.model_validate({"date": DAY, "mood": 2})
    assistant, _ = await linked(assistant_factory, sandbox, clock, [checkin])
    other_key = await sandbox.add_user("Bo", "UTC")
    await assistant.connect(user_id=USER + 1, chat_id=USER + 1, api_key=other_key)
    async with assistant.resources.sessionmaker() as session:
        await enqueue_pending(
            session=session,
            telegram_id=USER + 1,
            chat_id=USER + 1,
            local_date=DAY,
            actions=wire([APPLE]),
            now=clock(),
        )
        # A message's item: its person is owed word of it, so it stays claimed once applied.
        await session.execute(update(OutboxItem).values(notify_on_done=True))
        await session.commit()
    stall = Held()
    worker = delivery(assistant, clock, "worker:1:a", checkin=stall)
    passing = asyncio.create_task(worker.run_due())
    await asyncio.wait_for(stall.reached.wait(), PATIENCE)

    clock.now += LEASE + dt.timedelta(seconds=1)
    mine = await worker.deliver_for(USER + 1)
    stall.go_on.set()
    report = await passing

    assert (await sandbox.counts(other_key))["nutrition"] == 1
    assert [d.actions for d in mine.delivered] == [[APPLE]]
    assert [d.actions for d in report.delivered] == [[checkin]]
