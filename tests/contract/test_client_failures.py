"""The client's failures against raw HTTP servers on loopback: what a write may have done.

The service's POSTs are not idempotent (docs/agent-api.md): a write the client calls "not
applied" is sent again by the outbox, so it may say so only when no connection was had.
Each server (tests/fixtures/raw_http.py) reads every request whole before misbehaving and
records it, so a test sees both the client's verdict and what really arrived.
"""

from __future__ import annotations

import datetime as dt
import socket
from collections.abc import AsyncIterator, Iterator

import aiohttp
import pytest

from bot.agent_api.actions import Entry, NutritionAddEntry
from bot.agent_api.client import GET_ATTEMPTS, AgentApiClient, new_http_client
from bot.agent_api.errors import ServiceUnavailable
from tests.fixtures.raw_http import (
    RawServer,
    Serve,
    answer,
    close_unanswered,
    never_answer,
)

DAY = dt.date(2026, 11, 22)
KEY = "hk_" + "s" * 40
TIMEOUT = 0.3


async def service_unavailable(server: RawServer) -> tuple[bytes | None, bool]:
    return answer("503 Service Unavailable", b""), True


async def empty_object(server: RawServer) -> tuple[bytes | None, bool]:
    return answer("200 OK", b"{}"), True


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with new_http_client(timeout_seconds=TIMEOUT) as session:
        yield session


def oatmeal() -> NutritionAddEntry:
    entry = Entry(food="Oatmeal, 1 cup cooked", calories=158, protein=6, carbs=27, fat=3.2)
    return NutritionAddEntry(date=DAY, entry=entry)


@pytest.fixture
def refusing_port() -> int:
    """A port that was free a moment ago: nothing listens there."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


@pytest.fixture
def unaccepting_port() -> Iterator[int]:
    """A port whose listen queue is full: a new connection is neither accepted nor refused."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    port = listener.getsockname()[1]
    fillers = []
    for _ in range(4):
        filler = socket.socket()
        filler.setblocking(False)
        try:
            filler.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        fillers.append(filler)
    yield port
    for filler in fillers:
        filler.close()
    listener.close()


async def test_a_refused_connection_applied_nothing(
    refusing_port: int, http: aiohttp.ClientSession
) -> None:
    api = AgentApiClient(f"http://127.0.0.1:{refusing_port}", KEY, http=http)
    with pytest.raises(ServiceUnavailable, match="cannot connect") as write:
        await api.ingest([oatmeal()])
    assert write.value.maybe_applied is False
    with pytest.raises(ServiceUnavailable, match="cannot connect") as read:
        await api.today(DAY)
    assert read.value.maybe_applied is False


async def test_a_connect_timeout_applied_nothing(
    unaccepting_port: int, http: aiohttp.ClientSession
) -> None:
    api = AgentApiClient(f"http://127.0.0.1:{unaccepting_port}", KEY, http=http)
    with pytest.raises(ServiceUnavailable, match="cannot connect") as write:
        await api.ingest([oatmeal()])
    assert write.value.maybe_applied is False


async def test_a_write_whose_connection_closed_unanswered_may_have_landed(
    raw_server: Serve, http: aiohttp.ClientSession
) -> None:
    server = await raw_server(close_unanswered)
    api = AgentApiClient(server.url, KEY, http=http)
    with pytest.raises(ServiceUnavailable) as write:
        await api.ingest([oatmeal()])
    assert write.value.maybe_applied is True
    [(line, body)] = server.requests  # sent once, whole: the server could have applied it
    assert line == "POST /api/v1/agent/ingest HTTP/1.1"
    assert b'"food":"Oatmeal, 1 cup cooked"' in body

    server.requests.clear()
    with pytest.raises(ServiceUnavailable) as read:
        await api.today(DAY)
    assert read.value.maybe_applied is False
    assert len(server.requests) >= GET_ATTEMPTS  # a read is safe to send again


async def test_a_write_never_answered_times_out_and_may_have_landed(
    raw_server: Serve, http: aiohttp.ClientSession
) -> None:
    server = await raw_server(never_answer)
    api = AgentApiClient(server.url, KEY, http=http)
    with pytest.raises(ServiceUnavailable, match="timed out") as write:
        await api.ingest([oatmeal()])
    assert write.value.maybe_applied is True
    assert server.lines == ["POST /api/v1/agent/ingest HTTP/1.1"]


async def test_a_read_never_answered_is_tried_again_then_times_out(
    raw_server: Serve, http: aiohttp.ClientSession
) -> None:
    server = await raw_server(never_answer)
    api = AgentApiClient(server.url, KEY, http=http)
    with pytest.raises(ServiceUnavailable, match="timed out") as read:
        await api.today(DAY)
    assert read.value.maybe_applied is False
    assert server.lines == ["GET /api/v1/agent/today?date=2026-11-22 HTTP/1.1"] * GET_ATTEMPTS


async def test_a_503_to_a_write_may_have_landed_and_is_not_sent_again(
    raw_server: Serve, http: aiohttp.ClientSession
) -> None:
    server = await raw_server(service_unavailable)
    api = AgentApiClient(server.url, KEY, http=http)
    with pytest.raises(ServiceUnavailable) as write:
        await api.ingest([oatmeal()])
    assert write.value.maybe_applied is True
    assert write.value.status == 503
    assert server.lines == ["POST /api/v1/agent/ingest HTTP/1.1"]


async def test_query_strings_reach_the_service_as_sent(
    raw_server: Serve, http: aiohttp.ClientSession
) -> None:
    server = await raw_server(empty_object)
    api = AgentApiClient(server.url + "/", KEY, http=http)
    await api.today(DAY)
    await api.weight(DAY - dt.timedelta(days=7), DAY)
    await api.checkins(start=DAY, end=DAY)
    await api.recipes()
    assert server.lines == [
        "GET /api/v1/agent/today?date=2026-11-22 HTTP/1.1",
        "GET /api/v1/agent/weight?from=2026-11-15&to=2026-11-22 HTTP/1.1",
        "GET /api/v1/agent/checkins?from=2026-11-22&to=2026-11-22 HTTP/1.1",
        "GET /api/v1/agent/recipes HTTP/1.1",
    ]
