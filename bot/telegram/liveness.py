"""Whether the bot is still taking updates, for a supervisor and for `healthbot doctor`.

A receiver that stopped is invisible from inside: background jobs go on, nothing fails, and
only people notice that the bot no longer answers. `Receiver` follows the intake (each
`getUpdates` poll through `PollingRequest`, each update taken into the journaled queue) and
`HealthServer` answers `GET /healthz` with 200 while it moves and 503 once it has been stuck
for `RECEIVER_STALE_SECONDS`, in polling and in webhook mode alike. It is a small HTTP server
of its own (`HEALTH_PORT`), on the same event loop as the bot: a blocked loop does not answer
at all, which a supervisor's probe counts as a failure too.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
import tornado.httpserver
import tornado.netutil
import tornado.web
from telegram._utils.types import JSONDict

from bot.kernel.metrics import CONTENT_TYPE, Metrics
from bot.telegram.request import AiohttpRequest

log = logging.getLogger(__name__)

HEALTH_PATH = "/healthz"
METRICS_PATH = "/metrics"


def json_text(data: object) -> str | None:
    """`data` as JSON text for the journal; None when it cannot be written at all.

    orjson refuses what UTF-8 cannot carry (a lone surrogate, which Telegram's JSON may hold
    as an escape): the standard library then writes it escaped, as it arrived."""
    try:
        return orjson.dumps(data).decode()
    except TypeError:
        pass
    try:
        return json.dumps(data)
    except (TypeError, ValueError, RecursionError):
        return None


class Receiver:
    """The state of the bot's intake of updates; `health()` says whether it still moves.

    Polling mode is recognised by its first `getUpdates`: in webhook mode the bot never calls
    it. While a poll is in flight the receiver is fine however long Telegram holds it (PTB's
    timeouts bound it); between polls it must poll again within `stale_after` seconds. In
    either mode, failing to take an update for `stale_after` seconds is unhealthy.
    """

    def __init__(
        self,
        stale_after: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        metrics: Metrics | None = None,
    ):
        self.stale_after = stale_after
        self.metrics = metrics
        self.clock = clock
        self.polls_in_flight = 0
        self.last_poll: float | None = None  # when the last poll began or ended
        self.failing_since: float | None = None
        self.failure = ""
        # Awaited before each poll: the updates of the last one are stored (the journal's).
        self.before_poll: Callable[[], Awaitable[None]] | None = None
        # The JSON of each update fetched and not yet journaled, by id, as Telegram sent it.
        self.fetched: dict[int, str] = {}

    @property
    def polling(self) -> bool:
        """True once the bot polled: updates then come from `getUpdates`, not a webhook."""
        return self.last_poll is not None

    def poll_started(self) -> None:
        self.polls_in_flight += 1
        self.last_poll = self.clock()

    def poll_ended(self) -> None:
        self.polls_in_flight -= 1
        self.last_poll = self.clock()

    def took(self) -> None:
        """An update was stored and queued."""
        self.failing_since = None
        self.failure = ""
        if self.metrics is not None:
            self.metrics.updates.inc()
            self.metrics.last_update.set(time.time())

    def failed(self, reason: str) -> None:
        """Taking an update failed (`reason`: one line, no secrets)."""
        if self.failing_since is None:
            self.failing_since = self.clock()
        self.failure = reason

    def health(self) -> tuple[bool, str]:
        """(healthy, one line that says why) for `/healthz`."""
        now = self.clock()
        failing = now - self.failing_since if self.failing_since is not None else None
        idle = (
            now - self.last_poll if self.last_poll is not None and not self.polls_in_flight else 0
        )
        if (failing is not None and failing >= self.stale_after) or idle >= self.stale_after:
            if failing is not None:
                return False, (
                    f"updates cannot be stored for {failing:.0f} s ({self.failure}); "
                    "none are being received"
                )
            return False, f"Telegram has not been polled for {idle:.0f} s"
        if self.failing_since is not None:
            return True, f"receiving, though storing an update just failed ({self.failure})"
        if self.polling:
            return True, "receiving updates (polling)"
        return True, "receiving updates (webhook, or not polling yet)"


class PollingRequest(AiohttpRequest):
    """PTB's request for `getUpdates` (and only that), reporting each poll to the receiver."""

    def __init__(self, receiver: Receiver, **kwargs: Any) -> None:
        kwargs.setdefault("connection_pool_size", 1)  # as PTB's own get_updates request
        super().__init__(**kwargs)
        self.receiver = receiver
        # The updates of the last answer as read from its JSON, for an answer PTB cannot read
        # whole (`bot.telegram.intake.ReceivingBot`); emptied as each poll begins.
        self.answer: list[Any] = []

    def parse_json_payload(self, payload: bytes) -> JSONDict:  # type: ignore[override]
        """The request's own parsing (`AiohttpRequest.parse_json_payload`),
        keeping each update's JSON as Telegram sent it for the journal (`Receiver.fetched`):
        writing PTB's `Update` back out (`to_json`) costs ~40 µs an update, this ~3 µs."""
        data = AiohttpRequest.parse_json_payload(payload)
        updates = data.get("result") if isinstance(data, dict) else None
        if isinstance(updates, list):
            self.answer = updates
            for update in updates:
                if isinstance(update, dict) and isinstance(update.get("update_id"), int):
                    text = json_text(update)
                    if text is not None:
                        self.receiver.fetched[update["update_id"]] = text
        return data

    async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        self.answer = []
        if self.receiver.before_poll is not None:
            await self.receiver.before_poll()  # a poll confirms the updates before it
        self.receiver.poll_started()
        try:
            return await super().do_request(*args, **kwargs)
        finally:
            self.receiver.poll_ended()


