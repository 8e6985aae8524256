"""A smoke of the sandbox on both backends: ingest, today, atomicity and isolation."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

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


@pytest.mark.parametrize(
    ("route", "body", "pointer"),
    [
        (
            "/ingest",
            {"actions": [{"type": "supplements.add_item", "name": "ß" * 101}]},
            "/actions/0/name",
        ),
        ("/supplements", {"action": "add_item", "name": "Straße" * 33}, "/name"),
        (
            "/recipes",
            {
                "action": "upsert",
                "name": "ß" * 101,
                "servings": 1,
                "ingredients": [],
                "instructions": "",
                "perServing": {"calories": 1, "protein": 0, "carbs": 0, "fat": 0},
            },
            "/name",
        ),
    ],
)
async def test_a_name_too_long_once_case_is_folded_is_a_named_422(
    any_sandbox: RunningSandbox, make_user: MakeUser, route: str, body: dict[str, Any], pointer: str
) -> None:
    """The case-free key of a name ("ß" -> "ss") is stored too; PostgreSQL enforces its length."""
    alice = await make_user(on=any_sandbox)
    response = await alice.http.post(route, json=body)
    assert response.status_code == 422, response.text
    [error] = response.json()["errors"]
    assert error["pointer"] == pointer and "regardless of case" in error["detail"]
    assert set((await any_sandbox.counts(alice.key)).values()) == {0}


async def test_a_name_that_fits_once_folded_is_kept_as_written(
    any_sandbox: RunningSandbox, make_user: MakeUser
) -> None:
    alice = await make_user(on=any_sandbox)
    name = "ß" * 100  # 200 characters once folded: the limit
    added = await alice.http.post("/supplements", json={"action": "add_item", "name": name})
    assert added.status_code == 200, added.text
    again = {"action": "mark_taken", "date": DAY, "name": "SS" * 100}
    assert (await alice.http.post("/supplements", json=again)).status_code == 200
    items = (await alice.http.get("/supplements", params={"date": DAY})).json()["items"]
    assert [i["name"] for i in items] == [name]
