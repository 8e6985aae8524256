"""LOG_FORMAT: text lines as always, or one JSON object a line for a log collector, with the
same redaction of keys and tokens. Each case runs `configure_logging` in a fresh interpreter,
as `healthbot run` does, so what is checked is what goes to stderr."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.config import Settings

ROOT = Path(__file__).resolve().parents[2]
# Shaped like a service API key (bot/kernel/keys.py): `hk_` and 24+ URL-safe characters.
KEY = "hk_Zq7xW2pL9vB4nK8sT1mR6cY3dF5gH0jA"
TOKEN = "7000000001:AAHfakeTokenForTestsOnly_abcdefghijklmnop"
LEVELS = ("debug", "info", "warning", "error", "critical")


def _stderr(fmt: str, body: str) -> str:
    script = textwrap.dedent(
        f"""
        import logging
        from bot.telegram.logs import configure_logging
        configure_logging("DEBUG", fmt={fmt!r})
        log = logging.getLogger("healthbot.test")
        """
    ) + textwrap.dedent(body)
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    return done.stderr


def _json_lines(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_a_json_line_parses_and_has_time_level_logger_and_message() -> None:
    (entry,) = _json_lines(_stderr("json", 'log.info("weight logged for %s", "Ana")'))
    assert entry["level"] == "INFO" and entry["logger"] == "healthbot.test"
    assert entry["message"] == "weight logged for Ana"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", str(entry["time"]))
    assert "update_id" not in entry  # no update was being handled


def test_a_json_line_names_the_update_being_handled_and_its_outcome() -> None:
    body = """
        import asyncio
        from telegram import Update
        from bot.telegram.ordering import PerPersonUpdateProcessor

        async def handle():
            log.info("reading the message")

        async def main():
            await PerPersonUpdateProcessor(4).do_process_update(Update(update_id=4711), handle())

        asyncio.run(main())
    """
    lines = _json_lines(_stderr("json", body))
    said = {entry["message"]: entry for entry in lines}
    assert said["reading the message"]["update_id"] == 4711
    assert said["update handled"]["update_id"] == 4711
    assert said["update handled"]["outcome"] == "handled"


@pytest.mark.parametrize("level", LEVELS)
def test_a_key_never_reaches_a_json_line_at_any_level(level: str) -> None:
    body = f"""
        log.{level}("connect %s", {KEY!r})
        log.{level}("pasted: {KEY} and /bot{TOKEN}/getMe", extra={{"outcome": {KEY!r}}})
        log.{level}("over two lines: %s", "{KEY[:12]}\\n{KEY[12:]}")
        try:
            raise RuntimeError("refused {KEY}")
        except RuntimeError:
            log.{level}("failed", exc_info=True)
    """
    out = _stderr("json", body)
    lines = _json_lines(out)
    assert len(lines) == 4 and all(entry["level"] == level.upper() for entry in lines)
    assert KEY not in out and KEY[3:20] not in out and TOKEN not in out
    assert "<redacted>" in lines[0]["message"] and "RuntimeError" in str(lines[3]["exception"])


def test_text_lines_are_as_before_and_redacted_too() -> None:
    out = _stderr("text", f'log.warning("key %s", {KEY!r})')
    assert re.fullmatch(
        r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} WARNING healthbot.test: key <redacted>\n", out
    )


def test_log_format_is_text_unless_set_to_json() -> None:
    assert Settings(_env_file=None).log_format == "text"  # type: ignore[call-arg]
    assert Settings(_env_file=None, log_format="json").log_format == "json"  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="log_format"):
        Settings(_env_file=None, log_format="xml")  # type: ignore[call-arg,arg-type]
