"""The openai client's HTTP transport: its httpx2 requests sent on aiohttp.

httpx2's own transport (httpcore2 on anyio) costs more CPU per request than the bot spends on
a message itself; aiohttp sends the same request for a fraction of it. openai ships such a
transport (`openai.DefaultAioHttpClient`), but it reports a refused or dropped connection as
a connect timeout and lets a garbled answer escape as aiohttp's own `ClientResponseError`,
past the openai client's error classes. Here every aiohttp failure becomes the httpx2 error
the openai client expects, so `translate_error` sees what happened: a timeout is an
`httpx2.TimeoutException`, anything else an `httpx2.TransportError`.

Redirects, proxies from the environment (their requests take httpx2's own transport), body
decoding and the timeout figures stay the httpx2 client's; only the socket work is aiohttp's.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator

import aiohttp
import httpx2
from yarl import URL

# Idle connections close after this long, as httpx2's do by default.
KEEPALIVE_SECONDS = 5.0


@contextlib.contextmanager
def _as_httpx2_errors() -> Iterator[None]:
    try:
        yield
    except aiohttp.ConnectionTimeoutError as exc:  # a free connection or a new one, not in time
        raise httpx2.ConnectTimeout(str(exc)) from exc
    except TimeoutError as exc:  # aiohttp's SocketTimeoutError: no answer in time
        raise httpx2.ReadTimeout(str(exc)) from exc
    except aiohttp.ClientConnectorError as exc:  # refused, DNS, TLS
        raise httpx2.ConnectError(str(exc)) from exc
    except aiohttp.ClientConnectionError as exc:  # dropped or reset mid-request
        raise httpx2.ReadError(str(exc)) from exc
    except aiohttp.ClientError as exc:  # a garbled or truncated answer, a bad URL
        raise httpx2.RemoteProtocolError(str(exc)) from exc


class _Body(httpx2.AsyncByteStream):
    """A response body read from aiohttp as httpx2 asks for it."""

    def __init__(self, response: aiohttp.ClientResponse) -> None:
        self._response = response

    async def __aiter__(self) -> AsyncIterator[bytes]:
        with _as_httpx2_errors():
            async for chunk in self._response.content.iter_any():
                yield chunk

    async def aclose(self) -> None:
        self._response.release()


class AiohttpTransport(httpx2.AsyncBaseTransport):
    """Sends each request on one aiohttp session, opened at the first request (in the loop).

    No connection limit: the core's `llm_slots` bound the model calls in flight.
    """

    def __init__(self) -> None:
        self._session: aiohttp.ClientSession | None = None

    def _open(self) -> aiohttp.ClientSession:
        self._session = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(limit=0, keepalive_timeout=KEEPALIVE_SECONDS),
            cookie_jar=aiohttp.DummyCookieJar(),  # httpx2 keeps the cookies
        )
        return self._session

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        session = self._session or self._open()
        timeout = request.extensions.get("timeout", {})
        headers = [
            (name, value)
            for name, value in request.headers.multi_items()
            if name.lower() != "transfer-encoding"  # the body goes as bytes, with its length
        ]
        body = await request.aread()
        with _as_httpx2_errors():
            response = await session.request(
                request.method,
                URL(str(request.url), encoded=True),
                headers=headers,
                data=body or None,
                allow_redirects=False,
                auto_decompress=False,
                timeout=aiohttp.ClientTimeout(
                    total=None,
                    connect=timeout.get("pool"),
                    sock_connect=timeout.get("connect"),
                    sock_read=timeout.get("read"),
                ),
            )
        return httpx2.Response(
            status_code=response.status,
            headers=response.raw_headers,
            stream=_Body(response),
            request=request,
            extensions={
                "http_version": b"HTTP/1.1",
                "reason_phrase": (response.reason or "").encode(),
            },
        )

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()
