"""bot/planner/media.py against the fake OpenAI server: what is sent, how answers become plans."""

from __future__ import annotations

import base64
import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

import openai
import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.config import Settings
from bot.planner.base import PlanContext, PlannerFailed, PlannerUnavailable
from bot.planner.media import PHOTO_TOOL, Media, build_media, photo_messages, photo_note
from bot.planner.tool_schemas import tool_specs
from tests.fixtures.openai import TRANSCRIBE, FakeOpenAI, image_urls, user_texts
from tests.fixtures.worded import worded

BERLIN = ZoneInfo("Europe/Berlin")
CONTEXT = PlanContext(now=dt.datetime(2026, 3, 10, 13, 5, tzinfo=BERLIN), timezone="Europe/Berlin")
JPEG = b"\xff\xd8\xff\xe0fake-jpeg-bytes"
RICE = {"food": "Rice, 1 cup cooked", "calories": 205, "protein": 4, "carbs": 45, "fat": 0.4}
CHICKEN = {"food": "Chicken breast, 150 g", "calories": 248, "protein": 46, "carbs": 0, "fat": 5}


def media_of(client: openai.AsyncOpenAI) -> Media:
    return Media(client, transcribe_model="whisper-1", vision_model="vision-model")


async def test_transcribe_sends_the_audio_as_a_named_file(
    fake_openai: FakeOpenAI, llm_client: openai.AsyncOpenAI
) -> None:
    fake_openai.reply_transcript("  had two eggs\nand toast ")
    words = await media_of(llm_client).transcribe(b"OggS-voice", "voice.ogg")
    assert words == "had two eggs and toast"
    [form] = fake_openai.transcription_requests
    assert form["model"] == "whisper-1"
    assert form["file"] == {"filename": "voice.ogg", "content": b"OggS-voice"}


@pytest.mark.parametrize("status", [500, 503])
async def test_a_failing_transcription_server_is_unavailable(
    fake_openai: FakeOpenAI, llm_client: openai.AsyncOpenAI, status: int
) -> None:
    fake_openai.reply_error(status, route=TRANSCRIBE)
    with pytest.raises(PlannerUnavailable):
        await media_of(llm_client).transcribe(b"OggS", "voice.ogg")


async def test_a_slow_transcription_is_unavailable(fake_openai: FakeOpenAI) -> None:
    fake_openai.reply({"text": "late"}, delay=2, route=TRANSCRIBE)
    client = fake_openai.client(timeout=0.2)
    try:
        with pytest.raises(PlannerUnavailable):
            await media_of(client).transcribe(b"OggS", "voice.ogg")
    finally:
        await client.close()


async def test_a_photo_request_carries_the_image_the_caption_and_only_log_food(
    fake_openai: FakeOpenAI, llm_client: openai.AsyncOpenAI
) -> None:
    fake_openai.reply_tool_calls([(PHOTO_TOOL, {"date": "2026-03-09", "items": [RICE, CHICKEN]})])
    plan = await media_of(llm_client).estimate_photo(JPEG, "lunch yesterday", CONTEXT)
    [body] = fake_openai.chat_requests
    assert body["model"] == "vision-model"
    assert [tool["function"]["name"] for tool in body["tools"]] == [PHOTO_TOOL]
    assert image_urls(body) == ["data:image/jpeg;base64," + base64.b64encode(JPEG).decode()]
    assert user_texts(body) == ["Caption: lunch yesterday"]
    system = body["messages"][0]["content"]
    assert "2026-03-10" in system and "13:05" in system  # the person's clock, as for text
    assert "half of this" in system  # prompts/photo.md
    assert [a.entry.food for a in plan.actions if isinstance(a, NutritionAddEntry)] == [
        "Rice, 1 cup cooked",
        "Chicken breast, 150 g",
    ]
    assert {a.date for a in plan.actions if isinstance(a, NutritionAddEntry)} == {
        dt.date(2026, 3, 9)
    }
    assert plan.llm_requests == 1 and plan.prompt_tokens == 100


@pytest.mark.parametrize("temperature", [0, None])
async def test_a_photo_request_is_exactly_this_body(
    fake_openai: FakeOpenAI, llm_client: openai.AsyncOpenAI, temperature: float | None
) -> None:
    media = Media(llm_client, transcribe_model="w", vision_model="v", temperature=temperature)
    await media.estimate_photo(JPEG, "lunch", CONTEXT)
    [request] = fake_openai.recorded
    expected: dict[str, Any] = {
        "model": "v",
        "messages": photo_messages(JPEG, "lunch", CONTEXT),
        "tools": [spec for spec in tool_specs() if spec["function"]["name"] == PHOTO_TOOL],
        "tool_choice": "auto",
    }
    if temperature is not None:
        expected["temperature"] = temperature
    assert request.body == expected
    assert request.path == "/v1/chat/completions"
    assert request.headers["content-type"] == "application/json"
    assert request.headers["authorization"] == "Bearer test-key"


