"""The error handler every failing update or job ends in: a log line, and a kind word."""

from __future__ import annotations

import logging
import traceback

from telegram import Update
from telegram.error import Forbidden, NetworkError, TelegramError

from bot.kernel.readers import Reader, reader_for
from bot.kernel.replies import Reply
from bot.render import conversation
from bot.render.words import LANGUAGES
from bot.telegram.handlers.incoming import Context
from bot.telegram.outgoing import send_reply

log = logging.getLogger(__name__)


async def on_error(update: object, context: Context) -> None:
    """Log with the Telegram user id only (never text or keys); tell the person kindly."""
    error = context.error
    user_id = (
        update.effective_user.id if isinstance(update, Update) and update.effective_user else None
    )
    name = type(error).__name__
    if isinstance(error, NetworkError):
        log.warning("Telegram unreachable while serving user %s: %s", user_id, name)
        return
    if isinstance(error, Forbidden):  # they blocked the bot: nothing to fix, nobody to tell
        log.warning("not delivered to user %s: they blocked or removed the bot", user_id)
        return
    # Frames only: an exception's message may quote what the person wrote.
    frames = "".join(traceback.format_tb(error.__traceback__)) if error else ""
    log.error("update from user %s failed: %s\n%s", user_id, name, frames.rstrip())
    if not isinstance(update, Update):
        return
    chat = update.effective_chat
    if chat is None:
        return
    try:
        await send_reply(context.bot, chat.id, Reply(conversation.internal_error(_reader(update))))
    except TelegramError:
        log.warning("could not tell user %s about the failure", user_id)


def _reader(update: Update) -> Reader:
    """The language the person's Telegram app speaks (no store is read for a failure)."""
    user = update.effective_user
    return reader_for(LANGUAGES, telegram_language=user.language_code if user else None)
