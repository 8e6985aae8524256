"""`healthbot run` refuses to start without what it needs, and says how to fix it."""

from __future__ import annotations

import gc
import io
import logging
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from bot.config import Settings
from bot.store.crypto import generate_key
from bot.telegram import logs
from bot.telegram.run import main_run, settle_memory
from tests.fixtures.telegram import FakeTelegram

ROOT = Path(__file__).resolve().parents[2]
KEY = generate_key()


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
            {"telegram_bot_token": SecretStr("1:x"), "bot_encryption_key": SecretStr(KEY)},
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


def test_a_malformed_encryption_key_is_refused_before_anything_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    values = {"telegram_bot_token": SecretStr("1:x"), "bot_encryption_key": SecretStr("notakey")}
    assert main_run(settings(**values)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "entry 1 is not a valid Fernet key" in err[0], err
    assert "notakey" not in err[0]
    assert list(tmp_path.iterdir()) == []  # no database, no Telegram request


def run_bot(tmp_path: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    """`healthbot run` as an operator starts it, with only the given settings."""
    scrubbed = ("OPENAI_", "TELEGRAM_", "AGENT_", "BOT_ENCRYPTION_KEY", "DATABASE_URL")
    env = {k: v for k, v in os.environ.items() if not k.startswith(scrubbed)}
    env.update(PYTHONPATH=str(ROOT), BOT_ENCRYPTION_KEY=generate_key(), **settings)
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", "run"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=env,
        check=False,
    )


def test_a_rejected_token_is_one_line_and_a_failure(
    tmp_path: Path, fake_telegram: FakeTelegram
) -> None:
    result = run_bot(
        tmp_path,
        TELEGRAM_BOT_TOKEN="123:not-the-right-token-at-all-000000000000",
        TELEGRAM_API_BASE_URL=fake_telegram.base_url,
    )
    assert result.returncode == 2
    lines = (result.stdout + result.stderr).strip().splitlines()
    assert len(lines) == 1, lines
    assert "Telegram refused the bot token" in lines[0] and "@BotFather" in lines[0]
    assert "not-the-right-token" not in lines[0]
    assert list(tmp_path.iterdir()) == []  # refused before anything was set up


def test_telegram_out_of_reach_is_tried_again_a_line_each_then_given_up(tmp_path: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # nothing listens there once the socket is closed
    result = run_bot(
        tmp_path,
        TELEGRAM_BOT_TOKEN="123:a-token-that-is-never-checked-00000000000",
        TELEGRAM_API_BASE_URL=f"http://127.0.0.1:{port}/bot",
        TELEGRAM_START_ATTEMPTS="3",
        TELEGRAM_START_MAX_WAIT_SECONDS="0.2",
    )
    assert result.returncode == 1
    lines = (result.stdout + result.stderr).strip().splitlines()
    assert len(lines) == 3, lines
    assert all("unreachable" in line for line in lines)
    assert "attempt 1 of 3" in lines[0] and "attempt 2 of 3" in lines[1]
    assert "Gave up after 3 attempts" in lines[2]


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


def test_after_start_a_crowds_objects_are_not_walked_every_700_allocations() -> None:
    """What the bot holds for a crowd in flight (here 5,000 live objects) triggers no young
    collection after `settle_memory`; Python's default ran one every 700."""
    collections: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    before = gc.get_threshold()
    gc.collect()
    try:
        settle_memory()
        gc.callbacks.append(count)
        in_flight = [[i] for i in range(5_000)]
        assert len(in_flight) == 5_000
        gc.callbacks.remove(count)
        assert collections == []
    finally:
        if count in gc.callbacks:
            gc.callbacks.remove(count)
        gc.unfreeze()
        gc.set_threshold(*before)
