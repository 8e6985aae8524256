"""Text that a Python string can hold but UTF-8 and PostgreSQL cannot: answered, never a crash.

Telegram's JSON may carry a lone surrogate ("\\ud800"); a terminal may pass NUL. Both reach
the store (conversation turns, drafts) and the service, which would refuse to encode them.
"""

from __future__ import annotations

import pytest

from tests.core.test_assistant import linked, say
from tests.fixtures.core import AssistantFactory
from tests.fixtures.sandbox import RunningSandbox


@pytest.mark.parametrize(
    "text", ["\ud800", "2 eggs \udfff", "banana \ud83d", "note: \ud800 hurt", "mood 4\x00"]
)
async def test_unencodable_code_points_are_replaced_not_fatal(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, text: str
) -> None:
    assistant, _key = await linked(assistant_factory, sandbox)
    reply = await say(assistant, text)
    assert reply.strip() and "Traceback" not in reply


async def test_the_rest_of_the_message_is_still_logged(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    reply = await say(assistant, "2 eggs\ud800, mood 4, note: tired \udfff")
    assert "Eggs" in reply and "mood 4" in reply
    counts = await sandbox.counts(key)
    assert counts["nutrition"] == 1 and counts["checkins"] == 1


async def test_a_surrogate_pair_is_read_as_its_character(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, _key = await linked(assistant_factory, sandbox)
    reply = await say(assistant, "mood 4, note: \ud83d\ude00")
    assert "mood 4" in reply and "\ud83d" not in reply