async def test_a_photo_without_food_is_a_plan_with_only_words(
    fake_openai: FakeOpenAI, llm_client: openai.AsyncOpenAI
) -> None:
    fake_openai.reply_text("That looks like a cat, not a meal.")
    plan = worded(await media_of(llm_client).estimate_photo(JPEG, None, CONTEXT))
    assert plan.actions == [] and plan.reply == "That looks like a cat, not a meal."
    assert user_texts(fake_openai.chat_requests[0]) == ["No caption."]


async def test_a_photo_estimate_writes_nothing_but_food(
    fake_openai: FakeOpenAI, llm_client: openai.AsyncOpenAI
) -> None:
    weight = {"date": "2026-03-10", "weightKg": 70}
    fake_openai.reply_tool_calls(
        [("weight_log", weight), (PHOTO_TOOL, {"date": "2026-03-10", "items": [RICE]})]
    )
    plan = await media_of(llm_client).estimate_photo(JPEG, None, CONTEXT)
    assert [a.type for a in plan.actions] == ["nutrition.add_entry"]


async def test_a_photo_estimate_passes_the_same_sanity_check_as_a_message(
    fake_openai: FakeOpenAI, llm_client: openai.AsyncOpenAI
) -> None:
    debris = {**RICE, "food": 'Rice, 1 cup cooked"}, {'}
    impossible = {**CHICKEN, "calories": 8}  # 46 g of protein cannot be 8 kcal
    items = [debris, impossible]
    fake_openai.reply_tool_calls([(PHOTO_TOOL, {"date": "2026-03-10", "items": items})])
    plan = await media_of(llm_client).estimate_photo(JPEG, None, CONTEXT)
    foods = [a.entry.food for a in plan.actions if isinstance(a, NutritionAddEntry)]
    assert foods == ["Rice, 1 cup cooked"]


async def test_a_photo_estimate_with_arguments_as_an_object_is_read(
    fake_openai: FakeOpenAI, llm_client: openai.AsyncOpenAI
) -> None:
    """Some servers send a call's arguments as a JSON object, not as JSON text."""
    call = {"name": PHOTO_TOOL, "arguments": {"date": "2026-03-10", "items": [RICE]}}
    message = {"role": "assistant", "content": None, "tool_calls": [{"id": "a", "function": call}]}
    fake_openai.reply({"choices": [{"index": 0, "message": message, "finish_reason": "stop"}]})
    plan = await media_of(llm_client).estimate_photo(JPEG, None, CONTEXT)
    assert [a.entry.food for a in plan.actions if isinstance(a, NutritionAddEntry)] == [
        RICE["food"]
    ]


async def test_an_invalid_photo_estimate_fails(
    fake_openai: FakeOpenAI, llm_client: openai.AsyncOpenAI
) -> None:
    future = {"date": "2026-04-01", "items": [RICE]}
    fake_openai.reply_tool_calls([(PHOTO_TOOL, future)])
    with pytest.raises(PlannerFailed):
        await media_of(llm_client).estimate_photo(JPEG, None, CONTEXT)


async def test_a_model_without_vision_is_unavailable(
    fake_openai: FakeOpenAI, llm_client: openai.AsyncOpenAI
) -> None:
    fake_openai.reply_error(400, "Invalid content type. image_url is only supported by ...")
    with pytest.raises(PlannerUnavailable):
        await media_of(llm_client).estimate_photo(JPEG, None, CONTEXT)


async def test_settings_choose_the_models() -> None:
    def settings(**values: object) -> Settings:
        return Settings(_env_file=None, **values)  # type: ignore[call-arg, arg-type]

    media = build_media(settings(openai_api_key="k", openai_model="m"))
    assert media is not None
    assert (media.transcribe_model, media.vision_model) == ("whisper-1", "m")
    await media.aclose()
    media = build_media(
        settings(
            openai_api_key="k",
            openai_transcribe_model="gpt-4o-mini-transcribe",
            openai_vision_model="gpt-4o",
        )
    )
    assert media is not None
    assert (media.transcribe_model, media.vision_model) == ("gpt-4o-mini-transcribe", "gpt-4o")
    await media.aclose()
    assert build_media(settings(openai_api_key=None)) is None


def test_a_photo_is_remembered_with_its_caption() -> None:
    assert photo_note("  half of this ") == "[photo of a meal] half of this"
    assert photo_note(None) == "[photo of a meal]"
