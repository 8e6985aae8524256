"""`healthbot run` refuses to start without what it needs, and says how to fix it."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import SecretStr

from bot.config import Settings
from bot.telegram.run import main_run


@pytest.fixture(autouse=True)
def _restore_logging() -> Iterator[None]:
    factory, root = logging.getLogRecordFactory(), logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    logging.setLogRecordFactory(factory)
    root.handlers[:] = handlers
    root.setLevel(level)


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
