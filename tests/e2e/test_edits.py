"""A person edits a message they sent: the bot answers, and never logs the same thing twice."""

from __future__ import annotations

from typing import Any

from bot.kernel.readers import DEFAULT
from bot.render import drafts
from bot.render import format as fmt
from tests.e2e.test_media import ADA, foods, set_confirm, start, tap
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import SentMessage


async def said(bot: Any, text: str) -> tuple[int, SentMessage]:
    """Send `text` as Ada; her message's id and the bot's reply."""
    before = len(bot.fake.sent(ADA))
    bot.fake.push_text(ADA, text)
    reply = (await bot.fake.wait_sent(ADA, before + 1))[before]
    return max(i for i, chat in bot.fake.user_messages.items() if chat == ADA), reply


async def edited(bot: Any, message_id: int, text: str) -> SentMessage:
    before = len(bot.fake.sent(ADA))
    bot.fake.push_edit(ADA, message_id, text)
    return (await bot.fake.wait_sent(ADA, before + 1))[before]


async def test_an_edit_of_a_logged_message_says_how_to_correct_it_and_logs_nothing(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await start(harness_factory, sandbox)
    message_id, reply = await said(bot, "1 banana")
    assert "Banana" in reply.text
    answer = await edited(bot, message_id, "3 bananas")
    assert "already logged" in answer.text and "Banana" in answer.text
    assert "new message" in answer.text
    assert len(await foods(bot, key)) == 1
    assert (await sandbox.counts(key))["nutrition"] == 1


async def test_an_edit_of_a_draft_under_review_revises_the_draft(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await start(harness_factory, sandbox)
    await set_confirm(bot, True)
    message_id, draft = await said(bot, "1 egg")
    assert "Egg" in draft.text and draft.callbacks
    old_save = next(c for c in draft.callbacks if "save" in c)
    revised = await edited(bot, message_id, "2 eggs and a banana")
    assert revised.text.startswith(fmt.to_plain(drafts.edit_applied_to_draft(DEFAULT)))
    assert "Eggs, 2" in revised.text and "Banana" in revised.text and revised.callbacks
    assert (await sandbox.counts(key))["nutrition"] == 0  # still only a draft

    await tap(bot, revised, "draft:save")
    saved = await foods(bot, key)
    assert len(saved) == 2 and any(food.startswith("Eggs, 2") for food in saved)
    # The old draft was replaced: saving it now writes nothing more.
    bot.fake.push_callback(ADA, old_save, draft.message_id)
    await bot.fake.wait_idle()
    await bot.say(ADA, "/help")  # handled after the tap, in order
    assert (await sandbox.counts(key))["nutrition"] == 2


async def test_an_edit_of_a_question_changes_nothing(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await start(harness_factory, sandbox)
    message_id, _ = await said(bot, "how much protein today?")
    answer = await edited(bot, message_id, "3 bananas")
    assert answer.text == fmt.to_plain(drafts.edit_not_applied(DEFAULT))
    assert (await sandbox.counts(key))["nutrition"] == 0


async def test_a_key_edited_into_a_message_is_deleted_and_never_echoed(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await start(harness_factory, sandbox)
    message_id, _ = await said(bot, "how much protein today?")
    answer = await edited(bot, message_id, f"oops, my key is {key}")
    assert message_id in bot.fake.deleted_user_messages
    assert key not in answer.text and all(key not in m.text for m in bot.fake.sent())
