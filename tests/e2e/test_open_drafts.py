"""Drafts waiting for a tap are never forgotten, and never misdescribed, end to end.

Path: fake Bot API -> PTB -> handlers -> Assistant -> sandbox over HTTP, no LLM. A draft
replaced by an edit loses its buttons and says so; `/status` lists drafts still waiting; the
next reply after a draft mentions it, once.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from bot.kernel.readers import DEFAULT
from bot.render import conversation, drafts
from tests.e2e.test_buttons import answers
from tests.e2e.test_edits import edited, said
from tests.e2e.test_media import ADA, foods, set_confirm, start
from tests.fixtures.sandbox import RunningSandbox


async def test_a_draft_replaced_by_an_edit_loses_its_buttons_and_a_late_save_says_replaced(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await start(harness_factory, sandbox)
    await set_confirm(bot, True)
    message_id, old = await said(bot, "1 egg")
    save = next(c for c in old.callbacks if c.startswith("draft:save"))

    new = await edited(bot, message_id, "2 eggs")
    assert "Eggs, 2" in new.text and new.callbacks
    await bot.fake.wait_for(lambda: bot.fake.messages[old.message_id].edits > 0)
    replaced = bot.fake.messages[old.message_id]
    assert replaced.callbacks == []
    assert replaced.text == drafts.draft_replaced(DEFAULT)

    # A tap from a screen that was not refreshed: it says what happened, writes nothing.
    before = len(answers(bot))
    bot.fake.push_callback(ADA, save, old.message_id)
    await bot.fake.wait_for(lambda: len(answers(bot)) > before)
    toast = answers(bot)[before]
    assert toast != drafts.draft_already_dropped(DEFAULT)
    assert toast == drafts.draft_already_replaced(DEFAULT)
    assert bot.fake.messages[old.message_id].text == replaced.text
    assert (await sandbox.counts(key))["nutrition"] == 0

    # The new draft still saves what the edit said, once.
    new_save = next(c for c in new.callbacks if c.startswith("draft:save"))
    edits = bot.fake.messages[new.message_id].edits
    bot.fake.push_callback(ADA, new_save, new.message_id)
    await bot.fake.wait_for(lambda: bot.fake.messages[new.message_id].edits > edits)
    assert [f for f in await foods(bot, key) if f.startswith("Eggs")] == ["Eggs, 2 large"]


async def test_status_lists_drafts_still_waiting_with_their_age(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, _ = await start(harness_factory, sandbox)
    draft = await bot.say(ADA, "protein bar 6000 kcal")  # implausible: shown as a draft
    assert draft.callbacks
    bot.clock.now += dt.timedelta(hours=2, minutes=10)
    status = (await bot.say(ADA, "/status")).text
    assert "nothing is waiting" not in status
    assert "Protein bar" in status and "2 h ago" in status
    assert conversation.drafts_waiting_hint(DEFAULT) in status


async def test_the_next_reply_mentions_a_draft_still_open_once(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await start(harness_factory, sandbox)
    draft = await bot.say(ADA, "protein bar 6000 kcal")
    assert draft.callbacks

    logged = (await bot.say(ADA, "1 banana")).text
    assert "Banana" in logged
    assert "Protein bar" in logged and "still waiting" in logged.lower()

    again = (await bot.say(ADA, "1 apple")).text
    assert "Apple" in again and "Protein bar" not in again and "still waiting" not in again.lower()
    assert (await sandbox.counts(key))["nutrition"] == 2  # the draft is still only a draft
