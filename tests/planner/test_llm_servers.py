"""The LLM planner against servers that are not OpenAI: the fake behaves like
llama-cpp-python's and llama.cpp's servers (tests/fixtures/openai.py, `behave_like`)."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from zoneinfo import ZoneInfo

import openai
import pytest

from bot.agent_api.actions import NutritionAddEntry, action_type
from bot.kernel.readers import DEFAULT
from bot.planner.base import (
    ContextTooLong,
    PlanContext,
    PlannerError,
    PlannerTimedOut,
    PlannerUnavailable,
    ReadResult,
    Turn,
)
from bot.planner.llm import LlmPlanner
from bot.render import reading
from tests.fixtures.openai import FakeOpenAI, chat_completion, prompt_tokens
from tests.fixtures.worded import answered, worded

TODAY = "2026-11-22"
CONTEXT = PlanContext(
    now=dt.datetime(2026, 11, 22, 8, 15, tzinfo=ZoneInfo("Europe/Berlin")),
    timezone="Europe/Berlin",
)
OATMEAL = {"food": "Oatmeal, 1 cup cooked", "calories": 158, "protein": 6, "carbs": 27, "fat": 3}
MEAL = {"date": TODAY, "items": [OATMEAL]}
SLEPT_BADLY = {"date": TODAY, "mood": None, "energy": None, "sleepQuality": 2, "notes": None}
TRUNCATED = '{"date": "2026-11-22", "items": [{"food": "Oatm'
READ_TODAY = {"route": "today", "date": TODAY, "from": None, "to": None}


def small_planner(client: openai.AsyncOpenAI, **options: object) -> LlmPlanner:
    """A planner configured for a llama.cpp-sized model: 4,096 tokens of context."""
    return LlmPlanner(client, "smollm2", context_tokens=4096, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("server", ["llama-cpp-python", "llama.cpp"])
async def test_a_repair_round_is_a_request_the_server_takes(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI, server: str
) -> None:
    fake_openai.behave_like(server)
    fake_openai.reply_tool_calls([("log_food", TRUNCATED), ("checkin_upsert", SLEPT_BADLY)])
    fake_openai.reply_tool_calls([("log_food", MEAL)])

    plan = worded(await small_planner(llm_client).plan("oatmeal, slept badly", CONTEXT))

    assert [action_type(a) for a in plan.actions] == ["checkin.upsert", "nutrition.add_entry"]
    assert plan.understood and len(fake_openai.chat_requests) == 2
    repair = fake_openai.chat_requests[1]["messages"]
    assistant, bad = repair[-3], repair[-2]
    assert assistant["content"] == ""
    assert assistant["tool_calls"][0]["function"]["arguments"] == "{}"
    assert bad["content"].startswith("error: arguments are not valid JSON")
    assert f"you sent: {TRUNCATED}" in bad["content"]


async def test_empty_arguments_are_replayed_as_an_object(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave_like("llama.cpp")
    fake_openai.reply_tool_calls([("log_food", "")])
    fake_openai.reply_tool_calls([("log_food", MEAL)])

    plan = worded(await small_planner(llm_client).plan("oatmeal", CONTEXT))

    assert len(plan.actions) == 1 and plan.llm_requests == 2
    assistant = fake_openai.chat_requests[1]["messages"][-2]
    assert assistant["tool_calls"][0]["function"]["arguments"] == "{}"


async def test_an_answer_round_is_a_request_llama_cpp_python_takes(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave_like("llama-cpp-python")
    fake_openai.reply_tool_calls([("read", READ_TODAY)])
    fake_openai.reply_text("You've had 158 kcal today.")
    planner = small_planner(llm_client)

    plan = worded(await planner.plan("how many calories today?", CONTEXT))
    answer = answered(
        await planner.answer("", CONTEXT, plan, [ReadResult(plan.reads[0], {"kcal": 158})])
    )

    assert answer == "You've had 158 kcal today."
    assert plan.llm_requests == 2


async def test_a_failed_repair_round_keeps_the_valid_calls(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    fake_openai.reply_tool_calls([("log_food", TRUNCATED), ("checkin_upsert", SLEPT_BADLY)])
    fake_openai.reply_error(500)

    plan = worded(await small_planner(llm_client).plan("oatmeal, slept badly", CONTEXT))

    assert [action_type(a) for a in plan.actions] == ["checkin.upsert"]
    assert not plan.understood and plan.reply == reading.llm_repair_failed(["nutrition"], DEFAULT)
    assert plan.llm_requests == 2


async def test_a_failed_repair_round_with_nothing_valid_is_the_failure(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    fake_openai.reply_tool_calls([("log_food", TRUNCATED)])
    fake_openai.reply_error(500)

    with pytest.raises(PlannerUnavailable) as caught:
        await small_planner(llm_client).plan("oatmeal", CONTEXT)
    assert caught.value.llm_requests == 2


async def test_a_timeout_is_not_retried_a_server_error_is_once(fake_openai: FakeOpenAI) -> None:
    fake_openai.reply_delay(2.0)
    async with fake_openai.client(max_retries=1) as client:
        planner = small_planner(client, request_timeout=0.3)
        with pytest.raises(PlannerTimedOut) as caught:
            await planner.plan("oatmeal", CONTEXT)
        assert caught.value.llm_requests == 1 == len(fake_openai.chat_requests)

        fake_openai.reset()
        fake_openai.reply_error(503)
        fake_openai.reply_error(503)
        with pytest.raises(PlannerUnavailable) as caught:
            await planner.plan("oatmeal", CONTEXT)
        assert caught.value.llm_requests == 2 == len(fake_openai.chat_requests)


async def test_the_message_deadline_bounds_all_its_requests(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    fake_openai.reply_tool_calls([("log_food", TRUNCATED)])
    fake_openai.reply_delay(3.0)
    planner = small_planner(llm_client, request_timeout=5.0, message_deadline=0.5)

    loop_time = asyncio.get_running_loop().time
    started = loop_time()
    with pytest.raises(PlannerTimedOut):
        await planner.plan("oatmeal", CONTEXT)
    assert loop_time() - started < 2.0


async def test_the_message_deadline_bounds_a_retry_too(fake_openai: FakeOpenAI) -> None:
    """A 5xx late in the message's time is not retried with a whole request timeout."""
    fake_openai.reply({"error": {"message": "busy"}}, status=500, delay=0.6)
    fake_openai.reply(chat_completion(content="ok"), delay=5.0)
    async with fake_openai.client(max_retries=1) as client:
        planner = small_planner(client, request_timeout=2.0, message_deadline=1.0)
        loop_time = asyncio.get_running_loop().time
        started = loop_time()
        with pytest.raises(PlannerUnavailable):
            await planner.plan("oatmeal", CONTEXT)
        assert loop_time() - started < 1.5


