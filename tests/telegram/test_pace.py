"""The pace of what the bot sends (bot/telegram/outgoing.py `Pace`): the moments messages
leave, on a virtual clock (tests/fixtures/virtual_time.py), so what is checked is the schedule
the pace computes, never how fast this machine happens to be."""

from __future__ import annotations

import asyncio
import itertools
from typing import cast

import pytest

from bot.telegram.outgoing import MESSAGES_PER_SECOND, PACE_MARGIN_SECONDS, Pace
from tests.fixtures.virtual_time import VirtualTimeLoop, run_in_virtual_time

GAP = 1 / MESSAGES_PER_SECOND
SPACING = GAP + PACE_MARGIN_SECONDS  # what the pace keeps between two messages


async def _send_all(pace: Pace, chats: range, hold_up: float | None = None) -> list[float]:
    """Every chat's message handed to the pace at once; when each left. With `hold_up`, the
    event loop is held up that long half a gap after the first leaves (as a busy loop holds
    up timers): the second is woken late."""
    loop = cast(VirtualTimeLoop, asyncio.get_running_loop())
    left: list[float] = []

    async def send(*_: object, **__: object) -> bool:
        left.append(loop.time())
        if hold_up is not None and len(left) == 1:
            loop.call_later(GAP / 2, loop.hold_up, hold_up)
        return True

    await asyncio.gather(
        *(
            pace.process_request(send, (), {}, "sendMessage", {"chat_id": chat}, None)
            for chat in chats
        )
    )
    return left


def test_messages_leave_evenly_spaced_at_telegrams_pace() -> None:
    left = run_in_virtual_time(_send_all(Pace(), range(1, 32)))
    gaps = [b - a for a, b in itertools.pairwise(left)]
    assert len(left) == 31 and left[0] == 0  # the first goes at once
    assert gaps == pytest.approx([SPACING] * 30, abs=1e-9)  # evenly, none early, none late
    assert left[-1] - left[0] >= 1.0  # so 31 in a row take more than a second


def test_a_message_woken_late_pushes_the_next_back_instead_of_bunching_with_it() -> None:
    """The loop is held up 50 ms past the second message's moment: it leaves late, and the
    third, whose moment came meanwhile, still leaves a full gap after it."""
    left = run_in_virtual_time(_send_all(Pace(), range(1, 6), hold_up=GAP / 2 + 0.05))
    gaps = [b - a for a, b in itertools.pairwise(left)]
    assert gaps[0] == pytest.approx(GAP + 0.05)  # the second was late
    assert gaps[1:] == pytest.approx([SPACING] * 3, abs=1e-9)  # none bunched up to catch up


def test_a_chat_action_goes_at_once_whatever_the_pace() -> None:
    async def main() -> tuple[float, float]:
        pace = Pace()
        loop = asyncio.get_running_loop()
        await _send_all(pace, range(1, 11))  # the next message's moment is a gap away

        async def action(*_: object, **__: object) -> bool:
            return True

        started = loop.time()
        await pace.process_request(action, (), {}, "sendChatAction", {"chat_id": 1}, None)
        return started, loop.time()

    started, sent = run_in_virtual_time(main())
    assert sent == started  # no wait at all
