"""What the handlers read off an update: who sent it and where to answer, a command's words."""

from __future__ import annotations

from dataclasses import dataclass

from telegram import Message, Update
from telegram.ext import ContextTypes

Context = ContextTypes.DEFAULT_TYPE


@dataclass(frozen=True)
class Who:
    """The message an update carries, the person who sent it and the chat to answer in."""

    message: Message
    user_id: int
    chat_id: int


def who_sent(update: Update) -> Who | None:
    """Who sent the update's message; None when it has no message or no person."""
    message, user = update.effective_message, update.effective_user
    if message is None or user is None:
        return None
    return Who(message, user.id, message.chat_id)


def args(context: Context) -> str:
    """A command's words after the command, as one string."""
    return " ".join(context.args or [])
