"""A smoke of the sandbox on both backends: ingest, today, atomicity and isolation."""

from __future__ import annotations

import asyncio

from tests.fixtures.sandbox import RunningSandbox
from tests.sandbox.conftest import DAY, MakeUser, add_entry


async def test_ingest_today_and_isolation(any_sandbox: RunningSandbox, make_user: MakeUser) -> None:
    alice = await make_user("Alice", timezone="Europe/Berlin", on=any_sandbox)
    bob = await make_user("Bob", on=any_sandbox)
    actions = [
        add_entry(calories=420),
        {"type": "checkin.upsert", "date": DAY, "mood": 4, "sleepQuality": 2},
        {"type": "supplements.add_item", "name": "Vitamin D"},
        {"type": "supplements.mark_taken", "date": DAY, "name": "VITAMIN D"},
        {"type": "weight.log", "date": DAY, "weightKg": 72.4},
    ]
    response = await alice.http.post("/ingest", json={"actions": actions})
    assert response.status_code == 200, response.text
    today = (await alice.http.get("/today", params={"date": DAY})).json()
    assert today["nutrition"]["totals"]["calories"] == 420
    assert today["checkin"]["mood"] == 4
    assert today["supplements"]["taken"] == 1
    assert today["weight"]["latest"] == {"date": DAY, "weightKg": 72.4}
    bobs = (await bob.http.get("/today", params={"date": DAY})).json()
    assert bobs["nutrition"]["entries"] == 0 and bobs["checkin"] is None


async def test_a_failed_bundle_writes_nothing(
    any_sandbox: RunningSandbox, make_user: MakeUser
) -> None:
    alice = await make_user(on=any_sandbox)
    actions = [
        add_entry(),
        {"type": "supplements.mark_taken", "date": DAY, "name": "Unknown"},
    ]
    response = await alice.http.post("/ingest", json={"actions": actions})
    assert response.status_code == 422
    assert set((await any_sandbox.counts(alice.key)).values()) == {0}


async def test_concurrent_writes_all_land_without_errors(
    any_sandbox: RunningSandbox, make_user: MakeUser
) -> None:
    """Racing upserts of one day and parallel bundles must neither 500 nor get lost."""
    alice = await make_user(on=any_sandbox)
    bundles = [
        [add_entry(), {"type": "checkin.upsert", "date": DAY, "mood": 1 + i % 5}] for i in range(20)
    ]
    responses = await asyncio.gather(
        *(alice.http.post("/ingest", json={"actions": b}) for b in bundles),
        *(alice.http.get("/today", params={"date": DAY}) for _ in range(10)),
    )
    assert [r.status_code for r in responses] == [200] * 30
    counts = await any_sandbox.counts(alice.key)
    assert (counts["nutrition"], counts["checkins"]) == (20, 1)
