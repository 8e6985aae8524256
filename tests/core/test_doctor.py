"""`healthbot doctor` against the fake Bot API, the fake OpenAI server and the sandbox."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from bot.doctor import run_doctor
from bot.store.crypto import generate_key
from tests.fixtures.core import make_settings
from tests.fixtures.openai import FakeOpenAI
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import BOT_TOKEN, FakeTelegram

ROOT = Path(__file__).resolve().parents[2]


def doctor(tmp_path: Path, key: str | None, **overrides: object) -> tuple[int, str]:
    lines: list[str] = []
    code = run_doctor(make_settings(tmp_path, **overrides), key=key, out=lines.append)
    return code, "\n".join(lines)


def test_everything_configured_passes_and_prints_the_prompt_size(
    tmp_path: Path, fake_telegram: FakeTelegram, fake_openai: FakeOpenAI, sandbox: RunningSandbox
) -> None:
    key = asyncio.run(sandbox.add_user("Alice"))
    fake_openai.reply_tool_calls(
        [("read", {"route": "today", "date": None, "from": None, "to": None})]
    )
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
    assert "Prompt size:" in out and "target <= 1500" in out
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
