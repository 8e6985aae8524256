"""PTB's requests to the Bot API over aiohttp.

PTB's own `HTTPXRequest` (httpx over httpcore over anyio) spends well over a millisecond of CPU
on each request, aiohttp a fraction of that: at a few hundred requests a second, the difference
is half a core or more. `AiohttpRequest` keeps `HTTPXRequest`'s contract: the same options
and defaults, the same four timeouts, and the same errors (`TimedOut`, with PTB's own text when
no connection of the pool frees up in time; `NetworkError` for anything else in transport).
Parameters go as JSON and answers are read with orjson (`_body`, `parse_json_payload`).

aiohttp's timeouts are not httpx's, so two are kept here: the pool's wait (a semaphore of the
pool's size: aiohttp counts it into its connect timeout) and the write timeout (aiohttp has
none; a body that stops moving for that long ends the request, as httpx's does).
"""

from __future__ import annotations

import asyncio
import os
import ssl
import urllib.request
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import certifi
import orjson
from telegram._utils.defaultvalue import DefaultValue
from telegram._utils.types import JSONDict, ODVInput
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

from bot.telegram.logs import REDACTED, redact

# PTB's text for a request that found no free connection in time (as HTTPXRequest's).
POOL_TIMEOUT_MESSAGE = (
    "Pool timeout: All connections in the connection pool are occupied. Request was *not* sent "
    "to Telegram. Consider adjusting the connection pool size or the pool timeout."
)
JSON = {"Content-Type": "application/json"}
# aiohttp hands a body this small to the transport at once, without waiting for it to drain,
# and starts the read timeout: like httpx's socket writes, such a body cannot time out.
WRITE_BUFFER = 2**16


