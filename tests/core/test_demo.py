"""`healthbot demo` end to end: a real process, scripted through stdin."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bot.terminal.demo import terminal_language

ROOT = Path(__file__).resolve().parents[2]


def run_cli(
    *args: str, stdin: str, tmp_path: Path, **extra_env: str
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "TELEGRAM_", "LC_"))}
    env.update({"PYTHONPATH": str(ROOT), "LANG": "C.UTF-8"} | extra_env)  # English by default
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,  # no .env from the repo is picked up
        env=env,
        check=False,
    )


def test_demo_logs_oatmeal_and_sleep_and_shows_the_day(tmp_path: Path) -> None:
    result = run_cli("demo", stdin="had oatmeal, slept badly\n", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Oatmeal" in out and "kcal" in out
    assert "Check-in: sleep 2/5" in out
    assert "Calories:" in out and "left" in out
    assert "Traceback" not in out + result.stderr


def test_demo_speaks_the_terminals_language_or_the_one_asked_for(tmp_path: Path) -> None:
    italian = run_cli("demo", stdin="/language\n", tmp_path=tmp_path, LANG="it_IT.UTF-8")
    assert "Ti scrivo in italiano" in italian.stdout, italian.stderr
    asked = run_cli("demo", "--language", "de", stdin="/units\n", tmp_path=tmp_path, LANG="fr_FR")
    assert "Gewichte zeige ich in kg, Energie in kcal" in asked.stdout, asked.stderr


def test_the_terminals_language_is_read_as_gettext_reads_it() -> None:
    assert terminal_language({"LANG": "de_DE.UTF-8"}) == "de_DE"
    assert terminal_language({"LC_ALL": "es_MX.UTF-8", "LANG": "de_DE"}) == "es_MX"
    assert terminal_language({"LC_MESSAGES": "fr_CA@euro"}) == "fr_CA"
    assert terminal_language({"LANG": "C.UTF-8"}) is None
    assert terminal_language({}) is None


def test_demo_answers_commands_and_questions(tmp_path: Path) -> None:
    script = "2 eggs and toast\nhow much protein today?\n/today\n/quit\n"
    result = run_cli("demo", stdin=script, tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Eggs" in result.stdout
    assert result.stdout.count("Today,") >= 2  # after logging, and for /today


def test_a_line_that_fails_or_is_not_utf8_gets_a_reply_and_the_demo_goes_on(
    tmp_path: Path,
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "TELEGRAM_"))}
    env["PYTHONPATH"] = str(ROOT)
    script = b"/timezone UTC-14\n\xff\xfe\x80 banana\n2 eggs\n"
    result = subprocess.run(
        [sys.executable, "-m", "bot.cli", "demo"],
        input=script,
        capture_output=True,
        timeout=60,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    out = result.stdout.decode("utf-8", errors="replace")
    err = result.stderr.decode("utf-8", errors="replace")
    assert result.returncode == 0, err
    assert "Traceback" not in out + err
    assert "> /timezone UTC-14\n" in out and "> \ufffd\ufffd\ufffd banana\n" in out
    assert "Eggs" in out  # the lines after them were answered too


def test_the_demo_tells_the_truth_answers_status_and_links_again(tmp_path: Path) -> None:
    script = "/status\n/sync\n/disconnect\n/connect demo\n/today\n"
    result = run_cli("demo", stdin=script, tmp_path=tmp_path, TZ="America/New_York")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "America/New_York" in out and "Berlin" not in out  # this machine's zone
    assert "deleted the message" not in out  # a terminal has no message to delete
    assert "nothing is waiting" in out  # /status
    assert "I don't know that command" in out  # /sync
    assert "What you can say" not in out  # neither is answered with /help
    assert "/connect demo" in out  # /disconnect says how to link again
    assert out.count("Your account is linked") == 2  # at the start and after /connect demo
    assert "Today," in out  # /today after linking again


def test_the_terminal_shows_what_an_llm_would_add_where_telegram_stays_silent(
    tmp_path: Path,
) -> None:
    result = run_cli("demo", stdin="the usual from that place downtown\n", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    reply = result.stdout.split("> the usual from that place downtown", 1)[1]
    assert "2 eggs and toast" in reply and "OPENAI_API_KEY" in reply
