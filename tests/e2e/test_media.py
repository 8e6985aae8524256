"""Voice notes, meal photos and confirm mode, end to end.

Path: fake Bot API (getFile and the file download included) -> PTB -> handlers -> Assistant
-> fake OpenAI (audio transcription, image input) and the sandbox over HTTP.
"""

from __future__ import annotations

import base64
import datetime as dt
import itertools
from collections.abc import Callable
from typing import Any

from bot.agent_api.client import AgentApiClient
from bot.kernel.readers import DEFAULT
from bot.render import drafts, keyboards, media
from tests.e2e.conftest import Harness
from tests.fixtures.openai import TRANSCRIBE, FakeOpenAI, image_urls, user_texts
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import SentMessage

ADA = 7001
NOON = dt.datetime(2026, 3, 10, 11, 0, tzinfo=dt.UTC)  # 12:00 in Berlin
DAY = "2026-03-10"
JPEG = b"\xff\xd8\xff\xe0" + b"lunch-plate" * 20
RICE = {"food": "Rice, 1 cup cooked", "calories": 205, "protein": 4, "carbs": 45, "fat": 0.4}
HALF_RICE = {"food": "Rice, 1/2 cup cooked", "calories": 103, "protein": 2, "carbs": 22, "fat": 0.2}
CHICKEN = {"food": "Chicken breast, 150 g", "calories": 248, "protein": 46, "carbs": 0, "fat": 5}
EGGS = {"food": "Eggs, 2, with toast", "calories": 290, "protein": 16, "carbs": 15, "fat": 11}
_files = itertools.count(1)


async def start(
    harness_factory: Any,
    sandbox: RunningSandbox,
    fake_openai: FakeOpenAI | None = None,
    **settings: Any,
) -> tuple[Harness, str]:
    """A running bot with Ada linked (Berlin); an LLM when `fake_openai` is given."""
    if fake_openai is not None:
        settings = {
            "openai_api_key": "test-key",
            "openai_base_url": fake_openai.base_url,
            "offline_fast_path": False,
            **settings,
        }
    bot = await harness_factory(start=NOON, agent_api_base_url=sandbox.url, **settings)
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    assert "Ada" in (await bot.say(ADA, f"/connect {key}")).text
    await bot.say(ADA, "/timezone Europe/Berlin")
    return bot, key


async def reply_to(bot: Harness, push: Callable[[], object]) -> SentMessage:
    """Push an update and return the bot's next message to Ada."""
    before = len(bot.fake.sent(ADA))
    push()
    return (await bot.fake.wait_sent(ADA, before + 1))[before]


def voice(bot: Harness, content: bytes = b"OggS-voice", duration: int = 4) -> Callable[[], int]:
    def push() -> int:
        file_id = bot.fake.add_file(content, f"voice/file_{next(_files)}.oga")
        note = {"file_id": file_id, "file_unique_id": f"u{file_id}", "duration": duration}
        return bot.fake.push_message(ADA, voice={**note, "mime_type": "audio/ogg"})

    return push


def photo(bot: Harness, *sizes: bytes, caption: str | None = None) -> Callable[[], int]:
    """A photo in several sizes, smallest first, as Telegram sends them."""

    def push() -> int:
        entries = []
        for side, content in enumerate(sizes or (JPEG,), start=1):
            file_id = bot.fake.add_file(content, f"photos/file_{next(_files)}.jpg")
            entries.append(
                {
                    "file_id": file_id,
                    "file_unique_id": f"u{file_id}",
                    "width": 90 * side,
                    "height": 90 * side,
                    "file_size": len(content),
                }
            )
        extra = {"caption": caption} if caption else {}
        return bot.fake.push_message(ADA, photo=entries, **extra)

    return push


async def tap(bot: Harness, message: SentMessage, verb: str) -> SentMessage:
    """Tap a button of `message` whose callback starts with `verb`; the message once edited."""
    [data] = [c for c in message.callbacks if c.startswith(verb)]
    edits = bot.fake.messages[message.message_id].edits
    bot.fake.push_callback(ADA, data, message.message_id)
    await bot.fake.wait_for(lambda: bot.fake.messages[message.message_id].edits > edits)
    return bot.fake.messages[message.message_id]


