"""`healthbot chat`: the terminal chat against a service given by AGENT_API_BASE_URL/KEY."""

from __future__ import annotations

import asyncio
import os
import socket
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from bot.store.crypto import generate_key
from sandbox.app import SandboxConfig, create_app
from sandbox.faults import FaultInjector, WriteFault
from sandbox.users import add_user
from tests.fixtures.core import fresh_database_url
from tests.fixtures.sandbox import API_PREFIX, RunningSandbox, SandboxFactory
from tests.fixtures.serving import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]


def test_chat_logs_into_the_configured_account(tmp_path: Path, sandbox: RunningSandbox) -> None:
    key = asyncio.run(sandbox.add_user("Carla", "Europe/Madrid"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "TELEGRAM_"))}
    env.update(
        PYTHONPATH=str(ROOT),
        AGENT_API_BASE_URL=sandbox.url,
        AGENT_API_KEY=key,
        DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
    )
    result = subprocess.run(
        [sys.executable, "-m", "bot.cli", "chat"],
        input="2 huevos y un café\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Carla" in result.stdout  # greeted by the service's name
    assert "Europe/Madrid" in result.stdout  # the service's timezone was taken
    assert asyncio.run(sandbox.counts(key))["nutrition"] == 2
    assert key not in result.stdout + result.stderr


def test_chat_without_a_key_says_what_to_set(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "AGENT_"))}
    env["PYTHONPATH"] = str(ROOT)
    result = subprocess.run(
        [sys.executable, "-m", "bot.cli", "chat"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    assert result.returncode == 2
    assert "AGENT_API_KEY" in result.stdout


# --- a terminal that never crashes and never promises what it does not do -------------------

SCRUBBED = ("OPENAI_", "TELEGRAM_", "AGENT_", "BOT_ENCRYPTION_KEY", "DATABASE_URL")


def chat_env(service_url: str, key: str, **extra: str) -> dict[str, str]:
    """The environment of a `healthbot chat` run: nothing of the developer's own settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(SCRUBBED)}
    env.update(PYTHONPATH=str(ROOT), AGENT_API_BASE_URL=service_url, AGENT_API_KEY=key, **extra)
    return env


def stored_in(tmp_path: Path) -> dict[str, str]:
    """A fresh store (SQLite, or PostgreSQL under HEALTHBOT_TEST_DB) and its encryption key."""
    return {"DATABASE_URL": fresh_database_url(tmp_path), "BOT_ENCRYPTION_KEY": generate_key()}


def chat(cwd: Path, env: dict[str, str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", "chat"],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=90,
        cwd=cwd,
        env=env,
        check=False,
    )


def closed_port_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"  # nothing listens there once the socket is closed


def first_write_fails_seed() -> int:
    """A sandbox seed at fail rate 0.5 whose first write fails and the next ones succeed."""
    for seed in range(10_000):
        faults = FaultInjector(0.5, seed)
        draws = [faults.draw() for _ in range(8)]
        if draws[0] is not WriteFault.NONE and set(draws[1:]) == {WriteFault.NONE}:
            return seed
    raise AssertionError("no such seed")


class Console:
    """A running `healthbot chat` whose output is read as it comes, line by line."""

    def __init__(self, cwd: Path, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot.cli", "chat"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=env,
        )
        self.output: list[str] = []
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            with self._lock:
                self.output.append(raw.decode("utf-8", errors="replace"))

    def text(self) -> str:
        with self._lock:
            return "".join(self.output)

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def wait_for(self, text: str, *, count: int = 1, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while self.text().count(text) < count:
            assert self.process.poll() is None, f"chat ended early:\n{self.text()}"
            assert time.monotonic() < deadline, f"never printed {text!r}:\n{self.text()}"
            time.sleep(0.05)

    def close(self) -> tuple[int, str, str]:
        """End the input as a script does; the exit status, all of stdout, all of stderr."""
        assert self.process.stdin is not None and self.process.stderr is not None
        self.process.stdin.close()
        code = self.process.wait(timeout=60)
        self._reader.join(timeout=10)
        return code, self.text(), self.process.stderr.read().decode("utf-8", errors="replace")


def test_a_second_run_without_an_encryption_key_reads_what_the_first_stored(
    tmp_path: Path, sandbox: RunningSandbox
) -> None:
    key = asyncio.run(sandbox.add_user("Carla", "Europe/Madrid"))
    first = chat(tmp_path, chat_env(sandbox.url, key), "")
    key_file = tmp_path / "healthbot.db.key"
    assert first.returncode == 0, first.stderr
    assert str(key_file) in first.stdout  # the output says where the key is kept
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert "deleted the message" not in first.stdout  # a terminal has no message to delete

    # The service is down now: the key linked by the first run must still be readable.
    second = chat(tmp_path, chat_env(closed_port_url(), key), "/today\n")
    assert second.returncode == 0, second.stderr
    assert "Traceback" not in second.stdout + second.stderr
    assert str(key_file) in second.stdout
    assert "couldn't reach the health service" in second.stdout  # /today still answered
    assert key not in first.stdout + first.stderr + second.stdout + second.stderr


def test_without_an_encryption_key_and_a_database_server_it_says_what_to_set(
    tmp_path: Path,
) -> None:
    env = chat_env(
        closed_port_url(),
        "hk_unused",
        DATABASE_URL="postgresql+asyncpg://postgres@127.0.0.1:1/healthbot",
    )
    result = chat(tmp_path, env, "2 eggs\n")
    assert result.returncode == 2
    lines = (result.stdout + result.stderr).strip().splitlines()
    assert len(lines) == 1 and "BOT_ENCRYPTION_KEY" in lines[0], lines
    assert list(tmp_path.iterdir()) == []


def test_what_waits_is_sent_while_the_chat_waits_for_input_and_status_says_so(
    tmp_path: Path, sandbox_factory: SandboxFactory
) -> None:
    sandbox = sandbox_factory(fail_rate=0.5, seed=first_write_fails_seed())
    key = asyncio.run(sandbox.add_user("Carla", "Europe/Madrid"))
    store = stored_in(tmp_path)
    console = Console(tmp_path, chat_env(sandbox.url, key, **store))
    console.send("2 eggs")
    console.wait_for("I'll tell you when it's in")  # the service failed the first write
    console.wait_for("✅ Synced")  # and the retry went out while the chat waited for input
    assert asyncio.run(sandbox.counts(key))["nutrition"] == 1
    console.send("/status")
    console.wait_for("nothing is waiting")
    console.send("/sync")
    console.wait_for("I don't know that command")
    code, out, err = console.close()
    assert code == 0, err
    assert "What you can say" not in out  # /status and unknown commands are not /help
    assert "Traceback" not in out + err
    assert asyncio.run(sandbox.counts(key))["nutrition"] == 1


def test_a_scripted_chat_still_sends_what_waits_before_it_ends(
    tmp_path: Path, sandbox_factory: SandboxFactory
) -> None:
    sandbox = sandbox_factory(fail_rate=0.5, seed=first_write_fails_seed())
    key = asyncio.run(sandbox.add_user("Carla", "Europe/Madrid"))
    store = stored_in(tmp_path)
    result = chat(tmp_path, chat_env(sandbox.url, key, **store), "2 eggs\n")
    assert result.returncode == 0, result.stderr
    assert "I'll tell you when it's in" in result.stdout
    assert "✅ Synced" in result.stdout
    assert asyncio.run(sandbox.counts(key))["nutrition"] == 1


def test_a_service_url_that_ends_in_the_api_prefix_works(
    tmp_path: Path, sandbox: RunningSandbox
) -> None:
    key = asyncio.run(sandbox.add_user("Carla", "Europe/Madrid"))
    store = stored_in(tmp_path)
    result = chat(tmp_path, chat_env(sandbox.api_url + "/", key, **store), "1 banana\n")
    assert result.returncode == 0, result.stderr
    assert "Welcome, Carla" in result.stdout
    assert asyncio.run(sandbox.counts(key))["nutrition"] == 1


def test_the_chat_asks_the_service_who_the_key_is_once(tmp_path: Path, sandbox_db_url: str) -> None:
    """Starting a chat checks the key and links it on the one answer to `GET /me`."""
    app = create_app(SandboxConfig(db_url=sandbox_db_url))
    asked: list[tuple[str, str]] = []

    async def counted(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            asked.append((scope["method"], scope["path"]))
        await app(scope, receive, send)

    served = serve_in_thread(counted, name="counted sandbox")
    try:
        key = asyncio.run(add_user(sandbox_db_url, "Carla", "Europe/Madrid"))
        result = chat(tmp_path, chat_env(served.url, key, **stored_in(tmp_path)), "")
    finally:
        served.stop()
    assert result.returncode == 0, result.stderr
    assert "Welcome, Carla" in result.stdout
    assert asked.count(("GET", API_PREFIX + "/me")) == 1, asked