class _HealthHandler(tornado.web.RequestHandler):
    def initialize(self, receiver: Receiver) -> None:
        self.receiver = receiver

    def get(self) -> None:
        healthy, why = self.receiver.health()
        self.set_status(200 if healthy else 503)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(("ok: " if healthy else "stuck: ") + why + "\n")


class _MetricsHandler(tornado.web.RequestHandler):
    def initialize(self, metrics: Metrics) -> None:
        self.metrics = metrics

    async def get(self) -> None:
        body = await self.metrics.exposition()
        self.set_header("Content-Type", CONTENT_TYPE)
        self.set_header("Cache-Control", "no-store")
        self.finish(body)


class HealthServer:
    """`GET /healthz` on `listen:port`: 200 while the receiver moves, 503 once it is stuck;
    `GET /metrics` beside it: the bot's metrics as Prometheus text, when it has them."""

    def __init__(
        self, receiver: Receiver, *, listen: str, port: int, metrics: Metrics | None = None
    ) -> None:
        self.receiver = receiver
        self.metrics = metrics
        self.listen = listen
        self.port = port
        self._server: tornado.httpserver.HTTPServer | None = None

    async def start(self) -> None:
        routes: list[Any] = [(HEALTH_PATH, _HealthHandler, {"receiver": self.receiver})]
        if self.metrics is not None:
            routes.append((METRICS_PATH, _MetricsHandler, {"metrics": self.metrics}))
        app = tornado.web.Application(routes, log_function=_quiet)
        sockets = tornado.netutil.bind_sockets(self.port, self.listen)
        self.port = sockets[0].getsockname()[1]
        self._server = tornado.httpserver.HTTPServer(app)
        self._server.add_sockets(sockets)
        log.info("liveness at http://%s:%d%s", self.listen, self.port, HEALTH_PATH)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.stop()
            await self._server.close_all_connections()
            self._server = None


def _quiet(handler: tornado.web.RequestHandler) -> None:
    """A supervisor probes every few seconds: do not log each request."""


def health_url(listen: str, port: int) -> str:
    """Where a probe on this machine reaches the health server listening on `listen:port`."""
    host = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(listen, listen)
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}{HEALTH_PATH}"
