"""The pace of what the bot sends (bot/telegram/outgoing.py `Pace`), measured as messages leave."""

from __future__ import annotations

import asyncio
import itertools
import time

from bot.telegram.outgoing import MESSAGES_PER_SECOND, Pace

GAP = 1 / MESSAGES_PER_SECOND


async def _send_all(pace: Pace, chats: range, block_at: float | None = None) -> list[float]:
    """Every chat's message handed to the pace at once; when each really left (loop time).
    With `block_at`, the event loop is held up that long after the first leaves (as a busy
    loop holds up timers): the second is woken late."""
    loop = asyncio.get_running_loop()
    left: list[float] = []

    async def send(*_: object, **__: object) -> bool:
        left.append(loop.time())
        if block_at is not None and len(left) == 1:
            loop.call_later(GAP / 2, time.sleep, block_at)
        return True

    await asyncio.gather(
        *(
            pace.process_request(send, (), {}, "sendMessage", {"chat_id": chat}, None)
            for chat in chats
        )
    )
    return left


async def test_messages_leave_evenly_spaced_at_telegrams_pace() -> None:
    left = await _send_all(Pace(), range(1, 32))
    gaps = [b - a for a, b in itertools.pairwise(left)]
    assert min(gaps) >= GAP  # a timer fires up to 1 ms early: the margin covers it
    assert left[-1] - left[0] >= 1.0  # 31 in a row take more than a second
    assert left[-1] - left[0] < 1.2  # and little more: no time lost


async def test_a_message_woken_late_pushes_the_next_back_instead_of_bunching_with_it() -> None:
    """The loop is held up 50 ms past the second message's moment: it leaves late, and the
    third, whose moment came meanwhile, still leaves a full gap after it."""
    left = await _send_all(Pace(), range(1, 6), block_at=GAP / 2 + 0.05)
    gaps = [b - a for a, b in itertools.pairwise(left)]
    assert gaps[0] >= GAP + 0.04  # the second was late
    assert min(gaps[1:]) >= GAP  # none after it bunched up to catch up


async def test_a_chat_action_goes_at_once_whatever_the_pace() -> None:
    pace = Pace()
    loop = asyncio.get_running_loop()
    await _send_all(pace, range(1, 11))  # the next message's moment is a gap away

    async def action(*_: object, **__: object) -> bool:
        return True

    started = loop.time()
    await pace.process_request(action, (), {}, "sendChatAction", {"chat_id": 1}, None)
    assert loop.time() - started < GAP / 2
