"""A recording proxy in front of the real server: what the bot sent, and what came back.

The bot talks to the proxy as to any OpenAI-compatible server; each chat request is passed
on unchanged and kept with the server's status and `usage`, so the tests can judge the
requests themselves (accepted, bounded, cacheable) and compare what the bot counted with
what was sent.
"""

from __future__ import annotations

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
    status: int | None  # None: no answer reached the proxy before the bot gave up
    usage: dict[str, Any] | None
    error: str | None
    sent_at: float  # time.time() when the request arrived
    seconds: float  # until the server answered (the bot may have given up before)


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

    def app(self) -> Starlette:
        async def forward(request: Request) -> Response:
            raw = await request.body()
            sent_at = time.time()
            # Kept as it arrives: a request the bot gave up on (its deadline passed while the
            # server worked) was still sent and counts, though no answer is ever recorded.
            with self._lock:
                index = len(self._exchanges)
                self._exchanges.append(
                    Exchange(
                        _json_object(raw),
                        None,
                        None,
                        "no answer: the bot gave up first",
                        sent_at,
                        float("inf"),
                    )
                )
            headers = {"content-type": "application/json"}
            path = request.url.path.removeprefix("/v1")
            async with httpx.AsyncClient(timeout=None) as http:
                answer = await http.post(f"{self.upstream}{path}", content=raw, headers=headers)
            try:
                body = answer.json()
            except ValueError:
                body = None
            usage = body.get("usage") if isinstance(body, dict) else None
            error = None if answer.status_code == 200 else answer.text[:500]
            with self._lock:
                self._exchanges[index] = Exchange(
                    _json_object(raw),
                    answer.status_code,
                    usage,
                    error,
                    sent_at,
                    time.time() - sent_at,
                )
            return Response(
                answer.content,
                status_code=answer.status_code,
                media_type=answer.headers.get("content-type"),
            )

        async def models(request: Request) -> Response:
            async with httpx.AsyncClient(timeout=10) as http:
                answer = await http.get(f"{self.upstream}/models")
            return Response(answer.content, status_code=answer.status_code)

        return Starlette(
            routes=[
                Route("/v1/chat/completions", forward, methods=["POST"]),
                Route("/v1/models", models),
            ]
        )


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
