"""Drafts in the person's language and units, end to end through the real PTB application:
confirm mode turned on in /settings and an implausible entry are shown in German, with
energies in kJ and weights in lb for a reader who uses them, and Save still writes once."""

from __future__ import annotations

import datetime as dt
from typing import Any

from tests.e2e.conftest import Harness
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import SentMessage

GRETA = 7501  # her Telegram app speaks German
NOON = dt.datetime(2026, 3, 10, 11, 0, tzinfo=dt.UTC)  # 12:00 in Berlin
# Sentences of the English drafts that a German reader must not see.
ENGLISH = ("nothing is saved yet", "Please check", "is a lot for one item", "Already saved")


async def linked(harness_factory: Any, sandbox: RunningSandbox) -> tuple[Harness, str]:
    bot: Harness = await harness_factory(start=NOON, agent_api_base_url=sandbox.url)
    bot.fake.app_languages[GRETA] = "de"
    key = await sandbox.add_user("Greta", "Europe/Berlin")
    await bot.say(GRETA, f"/connect {key}")
    await bot.say(GRETA, "/timezone Europe/Berlin")
    return bot, key


def answers(bot: Harness) -> list[str | None]:
    return [call.params.get("text") for call in bot.fake.calls("answerCallbackQuery")]


def button(message: SentMessage, prefix: str) -> str:
    [data] = [c for c in message.callbacks if c.startswith(prefix)]
    return data


async def tap(bot: Harness, message: SentMessage, data: str) -> str | None:
    """Tap `data` on `message` (a late tap may carry a button it no longer shows); the
    toast, if the tap had one."""
    before, edits = len(answers(bot)), bot.fake.messages[message.message_id].edits
    bot.fake.push_callback(GRETA, data, message.message_id)
    await bot.fake.wait_for(lambda: len(answers(bot)) > before)
    toast = answers(bot)[before]
    if toast is None:
        await bot.fake.wait_for(lambda: bot.fake.messages[message.message_id].edits > edits)
    return toast


async def test_a_confirm_mode_draft_is_german_and_its_save_writes_once(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await linked(harness_factory, sandbox)
    settings = await bot.say(GRETA, "/settings")
    await tap(bot, settings, button(settings, "settings:confirm:on"))

    draft = await bot.say(GRETA, "2 eggs")
    assert "Das habe ich verstanden" in draft.text and "noch ist nichts gespeichert" in draft.text
    assert not any(english in draft.text for english in ENGLISH)
    assert (await sandbox.counts(key)).get("nutrition", 0) == 0

    save = button(draft, "draft:save")
    assert await tap(bot, draft, save) is None
    assert await tap(bot, draft, save) == "Schon gespeichert."
    assert (await sandbox.counts(key))["nutrition"] == 1


async def test_an_implausible_entry_is_asked_about_in_german_and_in_kilojoules(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await linked(harness_factory, sandbox)
    await bot.say(GRETA, "/units kj")

    draft = await bot.say(GRETA, "protein bar 6000 kcal")
    assert "Schau bitte kurz drüber, bevor ich speichere" in draft.text
    assert "25.104 kJ ist viel für eine Sache – stimmt das?" in draft.text  # 6000 kcal
    assert not any(english in draft.text for english in ENGLISH)

    dropped = await tap(bot, draft, button(draft, "draft:drop"))
    assert dropped is None
    assert bot.fake.messages[draft.message_id].text == "Verworfen – nichts wurde gespeichert."
    assert (await sandbox.counts(key)).get("nutrition", 0) == 0


async def test_a_weight_jump_is_said_in_pounds_to_a_reader_in_pounds(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await linked(harness_factory, sandbox)
    bot.fake.app_languages[GRETA] = "en"
    await bot.say(GRETA, "72.4 kg")
    await bot.say(GRETA, "/units lb")

    draft = await bot.say(GRETA, "weight 27 kg")
    assert "59.5 lb is more than 11 lb from your last weight (159.6 lb)" in draft.text
    assert "Please check before I save" in draft.text
    assert await tap(bot, draft, button(draft, "draft:save")) is None
    assert (await sandbox.counts(key))["weights"] == 2
