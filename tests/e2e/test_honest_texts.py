"""What a person reads in Telegram is true and meant for them, end to end.

Path: fake Bot API -> PTB -> handlers -> Assistant -> sandbox over HTTP, without an LLM
unless a test says otherwise. Each test reads the words a person would see.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from bot import render
from tests.e2e.conftest import Harness
from tests.e2e.test_media import photo, reply_to, voice
from tests.fixtures.sandbox import RunningSandbox

ADA = 7001  # the id tests/e2e/test_media.py's photo and voice helpers send as
NOON = dt.datetime(2026, 3, 10, 11, 0, tzinfo=dt.UTC)  # 12:00 in Berlin
OPERATOR_WORDS = ("OPENAI", "API_KEY", ".env", "LLM")


async def linked(harness_factory: Any, sandbox: RunningSandbox) -> tuple[Harness, str]:
    """A running bot without an LLM and without the outbox job, with Ada linked (Berlin)."""
    bot: Harness = await harness_factory(
        start=NOON, agent_api_base_url=sandbox.url, outbox_every=None
    )
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    assert "Ada" in (await bot.say(ADA, f"/connect {key}")).text
    await bot.say(ADA, "/timezone Europe/Berlin")
    return bot, key


def no_operator_advice(text: str) -> None:
    for word in OPERATOR_WORDS:
        assert word not in text, text


# --- operator advice stays with the operator ----------------------------------------------


async def test_a_person_without_an_llm_is_told_what_they_can_do_not_what_to_configure(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, _ = await linked(harness_factory, sandbox)
    for text in (
        "the usual from that place downtown",
        "2 eggs and a dragonfruit smoothie bowl thing",
        "save a recipe: overnight oats, 2 servings",
        "actually it was 2 eggs",
        "what's my resting heart rate?",
        "help",
    ):
        reply = (await bot.say(ADA, text)).text
        no_operator_advice(reply)
    assert "2 eggs and toast" in (await bot.say(ADA, "the usual from that place downtown")).text
    no_operator_advice((await reply_to(bot, voice(bot))).text)
    refusal = (await reply_to(bot, photo(bot))).text
    no_operator_advice(refusal)
    assert "tell me what you ate" in refusal.lower()


async def test_a_photo_caption_is_logged_as_text_when_no_vision_model_is_set_up(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await linked(harness_factory, sandbox)
    reply = (await reply_to(bot, photo(bot, caption="lunch: 2 eggs"))).text
    assert render.photo_caption_only() in reply
    assert "Eggs, 2" in reply and "Logged" in reply
    no_operator_advice(reply)
    assert bot.fake.calls("getFile") == []  # the photo itself was not downloaded
    assert (await sandbox.counts(key))["nutrition"] == 1
