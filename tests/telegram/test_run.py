"""`healthbot run` refuses to start without what it needs, and says how to fix it."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import SecretStr

from bot.config import Settings
from bot.telegram import logs
from bot.telegram.run import main_run


@pytest.fixture(autouse=True)
def _restore_logging() -> Iterator[None]:
    factory, root = logging.getLogRecordFactory(), logging.getLogger()
    handlers, level = list(root.handlers), root.level
    noisy = {name: logging.getLogger(name).level for name in logs.NOISY_LOGGERS}
    known = set(logs._known)
    yield
    logging.setLogRecordFactory(factory)
    root.handlers[:] = handlers
    root.setLevel(level)
    for name, was in noisy.items():
        logging.getLogger(name).setLevel(was)
    logs._known.clear()
    logs._known.update(known)


def settings(**values: Any) -> Settings:
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("values", "webhook", "says"),
    [
        ({}, False, "TELEGRAM_BOT_TOKEN is not set"),
        ({"telegram_bot_token": SecretStr("1:x")}, False, "Fernet.generate_key()"),
        (
            {"telegram_bot_token": SecretStr("1:x"), "bot_encryption_key": SecretStr("k")},
            True,
            "WEBHOOK_URL is not set",
        ),
    ],
)
def test_refuses_to_start_and_says_why(
    values: dict[str, Any], webhook: bool, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main_run(settings(**values), webhook=webhook) == 2
    assert says in capsys.readouterr().err


def test_the_configured_secrets_are_redacted_from_the_first_log_line() -> None:
    """`healthbot run` sets up redaction first, and by value: a token or a webhook secret
    that no pattern would recognise is still never written."""
    token, secret = "4242:short-token-value", "plain words secret"
    values = {
        "telegram_bot_token": SecretStr(token),
        "webhook_secret_token": SecretStr(secret),
        "log_level": "DEBUG",
    }
    assert main_run(settings(**values)) == 2  # no encryption key: refused after set-up
    out = io.StringIO()
    ptb = logging.getLogger("telegram.ext.ExtBot")
    handler = logging.StreamHandler(out)
    ptb.addHandler(handler)
    try:
        ptb.debug("Set Bot API URL: https://api.telegram.org/bot%s", token)
        ptb.debug("Calling setWebhook with %s", {"url": "https://b.example", "token": secret})
    finally:
        ptb.removeHandler(handler)
    assert token not in out.getvalue() and secret not in out.getvalue()
    assert out.getvalue().count("<redacted>") == 2
