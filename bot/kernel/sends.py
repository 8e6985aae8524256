"""What a front end provides so that scheduled messages reach people: a way to send a reply,
a way to send a photo, and the one failure both may raise that the scheduled work acts on.

The reminders and weekly summaries (`bot.sync`) are handed a `Send` or a `SendPhoto` on each
run and never learn which front end is behind it; the Telegram front end makes them, turning
Telegram's "the bot was blocked" into `RecipientBlocked`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.kernel.replies import Reply

Send = Callable[[int, Reply], Awaitable[int]]  # (chat id, reply) -> the message's id
SendPhoto = Callable[[int, bytes, str], Awaitable[int]]  # (chat id, PNG, HTML caption) -> id


class RecipientBlocked(Exception):
    """The person blocked the bot (Telegram answered 403): stop sending them anything."""

    def __init__(self, chat_id: int) -> None:
        super().__init__(f"chat {chat_id} blocked the bot")
        self.chat_id = chat_id
