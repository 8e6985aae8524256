"""What the bot says about a refusal, an edit or a correction is what really happened.

Path: fake Bot API -> PTB -> handlers -> Assistant -> sandbox over HTTP, no LLM. Each test
reads what the person reads and what lands in the account.
"""

from __future__ import annotations

import re
from typing import Any

from bot.agent_api.client import AgentApiClient
from bot.kernel.readers import DEFAULT
from bot.render import drafts
from tests.e2e.test_edits import edited, said
from tests.e2e.test_media import ADA, DAY, start
from tests.fixtures.sandbox import RunningSandbox


async def entries(bot: Any, key: str) -> list[dict[str, Any]]:
    client = AgentApiClient(bot.settings.agent_api_base_url, key, http=bot.assistant.resources.http)
    body = await client.nutrition(DAY)
    return list(body["entries"])


async def tapped(bot: Any, message: Any, verb: str) -> Any:
    [data] = [c for c in message.callbacks if c.startswith(f"draft:{verb}")]
    edits = bot.fake.messages[message.message_id].edits
    bot.fake.push_callback(ADA, data, message.message_id)
    await bot.fake.wait_for(lambda: bot.fake.messages[message.message_id].edits > edits)
    return bot.fake.messages[message.message_id]


def verbs(message: Any) -> set[str]:
    return {c.split(":")[1] for c in message.callbacks if c.startswith("draft:")}


async def test_a_huge_amount_is_offered_as_a_draft_that_says_what_is_implausible(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await start(harness_factory, sandbox)
    draft = await bot.say(ADA, "had 5000 g of butter")
    assert "garbled" not in draft.text and "don't add up" not in draft.text
    assert re.search(r"\d\d,\d{3} kcal is a lot", draft.text), draft.text
    assert "Butter" in draft.text and verbs(draft) == {"save", "fix", "drop"}
    assert await entries(bot, key) == []

    await tapped(bot, draft, "save")  # the person says it is right: it is logged, once
    [entry] = await entries(bot, key)
    assert entry["food"].startswith("Butter") and entry["calories"] > 10_000


async def test_an_edit_of_a_message_still_waiting_to_sync_says_it_is_queued(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, _ = await start(harness_factory, sandbox, outbox_every=None)
    sandbox.stop()
    message_id, kept = await said(bot, "1 banana")
    assert "Banana" in kept.text
    answer = await edited(bot, message_id, "3 bananas")
    assert "already logged" not in answer.text
    assert answer.text.startswith(drafts.edit_of_queued_head(DEFAULT))
    assert "Banana" in answer.text


async def test_a_correction_of_a_logged_amount_offers_the_difference_as_a_draft(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await start(harness_factory, sandbox)
    assert "Eggs, 2" in (await bot.say(ADA, "2 eggs")).text
    [two] = await entries(bot, key)

    draft = await bot.say(ADA, "actually it was 3 eggs")
    assert "fix the entry in the app" not in draft.text.lower()
    assert "+1" in draft.text and verbs(draft) == {"save", "drop"}
    assert len(await entries(bot, key)) == 1  # nothing written before the person says so

    saved = await tapped(bot, draft, "save")
    assert saved.callbacks == []
    eggs = await entries(bot, key)
    assert len(eggs) == 2
    three = sum(e["calories"] for e in eggs)
    assert abs(three - two["calories"] * 3 / 2) < 1  # 2 eggs and the one more: 3 eggs


async def test_a_correction_to_less_says_how_to_fix_it_without_logging_twice(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, key = await start(harness_factory, sandbox)
    await bot.say(ADA, "2 eggs")
    less = await bot.say(ADA, "actually it was 1 egg")
    assert less.callbacks == []
    assert "tell me the right amount" not in less.text
    assert less.text == drafts.correction_to_less("Eggs, 2 large", DEFAULT)
    none = await bot.say(ADA, "actually it was 3 apples")
    assert none.callbacks == [] and none.text == drafts.correction_of_nothing_logged(DEFAULT)
    assert len(await entries(bot, key)) == 1
