"""Many people at once on one process: every message is answered and logged once.

On the default SQLite store, concurrent sessions used to fail with "database is locked"
(a deferred transaction that reads and then writes cannot wait for another writer); the
store now queues its sessions on one connection per process.
"""

from __future__ import annotations

import asyncio

from bot.render import format as fmt
from tests.fixtures.core import AssistantFactory, persons_today
from tests.fixtures.openai import FakeOpenAI, chat_completion
from tests.fixtures.sandbox import RunningSandbox

PEOPLE = 200
PATIENCE = 120.0


async def test_two_hundred_people_at_once_are_all_answered_and_logged_once(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant = await assistant_factory(
        sandbox_url=sandbox.url,
        openai_base_url=fake_openai.base_url,
        offline_fast_path=False,  # every message waits on the (fake) model
        # What is asserted is that no one is lost or doubled, not how fast a crowd is served:
        # a loaded machine may take longer than the default limits, never this long.
        agent_api_timeout_seconds=PATIENCE,
        llm_request_timeout_seconds=PATIENCE,
    )
    keys = [await sandbox.add_user(f"p{i}") for i in range(PEOPLE)]
    people = list(range(1000, 1000 + PEOPLE))
    for user, key in zip(people, keys, strict=True):
        await assistant.connect(user_id=user, chat_id=user, api_key=key)
        await assistant.preferences.set_timezone(user_id=user, name="UTC")
    entry = {"food": "Quinoa bowl, 1 bowl", "calories": 450, "protein": 15, "carbs": 60, "fat": 14}
    day = persons_today().isoformat()
    body = chat_completion(tool_calls=[("nutrition_add_entry", {"date": day, "entry": entry})])
    for _ in people:  # the answers overlap: everyone waits on the model at the same time
        fake_openai.reply(body, delay=0.3)

    replies = await asyncio.gather(
        *(
            assistant.handle_text(user_id=user, chat_id=user, text="a quinoa bowl")
            for user in people
        )
    )

    texts = [fmt.to_plain(reply.html) for reply in replies]
    odd = [t for t in texts if not ("Quinoa bowl" in t and "450 kcal" in t)]
    assert odd == [], odd[:3]
    counts = await asyncio.gather(*(sandbox.counts(key) for key in keys))
    assert [c["nutrition"] for c in counts] == [1] * PEOPLE
