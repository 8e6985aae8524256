"""`healthbot run [--webhook]`: start the bot in polling or webhook mode."""

from __future__ import annotations

import asyncio
import logging
import sys

from telegram import Update

from bot import render
from bot.config import Settings
from bot.eventloop import new_event_loop
from bot.store.crypto import GENERATE_HINT, EncryptionError
from bot.telegram.app import TelegramNotConfigured, build_application, webhook_options
from bot.telegram.handlers import Core
from bot.telegram.logs import configure_logging, redact_also

log = logging.getLogger(__name__)


def run_polling(settings: Settings, assistant: Core) -> None:
    """Long-poll Telegram until interrupted; updates sent while the bot was down are kept."""
    app = build_application(settings, assistant)
    app.run_polling(allowed_updates=Update.ALL_TYPES, drop_pending_updates=False)


def run_webhook(settings: Settings, assistant: Core) -> None:
    """Serve Telegram's webhook; requests without the secret token get 403."""
    app = build_application(settings, assistant)
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
        return render.run_needs_token()
    if not settings.encryption_keys():
        return render.run_needs_encryption_key(GENERATE_HINT)
    if webhook and not settings.webhook_url:
        return render.run_needs_webhook_url()
    return None


def main_run(settings: Settings, *, webhook: bool = False) -> int:
    """The exit code of `healthbot run`: 0 after a clean stop, 2 when misconfigured."""
    configure_logging(settings.log_level, secrets=_secrets(settings))
    problem = _refusal(settings, webhook)
    if problem:
        print(render.run_refused(problem), file=sys.stderr)
        return 2
    from bot.assistant import create_assistant

    # PTB's run_* use the current event loop: build the assistant (engine, HTTP pool) on it.
    loop = new_event_loop(use_uvloop=settings.use_uvloop)
    asyncio.set_event_loop(loop)
    try:
        assistant = loop.run_until_complete(create_assistant(settings))
    except (EncryptionError, TelegramNotConfigured) as exc:
        print(render.run_refused(str(exc)), file=sys.stderr)
        return 2
    try:
        (run_webhook if webhook else run_polling)(settings, assistant)
    except TelegramNotConfigured as exc:
        print(render.run_refused(str(exc)), file=sys.stderr)
        return 2
    return 0
