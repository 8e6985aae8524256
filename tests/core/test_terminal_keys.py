"""A key pasted into the terminal chat links like /connect and is never printed back."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from tests.fixtures.sandbox import RunningSandbox

ROOT = Path(__file__).resolve().parents[2]


def test_a_key_pasted_in_the_terminal_links_and_is_never_echoed(
    tmp_path: Path, sandbox: RunningSandbox
) -> None:
    carla = asyncio.run(sandbox.add_user("Carla", "Europe/Madrid"))
    dora = asyncio.run(sandbox.add_user("Dora", "Europe/Madrid"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "TELEGRAM_"))}
    env.update(
        PYTHONPATH=str(ROOT),
        AGENT_API_BASE_URL=sandbox.url,
        AGENT_API_KEY=carla,
        DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
    )
    script = (
        f"my new key is \u200b{dora} ok?\n/connect «{carla}»\n/connect {carla[:9]}é{carla[10:]}\n"
    )
    result = subprocess.run(
        [sys.executable, "-m", "bot.cli", "chat"],
        input=script,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Welcome, Dora!" in out and out.count("Welcome, Carla!") == 2  # at start, then again
    assert "doesn't look like an API key" in out
    for key in (carla, dora):
        assert key[3:20] not in out + result.stderr and key[-12:] not in out + result.stderr
    assert asyncio.run(sandbox.counts(dora))["nutrition"] == 0  # nothing was planned or logged
