"""The client's failures against raw HTTP servers on loopback: what a write may have done.

The service's POSTs are not idempotent (docs/agent-api.md): a write the client calls "not
applied" is sent again by the outbox, so it may say so only when no connection was had.
Each server here reads every request whole (line, headers, body) before misbehaving, and
counts what it got, so a test sees both the client's verdict and what really arrived.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator

import aiohttp
import pytest

from bot.agent_api.actions import Entry, NutritionAddEntry
from bot.agent_api.client import GET_ATTEMPTS, AgentApiClient, new_http_client
from bot.agent_api.errors import ServiceUnavailable

DAY = dt.date(2026, 11, 22)
KEY = "hk_" + "s" * 40
TIMEOUT = 0.3

# What a server does once it has read a whole request: answer it (bytes) or not (None),
# then keep the connection (True) or close it (False).
Behaviour = Callable[["Raw"], Awaitable[tuple[bytes | None, bool]]]


class Raw:
    """A raw HTTP/1.1 server on 127.0.0.1: `requests` holds each request line and body read."""

    def __init__(self, behaviour: Behaviour) -> None:
        self.behaviour = behaviour
        self.requests: list[tuple[str, bytes]] = []
        self.released = asyncio.Event()
        self.url = ""
        self._server: asyncio.Server | None = None

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.url = f"http://127.0.0.1:{self._server.sockets[0].getsockname()[1]}"

    async def stop(self) -> None:
        self.released.set()  # lets every held connection end on its own
        assert self._server is not None
        self._server.close()
        await self._server.wait_closed()

    @property
    def lines(self) -> list[str]:
        return [line for line, _ in self.requests]

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except asyncio.IncompleteReadError:
                    return
                line, *fields = head.decode("latin-1").split("\r\n")
                length = 0
                for field in fields:
                    name, _, value = field.partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value)
                self.requests.append((line, await reader.readexactly(length)))
                answer, keep = await self.behaviour(self)
                if answer is not None:
                    writer.write(answer)
                    await writer.drain()
                if not keep:
                    return
        finally:
            writer.close()


async def close_unanswered(server: Raw) -> tuple[bytes | None, bool]:
    return None, False


async def never_answer(server: Raw) -> tuple[bytes | None, bool]:
    await server.released.wait()
    return None, False


async def service_unavailable(server: Raw) -> tuple[bytes | None, bool]:
    return b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n", True


async def today_json(server: Raw) -> tuple[bytes | None, bool]:
    return b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}", True


@pytest.fixture
async def serve() -> AsyncIterator[Callable[[Behaviour], Awaitable[Raw]]]:
    started: list[Raw] = []

    async def make(behaviour: Behaviour) -> Raw:
        server = Raw(behaviour)
        await server.start()
        started.append(server)
        return server

    yield make
    for server in started:
        await server.stop()


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
    serve: Callable[[Behaviour], Awaitable[Raw]], http: aiohttp.ClientSession
) -> None:
    server = await serve(close_unanswered)
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
    serve: Callable[[Behaviour], Awaitable[Raw]], http: aiohttp.ClientSession
) -> None:
    server = await serve(never_answer)
    api = AgentApiClient(server.url, KEY, http=http)
    with pytest.raises(ServiceUnavailable, match="timed out") as write:
        await api.ingest([oatmeal()])
    assert write.value.maybe_applied is True
    assert server.lines == ["POST /api/v1/agent/ingest HTTP/1.1"]


async def test_a_read_never_answered_is_tried_again_then_times_out(
    serve: Callable[[Behaviour], Awaitable[Raw]], http: aiohttp.ClientSession
) -> None:
    server = await serve(never_answer)
    api = AgentApiClient(server.url, KEY, http=http)
    with pytest.raises(ServiceUnavailable, match="timed out") as read:
        await api.today(DAY)
    assert read.value.maybe_applied is False
    assert server.lines == ["GET /api/v1/agent/today?date=2026-11-22 HTTP/1.1"] * GET_ATTEMPTS


async def test_a_503_to_a_write_may_have_landed_and_is_not_sent_again(
    serve: Callable[[Behaviour], Awaitable[Raw]], http: aiohttp.ClientSession
) -> None:
    server = await serve(service_unavailable)
    api = AgentApiClient(server.url, KEY, http=http)
    with pytest.raises(ServiceUnavailable) as write:
        await api.ingest([oatmeal()])
    assert write.value.maybe_applied is True
    assert write.value.status == 503
    assert server.lines == ["POST /api/v1/agent/ingest HTTP/1.1"]


async def test_query_strings_reach_the_service_as_sent(
    serve: Callable[[Behaviour], Awaitable[Raw]], http: aiohttp.ClientSession
) -> None:
    server = await serve(today_json)
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
