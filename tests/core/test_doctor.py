"""`healthbot doctor` against the fake Bot API, the fake OpenAI server and the sandbox."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from pydantic import SecretStr

from bot.compose import compose
from bot.ops.doctor import run_doctor
from bot.store.crypto import generate_key
from bot.telegram.app import build_application
from tests.fixtures.core import make_settings, persons_today
from tests.fixtures.openai import FakeOpenAI
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import BOT_TOKEN, FakeTelegram, free_port, running_bot

ROOT = Path(__file__).resolve().parents[2]


def doctor(tmp_path: Path, key: str | None, **overrides: object) -> tuple[int, str]:
    lines: list[str] = []
    code = run_doctor(make_settings(tmp_path, **overrides), key=key, out=lines.append)
    return code, "\n".join(lines)


def test_everything_configured_passes_and_prints_the_prompt_size(
    tmp_path: Path, fake_telegram: FakeTelegram, fake_openai: FakeOpenAI, sandbox: RunningSandbox
) -> None:
    key = asyncio.run(sandbox.add_user("Alice"))
    today = persons_today().isoformat()
    eggs = {"food": "Eggs, 2", "calories": 140, "protein": 12, "carbs": 1, "fat": 10}
    fake_openai.reply_tool_calls([("log_food", {"date": today, "items": [eggs]})])
    code, out = doctor(
        tmp_path,
        key,
        telegram_bot_token=BOT_TOKEN,
        telegram_api_base_url=fake_telegram.base_url,
        openai_api_key="test-key",
        openai_base_url=fake_openai.base_url,
        agent_api_base_url=sandbox.url,
    )
    assert code == 0, out
    assert "All checks passed." in out
    assert "user: Alice" in out
    assert "Prompt size:" in out and "target <= 1550" in out
    assert key not in out and BOT_TOKEN not in out


def test_each_problem_is_named_with_its_fix(
    tmp_path: Path, fake_telegram: FakeTelegram, sandbox: RunningSandbox
) -> None:
    code, out = doctor(
        tmp_path,
        "hk_wrong",
        telegram_bot_token="123:not-the-right-token-at-all-000000000000",
        telegram_api_base_url=fake_telegram.base_url,
        agent_api_base_url=sandbox.url,
        bot_encryption_key="not-a-fernet-key",
    )
    assert code == 1
    assert "BOT_ENCRYPTION_KEY" in out and "Fernet.generate_key" in out
    assert "Telegram refused the bot token" in out and "@BotFather" in out
    assert "refused that key" in out
    assert "OPENAI_API_KEY is not set" in out
    assert "not-the-right-token" not in out and "hk_wrong" not in out


def test_a_fresh_key_is_accepted(tmp_path: Path) -> None:
    code, out = doctor(tmp_path, None, bot_encryption_key=generate_key())
    assert "valid Fernet key" in out
    assert "pass --key" in out
    assert code == 1  # no bot token configured


def test_doctor_in_an_empty_folder_creates_nothing_and_says_each_fix_once(tmp_path: Path) -> None:
    scrubbed = ("OPENAI_", "TELEGRAM_", "AGENT_", "BOT_ENCRYPTION_KEY", "DATABASE_URL")
    env = {k: v for k, v in os.environ.items() if not k.startswith(scrubbed)}
    env["PYTHONPATH"] = str(ROOT)
    result = subprocess.run(
        [sys.executable, "-m", "bot.cli", "doctor"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,  # the default DATABASE_URL is ./healthbot.db
        env=env,
        check=False,
    )
    assert result.returncode == 1, result.stderr
    assert list(tmp_path.iterdir()) == []  # a check does not create the database
    assert "No database at healthbot.db yet" in result.stdout
    assert result.stdout.count("BOT_ENCRYPTION_KEY is not set") == 1
    assert result.stdout.count("Fernet.generate_key") == 1


async def test_a_running_bot_that_stopped_receiving_is_reported(
    tmp_path: Path, fake_telegram: FakeTelegram
) -> None:
    """The bot runs in this process, the doctor asks it over HTTP as another process would."""
    port = free_port()
    bot_db = tmp_path / "bot.db"
    bot_settings = make_settings(
        tmp_path,
        telegram_bot_token=SecretStr(fake_telegram.token),
        telegram_api_base_url=fake_telegram.base_url,
        database_url=f"sqlite+aiosqlite:///{bot_db}?timeout=0.3",
        health_port=port,
        receiver_stale_seconds=1.0,
    )
    house = await compose(bot_settings)
    app = build_application(bot_settings, house, reminder_every=None, outbox_every=None)
    (tmp_path / "doctor").mkdir()

    doctor_settings = {"health_port": port, "telegram_api_base_url": fake_telegram.base_url}

    async def receiver_line() -> str:
        _, out = await asyncio.to_thread(doctor, tmp_path / "doctor", None, **doctor_settings)
        [line] = [line for line in out.splitlines() if "running bot" in line]
        return line

    async with running_bot(app):
        assert (await receiver_line()).startswith("✓ The running bot is receiving updates")
        lock = sqlite3.connect(bot_db, isolation_level=None)
        lock.execute("BEGIN IMMEDIATE")
        try:
            fake_telegram.push_text(4242, "/start")
            deadline = time.monotonic() + 20
            line = await receiver_line()
            while line.startswith("✓") and time.monotonic() < deadline:
                line = await receiver_line()
            assert line.startswith("✗ The running bot is not receiving updates")
            assert "database is locked" in line
        finally:
            lock.execute("ROLLBACK")
            lock.close()
        await fake_telegram.wait_sent(4242, 1, timeout=10)
        assert (await receiver_line()).startswith("✓")
    out = (await asyncio.to_thread(doctor, tmp_path / "doctor", None, **doctor_settings))[1]
    assert f"No bot answers at http://127.0.0.1:{port}/healthz" in out
