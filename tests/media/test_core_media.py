"""The core's voice and photo paths (no Telegram): drafts, corrections, limits, budgets."""

from __future__ import annotations

from bot.core.assistant import Assistant
from bot.kernel.readers import DEFAULT
from bot.kernel.replies import Reply
from bot.render import accounts, media
from tests.core.test_assistant import DAY, MORNING, USER, linked, plain
from tests.fixtures.core import AssistantFactory
from tests.fixtures.openai import FakeOpenAI
from tests.fixtures.sandbox import RunningSandbox

JPEG = b"\xff\xd8\xff\xe0meal"
RICE = {"food": "Rice, 1 cup cooked", "calories": 205, "protein": 4, "carbs": 45, "fat": 0.4}
CAKE = {"food": "Cake, whole", "calories": 6400, "protein": 60, "carbs": 800, "fat": 330}


async def with_llm(
    factory: AssistantFactory, sandbox: RunningSandbox, fake: FakeOpenAI, **settings: object
) -> tuple[Assistant, str]:
    return await linked(factory, sandbox, openai_base_url=fake.base_url, **settings)


async def voice(assistant: Assistant, audio: bytes = b"OggS") -> Reply:
    return await assistant.handle_voice(
        user_id=USER, chat_id=USER, audio=audio, filename="voice.ogg", duration=3, now=MORNING
    )


async def photo(assistant: Assistant, image: bytes = JPEG, caption: str | None = None) -> Reply:
    return await assistant.handle_photo(
        user_id=USER, chat_id=USER, image=image, caption=caption, now=MORNING
    )


def callback(reply: Reply, verb: str) -> str:
    return next(
        b.callback for row in reply.buttons for b in row if b.callback.split(":")[1] == verb
    )


async def test_a_spoken_correction_revises_a_photo_draft(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, key = await with_llm(assistant_factory, sandbox, fake_openai)
    fake_openai.reply_tool_calls([("log_food", {"date": str(DAY), "items": [RICE]})])
    draft = await photo(assistant, caption="dinner")
    await assistant.on_button(user_id=USER, chat_id=USER, data=callback(draft, "fix"), now=MORNING)
    fake_openai.reply_transcript("the rice was two cups")
    two_cups = {"food": "Rice, 2 cups cooked", "calories": 410, "protein": 8, "carbs": 90, "fat": 1}
    fake_openai.reply_tool_calls([("log_food", {"date": str(DAY), "items": [two_cups]})])
    revised = await voice(assistant)
    text = plain(revised.html)
    assert text.startswith("🎙 “the rice was two cups”") and "nothing is saved yet" in text
    assert "Rice, 2 cups cooked" in text and "Rice, 1 cup" not in text
    assert "[photo of a meal] dinner" in str(fake_openai.chat_requests[-1]["messages"])
    assert (await sandbox.counts(key))["nutrition"] == 0


async def test_an_implausible_photo_estimate_is_flagged_in_the_draft(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, key = await with_llm(assistant_factory, sandbox, fake_openai)
    fake_openai.reply_tool_calls([("log_food", {"date": str(DAY), "items": [CAKE]})])
    text = plain((await photo(assistant)).html)
    assert "Please check" in text and "6,400 kcal" in text
    assert (await sandbox.counts(key))["nutrition"] == 0


async def test_a_photo_over_the_byte_limit_is_not_sent(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, _ = await with_llm(assistant_factory, sandbox, fake_openai, max_photo_bytes=10_000)
    reply = await photo(assistant, image=b"\xff" * 10_001)
    assert reply.html == media.photo_too_large(10_000)
    assert fake_openai.requests == []


async def test_a_vision_outage_saves_nothing_and_its_requests_count_against_the_budget(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, key = await with_llm(assistant_factory, sandbox, fake_openai, llm_daily_requests=3)
    fake_openai.reply_error(503)
    fake_openai.reply_error(503)  # the client retries once
    assert (await photo(assistant)).html == media.photo_unavailable()
    fake_openai.reply_tool_calls([("log_food", {"date": str(DAY), "items": [RICE]})])
    assert (await photo(assistant)).buttons  # the third request of the day
    assert (await photo(assistant)).html == media.media_budget_reached()
    assert len(fake_openai.chat_requests) == 3
    assert (await sandbox.counts(key))["nutrition"] == 0


async def test_a_photo_estimate_that_does_not_validate_counts_against_the_budget(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, _ = await with_llm(assistant_factory, sandbox, fake_openai, llm_daily_requests=1)
    fake_openai.reply_tool_calls([("log_food", '{"date": "')])
    assert (await photo(assistant)).html == media.photo_failed()
    assert (await photo(assistant)).html == media.media_budget_reached()
    assert len(fake_openai.chat_requests) == 1


async def test_a_transcription_counts_against_the_budget(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, key = await with_llm(assistant_factory, sandbox, fake_openai, llm_daily_requests=1)
    fake_openai.reply_transcript("2 eggs")
    assert "Eggs, 2" in plain((await voice(assistant)).html)  # offline rules: no chat request
    assert (await voice(assistant)).html == media.media_budget_reached()
    assert len(fake_openai.transcription_requests) == 1
    assert (await sandbox.counts(key))["nutrition"] == 1


async def test_voice_is_refused_without_a_link(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant = await assistant_factory(
        sandbox_url=sandbox.url, openai_base_url=fake_openai.base_url
    )
    assert (await voice(assistant)).html == accounts.not_linked(DEFAULT)
    refusal = await assistant.media_refusal(user_id=USER, kind="photo")
    assert refusal is not None and refusal.html == accounts.not_linked(DEFAULT)
    assert fake_openai.requests == []
