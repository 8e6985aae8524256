"""A recording proxy in front of the real server: what the bot sent, and what came back.

The bot talks to the proxy as to any OpenAI-compatible server; each chat request is passed
on unchanged and kept with the server's status, answer and `usage`, so the tests can judge
the requests themselves (accepted, bounded, cacheable, answered) and compare what the bot
counted with what was sent. A server that fails to answer (it crashed, or closed the
connection) is recorded as such and answered 502; when the bot gives up on a request first,
the proxy closes its own request to the server, as the bot's would have been closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from tests.fixtures.serving import serve_in_thread


@dataclass(frozen=True)
class Exchange:
    """One chat request and the server's answer to it."""

    body: dict[str, Any]
    status: int | None  # None: no answer, see `error`
    usage: dict[str, Any] | None
    error: str | None
    sent_at: float  # time.time() when the request arrived
    seconds: float  # until the server answered or failed (the bot may have given up before)
    answer: dict[str, Any] | None = None  # the server's JSON answer
    gave_up: bool = False  # the bot closed the connection first; the server was told so

    @property
    def tool_calls(self) -> list[Any]:
        """The tool calls of the server's answer (none when it did not answer)."""
        choices = (self.answer or {}).get("choices") or [{}]
        return list((choices[0].get("message") or {}).get("tool_calls") or [])


UNANSWERED = "no answer yet"
GAVE_UP = "no answer: the bot gave up first, and the proxy closed its request to the server"


@dataclass
class RecordingProxy:
    upstream: str  # the server's base URL, ending in /v1
    base_url: str = ""
    _exchanges: list[Exchange] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def exchanges(self) -> list[Exchange]:
        with self._lock:
            return list(self._exchanges)

    def _keep(self, index: int | None, exchange: Exchange) -> int:
        with self._lock:
            if index is None:
                self._exchanges.append(exchange)
                return len(self._exchanges) - 1
            self._exchanges[index] = exchange
            return index

    async def _forward(self, request: Request) -> Response:
        """Pass the request on; when the bot goes away first, close the request to the
        server too (as the bot's own would be), so the server sees what the bot did."""
        raw = await request.body()
        sent_at = time.time()
        # Kept as it arrives: a request the bot gave up on was still sent and counts.
        index = self._keep(None, Exchange(_json_object(raw), None, None, UNANSWERED, sent_at, 0))
        path = request.url.path.removeprefix("/v1")
        async with httpx.AsyncClient(timeout=None) as http:
            upstream = asyncio.create_task(
                http.post(
                    f"{self.upstream}{path}",
                    content=raw,
                    headers={"content-type": "application/json"},
                )
            )
            while not upstream.done():
                await asyncio.wait({upstream}, timeout=DISCONNECT_POLL_SECONDS)
                if not upstream.done() and await request.is_disconnected():
                    upstream.cancel()
                    with contextlib.suppress(asyncio.CancelledError, httpx.HTTPError):
                        await upstream
                    failed = Exchange(
                        _json_object(raw), None, None, GAVE_UP, sent_at, 0, gave_up=True
                    )
                    self._keep(index, dataclasses.replace(failed, seconds=time.time() - sent_at))
                    return Response(status_code=499)
            try:
                answer = upstream.result()
            except httpx.HTTPError as exc:  # the server crashed or closed the connection
                error = f"the server did not answer: {type(exc).__name__}: {exc}"
                self._keep(
                    index,
                    Exchange(_json_object(raw), None, None, error, sent_at, time.time() - sent_at),
                )
                return Response(error, status_code=502)
        body = _json_object(answer.content)
        self._keep(
            index,
            Exchange(
                _json_object(raw),
                answer.status_code,
                body.get("usage"),
                None if answer.status_code == 200 else answer.text[:500],
                sent_at,
                time.time() - sent_at,
                answer=body or None,
            ),
        )
        return Response(
            answer.content,
            status_code=answer.status_code,
            media_type=answer.headers.get("content-type"),
        )

    def app(self) -> Starlette:
        async def models(request: Request) -> Response:
            async with httpx.AsyncClient(timeout=10) as http:
                answer = await http.get(f"{self.upstream}/models")
            return Response(answer.content, status_code=answer.status_code)

        return Starlette(
            routes=[
                Route("/v1/chat/completions", self._forward, methods=["POST"]),
                Route("/v1/models", models),
            ]
        )


DISCONNECT_POLL_SECONDS = 0.1


def _json_object(raw: bytes) -> dict[str, Any]:
    try:
        value = json.loads(raw)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


@contextmanager
def recording_proxy(upstream: str) -> Iterator[RecordingProxy]:
    proxy = RecordingProxy(upstream)
    served = serve_in_thread(proxy.app(), name="llm-proxy", lifespan="off")
    proxy.base_url = f"{served.url}/v1"
    try:
        yield proxy
    finally:
        served.stop()
