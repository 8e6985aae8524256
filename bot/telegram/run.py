"""`healthbot run [--webhook]`: start the bot in polling or webhook mode."""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from telegram import Update
from telegram.error import InvalidToken, NetworkError

from bot.config import Settings
from bot.render import ops
from bot.telegram.app import TelegramNotConfigured, build_application, webhook_options
from bot.telegram.eventloop import new_event_loop
from bot.telegram.logs import configure_logging, redact_also

if TYPE_CHECKING:
    from bot.compose import House

log = logging.getLogger(__name__)


def run_polling(settings: Settings, house: House) -> None:
    """Long-poll Telegram until interrupted; updates sent while the bot was down are kept."""
    app = build_application(settings, house)
    app.run_polling(allowed_updates=Update.ALL_TYPES, drop_pending_updates=False)


def run_webhook(settings: Settings, house: House) -> None:
    """Serve Telegram's webhook; requests without the secret token get 403."""
    app = build_application(settings, house)
    options = webhook_options(settings)
    redact_also([options["secret_token"]])  # made up for this run when none is configured
    app.run_webhook(
        **options,
        allowed_updates=Update.ALL_TYPES,
        drop_pending_updates=False,
    )


def _secrets(settings: Settings) -> list[str | None]:
    """Every secret in the settings, redacted by value wherever a log line would hold it."""
    fields = (
        settings.telegram_bot_token,
        settings.webhook_secret_token,
        settings.openai_api_key,
        settings.agent_api_key,
    )
    values = [field.get_secret_value() for field in fields if field is not None]
    return [*values, *settings.encryption_keys()]


def _refusal(settings: Settings, webhook: bool) -> str | None:
    """Why the bot cannot start, in words that say how to fix it; None when it can."""
    if settings.telegram_bot_token is None or not settings.telegram_bot_token.get_secret_value():
        return ops.run_needs_token()
    from bot.compose import GENERATE_HINT, encryption_refusal

    # A missing or malformed key is refused before Telegram is asked or a database is made.
    refused = encryption_refusal(settings)
    if refused is not None:
        return refused or ops.run_needs_encryption_key(GENERATE_HINT)
    if webhook and not settings.webhook_url:
        return ops.run_needs_webhook_url()
    return None


async def telegram_refusal(
    settings: Settings, say: Callable[[str], None]
) -> tuple[int, str] | None:
    """None once Telegram accepts the token; else the exit status and the one line that says
    why the bot cannot start (2: the token was refused, 1: Telegram was not reached).

    While Telegram cannot be reached it is asked again with back-off (1 s, 2 s, 4 s ... up to
    TELEGRAM_START_MAX_WAIT_SECONDS), and each failed attempt is one line to `say`."""
    from bot.telegram.probe import probe_telegram

    assert settings.telegram_bot_token is not None  # `_refusal` came first
    token = settings.telegram_bot_token.get_secret_value()
    base, attempts = settings.telegram_api_base_url, settings.telegram_start_attempts
    for attempt in range(1, attempts + 1):
        probe = await probe_telegram(settings, token)
        if probe.refused is not None:
            return 2, ops.doctor_telegram_refused(probe.refused)
        if probe.username is not None:
            return None
        error = probe.unreachable or "?"
        if attempt == attempts:
            return 1, ops.run_telegram_gave_up(base, error, attempts)
        wait = min(2.0 ** (attempt - 1), settings.telegram_start_max_wait_seconds)
        say(ops.run_refused(ops.run_telegram_unreachable(base, error, attempt, attempts, wait)))
        await asyncio.sleep(wait)
    return None  # attempts >= 1 (a setting's bound): not reached


# Container objects allocated (net) between two young-generation collections; Python's is
# 700. A crowd of 200 messages at once holds more than that alive in flight, so at 700 each
# young collection walked them, and every tenth went on into the older generations: 60-90 ms
# of CPU in that crowd (0.3-0.45 ms a message), measured with gc.callbacks; at 10,000, 25 ms,
# with the same peak RSS.
GC_YOUNG_THRESHOLD = 10_000


def settle_memory() -> None:
    """Set what start-up built (modules, classes, the libraries' tables: ~190,000 objects)
    aside from the cyclic garbage collector: it would walk them all again in every full
    collection, and a crowd of messages triggers many. Then collect the young generation
    less often (GC_YOUNG_THRESHOLD)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def main_run(settings: Settings, *, webhook: bool = False) -> int:
    """The exit code of `healthbot run`: 0 after a clean stop, 2 when misconfigured or
    refused by Telegram, 1 when Telegram or the database cannot be reached; always one line
    that says why, never a traceback of ours."""
    configure_logging(settings.log_level, secrets=_secrets(settings), fmt=settings.log_format)
    problem = _refusal(settings, webhook)
    if problem:
        _say(ops.run_refused(problem))
        return 2
    from bot.compose import CannotCompose, compose

    # PTB's run_* use the current event loop: build everything (engine, HTTP pool) on it.
    loop = new_event_loop(use_uvloop=settings.use_uvloop)
    asyncio.set_event_loop(loop)
    try:
        refused = loop.run_until_complete(telegram_refusal(settings, _say))
    except KeyboardInterrupt:
        return 130
    if refused is not None:
        status, line = refused
        _say(ops.run_refused(line))
        return status
    try:
        house = loop.run_until_complete(compose(settings))
    except (CannotCompose, TelegramNotConfigured) as exc:
        _say(ops.run_refused(str(exc)))
        return 2
    except Exception as exc:  # a database that cannot be opened or migrated
        log.debug("the database could not be opened", exc_info=True)
        _say(ops.run_refused(ops.doctor_db_failed(type(exc).__name__)))
        return 1
    settle_memory()
    try:
        (run_webhook if webhook else run_polling)(settings, house)
    except TelegramNotConfigured as exc:
        _say(ops.run_refused(str(exc)))
        return 2
    except (InvalidToken, NetworkError) as exc:  # the token or the network changed since the probe
        _say(ops.run_refused(ops.run_stopped_by_telegram(type(exc).__name__)))
        return 1
    return 0
