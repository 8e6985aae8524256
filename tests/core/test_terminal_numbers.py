"""Huge numbers typed into the terminal chat: answered in words, nothing written wrongly."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from tests.fixtures.sandbox import RunningSandbox

ROOT = Path(__file__).resolve().parents[2]


def test_a_huge_mood_and_a_line_of_digits_get_true_replies(
    tmp_path: Path, sandbox: RunningSandbox
) -> None:
    key = asyncio.run(sandbox.add_user("Carla", "Europe/Madrid"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "TELEGRAM_"))}
    env.update(
        PYTHONPATH=str(ROOT),
        AGENT_API_BASE_URL=sandbox.url,
        AGENT_API_KEY=key,
        DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
    )
    # A line of digits alone picks a numbered button; 5,000 of them is no button.
    script = "mood 1" + "0" * 400 + "\n" + "7" * 5000 + "\nmood 4\n"
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
    assert "rated 1 to 5" in out and "Nothing was saved" in out, out[-3000:]
    assert "too long" in out.lower(), out[-3000:]
    assert "went wrong" not in out.lower() and "Error" not in out, out[-3000:]
    assert "Traceback" not in out + result.stderr
    counts = asyncio.run(sandbox.counts(key))
    assert counts["checkins"] == 1 and counts["nutrition"] == counts["weights"] == 0, counts