class AiohttpRequest(BaseRequest):
    """`telegram.request.BaseRequest` on one `aiohttp.ClientSession`, made in `initialize()`
    and closed in `shutdown()`.

    The options are `HTTPXRequest`'s, with its defaults: at most `connection_pool_size`
    requests at once (more wait up to `pool_timeout` for a free connection, then fail with
    `TimedOut`); `read_timeout` between two pieces of the answer, `write_timeout` (for uploads
    `media_write_timeout`) between two pieces of the request body, `connect_timeout` for a new
    connection. `None` means no limit. `proxy` is the URL of an HTTP proxy; without one, the
    environment's (HTTPS_PROXY, HTTP_PROXY, ALL_PROXY, NO_PROXY) is used as httpx does.
    """

    def __init__(
        self,
        connection_pool_size: int = 256,
        read_timeout: float | None = 5.0,
        write_timeout: float | None = 5.0,
        connect_timeout: float | None = 5.0,
        pool_timeout: float | None = 1.0,
        media_write_timeout: float | None = 20.0,
        proxy: str | None = None,
    ) -> None:
        if connection_pool_size < 1:
            raise ValueError("connection_pool_size must be at least 1")
        self.connection_pool_size = connection_pool_size
        self._read_timeout = read_timeout
        self._write_timeout = write_timeout
        self._connect_timeout = connect_timeout
        self._pool_timeout = pool_timeout
        self._media_write_timeout = media_write_timeout
        self._proxy = proxy
        self._session: aiohttp.ClientSession | None = None
        self._pool: asyncio.Semaphore | None = None
        self._env_proxies: dict[str, str] = {}
        self._proxy_by_origin: dict[str, str | None] = {}
        # Told each answer's HTTP status (the bot's metrics count 429s and 403s).
        self.on_status: Callable[[int], None] | None = None

    @property
    def read_timeout(self) -> float | None:
        """See `BaseRequest.read_timeout` (PTB adds a long poll's own timeout to it)."""
        return self._read_timeout

    async def initialize(self) -> None:
        """See `BaseRequest.initialize`: opens the session (again, after a shutdown)."""
        if self._session is not None and not self._session.closed:
            return
        # Made here, on the loop that runs the requests: a semaphore binds to its first loop.
        self._pool = asyncio.Semaphore(self.connection_pool_size)
        self._env_proxies = {} if self._proxy else urllib.request.getproxies()
        self._proxy_by_origin = {}
        connector = aiohttp.TCPConnector(limit=self.connection_pool_size, ssl=_ssl_context())
        self._session = aiohttp.ClientSession(
            connector=connector,
            headers={"User-Agent": self.USER_AGENT},
            timeout=aiohttp.ClientTimeout(),
            cookie_jar=aiohttp.DummyCookieJar(),  # the Bot API sets none
        )

    @staticmethod
    def parse_json_payload(payload: bytes) -> JSONDict:
        """Telegram's answer, read with orjson (PTB lets a request replace its `json.loads`);
        one orjson refuses (not UTF-8, or not JSON) goes to PTB's own reading, which repairs
        the text or raises PTB's `TelegramError`."""
        try:
            data = orjson.loads(payload)
        except orjson.JSONDecodeError:
            return BaseRequest.parse_json_payload(payload)
        if not isinstance(data, dict):
            return BaseRequest.parse_json_payload(payload)
        return data

    async def shutdown(self) -> None:
        """See `BaseRequest.shutdown`: closes the session and its connections."""
        if self._session is None or self._session.closed:
            return
        await self._session.close()

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        """See `BaseRequest.do_request`: (HTTP status, body); PTB turns statuses into errors."""
        session, pool = self._session, self._pool
        if session is None or session.closed or pool is None:
            raise RuntimeError("This AiohttpRequest is not initialized!")
        files = request_data is not None and request_data.contains_files
        if isinstance(read_timeout, DefaultValue):
            read_timeout = self._read_timeout
        if isinstance(connect_timeout, DefaultValue):
            connect_timeout = self._connect_timeout
        if isinstance(pool_timeout, DefaultValue):
            pool_timeout = self._pool_timeout
        if isinstance(write_timeout, DefaultValue):
            write_timeout = self._media_write_timeout if files else self._write_timeout
        timeout = aiohttp.ClientTimeout(
            connect=connect_timeout, sock_connect=connect_timeout, sock_read=read_timeout
        )
        body, headers = _body(request_data) if request_data is not None else (None, None)
        proxy = self._proxy or (self._env_proxy(url) if self._env_proxies else None)

        if pool.locked():
            try:
                async with asyncio.timeout(pool_timeout):
                    await pool.acquire()
            except TimeoutError as exc:
                raise TimedOut(POOL_TIMEOUT_MESSAGE) from exc
        else:
            await pool.acquire()
        try:
            watch = _WriteWatch.over(body, write_timeout, connect_timeout)
            if watch is None:
                answer = await self._exchange(session, method, url, body, headers, timeout, proxy)
            else:
                async with asyncio.timeout(None) as watch.deadline:
                    answer = await self._exchange(
                        session, method, url, body, headers, timeout, proxy, watch
                    )
            if self.on_status is not None:
                self.on_status(answer[0])
            return answer
        except TimeoutError as exc:  # aiohttp's connect and read timeouts too
            raise TimedOut from exc
        except (aiohttp.ClientError, OSError) as exc:
            # aiohttp names the URL in some errors (a failed body write): it holds the token.
            text = f"aiohttp.{type(exc).__name__}: {exc}".replace(url, REDACTED)
            raise NetworkError(redact(text)) from exc
        finally:
            pool.release()

    async def _exchange(
        self,
        session: aiohttp.ClientSession,
        method: str,
        url: str,
        body: Any,
        headers: dict[str, str] | None,
        timeouts: aiohttp.ClientTimeout,
        proxy: str | None,
        watch: _WriteWatch | None = None,
    ) -> tuple[int, bytes]:
        try:
            async with session.request(
                method,
                url,
                data=body,
                headers=headers,
                timeout=timeouts,
                proxy=proxy,
                allow_redirects=False,  # as httpx: a redirect is PTB's to report, not to follow
                upload_tracker=watch.start() if watch is not None else None,
            ) as response:
                if watch is not None:
                    watch.stop()  # answered: the body went, or the server cut it short
                return response.status, await response.read()
        finally:
            if watch is not None:
                watch.stop()

    def _env_proxy(self, url: str) -> str | None:
        """The environment's proxy for `url`'s origin (looked up once per origin)."""
        scheme_end = url.find("://")
        path_start = url.find("/", scheme_end + 3)
        origin = url if path_start == -1 else url[:path_start]
        if origin not in self._proxy_by_origin:
            scheme = url[:scheme_end].lower()
            host = urlsplit(origin).hostname or ""
            proxy = self._env_proxies.get(scheme) or self._env_proxies.get("all")
            if proxy and urllib.request.proxy_bypass(host):
                proxy = None
            self._proxy_by_origin[origin] = proxy
        return self._proxy_by_origin[origin]


