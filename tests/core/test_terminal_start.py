"""What a terminal user reads when a command cannot start: a URL setting without its scheme,
a service that does not answer, a key it refuses. One line in terminal words, a non-zero exit,
never a traceback, a raw log line, or a Telegram command to send."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store.crypto import generate_key
from tests.fixtures.core import fresh_database_url
from tests.fixtures.sandbox import RunningSandbox

ROOT = Path(__file__).resolve().parents[2]
SCRUBBED = ("OPENAI_", "TELEGRAM_", "AGENT_", "BOT_ENCRYPTION_KEY", "DATABASE_URL", "WEBHOOK_")


def healthbot(
    cwd: Path, *args: str, stdin: str = "", **settings: str
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(SCRUBBED)}
    env.update(PYTHONPATH=str(ROOT), **settings)
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env=env,
        check=False,
    )


def said(result: subprocess.CompletedProcess[str]) -> list[str]:
    return (result.stdout + result.stderr).strip().splitlines()


def closed_port_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"  # nothing listens there once the socket is closed


def stored_in(tmp_path: Path) -> dict[str, str]:
    return {"DATABASE_URL": fresh_database_url(tmp_path), "BOT_ENCRYPTION_KEY": generate_key()}


def assert_terminal_words(result: subprocess.CompletedProcess[str]) -> None:
    out = result.stdout + result.stderr
    assert "Traceback" not in out
    assert "/connect" not in out, out  # the key came from AGENT_API_KEY: nothing to send
    assert "connect:" not in result.stderr, result.stderr  # no log line for an operator


@pytest.mark.parametrize("command", [["chat"], ["doctor"], ["run"]])
def test_a_service_url_without_its_scheme_is_refused_in_one_line(
    tmp_path: Path, command: list[str]
) -> None:
    result = healthbot(
        tmp_path,
        *command,
        stdin="2 eggs\n",
        AGENT_API_BASE_URL="localhost:9",
        AGENT_API_KEY="hk_given_in_the_environment",
        TELEGRAM_BOT_TOKEN="123:abc",
        **stored_in(tmp_path),
    )
    assert result.returncode != 0
    lines = said(result)
    assert len(lines) == 1, lines
    assert "AGENT_API_BASE_URL" in lines[0]
    assert "http://" in lines[0] and "https://" in lines[0]
    assert "localhost:9" not in lines[0]  # a URL may carry credentials: never echoed
    assert_terminal_words(result)


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("OPENAI_BASE_URL", "api.openai.com/v1"),
        ("TELEGRAM_API_BASE_URL", "127.0.0.1:8081/bot"),
        ("TELEGRAM_API_FILE_URL", "127.0.0.1:8081/file/bot"),
        ("WEBHOOK_URL", "bot.example.org/telegram"),
    ],
)
def test_every_url_setting_needs_http_or_https(tmp_path: Path, setting: str, value: str) -> None:
    result = healthbot(tmp_path, "doctor", **{setting: value}, **stored_in(tmp_path))
    assert result.returncode != 0
    lines = said(result)
    assert len(lines) == 1, lines
    assert setting in lines[0] and "http://" in lines[0]
    assert "Traceback" not in result.stdout + result.stderr


def test_a_service_that_is_down_is_said_in_terminal_words(tmp_path: Path) -> None:
    url = closed_port_url()
    result = healthbot(
        tmp_path,
        "chat",
        stdin="2 eggs\n",
        AGENT_API_BASE_URL=url,
        AGENT_API_KEY="hk_given_in_the_environment",
        **stored_in(tmp_path),
    )
    assert result.returncode != 0
    lines = said(result)
    assert len(lines) == 1, lines
    assert url in lines[0] and "AGENT_API_BASE_URL" in lines[0]
    assert_terminal_words(result)


def test_a_key_the_service_refuses_is_said_in_terminal_words(
    tmp_path: Path, sandbox: RunningSandbox
) -> None:
    result = healthbot(
        tmp_path,
        "chat",
        stdin="2 eggs\n",
        AGENT_API_BASE_URL=sandbox.url,
        AGENT_API_KEY="hk_not_a_key_the_service_knows",
        **stored_in(tmp_path),
    )
    assert result.returncode != 0
    lines = said(result)
    assert len(lines) == 1, lines
    assert "AGENT_API_KEY" in lines[0]
    assert_terminal_words(result)
    assert "hk_not_a_key" not in result.stdout + result.stderr


def test_a_linked_chat_goes_on_while_the_service_is_down_and_says_so_in_terminal_words(
    tmp_path: Path, sandbox: RunningSandbox
) -> None:
    key = asyncio.run(sandbox.add_user("Carla", "Europe/Madrid"))
    store = stored_in(tmp_path)
    first = healthbot(tmp_path, "chat", AGENT_API_BASE_URL=sandbox.url, AGENT_API_KEY=key, **store)
    assert first.returncode == 0, first.stderr
    url = closed_port_url()
    second = healthbot(
        tmp_path, "chat", stdin="/today\n", AGENT_API_BASE_URL=url, AGENT_API_KEY=key, **store
    )
    assert second.returncode == 0, second.stderr
    assert url in second.stdout  # where it tried, so a wrong URL can be seen
    assert "couldn't reach the health service" in second.stdout  # /today still answered
    assert_terminal_words(second)
    assert second.stderr == ""
