"""The bot's client of the agent API: one light object per person over one shared aiohttp pool.

GETs are retried with backoff that honours Retry-After. A POST is sent once: if it may have
reached the server (timeout after sending, a connection dropped mid-request, 5xx), the error
says `maybe_applied=True` and the caller decides (the outbox reconciles before it sends
again). Only a failure to get a connection at all (refused, DNS, connect or pool timeout) says
`maybe_applied=False`. The key lives only in the Authorization header; it is never in a repr,
a log line or an exception text.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import logging
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

import aiohttp
import orjson
from pydantic import BaseModel
from yarl import URL

from bot.agent_api.actions import to_wire
from bot.agent_api.errors import (
    AgentApiError,
    BadKey,
    FieldProblem,
    InvalidRequest,
    RateLimited,
    ServiceUnavailable,
)
from bot.agent_api.views import (
    DayCheckinView,
    IngestResult,
    MeView,
    SupplementsDayView,
    TodayView,
    lenient,
)

log = logging.getLogger(__name__)

PREFIX = "/api/v1/agent"
GET_ATTEMPTS = 3
MAX_RETRY_WAIT = 5.0
MAX_CONNECTIONS = 200
# Idle connections are closed after this long (httpx's default, which the bot had before):
# a server whose own keep-alive is shorter races the next request on an idle connection.
KEEPALIVE_SECONDS = 5.0


def default_timeout(seconds: float = 10.0) -> aiohttp.ClientTimeout:
    """Connect fast or fail; give the service `seconds` to answer.

    `connect` bounds waiting for a pooled connection and opening one, `sock_connect` opening
    one, `sock_read` each wait for the service's next bytes; there is no overall limit.
    """
    return aiohttp.ClientTimeout(
        total=None, connect=seconds, sock_connect=min(5.0, seconds), sock_read=seconds
    )


def new_http_client(*, timeout_seconds: float = 10.0) -> aiohttp.ClientSession:
    """The shared connection pool every per-person client rides on; call it in the event loop.

    Idle connections are kept until `KEEPALIVE_SECONDS` pass, however many: aiohttp takes a
    pooled connection without scanning the others, so many idle ones cost no CPU per request.
    No cookies are kept (one person's must never ride on another's request), and proxy
    variables and ~/.netrc are not read (aiohttp would read them on every request).
    """
    return aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(limit=MAX_CONNECTIONS, keepalive_timeout=KEEPALIVE_SECONDS),
        timeout=default_timeout(timeout_seconds),
        headers={"User-Agent": "healthbot/0.1"},
        cookie_jar=aiohttp.DummyCookieJar(),
    )


def _retry_after(response: aiohttp.ClientResponse) -> float | None:
    raw = response.headers.get("Retry-After")
    if raw is None:
        return None
    try:
        return max(0.0, float(raw))
    except ValueError:
        return None


def _problem(body: bytes) -> tuple[str | None, tuple[FieldProblem, ...], Any]:
    try:
        data = json.loads(body)
    except ValueError:
        return None, (), None
    if not isinstance(data, dict):
        return None, (), data
    detail = data.get("detail") if isinstance(data.get("detail"), str) else None
    problems: list[FieldProblem] = []
    errors = data.get("errors")
    if isinstance(errors, list):
        for item in errors:
            if isinstance(item, dict):
                problems.append(
                    FieldProblem(str(item.get("pointer", "")), str(item.get("detail", "")))
                )
    return detail, tuple(problems), data


def _error_for(response: aiohttp.ClientResponse, body: bytes, *, is_write: bool) -> AgentApiError:
    """The error for an answer of 400 or more; `body` is the answer's whole body."""
    status = response.status
    where = f"{response.method} {response.url.path}"
    if status in (401, 403):
        return BadKey(f"{where}: key refused ({status})", status=status)
    if status == 429:
        return RateLimited(f"{where}: rate limited", retry_after=_retry_after(response))
    if status >= 500:
        return ServiceUnavailable(
            f"{where}: server error {status}", maybe_applied=is_write, status=status
        )
    detail, problems, data = _problem(body)
    return InvalidRequest(
        f"{where}: rejected ({status}): {detail or 'no detail'}",
        status=status,
        detail=detail,
        problems=problems,
        body=data,
    )


def _wait(exc: Exception, attempt: int) -> float:
    """Seconds before trying a read again after its `attempt`-th try failed with `exc`: the
    service's Retry-After when it gave one, else 0.2 s doubling; at most MAX_RETRY_WAIT."""
    if isinstance(exc, RateLimited) and exc.retry_after is not None:
        return float(min(exc.retry_after, MAX_RETRY_WAIT))
    return float(min(0.2 * 2 ** (attempt - 1), MAX_RETRY_WAIT))


