"""PTB's webhook, with a request handler that refuses a body that is no update with a 400.

PTB's own handler answers 500 to a body that is not JSON (and to an `update_id` that is not a
number, which then fails in the journal), and Telegram sends a 5xx'd update again and again.
A body that can never become an update gets a 400 and one WARNING (no content: it may hold
a key). A body that is an update PTB cannot read becomes the `Unreadable` stand-in, as in
polling (bot/telegram/intake.py), instead of PTB's 400 with the whole update in a CRITICAL
line. An update the store cannot take still gets a 500, so Telegram sends it again later
(bot/telegram/journal.py).

`WebhookUpdater._start_webhook` is PTB's (22.x), serving `_WebhookApp` instead of PTB's
`WebhookAppClass`; everything else (setWebhook, the secret token, stopping) is PTB's.
"""

from __future__ import annotations

import asyncio
import json
import logging
import ssl
from collections.abc import Sequence
from http import HTTPStatus
from pathlib import Path
from socket import socket
from typing import Any

import orjson
import tornado.web
from telegram import Bot
from telegram.error import TelegramError
from telegram.ext import Updater
from telegram.ext._utils.webhookhandler import TelegramHandler, WebhookServer

from bot.telegram.intake import read_update

log = logging.getLogger(__name__)


def _body(raw: bytes) -> tuple[Any, str]:
    """(the JSON of a webhook body, "") or (None, why it is not an update)."""
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError:
        try:  # what orjson refuses and Python reads: a lone surrogate escape, 1e400
            data = json.loads(raw)
        except ValueError:
            return None, "not JSON"
    if not isinstance(data, dict):
        return None, "not a JSON object"
    return data, ""


class _UpdateHandler(TelegramHandler):
    """PTB's webhook handler (content type, secret token, quiet exception log), reading the
    body leniently (see the module docstring)."""

    async def post(self) -> None:
        self._validate_post()
        data, why = _body(self.request.body)
        update = read_update(data, self.bot) if data is not None else None
        if update is None:
            why = why or "no integer update_id"
            log.warning("the webhook was sent a body that is no update (%s); answered 400", why)
            raise tornado.web.HTTPError(HTTPStatus.BAD_REQUEST, reason="Not an update")
        self.set_status(HTTPStatus.OK)
        await self.update_queue.put(update)


class _WebhookApp(tornado.web.Application):
    def __init__(
        self, path: str, bot: Bot, update_queue: asyncio.Queue[object], secret: str | None
    ) -> None:
        shared = {"bot": bot, "update_queue": update_queue, "secret_token": secret}
        super().__init__([(rf"{path}/?", _UpdateHandler, shared)])

    def log_request(self, handler: tornado.web.RequestHandler) -> None:
        """Telegram posts every update: no line for each (as PTB's app)."""


class WebhookUpdater(Updater):
    """PTB's `Updater`, its webhook served by `_UpdateHandler`."""

    __slots__ = ()

    async def _start_webhook(
        self,
        listen: str,
        port: int,
        url_path: str,
        bootstrap_retries: int,
        allowed_updates: Sequence[str] | None,
        cert: str | Path | None = None,
        key: str | Path | None = None,
        drop_pending_updates: bool | None = None,
        webhook_url: str | None = None,
        ready: asyncio.Event | None = None,
        ip_address: str | None = None,
        max_connections: int = 40,
        secret_token: str | None = None,
        unix: str | Path | socket | None = None,
    ) -> None:
        if not url_path.startswith("/"):
            url_path = f"/{url_path}"
        app = _WebhookApp(url_path, self.bot, self.update_queue, secret_token)
        ssl_ctx: ssl.SSLContext | None = None
        if cert is not None and key is not None:
            try:
                ssl_ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
                ssl_ctx.load_cert_chain(cert, key)
            except ssl.SSLError as exc:
                raise TelegramError("Invalid SSL Certificate") from exc
        self._httpd = WebhookServer(listen, port, app, ssl_ctx, unix)  # type: ignore[arg-type]
        if not webhook_url:
            webhook_url = self._gen_webhook_url(
                protocol="https" if ssl_ctx else "http", listen=listen, port=port, url_path=url_path
            )
        await self._bootstrap(
            cert=await asyncio.to_thread(Path(cert).read_bytes) if cert else None,
            max_retries=bootstrap_retries,
            drop_pending_updates=drop_pending_updates,
            webhook_url=webhook_url,
            allowed_updates=allowed_updates,
            ip_address=ip_address,
            max_connections=max_connections,
            secret_token=secret_token,
        )
        await self._httpd.serve_forever(ready=ready)
