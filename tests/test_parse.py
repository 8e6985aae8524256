"""`healthbot parse` through the real CLI entry point: stdin lines in, one JSON line out each.

The actions are compared with what the planner itself plans for the same message, as the
client would post them; the LLM path runs against the fake OpenAI server on loopback.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from typer.testing import CliRunner, Result

from bot.agent_api.actions import to_wire
from bot.cli import app
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner
from bot.planner.sanity import sane
from tests.fixtures.openai import FakeOpenAI

NOW = "2026-11-22T08:15"
BERLIN = "Europe/Berlin"
# Nothing from the machine's environment or a .env file: no model unless a test sets one.
NO_MODEL = {"OPENAI_API_KEY": "", "OPENAI_BASE_URL": "", "DAY_ENDS_AT": "03:00"}


@pytest.fixture(autouse=True)
def _no_dotenv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # Settings read `.env` from here: there is none


def run_parse(
    lines: list[str], *args: str, env: dict[str, str] | None = None
) -> tuple[Result, list[dict[str, Any]]]:
    stdin = "".join(line + "\n" for line in lines).encode("utf-8")
    result = CliRunner().invoke(app, ["parse", *args], input=stdin, env={**NO_MODEL, **(env or {})})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    return result, rows


def offline_plan(text: str, now: str = NOW, timezone: str = BERLIN) -> list[dict[str, Any]]:
    """What the offline planner plans for `text`, as the client posts it."""
    local = dt.datetime.fromisoformat(now).replace(tzinfo=ZoneInfo(timezone))
    context = PlanContext(now=local, timezone=timezone, day_ends_at=dt.time(3))
    plan = sane(asyncio.run(OfflinePlanner().plan(text, context)))
    return [to_wire(action) for action in plan.actions]


def test_english_and_german_messages_give_the_planned_actions_and_the_logged_reply() -> None:
    english, german = "had oatmeal, slept badly", "Ich hatte zwei Eier und einen Kaffee"
    result, rows = run_parse([english, "", german], "--now", NOW, "--timezone", BERLIN)
    assert result.exit_code == 0
    assert [row["text"] for row in rows] == [english, german]  # the blank line is skipped
    oatmeal, eggs = rows
    assert oatmeal["actions"] == offline_plan(english)
    assert [a["type"] for a in oatmeal["actions"]] == ["nutrition.add_entry", "checkin.upsert"]
    assert all(a["date"] == "2026-11-22" for a in oatmeal["actions"])
    assert oatmeal["reply"].splitlines() == [
        "Logged",
        "🍽 Oatmeal, 1 cup cooked — 166 kcal · P 6 g · C 28 g · F 4 g",
        "📝 Check-in: sleep 2/5",
    ]
    assert eggs["actions"] == offline_plan(german)
    assert "Eggs" in eggs["reply"] and "<" not in eggs["reply"]  # plain text, no HTML
    assert result.stderr == ""


def test_a_reader_of_german_gets_the_foods_and_the_reply_the_bot_would_give_them() -> None:
    meal = "zwei Brötchen mit Käse und ein Kaffee"
    _, (german,) = run_parse([meal], "--now", NOW, "--timezone", BERLIN, "--language", "de")
    foods = [a["entry"]["food"] for a in german["actions"]]
    assert foods == ["Brötchen, 2 Brötchen", "Käse, 1 Scheibe (28 g)", "Kaffee, 1 Tasse (240 ml)"]
    assert german["reply"].splitlines()[0] == "Eingetragen"
    _, (english,) = run_parse([meal], "--now", NOW, "--timezone", BERLIN)
    assert english["actions"] == offline_plan(meal)  # the service's numbers are the same
    assert [a["entry"]["calories"] for a in english["actions"]] == [
        a["entry"]["calories"] for a in german["actions"]
    ]
    assert english["actions"][0]["entry"]["food"] == "Bread rolls (brötchen), 2 rolls"


def test_a_json_line_brings_its_own_clock_and_zone() -> None:
    # 23:30 UTC on the 22nd is already the morning of the 23rd in Tokyo.
    own = {"text": "2 eggs", "now": "2026-11-22T23:30:00+00:00", "timezone": "Asia/Tokyo"}
    lines = [json.dumps(own), json.dumps({"text": "2 eggs"}), "72.4 kg"]
    _, rows = run_parse(lines, "--now", NOW, "--timezone", BERLIN)
    tokyo, flags, weight = rows
    assert [a["date"] for a in tokyo["actions"]] == ["2026-11-23"]
    assert tokyo["actions"] == offline_plan("2 eggs", "2026-11-23T08:30", "Asia/Tokyo")
    assert [a["date"] for a in flags["actions"]] == ["2026-11-22"]
    assert weight["actions"] == [{"type": "weight.log", "date": "2026-11-22", "weightKg": 72.4}]


def test_before_the_day_ends_a_message_counts_for_the_evening_before() -> None:
    _, rows = run_parse([json.dumps({"text": "2 eggs", "now": "2026-11-22T01:30"})])
    assert [a["date"] for a in rows[0]["actions"]] == ["2026-11-21"]


def test_a_question_writes_nothing_and_says_what_would_be_read() -> None:
    _, rows = run_parse(["what did I eat today?", "how was my week?"], "--now", NOW)
    question, chart = rows
    assert question["actions"] == []
    assert question["reply"].startswith("I'd answer this from your account: what you ate (today)")
    assert "nothing was read" in question["reply"]
    assert chart["actions"] == [] and "chart of your last 7 days" in chart["reply"]


def test_nonsense_is_answered_as_the_bot_answers_it() -> None:
    _, rows = run_parse(["asdf qwer zxcv"], "--now", NOW)
    assert rows[0]["actions"] == []
    assert rows[0]["reply"].startswith("I couldn't place 'asdf qwer zxcv'.")


def test_a_malformed_line_is_an_error_of_its_own_and_the_rest_go_on() -> None:
    lines = [
        '{"text": oops}',
        json.dumps({"now": NOW}),
        json.dumps({"text": "2 eggs", "timezone": "Mars/Base"}),
        json.dumps({"text": "2 eggs", "now": "yesterday"}),
        "2 eggs",
    ]
    result, rows = run_parse(lines, "--now", NOW)
    assert result.exit_code == 0
    assert [row["text"] for row in rows] == [
        '{"text": oops}',
        json.dumps({"now": NOW}),
        *["2 eggs"] * 3,
    ]
    assert rows[0]["error"].startswith("not a JSON object")
    assert rows[1]["error"] == 'a JSON line needs "text", a string'
    assert "Mars/Base" in rows[2]["error"] and "yesterday" in rows[3]["error"]
    assert all("actions" not in row for row in rows[:4])
    assert rows[4]["actions"] == offline_plan("2 eggs")
    assert "Traceback" not in result.output


def test_what_the_bot_posts_for_a_person_with_no_data_yet() -> None:
    lines = ["took vitamin d", "I'm at 95", "🍕", "same breakfast as yesterday", "9000 kcal cake"]
    _, rows = run_parse(lines, "--now", NOW, "--timezone", "Europe/London")
    vitamin, unitless, pizza, usual, cake = rows
    # the stack is empty: the supplement is added before it is marked, in the same request
    assert [a["type"] for a in vitamin["actions"]] == [
        "supplements.add_item",
        "supplements.mark_taken",
    ]
    # where both units are in use, as in London, the unit is asked
    assert unitless["actions"] == [] and "95 kg or 95 lb" in unitless["reply"]
    assert pizza["actions"] == [] and "nothing is saved yet" in pizza["reply"]
    assert [a["entry"]["food"] for a in pizza["draft"]] == ["Pizza, 1 slice"]
    assert usual["actions"] == [] and "I found no breakfast logged yesterday" in usual["reply"]
    # a value that looks implausible is a draft: shown, posted only on Save
    assert cake["actions"] == [] and cake["reply"].startswith("Please check before I save")
    assert [a["entry"]["calories"] for a in cake["draft"]] == [9000.0]


def test_bad_flags_and_a_missing_model_are_one_line_and_exit_2() -> None:
    bad = (["--timezone", "Mars/Base"], ["--now", "noon"], ["--language", "pt"])
    for args in (*bad, ["--planner", "llm"]):
        result, rows = run_parse(["2 eggs"], *args)
        assert result.exit_code == 2, args
        assert rows == []
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert "Traceback" not in result.output
    assert "OPENAI_API_KEY" in result.stderr


# The model's own estimate; the food table's eggs are what is logged.
EGGS = {"food": "Eggs", "amount": 2, "unit": "piece"}
EGGS |= {"calories": 160, "protein": 13, "carbs": 1, "fat": 11}


def test_the_llm_planner_asks_the_configured_model(fake_openai: FakeOpenAI) -> None:
    fake_openai.reply_tool_calls([("log_food", {"date": "2026-11-22", "items": [EGGS]})])
    fake_openai.reply_tool_calls([("read", {"route": "nutrition", "date": "2026-11-22"})])
    model = {
        "OPENAI_API_KEY": "test-key",
        "OPENAI_BASE_URL": fake_openai.base_url,
        "OPENAI_MODEL": "fake-model",
    }
    texts = ["zwei Eier zum Frühstück", "what did I eat today?"]
    result, rows = run_parse(texts, "--planner", "llm", "--now", NOW, env=model)
    assert result.exit_code == 0, result.output
    eggs, question = rows
    entry = {"food": "Eggs, 2 pieces (100 g)", "calories": 143.0, "protein": 12.6}
    entry |= {"carbs": 0.7, "fat": 9.5}
    assert eggs["actions"] == [
        {"type": "nutrition.add_entry", "date": "2026-11-22", "entry": entry}
    ]
    assert eggs["reply"].splitlines() == [
        "Logged",
        "🍽 Eggs, 2 pieces (100 g) — 143 kcal · P 13 g · C 1 g · F 10 g",
    ]
    assert question["actions"] == [] and "what you ate (today)" in question["reply"]
    # one request a message: the question's reads are not answered, so no second call
    assert [r["model"] for r in fake_openai.chat_requests] == ["fake-model"] * 2
    assert texts[0] in json.dumps(fake_openai.chat_requests[0], ensure_ascii=False)


def test_a_model_that_gives_no_plan_fails_its_line_only(fake_openai: FakeOpenAI) -> None:
    fake_openai.reply_error(400, "this model cannot do that")
    fake_openai.reply_tool_calls([("log_food", {"date": "2026-11-22", "items": [EGGS]})])
    model = {"OPENAI_API_KEY": "test-key", "OPENAI_BASE_URL": fake_openai.base_url}
    result, rows = run_parse(["first", "2 eggs"], "--planner", "llm", "--now", NOW, env=model)
    assert result.exit_code == 0
    assert rows[0]["text"] == "first" and rows[0]["error"].startswith("the planner gave no plan")
    assert [a["entry"]["food"] for a in rows[1]["actions"]] == ["Eggs, 2 pieces (100 g)"]