async def test_max_tokens_bounds_every_request(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    await small_planner(llm_client, max_tokens=300).plan("hi", CONTEXT)
    assert fake_openai.chat_requests[0]["max_tokens"] == 300


def long_history(turns: int, chars: int) -> list[Turn]:
    """The person's long messages (the app's turns reach the model as a short recap)."""
    return [Turn("user", f"turn {i} " + "word " * (chars // 5)) for i in range(turns)]


@pytest.mark.parametrize("server", ["llama-cpp-python", "llama.cpp"])
async def test_history_is_trimmed_to_the_context_oldest_first(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI, server: str
) -> None:
    fake_openai.behave_like(server)
    history = long_history(6, 1000)
    context = PlanContext(now=CONTEXT.now, timezone=CONTEXT.timezone, history=history)

    plan = worded(await small_planner(llm_client).plan("and a banana", context))

    assert plan.llm_requests == 1  # the server took it at once
    (request,) = fake_openai.chat_requests
    content = request["messages"][-1]["content"]
    assert "turn 5 " in content and "turn 0 " not in content
    assert content.endswith("and a banana")
    assert prompt_tokens(request, 1.58) + 512 <= 4096


async def test_a_message_too_long_for_the_context_is_refused_before_sending(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    fake_openai.behave_like("llama-cpp-python")
    with pytest.raises(ContextTooLong) as caught:
        await small_planner(llm_client).plan("oatmeal and " * 900, CONTEXT)
    assert fake_openai.chat_requests == [] and caught.value.llm_requests == 0


async def test_a_context_400_is_asked_once_more_without_history_then_refused(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    """A server whose context is smaller than configured: its 400 is not "configuration"."""
    message = "the request exceeds the available context size, try increasing the context size"
    fake_openai.reply_error(400, message)
    fake_openai.reply_tool_calls([("log_food", MEAL)])
    context = PlanContext(
        now=CONTEXT.now, timezone=CONTEXT.timezone, history=[Turn("user", "hello")]
    )
    plan = worded(await small_planner(llm_client).plan("oatmeal", context))
    assert plan.llm_requests == 2 and len(plan.actions) == 1
    assert "hello" not in fake_openai.chat_requests[1]["messages"][-1]["content"]

    fake_openai.reply_error(400, message)
    with pytest.raises(ContextTooLong):
        await small_planner(llm_client).plan("oatmeal", CONTEXT)


async def test_a_context_400_is_not_asked_again_when_no_history_was_sent(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    """History off (or all of it trimmed): the same request again would only be refused
    again, and counted against the person's budget."""
    for _ in range(2):
        fake_openai.reply_error(400, "the request exceeds the available context size")
    context = PlanContext(
        now=CONTEXT.now, timezone=CONTEXT.timezone, history=[Turn("user", "hello")]
    )
    with pytest.raises(ContextTooLong) as caught:
        await small_planner(llm_client, max_history=0).plan("oatmeal", context)
    assert caught.value.llm_requests == 1 == len(fake_openai.chat_requests)


@pytest.mark.parametrize(
    "fake",
    [
        "Logged: 2 eggs (156 kcal)",
        "✅ Saved your breakfast.",
        "I've added oatmeal to today's log!",
        "Your weight has been recorded. Anything else?",
        # the record's own line copied, and the other ways a small model words it
        "app: Logged: 2 eggs (156 kcal)",
        "Done! 2 eggs logged.",
        "Got it, logged 2 eggs (156 kcal).",
        "Your breakfast is saved.",
        "Got it! Oatmeal (158 kcal) added to today.",
        "Great, I'll log that!",
        "I've noted your weight of 72.4 kg.",
    ],
)
async def test_model_text_claiming_a_write_is_never_shown(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI, fake: str
) -> None:
    fake_openai.reply_text(fake)

    plan = worded(await small_planner(llm_client).plan("2 eggs", CONTEXT))

    assert plan.actions == [] and plan.reply == reading.LLM_CLAIMED_WRITE
    assert not plan.understood and not plan.is_question


@pytest.mark.parametrize(
    "text",
    [
        "Saved entries can't be edited: fix it in the app.",
        "Exercise isn't tracked, sorry!",
        "How much rice was it?",
        "Exercise isn't tracked.",
        "Should I log that as breakfast?",
        "Tell me what you ate and I'll log it.",
        "Running isn't tracked, but food and weight are tracked.",
    ],
)
async def test_model_text_about_saving_that_claims_nothing_is_shown(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI, text: str
) -> None:
    fake_openai.reply_text(text)
    plan = worded(await small_planner(llm_client).plan("actually it was 1 egg", CONTEXT))
    assert plan.reply == text and plan.understood


async def test_an_answer_claiming_a_write_is_replaced_but_a_report_of_data_is_not(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    planner = small_planner(llm_client)
    answers = []
    texts = ("Logged: oatmeal, 158 kcal.", "You logged oatmeal today: 158 kcal.")
    for text in (*texts, "Lunch was logged at 12:40."):
        fake_openai.reply_tool_calls([("read", READ_TODAY)])
        fake_openai.reply_text(text)
        plan = worded(await planner.plan("what did I eat?", CONTEXT))
        answers.append(
            answered(await planner.answer("", CONTEXT, plan, [ReadResult(plan.reads[0], {})]))
        )
    assert answers == [reading.LLM_CLAIMED_WRITE, texts[1], "Lunch was logged at 12:40."]


@pytest.mark.parametrize(
    "fake",
    [
        "Eingetragen: 2 Eier (156 kcal)",
        "Ich habe 2 Eier eingetragen.",
        "Dein Gewicht wurde gespeichert.",
        "Registrado: 2 huevos",
        "He anotado tu desayuno.",
        "2 huevos registrados ✅",
        "Enregistré : 2 œufs",
        "J'ai ajouté 2 œufs à ta journée.",
        "Ton petit-déjeuner a été enregistré.",
        "Registrato: 2 uova",
        "Ho aggiunto 2 uova.",
        "La colazione è stata registrata.",
    ],
)
async def test_model_text_claiming_a_write_in_another_language_is_never_shown(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI, fake: str
) -> None:
    fake_openai.reply_text(fake)

    plan = worded(await small_planner(llm_client).plan("2 eggs", CONTEXT))

    assert plan.actions == [] and plan.reply == reading.LLM_CLAIMED_WRITE


@pytest.mark.parametrize(
    "text",
    [
        "Sport wird nicht eingetragen.",
        "No he registrado nada: ¿qué comiste?",
        "Je n'ai rien enregistré.",
        "Non ho registrato niente.",
    ],
)
async def test_model_text_in_another_language_that_claims_nothing_is_shown(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI, text: str
) -> None:
    fake_openai.reply_text(text)
    plan = worded(await small_planner(llm_client).plan("2 eggs", CONTEXT))
    assert plan.reply == text


@pytest.mark.parametrize(
    ("claim", "report"),
    [
        ("Eingetragen: Haferflocken, 158 kcal.", "Dein Frühstück wurde um 8:10 eingetragen."),
        ("He registrado avena, 158 kcal.", "Tu desayuno fue registrado a las 8:10."),
        ("J'ai ajouté des flocons d'avoine.", "Ton petit-déjeuner a été enregistré à 8h10."),
        ("Ho aggiunto avena, 158 kcal.", "Oggi hai 2 pasti registrati: avena e uova."),
    ],
)
async def test_an_answer_in_another_language_reporting_data_is_not_taken_for_a_write(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI, claim: str, report: str
) -> None:
    planner = small_planner(llm_client)
    answers = []
    for text in (claim, report):
        fake_openai.reply_tool_calls([("read", READ_TODAY)])
        fake_openai.reply_text(text)
        plan = worded(await planner.plan("what did I eat?", CONTEXT))
        answers.append(
            answered(await planner.answer("", CONTEXT, plan, [ReadResult(plan.reads[0], {})]))
        )
    assert answers == [reading.LLM_CLAIMED_WRITE, report]


async def test_every_request_sent_is_counted(fake_openai: FakeOpenAI) -> None:
    fake_openai.reply_error(500)
    fake_openai.reply_tool_calls([("log_food", TRUNCATED)])
    fake_openai.reply_tool_calls([("log_food", MEAL)])
    async with fake_openai.client(max_retries=1) as client:
        plan = worded(await small_planner(client).plan("oatmeal", CONTEXT))
    assert plan.llm_requests == 3 == len(fake_openai.chat_requests)

    fake_openai.reply_tool_calls([("read", READ_TODAY)])
    fake_openai.reply_error(400, "bad request")
    async with fake_openai.client() as client:
        planner = small_planner(client)
        plan = worded(await planner.plan("what did I eat?", CONTEXT))
        with pytest.raises(PlannerError):
            await planner.answer("", CONTEXT, plan, [ReadResult(plan.reads[0], {})])
    assert plan.llm_requests == 2  # the failed answer request counts too


async def test_the_prefix_is_identical_across_minutes_and_people(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    tokyo = ZoneInfo("Asia/Tokyo")
    contexts = [
        CONTEXT,
        PlanContext(now=CONTEXT.now + dt.timedelta(minutes=1), timezone="Europe/Berlin"),
        PlanContext(now=dt.datetime(2026, 11, 22, 21, 3, tzinfo=tokyo), timezone="Asia/Tokyo"),
    ]
    planner = small_planner(llm_client)
    for context, text in zip(contexts, ["2 eggs", "72.4 kg", "mood 4"], strict=True):
        await planner.plan(text, context)

    bodies = [r.body for r in fake_openai.recorded]
    prefixes = [(b["model"], b["messages"][:-1], b["tools"]) for b in bodies]
    assert prefixes[0] == prefixes[1] == prefixes[2]
    # on the wire too: everything before the last message is the same bytes
    raw = [planner.requests.body(b["messages"], "auto") for b in bodies]
    cut = [r[: r.rindex(b'{"role":"user"')] for r in raw]
    assert cut[0] == cut[1] == cut[2]
    assert len({json.dumps(b["messages"][-1]) for b in bodies}) == 3


@pytest.mark.parametrize(
    ("read", "error"),
    [
        ({**READ_TODAY, "date": "2026-12-01"}, "date 2026-12-01 is in the future"),
        (
            {"route": "weight", "date": None, "from": TODAY, "to": "2026-11-01"},
            "from 2026-11-22 is after to 2026-11-01",
        ),
    ],
)
async def test_a_read_the_service_could_only_refuse_goes_back_to_the_model(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI, read: dict[str, object], error: str
) -> None:
    fake_openai.reply_tool_calls([("read", read)])
    fake_openai.reply_tool_calls([("read", READ_TODAY)])

    plan = worded(await small_planner(llm_client).plan("how am I doing?", CONTEXT))

    assert plan.understood and [r.route for r in plan.reads] == ["today"]
    assert error in fake_openai.chat_requests[1]["messages"][-1]["content"]


def _message(**fields: object) -> dict[str, object]:
    message = {"role": "assistant", "content": None, **fields}
    return {"choices": [{"index": 0, "message": message, "finish_reason": "stop"}]}


async def test_responses_off_the_schema_are_read_or_a_planner_failure(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    """What some servers send (arguments as an object, text as parts, an id that is a
    number) is read; what cannot be read is a planner failure, never a crash."""
    weight = {"name": "weight_log", "arguments": {"date": TODAY, "weightKg": 72.4}}
    fake_openai.reply(_message(tool_calls=[{"id": 7, "type": "function", "function": weight}]))
    fake_openai.reply(_message(content=[{"type": "text", "text": "Hi there!"}]))
    planner = small_planner(llm_client)

    plan = worded(await planner.plan("72.4 kg", CONTEXT))
    assert [action_type(a) for a in plan.actions] == ["weight.log"] and plan.understood
    assert worded(await planner.plan("hi", CONTEXT)).reply == "Hi there!"

    for body in ({"choices": [{"index": 0}]}, _message(tool_calls="x"), _message(content=5)):
        fake_openai.reply(body)
        with pytest.raises(PlannerError):
            await planner.plan("hi", CONTEXT)


async def test_a_repair_round_that_sends_the_whole_meal_again_logs_nothing_twice(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    eggs = {"food": "Eggs, 2 large", "calories": 143, "protein": 13, "carbs": 1, "fat": 10}
    toast = {"food": "Toast, 1 slice", "calories": 80, "protein": 3, "carbs": 15, "fat": 1}
    fake_openai.reply_tool_calls(
        [("log_food", {"date": TODAY, "items": [eggs]}), ("log_food", TRUNCATED)]
    )
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": [eggs, toast]})])

    plan = worded(await small_planner(llm_client).plan("2 eggs and toast", CONTEXT))

    foods = sorted(a.entry.food for a in plan.actions if isinstance(a, NutritionAddEntry))
    assert foods == ["Eggs, 2 large", "Toast, 1 slice"] and plan.understood
