"""What a person reads and what is written when the model fails them: the assistant core on
the real sandbox, the LLM planner on the real openai client against the fake server."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import zoneinfo
from typing import Any

import pytest

from bot.config import Settings
from bot.core.assistant import Assistant
from bot.kernel.readers import DEFAULT
from bot.kernel.said import Malformed, MalformedKind
from bot.render import format as fmt
from bot.render import model, reading
from bot.store import repo
from tests.fixtures.core import AssistantFactory
from tests.fixtures.openai import FakeOpenAI, chat_completion, prompt_tokens
from tests.fixtures.sandbox import RunningSandbox

USER = 42
MORNING = dt.datetime(2026, 11, 22, 8, 15, tzinfo=zoneinfo.ZoneInfo("Europe/Berlin"))
TODAY = "2026-11-22"
READ_TODAY = {"route": "today", "date": TODAY, "from": None, "to": None}
# Words the rules leave unplaced, so the model is asked with the fast path on.
NOT_FOR_THE_RULES = "that burrito bowl and oatmeal thing from the zorblax place near work"


async def linked(
    factory: AssistantFactory, sandbox: RunningSandbox, fake: FakeOpenAI, **settings: Any
) -> tuple[Assistant, str]:
    key = await sandbox.add_user("Alice", "Europe/Berlin")
    assistant = await factory(sandbox_url=sandbox.url, openai_base_url=fake.base_url, **settings)
    await assistant.connect(user_id=USER, chat_id=USER, api_key=key)
    await assistant.preferences.set_timezone(user_id=USER, name="Berlin")
    return assistant, key


async def say(assistant: Assistant, text: str) -> str:
    reply = await assistant.handle_text(user_id=USER, chat_id=USER, text=text, now=MORNING)
    return fmt.to_plain(reply.html)


async def requests_counted(assistant: Assistant) -> int:
    async with assistant.resources.sessionmaker() as session:
        requests, _ = await repo.get_llm_usage(
            session=session, telegram_id=USER, local_date=MORNING.date()
        )
    return requests


async def test_the_rules_plan_is_used_when_the_model_fails_and_it_says_so(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, key = await linked(assistant_factory, sandbox, fake_openai, offline_fast_path=False)
    fake_openai.reply_error(500)
    fake_openai.reply_error(500)

    text = await say(assistant, "72.4 kg")

    assert "72.4 kg" in text and fmt.to_plain(model.used_rules_instead(False, DEFAULT)) in text
    assert (await sandbox.counts(key))["weights"] == 1
    assert await requests_counted(assistant) == 2  # the request and its one retry


async def test_a_fake_logged_reply_gives_way_to_the_rules(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, key = await linked(assistant_factory, sandbox, fake_openai, offline_fast_path=False)
    fake_openai.reply_text("Logged: 72.4 kg")
    text = await say(assistant, "72.4 kg")
    assert (await sandbox.counts(key))["weights"] == 1
    assert fmt.to_plain(model.used_rules_instead(False, DEFAULT)) in text

    fake_openai.reply_text("Logged: the usual, 650 kcal")
    text = await say(assistant, NOT_FOR_THE_RULES)
    assert text == reading.LLM_CLAIMED_WRITE
    assert (await sandbox.counts(key)).get("nutrition", 0) == 0


async def test_a_model_that_logs_something_else_gives_way_to_the_rules(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    """A small model copies food from the history for "took vitamin D"; the rules read the
    message whole as a supplement taken, and that is what is written."""
    assistant, key = await linked(assistant_factory, sandbox, fake_openai, offline_fast_path=False)
    eggs = {"food": "eggs, 2 large", "calories": 143, "protein": 13, "carbs": 1, "fat": 10}
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": [eggs]})])

    text = await say(assistant, "took vitamin D")

    counts = await sandbox.counts(key)
    assert counts.get("nutrition", 0) == 0
    assert "Vitamin D" in text and fmt.to_plain(model.used_rules_instead(False, DEFAULT)) in text


async def test_a_model_that_reads_the_same_kind_of_write_keeps_its_reading(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    """Where the model and the rules both log food, the model's names and amounts stand."""
    assistant, _ = await linked(assistant_factory, sandbox, fake_openai, offline_fast_path=False)
    eggs = {"food": "scrambled eggs, 3", "calories": 270, "protein": 18, "carbs": 2, "fat": 21}
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": [eggs]})])

    text = await say(assistant, "had 3 eggs")

    assert "scrambled eggs, 3 — 270 kcal" in text
    assert fmt.to_plain(model.used_rules_instead(False, DEFAULT)) not in text