def _body(request_data: RequestData) -> tuple[Any, dict[str, str] | None]:
    """The parameters as a JSON object (the Bot API takes `application/json` for every method
    but uploads; PTB's `RequestData.parameters` are JSON-ready), or with files a multipart form
    of the parameters (non-string values as JSON) then the files, as `HTTPXRequest` sends
    them; nothing without either. `HTTPXRequest` form-encodes the parameters instead:
    `urlencode` costs more than the rest of a request's own work here."""
    if request_data.contains_files:
        form = aiohttp.FormData(quote_fields=False, default_to_multipart=True)
        for name, value in request_data.json_parameters.items():
            form.add_field(name, value)
        for name, (filename, content, mimetype) in request_data.multipart_data.items():
            form.add_field(name, content, filename=filename, content_type=mimetype)
        return form(), None
    parameters = request_data.parameters
    if not parameters:
        return None, None
    return orjson.dumps(parameters), JSON


class _WriteWatch:
    """Ends a request whose body has not moved for `seconds` (through `deadline`, an
    `asyncio.timeout` around it): httpx's write timeout, which bounds each write rather than
    the whole upload. Looked at twice in that time, so a stalled body ends between `seconds`
    and 1.5 times that after its last byte went; before its first byte a new connection's
    `grace` is allowed too. A body that fits in aiohttp's write buffer is not watched (see
    WRITE_BUFFER), nor one sent in full, whose answer the read timeout then waits for."""

    deadline: asyncio.Timeout

    def __init__(self, size: int, seconds: float, grace: float) -> None:
        self.size = size
        self.seconds = seconds
        self.grace = grace
        self.every = max(seconds / 2, 0.01)
        self.written = 0
        self.loop = asyncio.get_running_loop()
        self.moved = self.loop.time()
        self.handle: asyncio.TimerHandle | None = None
        self.tracker: aiohttp.UploadTracker | None = None

    @classmethod
    def over(cls, body: Any, seconds: float | None, connect: float | None) -> _WriteWatch | None:
        """A watch over sending `body`, unless it is small, of unknown size or has no limit."""
        if body is None or seconds is None:
            return None
        size = len(body) if isinstance(body, bytes) else body.size
        if size is None or size <= WRITE_BUFFER:
            return None
        return cls(size, seconds, connect or 0)

    def start(self) -> aiohttp.UploadTracker:
        self.tracker = aiohttp.UploadTracker()
        self.moved = self.loop.time()
        self.handle = self.loop.call_later(self.every, self._check)
        return self.tracker

    def _check(self) -> None:
        assert self.tracker is not None
        self.handle = None
        written, now = self.tracker.bytes_written, self.loop.time()
        if written >= self.size:
            return
        if written > self.written:
            self.written, self.moved = written, now
        allowed = self.seconds + (self.grace if not written else 0)
        if now - self.moved >= allowed:
            self.deadline.reschedule(now)
        else:
            self.handle = self.loop.call_later(self.every, self._check)

    def stop(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None


def _ssl_context() -> ssl.SSLContext:
    """Certificates as httpx trusts them: SSL_CERT_FILE or SSL_CERT_DIR, else certifi's."""
    if os.environ.get("SSL_CERT_FILE"):
        return ssl.create_default_context(cafile=os.environ["SSL_CERT_FILE"])
    if os.environ.get("SSL_CERT_DIR"):
        return ssl.create_default_context(capath=os.environ["SSL_CERT_DIR"])
    return ssl.create_default_context(cafile=certifi.where())