async def foods(bot: Harness, key: str) -> list[str]:
    assert bot.assistant is not None
    client = AgentApiClient(bot.settings.agent_api_base_url, key, http=bot.assistant.resources.http)
    body = await client.nutrition(dt.date(2026, 3, 10))
    return sorted(entry["food"] for entry in body["entries"])


def draft_callbacks(message: SentMessage) -> set[str]:
    return {c.split(":")[1] for c in message.callbacks if c.startswith("draft:")}


# --- voice ----------------------------------------------------------------------------------


async def test_a_voice_note_logs_a_meal(
    harness_factory: Any, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    bot, key = await start(harness_factory, sandbox, fake_openai)
    fake_openai.reply_transcript("had two eggs and toast")
    fake_openai.reply_tool_calls([("log_food", {"date": DAY, "items": [EGGS]})])

    reply = await reply_to(bot, voice(bot, b"OggS-two-eggs"))

    assert reply.text.startswith("🎙 “had two eggs and toast”")
    assert "Eggs, 2, with toast" in reply.text and not reply.callbacks
    assert await foods(bot, key) == ["Eggs, 2, with toast"]
    [get_file] = bot.fake.calls("getFile")
    [form] = fake_openai.transcription_requests
    assert form["file"] == {"filename": "voice.ogg", "content": b"OggS-two-eggs"}
    assert form["model"] == "whisper-1" and get_file.params["file_id"]
    # the person's turn: their clock, then the words heard
    assert user_texts(fake_openai.chat_requests[0])[-1].endswith("]\nhad two eggs and toast")


async def test_an_audio_file_keeps_its_name_for_the_transcription(
    harness_factory: Any, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    bot, key = await start(harness_factory, sandbox, fake_openai, offline_fast_path=True)
    fake_openai.reply_transcript("a banana")

    def push() -> int:
        file_id = bot.fake.add_file(b"ID3-audio", "music/breakfast.m4a")
        audio = {
            "file_id": file_id,
            "file_unique_id": f"u{file_id}",
            "duration": 3,
            "file_name": "breakfast.m4a",
            "mime_type": "audio/mp4",
        }
        return bot.fake.push_message(ADA, audio=audio)

    reply = await reply_to(bot, push)
    assert "🎙 “a banana”" in reply.text and "Banana" in reply.text
    assert fake_openai.transcription_requests[0]["file"]["filename"] == "breakfast.m4a"
    assert fake_openai.chat_requests == []  # the offline rules understood the words
    assert (await sandbox.counts(key))["nutrition"] == 1


async def test_a_too_long_voice_note_is_refused_before_download(
    harness_factory: Any, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    bot, key = await start(harness_factory, sandbox, fake_openai)
    reply = await reply_to(bot, voice(bot, duration=121))
    assert reply.text == media.voice_too_long(121, 120, DEFAULT)
    assert bot.fake.calls("getFile") == [] and fake_openai.requests == []
    assert (await sandbox.counts(key))["nutrition"] == 0


async def test_a_refusal_is_worded_for_the_person_with_what_it_measured(
    harness_factory: Any, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    bot, _ = await start(harness_factory, sandbox, fake_openai)
    await bot.say(ADA, "/language de")
    reply = await reply_to(bot, voice(bot, duration=185))
    assert reply.text == (
        "Die Aufnahme ist 3:05 lang; ich höre bis zu 2:00. "
        "Es wurde nichts gespeichert – schick eine kürzere oder tipp es."
    )
    assert bot.fake.calls("getFile") == []


async def test_without_an_llm_key_voice_and_photos_say_so_and_download_nothing(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    """A voice note is not downloaded; a photo is, only to look for a barcode in it."""
    bot, key = await start(harness_factory, sandbox)
    assert (await reply_to(bot, voice(bot))).text == media.voice_needs_llm(DEFAULT)
    assert bot.fake.calls("getFile") == []
    assert (await reply_to(bot, photo(bot))).text == media.photo_needs_llm(DEFAULT)
    assert len(bot.fake.calls("getFile")) == 1
    assert (await sandbox.counts(key))["nutrition"] == 0


async def test_a_failing_transcription_loses_nothing_and_says_to_resend(
    harness_factory: Any, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    bot, key = await start(harness_factory, sandbox, fake_openai)
    fake_openai.reply_error(500, route=TRANSCRIBE)
    fake_openai.reply_error(500, route=TRANSCRIBE)  # the client retries once
    reply = await reply_to(bot, voice(bot))
    assert reply.text == media.voice_failed(DEFAULT)
    assert len(fake_openai.transcription_requests) == 2 and fake_openai.chat_requests == []
    assert (await sandbox.counts(key))["nutrition"] == 0

    fake_openai.reply_transcript("had two eggs and toast")  # sent again: it works
    fake_openai.reply_tool_calls([("log_food", {"date": DAY, "items": [EGGS]})])
    assert "Eggs, 2" in (await reply_to(bot, voice(bot))).text
    assert (await sandbox.counts(key))["nutrition"] == 1


async def test_an_empty_transcript_is_said_plainly(
    harness_factory: Any, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    bot, _ = await start(harness_factory, sandbox, fake_openai)
    fake_openai.reply_transcript("   ")
    assert (await reply_to(bot, voice(bot))).text == media.voice_empty(DEFAULT)
    assert fake_openai.chat_requests == []


# --- photos ---------------------------------------------------------------------------------


async def test_a_photo_with_a_caption_is_a_draft_saved_with_one_tap(
    harness_factory: Any, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    bot, key = await start(harness_factory, sandbox, fake_openai)  # confirm mode is off
    fake_openai.reply_tool_calls([("log_food", {"date": DAY, "items": [RICE, CHICKEN]})])

    draft = await reply_to(bot, photo(bot, JPEG, caption="lunch, I ate half of this"))

    assert "estimate" in draft.text and "Rice, 1 cup cooked" in draft.text
    assert draft_callbacks(draft) == {"save", "fix", "drop"}
    assert (await sandbox.counts(key))["nutrition"] == 0  # nothing before the tap
    [body] = fake_openai.chat_requests
    assert image_urls(body) == ["data:image/jpeg;base64," + base64.b64encode(JPEG).decode()]
    assert any("lunch, I ate half of this" in text for text in user_texts(body))

    saved = await tap(bot, draft, "draft:save")
    assert "Calories" in saved.text
    assert await foods(bot, key) == ["Chicken breast, 150 g", "Rice, 1 cup cooked"]


async def test_a_fix_revises_a_photo_draft(
    harness_factory: Any, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    bot, key = await start(harness_factory, sandbox, fake_openai)
    fake_openai.reply_tool_calls([("log_food", {"date": DAY, "items": [RICE, CHICKEN]})])
    draft = await reply_to(bot, photo(bot))
    asked = await tap(bot, draft, "draft:fix")
    assert "What should I change" in asked.text

    fake_openai.reply_tool_calls([("log_food", {"date": DAY, "items": [HALF_RICE]})])
    revised = await bot.say(ADA, "the rice was only half a cup")

    assert "Rice, 1/2 cup cooked" in revised.text and "Chicken breast" in revised.text
    assert "Rice, 1 cup cooked" not in revised.text
    assert draft_callbacks(revised) == {"save", "fix", "drop"}
    correction = fake_openai.chat_requests[-1]
    # the model knows what is corrected: the photo is in the record of earlier turns
    assert "person: [photo of a meal]" in user_texts(correction)[-1]
    assert (await sandbox.counts(key))["nutrition"] == 0
    await tap(bot, revised, "draft:save")
    assert await foods(bot, key) == ["Chicken breast, 150 g", "Rice, 1/2 cup cooked"]


async def test_a_dropped_photo_draft_writes_nothing(
    harness_factory: Any, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    bot, key = await start(harness_factory, sandbox, fake_openai)
    fake_openai.reply_tool_calls([("log_food", {"date": DAY, "items": [RICE]})])
    draft = await reply_to(bot, photo(bot))
    dropped = await tap(bot, draft, "draft:drop")
    assert dropped.text == drafts.draft_dropped(DEFAULT)
    assert (await sandbox.counts(key))["nutrition"] == 0


async def test_a_photo_sends_its_largest_size_under_the_limit(
    harness_factory: Any, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    bot, _ = await start(harness_factory, sandbox, fake_openai, max_photo_bytes=50_000)
    small, medium, large = (
        b"\xff\xd8\xff" + bytes([n]) * size for n, size in enumerate((1_000, 20_000, 60_000))
    )
    fake_openai.reply_tool_calls([("log_food", {"date": DAY, "items": [RICE]})])
    await reply_to(bot, photo(bot, small, medium, large))
    [get_file] = bot.fake.calls("getFile")
    assert bot.fake.files[get_file.params["file_id"]][1] == medium
    [url] = image_urls(fake_openai.chat_requests[0])
    assert base64.b64decode(url.split(",", 1)[1]) == medium


async def test_a_photo_without_food_says_so(
    harness_factory: Any, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    bot, key = await start(harness_factory, sandbox, fake_openai)
    fake_openai.reply_text("I can see a cat, not a meal.")
    reply = await reply_to(bot, photo(bot))
    assert reply.text == media.photo_no_food("I can see a cat, not a meal.", DEFAULT)
    assert not reply.callbacks and (await sandbox.counts(key))["nutrition"] == 0


async def test_photos_count_against_the_daily_llm_budget(
    harness_factory: Any, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    bot, _ = await start(harness_factory, sandbox, fake_openai, llm_daily_requests=1)
    fake_openai.reply_tool_calls([("log_food", {"date": DAY, "items": [RICE]})])
    assert draft_callbacks(await reply_to(bot, photo(bot))) == {"save", "fix", "drop"}
    reply = await reply_to(bot, photo(bot))
    assert reply.text == media.media_budget_reached(DEFAULT)
    # downloaded to look for a barcode (which needs no model), never sent to the model
    assert len(bot.fake.calls("getFile")) == 2 and len(fake_openai.chat_requests) == 1


# --- confirm mode ---------------------------------------------------------------------------


async def set_confirm(bot: Harness, enabled: bool) -> None:
    settings = await bot.say(ADA, "/settings")
    edited = await tap(bot, settings, f"settings:confirm:{'on' if enabled else 'off'}")
    assert keyboards.confirm_mode_buttons(enabled, DEFAULT) in [
        text for row in edited.buttons for text, _ in row
    ]


async def test_confirm_mode_drafts_a_voice_note_and_the_draft_survives_a_restart(
    harness_factory: Any, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    bot, key = await start(harness_factory, sandbox, fake_openai, offline_fast_path=True)
    await set_confirm(bot, True)
    fake_openai.reply_transcript("a banana")
    draft = await reply_to(bot, voice(bot))
    assert "🎙 “a banana”" in draft.text and "nothing is saved yet" in draft.text
    assert draft_callbacks(draft) == {"save", "fix", "drop"}
    assert (await sandbox.counts(key))["nutrition"] == 0

    await bot.stop()
    await bot.start()
    await tap(bot, draft, "draft:save")
    assert (await sandbox.counts(key))["nutrition"] == 1


async def test_confirm_mode_fix_takes_a_free_text_correction(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await start(harness_factory, sandbox)  # the offline rules read both messages
    await set_confirm(bot, True)
    draft = await bot.say(ADA, "1 egg and a banana")
    await tap(bot, draft, "draft:fix")
    revised = await bot.say(ADA, "it was 2 eggs")
    assert "Eggs, 2" in revised.text and "Banana" in revised.text
    await tap(bot, revised, "draft:save")
    saved = await foods(bot, key)
    assert len(saved) == 2 and saved[1].startswith("Eggs, 2")


async def test_an_expired_draft_is_not_written(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await start(harness_factory, sandbox)
    await set_confirm(bot, True)
    draft = await bot.say(ADA, "a banana")
    assert draft_callbacks(draft) == {"save", "fix", "drop"}
    bot.clock.now = NOON + dt.timedelta(hours=24, minutes=1)
    gone = await tap(bot, draft, "draft:save")
    assert gone.text == drafts.draft_gone(DEFAULT)
    assert (await sandbox.counts(key))["nutrition"] == 0


async def test_confirm_mode_off_writes_at_once(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await start(harness_factory, sandbox)
    await set_confirm(bot, True)
    await set_confirm(bot, False)
    reply = await bot.say(ADA, "a banana")
    assert not reply.callbacks and "Banana" in reply.text
    assert (await sandbox.counts(key))["nutrition"] == 1