async def test_a_slow_model_is_said_and_the_message_kept_for_retry(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, _ = await linked(
        assistant_factory, sandbox, fake_openai, llm_request_timeout_seconds=0.3
    )
    fake_openai.reply_delay(2.0)

    text = await say(assistant, NOT_FOR_THE_RULES)

    assert text == fmt.to_plain(model.llm_slow(DEFAULT))
    assert len(fake_openai.chat_requests) == 1  # a timeout is not retried at once
    meal = {"food": "Burrito bowl", "calories": 650, "protein": 30, "carbs": 80, "fat": 20}
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": [meal]})])
    text = await say(assistant, "retry")
    assert "Burrito bowl" in text
    assert NOT_FOR_THE_RULES in fake_openai.chat_requests[-1]["messages"][-1]["content"]


async def test_a_request_the_bot_gave_up_on_still_counts_its_tokens(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    """The server worked on the prompt though the bot stopped waiting: the budget counts it
    at the estimate it was sent with (servers report more than tiktoken counts)."""
    assistant, _ = await linked(
        assistant_factory, sandbox, fake_openai, llm_request_timeout_seconds=0.3
    )
    fake_openai.reply_delay(2.0)

    await say(assistant, NOT_FOR_THE_RULES)

    async with assistant.resources.sessionmaker() as session:
        requests, tokens = await repo.get_llm_usage(
            session=session, telegram_id=USER, local_date=MORNING.date()
        )
    assert requests == 1
    assert tokens >= prompt_tokens(fake_openai.chat_requests[0], ratio=1.5)


async def test_a_message_too_long_for_the_model_is_said_plainly_and_not_kept(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, _ = await linked(assistant_factory, sandbox, fake_openai, max_message_chars=12000)
    fake_openai.behave_like("llama-cpp-python")

    text = await say(assistant, "and then the usual thing " * 400)

    assert text.startswith(fmt.to_plain(model.llm_message_too_long(DEFAULT)))
    assert fake_openai.chat_requests == []  # known before sending: nothing to wait for
    fake_openai.reply_text("What would you like to retry?")
    assert await say(assistant, "retry") == "What would you like to retry?"


async def test_a_failed_answer_round_is_the_models_failure_not_the_services(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, _ = await linked(assistant_factory, sandbox, fake_openai, offline_fast_path=False)
    fake_openai.reply_tool_calls([("read", READ_TODAY)])
    fake_openai.reply_error(500)
    fake_openai.reply_error(500)

    text = await say(assistant, "how's my day looking so far, food wise?")

    assert text == fmt.to_plain(model.llm_answer_failed(DEFAULT))
    assert "health service" not in text
    assert await requests_counted(assistant) == 3


async def test_junk_from_the_model_is_never_written(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, key = await linked(assistant_factory, sandbox, fake_openai)
    junk = {"food": 'oatmeal, 1 cup cooked"}, {', "calories": 8, "protein": 10}
    junk |= {"carbs": 0, "fat": 0}
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": [junk]})])

    text = await say(assistant, NOT_FOR_THE_RULES)

    assert text == reading.left_out_malformed(
        [Malformed(MalformedKind.FOOD, "oatmeal, 1 cup cooked")], DEFAULT
    )
    assert (await sandbox.counts(key)).get("nutrition", 0) == 0

    debris = {**junk, "calories": 158, "protein": 6, "carbs": 27, "fat": 3}
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": [debris]})])
    text = await say(assistant, NOT_FOR_THE_RULES)
    assert "oatmeal, 1 cup cooked — 158 kcal" in text and '"}' not in text
    assert (await sandbox.counts(key))["nutrition"] == 1


async def test_failed_requests_count_against_the_daily_budget(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, _ = await linked(assistant_factory, sandbox, fake_openai, llm_daily_requests=2)
    fake_openai.reply_error(500)
    fake_openai.reply_error(500)
    await say(assistant, NOT_FOR_THE_RULES)

    text = await say(assistant, NOT_FOR_THE_RULES)

    assert text == fmt.to_plain(model.llm_budget_reached(DEFAULT))
    assert len(fake_openai.chat_requests) == 2


async def test_a_question_answered_still_says_what_of_the_message_was_left_out(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, key = await linked(assistant_factory, sandbox, fake_openai, offline_fast_path=False)
    fake_openai.reply_tool_calls([("read", READ_TODAY), ("log_food", '{"date": "')])
    fake_openai.reply_tool_calls([("log_food", "still not json")])  # the repair fails too
    fake_openai.reply_text("Nothing is logged for today yet.")

    text = await say(assistant, "how's my day so far? and add the usual thing from work")

    assert text.startswith("Nothing is logged for today yet.")
    assert reading.llm_partly_understood(["nutrition"], DEFAULT) in text
    assert (await sandbox.counts(key)).get("nutrition", 0) == 0


async def test_a_failed_repair_is_worded_as_the_models_failure_and_keeps_the_valid_part(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, key = await linked(assistant_factory, sandbox, fake_openai, offline_fast_path=False)
    meal = {"food": "Burrito bowl", "calories": 650, "protein": 30, "carbs": 80, "fat": 20}
    fake_openai.reply_tool_calls(
        [("log_food", {"date": TODAY, "items": [meal]}), ("log_food", '{"date": "')]
    )
    fake_openai.reply_error(500)
    fake_openai.reply_error(500)  # the repair request and its retry

    text = await say(assistant, "a burrito bowl and the usual thing from work")

    assert "Burrito bowl" in text and reading.llm_repair_failed(["nutrition"], DEFAULT) in text
    assert "other words" not in text
    assert (await sandbox.counts(key))["nutrition"] == 1


def cut_off(body: dict[str, Any]) -> dict[str, Any]:
    """A completion as a server sends it when the answer reached max_tokens."""
    body["choices"][0]["finish_reason"] = "length"
    return body


async def test_an_answer_cut_off_at_the_token_limit_is_told_to_the_operator(
    assistant_factory: AssistantFactory,
    sandbox: RunningSandbox,
    fake_openai: FakeOpenAI,
    caplog: pytest.LogCaptureFixture,
) -> None:
    assistant, key = await linked(assistant_factory, sandbox, fake_openai, offline_fast_path=False)
    fake_openai.reply(cut_off(chat_completion(content=None)))

    with caplog.at_level(logging.WARNING):
        text = await say(assistant, "72.4 kg")

    assert "72.4 kg" in text and (await sandbox.counts(key))["weights"] == 1  # the rules' plan
    logged = caplog.text
    assert "cut off at LLM_MAX_TOKENS (512 tokens)" in logged
    assert "neither text nor tool calls" not in logged


async def test_the_complete_tool_calls_of_a_cut_off_answer_are_used(
    assistant_factory: AssistantFactory,
    sandbox: RunningSandbox,
    fake_openai: FakeOpenAI,
    caplog: pytest.LogCaptureFixture,
) -> None:
    assistant, key = await linked(assistant_factory, sandbox, fake_openai)
    meal = {"food": "Burrito bowl", "calories": 650, "protein": 30, "carbs": 80, "fat": 20}
    calls = [("log_food", {"date": TODAY, "items": [meal]}), ("log_food", '{"date": "2026-')]
    fake_openai.reply(cut_off(chat_completion(tool_calls=calls)))
    fake_openai.reply(cut_off(chat_completion(content="")))  # the repair is cut off too

    with caplog.at_level(logging.WARNING):
        text = await say(assistant, "a burrito bowl and " + NOT_FOR_THE_RULES)

    assert "Burrito bowl" in text and reading.llm_repair_failed(["nutrition"], DEFAULT) in text
    assert (await sandbox.counts(key))["nutrition"] == 1
    assert "cut off at LLM_MAX_TOKENS" in caplog.text


async def busy_slots(assistant: Assistant, seconds: float) -> None:
    """All model slots taken by others for `seconds`."""
    slots = assistant.resources.llm_slots = asyncio.Semaphore(1)
    await slots.acquire()
    asyncio.get_running_loop().call_later(seconds, slots.release)


async def test_waiting_for_a_model_slot_counts_toward_the_message_deadline(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, key = await linked(
        assistant_factory,
        sandbox,
        fake_openai,
        offline_fast_path=False,
        llm_message_deadline_seconds=1.0,
    )
    await busy_slots(assistant, 0.6)
    fake_openai.reply_delay(0.6)  # in time alone, not after the wait

    text = await say(assistant, "72.4 kg")

    assert "72.4 kg" in text and fmt.to_plain(model.used_rules_instead(True, DEFAULT)) in text
    assert (await sandbox.counts(key))["weights"] == 1


async def test_a_message_that_never_gets_a_model_slot_is_kept_for_retry(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, _ = await linked(
        assistant_factory, sandbox, fake_openai, llm_message_deadline_seconds=0.3
    )
    await busy_slots(assistant, 5.0)

    text = await say(assistant, NOT_FOR_THE_RULES)

    assert text == fmt.to_plain(model.llm_slow(DEFAULT))
    assert fake_openai.chat_requests == []
    assistant.resources.llm_slots = asyncio.Semaphore(1)
    meal = {"food": "Burrito bowl", "calories": 650, "protein": 30, "carbs": 80, "fat": 20}
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": [meal]})])
    assert "Burrito bowl" in await say(assistant, "retry")


def refused(param: str, message: str) -> dict[str, Any]:
    """OpenAI's 400 body for a parameter the model does not take."""
    error = {"message": message, "type": "invalid_request_error", "param": param}
    return {"error": error | {"code": "unsupported_value"}}


O_SERIES_TEMPERATURE = (
    "Unsupported value: 'temperature' does not support 0 with this model. Only the default "
    "(1) value is supported."
)


async def test_a_model_that_refuses_temperature_is_asked_again_without_it(
    assistant_factory: AssistantFactory,
    sandbox: RunningSandbox,
    fake_openai: FakeOpenAI,
    caplog: pytest.LogCaptureFixture,
) -> None:
    assistant, key = await linked(assistant_factory, sandbox, fake_openai)
    fake_openai.reply(refused("temperature", O_SERIES_TEMPERATURE), status=400)
    meal = {"food": "Burrito bowl", "calories": 650, "protein": 30, "carbs": 80, "fat": 20}
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": [meal]})])

    with caplog.at_level(logging.WARNING):
        text = await say(assistant, NOT_FOR_THE_RULES)
        fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": [meal]})])
        await say(assistant, NOT_FOR_THE_RULES)

    assert "Burrito bowl" in text and (await sandbox.counts(key))["nutrition"] == 2
    first, again, later = fake_openai.chat_requests
    assert first["temperature"] == 0
    assert "temperature" not in again and "temperature" not in later  # remembered
    assert again["max_tokens"] == later["max_tokens"] == 512  # only what was refused
    assert await requests_counted(assistant) == 3
    warnings = [r for r in caplog.records if "no longer sent" in r.getMessage()]
    assert len(warnings) == 1 and "LLM_TEMPERATURE" in warnings[0].getMessage()


async def test_a_server_that_refuses_max_tokens_is_asked_again_without_it(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, _ = await linked(assistant_factory, sandbox, fake_openai)
    fake_openai.reply_error(
        400,
        "Unsupported parameter: 'max_tokens' is not supported with this model. "
        "Use 'max_completion_tokens' instead.",
    )
    meal = {"food": "Burrito bowl", "calories": 650, "protein": 30, "carbs": 80, "fat": 20}
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": [meal]})])

    assert "Burrito bowl" in await say(assistant, NOT_FOR_THE_RULES)

    first, again = fake_openai.chat_requests
    assert first["max_tokens"] == 512 and "max_tokens" not in again
    assert again["temperature"] == 0


async def test_a_setup_problem_is_still_the_operators_and_the_person_reads_not_reachable(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, _ = await linked(assistant_factory, sandbox, fake_openai)
    fake_openai.reply_error(400, "The model `gpt-9` does not exist")

    text = await say(assistant, NOT_FOR_THE_RULES)

    assert text == fmt.to_plain(model.llm_unavailable(DEFAULT))
    assert len(fake_openai.chat_requests) == 1  # nothing to leave out: not asked again


async def test_llm_temperature_empty_or_none_is_not_sent(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assert Settings(llm_temperature="").llm_temperature is None
    assert Settings(llm_temperature=" None ").llm_temperature is None
    assert Settings(llm_temperature="0.7").llm_temperature == 0.7
    assistant, _ = await linked(assistant_factory, sandbox, fake_openai, llm_temperature=None)

    await say(assistant, NOT_FOR_THE_RULES)

    assert "temperature" not in fake_openai.chat_requests[0]
