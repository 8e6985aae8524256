"""`healthbot chat`: the terminal chat against a service given by AGENT_API_BASE_URL/KEY."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from tests.fixtures.sandbox import RunningSandbox

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
