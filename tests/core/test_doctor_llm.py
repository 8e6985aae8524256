"""`healthbot doctor`'s LLM check: a model passes only if it can log a realistic message.

Against the fake OpenAI server (and, for what local servers say of their context size, a
server that describes itself); everything else the doctor checks is configured to pass, so
the exit status and the summary count the LLM check alone.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from bot.ops.doctor import run_doctor
from bot.ops.llm_probe import PROBE_MESSAGE, probe_context, probe_llm
from bot.planner.client import openai_client
from bot.planner.llm import build_llm_planner
from tests.fixtures.core import make_settings, persons_today
from tests.fixtures.openai import FakeOpenAI, chat_completion
from tests.fixtures.openai_servers import described_server
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import BOT_TOKEN, FakeTelegram

TODAY = persons_today().isoformat()
EGGS = {"food": "Eggs, 2", "calories": 140, "protein": 12, "carbs": 1, "fat": 10}
EGGS_CALL = ("log_food", {"date": TODAY, "items": [EGGS]})
WEIGHT_CALL = ("weight_log", {"date": TODAY, "weightKg": 72.4})
TEMPERATURE_REFUSED = (
    "Unsupported value: 'temperature' does not support 0 with this model. Only the default "
    "(1) value is supported."
)


@pytest.fixture
def doctor(tmp_path: Path, fake_telegram: FakeTelegram, sandbox: RunningSandbox) -> Any:
    """Run the doctor with every other check passing; returns (exit code, the LLM line, all)."""
    key = asyncio.run(sandbox.add_user("Alice"))

    def run(base_url: str, **overrides: Any) -> tuple[int, str, str]:
        lines: list[str] = []
        settings = make_settings(
            tmp_path,
            telegram_bot_token=BOT_TOKEN,
            telegram_api_base_url=fake_telegram.base_url,
            openai_api_key="test-key",
            openai_base_url=base_url,
            agent_api_base_url=sandbox.url,
            **overrides,
        )
        code = run_doctor(settings, key=key, out=lines.append)
        [line] = [line for line in lines if "The LLM" in line]
        return code, line, "\n".join(lines)

    return run


def test_a_model_that_logs_the_probe_with_valid_calls_passes(
    doctor: Any, fake_openai: FakeOpenAI
) -> None:
    fake_openai.reply_tool_calls([EGGS_CALL, WEIGHT_CALL], usage=(1803, 40))
    code, line, out = doctor(fake_openai.base_url)
    assert code == 0, out
    assert line.startswith("✓"), line
    assert "Eggs, 2 — 140 kcal" in line and "Weight: 72.4 kg" in line
    [request] = fake_openai.chat_requests
    assert request["messages"][-1]["content"].endswith(f"]\n{PROBE_MESSAGE}")
    assert {t["function"]["name"] for t in request["tools"]} >= {"log_food", "weight_log"}


def test_a_model_that_answers_in_prose_fails_with_the_fix_named(
    doctor: Any, fake_openai: FakeOpenAI
) -> None:
    fake_openai.reply_text("Great breakfast! Eggs are a good source of protein.")
    code, line, out = doctor(fake_openai.base_url)
    assert code == 1 and "1 check failed" in out
    assert line.startswith("✗") and "without a tool call" in line
    assert "--chat_format chatml-function-calling" in line and "OPENAI_MODEL" in line


def test_tool_calls_that_do_not_validate_fail_naming_what_was_wrong(
    doctor: Any, fake_openai: FakeOpenAI
) -> None:
    junk = {"date": TODAY, "items": [{"food": "Eggs", "calories": "lots"}]}
    fake_openai.reply_tool_calls([("log_food", junk), ("weight_log", '{"weightKg": 72.4,')])
    code, line, out = doctor(fake_openai.base_url)
    assert code == 1 and "1 check failed" in out
    assert line.startswith("✗") and "2 tool calls that did not validate" in line
    assert "log_food: " in line and "not valid JSON" in line


def test_valid_calls_that_log_something_else_fail(doctor: Any, fake_openai: FakeOpenAI) -> None:
    """What SmolLM2-135M made of the probe on llama-cpp-python: valid, and junk."""
    debris = {"food": ");;}, {", "calories": 6, "protein": 5, "carbs": 7, "fat": 1}
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": [debris]})])
    code, line, _ = doctor(fake_openai.base_url)
    assert code == 1
    assert line.startswith("✗") and "log something else" in line and ");;}, {" in line


def test_the_servers_token_count_is_printed_beside_the_estimate(
    doctor: Any, fake_openai: FakeOpenAI
) -> None:
    fake_openai.reply_tool_calls([EGGS_CALL], usage=(1803, 40))
    _, line, _ = doctor(fake_openai.base_url)
    assert "1,803 prompt tokens counted by the server (" in line and "by tiktoken)" in line
    assert "context size unknown" in line  # OpenAI's API does not say


def test_without_usage_the_estimate_is_said_to_be_one(doctor: Any, fake_openai: FakeOpenAI) -> None:
    body = chat_completion(tool_calls=[EGGS_CALL])
    del body["usage"]
    fake_openai.reply(body)
    code, line, _ = doctor(fake_openai.base_url)
    assert code == 0
    assert "prompt tokens by tiktoken (the server reported no usage)" in line


@pytest.mark.parametrize(
    ("where", "described"),
    [
        ("models", {"data": [{"id": "gpt-4o-mini", "object": "model", "max_model_len": 8192}]}),
        ("props", {"default_generation_settings": {"n_ctx": 8192}}),
    ],
)
def test_the_context_size_a_server_reports_is_printed(
    doctor: Any, where: str, described: dict[str, Any]
) -> None:
    with described_server(**{where: described}) as server:
        server.reply(chat_completion(tool_calls=[EGGS_CALL], usage=(1803, 40)))
        code, line, _ = doctor(server.base_url)
    assert code == 0, line
    assert "context 8,192 tokens" in line


def test_a_context_too_small_for_the_prompt_and_a_conversation_fails(doctor: Any) -> None:
    models = {"data": [{"id": "gpt-4o-mini", "meta": {"n_ctx": 2048}}]}
    with described_server(models=models) as server:
        server.reply(chat_completion(tool_calls=[EGGS_CALL], usage=(1803, 40)))
        code, line, _ = doctor(server.base_url)
    assert code == 1
    assert line.startswith("✗") and "context 2,048 tokens" in line and "--n_ctx 8192" in line


def test_a_server_that_fails_is_reported_with_what_went_wrong(
    doctor: Any, fake_openai: FakeOpenAI
) -> None:
    fake_openai.reply_error(400, "This model's maximum context length is 2048 tokens.")
    code, line, _ = doctor(fake_openai.base_url)
    assert code == 1
    assert line.startswith("✗") and "maximum context length is 2048 tokens" in line


# --- the probe is the bot's own request ------------------------------------------------------

BOTS_SETTINGS = {"openai_model": "local", "llm_max_tokens": 300, "llm_temperature": None}


def _planners_request(settings: Settings, fake: FakeOpenAI, now: dt.datetime) -> dict[str, Any]:
    """What the bot's planner sends for `PROBE_MESSAGE` from the probe's person at `now`."""

    async def plan() -> None:
        planner = build_llm_planner(settings)
        try:
            await planner.plan(PROBE_MESSAGE, probe_context(now))
        finally:
            await planner.aclose()

    fake.reply_tool_calls([EGGS_CALL])
    asyncio.run(plan())
    return fake.chat_requests[-1]


def test_the_probe_sends_what_the_planner_sends_for_the_message(
    tmp_path: Path, fake_openai: FakeOpenAI
) -> None:
    settings = make_settings(
        tmp_path, openai_api_key="test-key", openai_base_url=fake_openai.base_url, **BOTS_SETTINGS
    )
    now = dt.datetime(2026, 11, 28, 0, 30, tzinfo=dt.UTC)

    async def probe() -> None:
        async with openai_client(settings) as client:
            await probe_llm(build_llm_planner(settings, client), now=now)

    fake_openai.reply_tool_calls([EGGS_CALL])
    asyncio.run(probe())
    probed = fake_openai.chat_requests[-1]
    assert probed == _planners_request(settings, fake_openai, now)
    system, user = probed["messages"]
    assert system["role"] == "system" and user["content"].startswith("[now: Saturday 2026-11-28")
    assert probed["max_tokens"] == 300 and "temperature" not in probed
    assert probed["tool_choice"] == "auto" and probed["parallel_tool_calls"] is True


def test_the_doctor_asks_with_the_bots_settings_and_the_clock(
    doctor: Any, tmp_path: Path, fake_openai: FakeOpenAI
) -> None:
    fake_openai.reply_tool_calls([EGGS_CALL])
    code, line, _ = doctor(fake_openai.base_url, **BOTS_SETTINGS)
    assert code == 0, line
    probed = fake_openai.chat_requests[-1]
    assert probed["max_tokens"] == 300 and "temperature" not in probed  # not 512 and 0
    assert probed["messages"][-1]["content"].startswith("[now: ")
    settings = make_settings(
        tmp_path, openai_api_key="test-key", openai_base_url=fake_openai.base_url, **BOTS_SETTINGS
    )
    planned = _planners_request(settings, fake_openai, dt.datetime.now(dt.UTC))
    # the same request but for the minute on the person's clock
    assert {**probed, "messages": None} == {**planned, "messages": None}
    assert probed["messages"][0] == planned["messages"][0]


def test_a_model_that_refuses_temperature_passes_as_the_bot_can_use_it(
    doctor: Any, fake_openai: FakeOpenAI
) -> None:
    """OpenAI's o-series refuse temperature 0; the bot asks again without it, so the doctor
    does too."""
    error = {"message": TEMPERATURE_REFUSED, "type": "invalid_request_error"}
    fake_openai.reply({"error": error | {"param": "temperature"}}, status=400)
    fake_openai.reply_tool_calls([EGGS_CALL])
    code, line, _ = doctor(fake_openai.base_url)
    assert code == 0 and line.startswith("✓"), line
    refused, again = fake_openai.chat_requests
    assert refused["temperature"] == 0 and "temperature" not in again


# --- advice names only what would change -----------------------------------------------------


def test_a_named_model_that_answers_in_prose_is_not_told_to_set_openai_model(
    doctor: Any, fake_openai: FakeOpenAI
) -> None:
    fake_openai.reply_text("Great breakfast!")
    code, line, _ = doctor(fake_openai.base_url, openai_model="local")
    assert code == 1 and "without a tool call" in line
    assert "OPENAI_MODEL" not in line and "in place of local" in line


@pytest.mark.parametrize(
    ("served", "prompt", "limit", "ok", "advice", "never"),
    [
        # the bot assumes 4,096 on a server running 8,192: worth telling it
        (8192, 1803, 0, True, "set LLM_CONTEXT_TOKENS=8192", "LLM_CONTEXT_TOKENS=4096"),
        # told already: nothing to set
        (8192, 1803, 8192, True, None, "LLM_CONTEXT_TOKENS"),
        (4096, 1803, 4096, True, None, "LLM_CONTEXT_TOKENS"),
        # the bot told more than the server runs: conversations would be refused
        (4096, 1803, 8192, False, "set LLM_CONTEXT_TOKENS=4096", "LLM_CONTEXT_TOKENS=8192"),
        # 8,192 already and still too small: a larger one, never the same
        (8192, 7500, 8192, False, "--n_ctx 16384", "--n_ctx 8192"),
    ],
)
def test_context_advice_never_suggests_the_value_in_use(
    doctor: Any,
    served: int,
    prompt: int,
    limit: int,
    ok: bool,
    advice: str | None,
    never: str,
) -> None:
    with described_server(props={"default_generation_settings": {"n_ctx": served}}) as server:
        server.reply(chat_completion(tool_calls=[EGGS_CALL], usage=(prompt, 40)))
        code, line, _ = doctor(server.base_url, llm_context_tokens=limit)
    assert (code == 0) is ok, line
    assert advice is None or advice in line, line
    assert never not in line, line
