"""Fault flags: latency, failed writes on both sides of the commit, and the rate limit."""

from __future__ import annotations

import time

import httpx

from sandbox.faults import RateLimiter
from tests.fixtures.sandbox import RunningSandbox, SandboxFactory
from tests.sandbox.conftest import DAY, MakeUser, add_entry
from tests.sandbox.test_errors import assert_problem


async def test_latency_delays_every_request(
    sandbox_factory: SandboxFactory, make_user: MakeUser
) -> None:
    slow = sandbox_factory(latency_ms=150)
    user = await make_user(on=slow)
    for route in ("/me", "/nope"):
        started = time.perf_counter()
        await user.http.get(route)
        assert time.perf_counter() - started >= 0.15


async def _post_many(user_http: httpx.AsyncClient, count: int) -> list[int]:
    statuses = []
    for i in range(count):
        if i % 2:
            response = await user_http.post("/ingest", json={"actions": [add_entry()]})
        else:
            body = {"action": "add_entry", "date": DAY, "entry": add_entry()["entry"]}
            response = await user_http.post("/nutrition", json=body)
        if response.status_code == 503:
            assert_problem(response, 503)
            assert response.json()["detail"] == "Service temporarily unavailable."
        statuses.append(response.status_code)
    return statuses


async def test_fail_rate_fails_writes_before_and_after_applying(
    sandbox_factory: SandboxFactory, make_user: MakeUser
) -> None:
    flaky = sandbox_factory(fail_rate=0.5, seed=7)
    user = await make_user(on=flaky)
    statuses = await _post_many(user.http, 40)
    assert set(statuses) == {200, 503}
    written = (await flaky.counts(user.key))["nutrition"]
    failed_after = written - statuses.count(200)
    failed_before = statuses.count(503) - failed_after
    assert failed_after > 0, "some 503s must come after the write landed"
    assert failed_before > 0, "some 503s must come before anything was written"
    # Reads are never failed.
    for _ in range(10):
        assert (await user.http.get("/today")).status_code == 200


async def test_fail_rate_is_reproducible_with_a_seed(
    sandbox_factory: SandboxFactory, make_user: MakeUser
) -> None:
    runs = []
    for _ in range(2):
        flaky = sandbox_factory(fail_rate=0.3, seed=42)
        user = await make_user(on=flaky)
        runs.append((await _post_many(user.http, 20), (await flaky.counts(user.key))))
    assert runs[0] == runs[1]


async def test_fail_rate_one_fails_every_write(
    sandbox_factory: SandboxFactory, make_user: MakeUser
) -> None:
    broken = sandbox_factory(fail_rate=1.0, seed=1)
    user = await make_user(on=broken)
    assert set(await _post_many(user.http, 6)) == {503}


async def test_rate_limit_answers_429_with_retry_after(
    sandbox_factory: SandboxFactory, make_user: MakeUser
) -> None:
    limited = sandbox_factory(rate_limit=3)
    alice, bob = await make_user("Alice", on=limited), await make_user("Bob", on=limited)
    for _ in range(3):
        assert (await alice.http.get("/me")).status_code == 200
    response = await alice.http.post("/ingest", json={"actions": [add_entry()]})
    assert_problem(response, 429)
    assert 1 <= int(response.headers["retry-after"]) <= 60
    assert (await limited.counts(alice.key))["nutrition"] == 0
    assert (await bob.http.get("/me")).status_code == 200, "the limit is per key"


def test_rate_limiter_window_slides() -> None:
    now = [1000.0]
    limiter = RateLimiter(2, clock=lambda: now[0])
    assert limiter.hit("k") is None
    now[0] += 30
    assert limiter.hit("k") is None
    assert limiter.hit("k") == 30
    now[0] += 30.5
    assert limiter.hit("k") is None, "the first hit has left the window"
    assert limiter.hit("k") == 30
    assert RateLimiter(0).hit("k") is None


async def test_sandbox_fixture_gives_a_fresh_database(
    sandbox: RunningSandbox, sandbox_db_url: str, make_user: MakeUser
) -> None:
    assert sandbox.db_url == sandbox_db_url
    user = await make_user(on=sandbox)
    assert (await user.http.get("/me")).json()["name"] == "Alice"
    assert set((await sandbox.counts(user.key)).values()) == {0}
    assert sandbox.api_url == sandbox.url + "/api/v1/agent"
