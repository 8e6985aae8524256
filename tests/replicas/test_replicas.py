"""Several replicas on one PostgreSQL: each update once and in order, each reminder once, and a
replica killed mid-run hands its work back: nobody goes without a reminder (see conftest for the
processes and the balancer)."""

from __future__ import annotations

import asyncio
import datetime as dt
import importlib.util
import re
import time
import warnings

import httpx
import pytest
from sqlalchemy import text

from bot.sync.due import PARALLEL_SENDS
from tests.fixtures.core import persons_today
from tests.replicas.conftest import LEASE_SECONDS, Cluster, nutrition_foods, reminder_rows

pytestmark = pytest.mark.postgres

CHATTY = list(range(5001, 5031))  # 30 people, 10 messages each
SLEEPY = list(range(6001, 6101))  # 100 people whose reminder is due
MESSAGES = 10
APPLES = re.compile(r"Apples?, (\d+) medium")


def apples(n: int) -> str:
    return f"had {n} apple{'s' if n > 1 else ''}"


def counts(foods: list[str]) -> list[int]:
    return [int(m.group(1)) for f in foods if (m := APPLES.search(f))]


async def feed(cluster: Cluster, pause: float = 0.0) -> None:
    async def person(user_id: int) -> None:
        for n in range(1, MESSAGES + 1):
            await cluster.balancer.deliver(client, cluster.balancer.text_update(user_id, apples(n)))
            await asyncio.sleep(pause)

    async with httpx.AsyncClient(timeout=70) as client:
        await asyncio.gather(*(person(p) for p in CHATTY))


# Normally seconds; the limits leave room for a send the fake Bot API timed out under load,
# which the replicas retry at their next reminder run (every 30 s).
SETTLE_LIMIT = 90


async def settle(cluster: Cluster, missing: object, what: str) -> None:
    """Wait until `missing()` says nothing is missing; else fail saying what still is."""
    deadline = time.monotonic() + SETTLE_LIMIT
    while left := await missing():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} not done after {SETTLE_LIMIT}s: {left}\n{cluster.logs()}")
        await asyncio.sleep(0.5)


async def test_each_update_once_in_order_and_each_reminder_once(cluster_factory: object) -> None:
    cluster: Cluster = await cluster_factory(people=CHATTY + SLEEPY, due=SLEEPY)  # type: ignore[operator]
    day = persons_today()
    await feed(cluster)

    async def missing() -> str:
        short = [p for p in CHATTY if len(await nutrition_foods(cluster, p, day)) < MESSAGES]
        unreminded = [p for p in SLEEPY if not cluster.fake.sent(p)]
        return f"entries of {short}, reminders of {unreminded}" if short or unreminded else ""

    await settle(cluster, missing, "updates and reminders")
    await asyncio.sleep(1.5)  # a duplicate, if any, would land now

    for person in CHATTY:
        assert counts(await nutrition_foods(cluster, person, day)) == list(range(1, 11)), person
    assert all(len(cluster.fake.sent(p)) == 1 for p in SLEEPY)
    # The balancer really spread each person's updates over the replicas.
    ports = cluster.balancer.answered_by
    assert len(set(ports.values())) == 3
    by_person: dict[int, set[int]] = {}
    for update in cluster.balancer.sent_updates:
        person_id = update["message"]["from"]["id"]
        by_person.setdefault(person_id, set()).add(ports[update["update_id"]])
    assert all(len(by_person[p]) > 1 for p in CHATTY), by_person


async def test_a_replica_killed_mid_run_hands_its_work_back(cluster_factory: object) -> None:
    cluster: Cluster = await cluster_factory(people=CHATTY + SLEEPY, due=SLEEPY)  # type: ignore[operator]
    day = persons_today()
    feeding = asyncio.create_task(feed(cluster, pause=0.3))

    # Kill the replica that claimed the reminders while it is sending them.
    deadline = time.monotonic() + SETTLE_LIMIT
    while sum(len(cluster.fake.sent(p)) for p in SLEEPY) < 10:
        assert time.monotonic() < deadline, cluster.logs()
        await asyncio.sleep(0.05)
    rows = await reminder_rows(cluster, SLEEPY)
    claimers = {str(r[2]) for r in rows.values() if r[2]}
    victim = next(
        (r for r in cluster.replicas if any(f":{r.process.pid}:" in c for c in claimers)),
        cluster.replicas[0],
    )
    cluster.kill(victim)
    killed_at = time.monotonic()
    await feeding

    async def missing() -> str:
        open_items = await cluster.sql(
            text(
                "SELECT count(*) FROM outbox_items WHERE status IN ('pending','sending','unknown')"
            )
        )
        rows = await reminder_rows(cluster, SLEEPY)
        now = dt.datetime.now(dt.UTC)
        due = [p for p, r in rows.items() if r[0] is not None and r[0] <= now]
        claimed = [p for p, r in rows.items() if r[2]]
        if open_items[0][0] or due or claimed:
            return f"{open_items[0][0]} outbox items open, reminders due {due}, claimed {claimed}"
        return ""

    # Survivors take over after the lease, at their next reminder run (every 30 s).
    await settle(cluster, missing, "take-over")
    assert time.monotonic() - killed_at >= LEASE_SECONDS or not claimers
    await asyncio.sleep(1.5)

    # Updates: never twice, never out of order; nothing missing that the victim had not
    # acknowledged (those were retried elsewhere, as Telegram does).
    acked_by_victim = {u for u, port in cluster.balancer.answered_by.items() if port == victim.port}
    lost: list[tuple[int, int]] = []
    for person in CHATTY:
        got = counts(await nutrition_foods(cluster, person, day))
        assert got == sorted(set(got)), (person, got)
        lost += [(person, n) for n in set(range(1, 11)) - set(got)]
    update_of = {
        (u["message"]["from"]["id"], u["message"]["text"]): u["update_id"]
        for u in cluster.balancer.sent_updates
    }
    unacked_lost = [p for p in lost if update_of[(p[0], apples(p[1]))] not in acked_by_victim]
    assert not unacked_lost, unacked_lost
    # An update the victim had acknowledged but not handled comes back only from the update
    # journal (`bot.sync.journal`); without it such updates are lost, and are reported.
    if importlib.util.find_spec("bot.sync.journal") is not None:
        assert not lost, lost
    elif lost:
        warnings.warn(f"acknowledged by the killed replica, never handled: {lost}", stacklevel=1)

    # Reminders: nobody goes without that day's; one the victim had sent but not recorded yet
    # is sent again by a survivor ("never missed" over "never twice", bot/sync/reminders.py).
    sent = {person: len(cluster.fake.sent(person)) for person in SLEEPY}
    assert not [p for p, n in sent.items() if n == 0], sent
    doubles = [p for p, n in sent.items() if n > 1]
    assert all(sent[p] == 2 for p in doubles) and len(doubles) <= PARALLEL_SENDS, doubles