class AgentApiClient:
    """Typed access to one person's account. Cheap to build; share `http` between people."""

    def __init__(self, base_url: str, api_key: str, *, http: aiohttp.ClientSession) -> None:
        # Quoted once here; each request's URL is this plus ASCII the client made itself.
        self._base = str(URL(base_url.rstrip("/") + PREFIX))
        self._headers = {"Authorization": f"Bearer {api_key}"}
        self._write_headers = {**self._headers, "Content-Type": "application/json"}
        self._http = http

    def __repr__(self) -> str:
        return f"AgentApiClient(base_url={self._base!r}, api_key=<hidden>)"

    # --- transport -----------------------------------------------------------------------

    async def _send(self, method: str, path: str, *, body: Any = None) -> Any:
        is_write = method != "GET"
        url = URL(self._base + path, encoded=True)
        content = None if body is None else orjson.dumps(body)
        headers = self._headers if content is None else self._write_headers
        try:
            async with self._http.request(
                method, url, headers=headers, data=content, allow_redirects=False
            ) as response:
                raw = await response.read()
        except (aiohttp.ClientConnectorError, aiohttp.ConnectionTimeoutError) as exc:
            # No connection was had (refused, DNS, connect or pool timeout): nothing was sent.
            raise ServiceUnavailable(
                f"{method} {path}: cannot connect ({type(exc).__name__})", maybe_applied=False
            ) from None
        except TimeoutError as exc:  # aiohttp's SocketTimeoutError: no answer in time
            raise ServiceUnavailable(
                f"{method} {path}: timed out ({type(exc).__name__})", maybe_applied=is_write
            ) from None
        except aiohttp.ClientError as exc:  # dropped mid-request, truncated or garbled answer
            raise ServiceUnavailable(
                f"{method} {path}: transport error ({type(exc).__name__})", maybe_applied=is_write
            ) from None
        if response.status >= 400:
            raise _error_for(response, raw, is_write=is_write)
        try:
            return _json(raw)
        except ValueError:
            if is_write:
                return {}
            raise ServiceUnavailable(
                f"{method} {path}: response is not JSON", maybe_applied=False
            ) from None

    async def _get(self, path: str, params: dict[str, Any] | None = None) -> Any:
        query = {k: str(v) for k, v in (params or {}).items() if v is not None}
        if query:
            path = path + "?" + urlencode(query)
        # A plain loop: tenacity's took ~13 µs of CPU a read to set up, more than the loop does.
        for attempt in range(1, GET_ATTEMPTS + 1):
            try:
                return await self._send("GET", path)
            except (ServiceUnavailable, RateLimited) as exc:
                if attempt == GET_ATTEMPTS:
                    raise
                await asyncio.sleep(_wait(exc, attempt))
        raise AssertionError("unreachable")  # pragma: no cover

    # --- reads ---------------------------------------------------------------------------

    async def me(self) -> MeView:
        return lenient(MeView, await self._get("/me"))

    async def today_raw(self, date: dt.date | None = None) -> dict[str, Any]:
        data = await self._get("/today", {"date": date})
        return data if isinstance(data, dict) else {}

    async def today(self, date: dt.date | None = None) -> TodayView:
        return lenient(TodayView, await self.today_raw(date))

    async def nutrition(self, date: dt.date | None = None) -> Any:
        return await self._get("/nutrition", {"date": date})

    async def weight(self, start: dt.date | None = None, end: dt.date | None = None) -> Any:
        return await self._get("/weight", {"from": start, "to": end})

    async def checkins(
        self,
        date: dt.date | None = None,
        *,
        start: dt.date | None = None,
        end: dt.date | None = None,
    ) -> Any:
        return await self._get("/checkins", {"date": date, "from": start, "to": end})

    async def checkin_of(self, date: dt.date) -> DayCheckinView:
        return lenient(DayCheckinView, await self.checkins(date))

    async def supplements(self, date: dt.date | None = None) -> Any:
        return await self._get("/supplements", {"date": date})

    async def supplements_of(self, date: dt.date) -> SupplementsDayView:
        return lenient(SupplementsDayView, await self.supplements(date))

    async def recipes(self) -> Any:
        return await self._get("/recipes")

    async def support(self) -> Any:
        return await self._get("/support")

    # --- writes --------------------------------------------------------------------------

    async def ingest(self, actions: Sequence[BaseModel]) -> IngestResult:
        """All actions of one message in one request: the service applies all or none."""
        body = {"actions": [to_wire(a) for a in actions]}
        return lenient(IngestResult, await self._send("POST", "/ingest", body=body))


def _json(raw: bytes) -> Any:
    """The service's JSON, read with orjson; what it refuses but the standard library reads
    (NaN, integers past 64 bits) is read by the latter."""
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        return json.loads(raw)
