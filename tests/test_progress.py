"""The progress bar of long runs with a model (`healthbot eval` and `parse --planner llm`).

Piped, the output is exactly what it was: no bar, no terminal codes, the same last line. On a
terminal (a rich console forced to be one, writing into a string), the bar counts the cases
done, the model's requests and tokens as the fake OpenAI server reported them.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from bot.cli import app
from bot.ops.eval import main_eval
from bot.ops.parse import Clock, Parser, parse_lines
from bot.ops.progress import run_progress, terminal_console
from bot.planner.llm import build_llm_planner
from tests.fixtures.core import make_settings
from tests.fixtures.openai import FakeOpenAI

ANSI = re.compile(r"\x1b\[")
EGGS = {"food": "Eggs, 2 large", "calories": 143, "protein": 12.6, "carbs": 0.7, "fat": 9.5}
EGGS_CALL = ("log_food", {"date": "2026-11-22", "items": [EGGS]})
OVERALL = "overall: precision 1.000 recall 1.000 F1 1.000"


def _cases(path: Path, count: int) -> None:
    expect = [{"type": "nutrition.add_entry", "entry": {"food": "egg"}}]
    row = {"text": "2 eggs", "now": "2026-11-22T08:15:00", "timezone": "UTC", "expect": expect}
    lines = [json.dumps({"id": f"eggs-{n}", **row}) for n in range(count)]
    path.write_text("\n".join(lines) + "\n")


def _terminal() -> tuple[Console, io.StringIO]:
    screen = io.StringIO()
    return Console(file=screen, force_terminal=True, width=160), screen


def test_piped_eval_prints_the_report_alone_and_no_bar(
    fake_openai: FakeOpenAI, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = tmp_path / "cases.jsonl"
    _cases(cases, 2)
    for _ in range(2):
        fake_openai.reply_tool_calls([EGGS_CALL], usage=(1000, 50))
    live = make_settings(tmp_path, openai_api_key="test-key", openai_base_url=fake_openai.base_url)
    assert main_eval(str(cases), "llm", None, False, settings=live) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == OVERALL
    assert not ANSI.search(out + err) and "cases" not in err and "tokens" not in err


def test_on_a_terminal_eval_shows_cases_requests_and_tokens(
    fake_openai: FakeOpenAI, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = tmp_path / "cases.jsonl"
    _cases(cases, 3)
    for _ in range(3):
        fake_openai.reply_tool_calls([EGGS_CALL], usage=(1000, 50))
    live = make_settings(tmp_path, openai_api_key="test-key", openai_base_url=fake_openai.base_url)
    console, screen = _terminal()
    assert main_eval(str(cases), "llm", None, False, settings=live, bar=console) == 0
    drawn = screen.getvalue()
    assert "3/3 cases · 3 requests · 3,150 tokens" in drawn
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == OVERALL and not ANSI.search(out)


def test_piped_parse_with_a_model_writes_json_lines_only(fake_openai: FakeOpenAI) -> None:
    fake_openai.reply_tool_calls([EGGS_CALL])
    fake_openai.reply_tool_calls([EGGS_CALL])
    env = {"OPENAI_API_KEY": "test-key", "OPENAI_BASE_URL": fake_openai.base_url}
    env |= {"DAY_ENDS_AT": "03:00"}
    result = CliRunner().invoke(
        app,
        ["parse", "--planner", "llm", "--now", "2026-11-22T08:15"],
        input=b"2 eggs\n2 eggs\n",
        env=env,
    )
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [row["text"] for row in rows] == ["2 eggs", "2 eggs"]
    assert not ANSI.search(result.stdout + result.stderr) and result.stderr == ""


def test_on_a_terminal_parse_counts_lines_requests_and_tokens(
    fake_openai: FakeOpenAI, tmp_path: Path
) -> None:
    fake_openai.reply_tool_calls([EGGS_CALL], usage=(900, 40))
    fake_openai.reply_error(400, "this model cannot do that")
    settings = make_settings(
        tmp_path, openai_api_key="test-key", openai_base_url=fake_openai.base_url
    )
    console, screen = _terminal()
    out = io.BytesIO()

    async def run() -> None:
        planner = build_llm_planner(settings)
        try:
            with run_progress(None, console=console, label="parse") as progress:
                parser = Parser(planner, settings, Clock(now="2026-11-22T08:15"))
                await parse_lines(parser, ["2 eggs\n", "\n", "more\n"], out, progress)
        finally:
            await planner.aclose()

    asyncio.run(run())
    assert len(out.getvalue().splitlines()) == 2  # the blank line gives nothing, nor counts
    counted = re.search(r"2 messages · 2 requests · ([\d,]+) tokens", screen.getvalue())
    assert counted is not None, screen.getvalue()
    # the answered request as the server counted it; the refused one by the local estimate
    assert int(counted[1].replace(",", "")) > 940


def test_a_stream_that_is_not_a_terminal_gets_no_bar_even_with_force_color(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert terminal_console(io.StringIO()) is None
