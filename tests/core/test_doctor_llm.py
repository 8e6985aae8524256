"""`healthbot doctor`'s LLM check: a model passes only if it can log a realistic message.

Against the fake OpenAI server (and, for what local servers say of their context size, a
server that describes itself); everything else the doctor checks is configured to pass, so
the exit status and the summary count the LLM check alone.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.ops.doctor import run_doctor
from bot.ops.llm_probe import PROBE_MESSAGE
from tests.fixtures.core import make_settings, persons_today
from tests.fixtures.openai import FakeOpenAI, chat_completion
from tests.fixtures.openai_servers import described_server
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import BOT_TOKEN, FakeTelegram

TODAY = persons_today().isoformat()
EGGS = {"food": "Eggs, 2", "calories": 140, "protein": 12, "carbs": 1, "fat": 10}
EGGS_CALL = ("log_food", {"date": TODAY, "items": [EGGS]})
WEIGHT_CALL = ("weight_log", {"date": TODAY, "weightKg": 72.4})


@pytest.fixture
def doctor(tmp_path: Path, fake_telegram: FakeTelegram, sandbox: RunningSandbox) -> Any:
    """Run the doctor with every other check passing; returns (exit code, the LLM line, all)."""
    key = asyncio.run(sandbox.add_user("Alice"))

    def run(base_url: str) -> tuple[int, str, str]:
        lines: list[str] = []
        settings = make_settings(
            tmp_path,
            telegram_bot_token=BOT_TOKEN,
            telegram_api_base_url=fake_telegram.base_url,
            openai_api_key="test-key",
            openai_base_url=base_url,
            agent_api_base_url=sandbox.url,
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
    assert request["messages"][-1] == {"role": "user", "content": PROBE_MESSAGE}
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
