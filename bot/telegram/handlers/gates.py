"""What every update passes before and after the work on it: each update once, only allowed
people, and marked handled in the journal at the end."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ApplicationHandlerStop

from bot.config import Settings
from bot.render import format as fmt
from bot.render import telegram as render_telegram
from bot.replies import Reply
from bot.sync.journal import UpdateJournal
from bot.sync.reminders import Reminders
from bot.telegram.handlers.incoming import Context
from bot.telegram.journal import handle_earlier
from bot.telegram.outgoing import send_reply

log = logging.getLogger(__name__)


class Gates:
    """The handlers of groups -2 (duplicates), -1 (allowed people) and the last (handled)."""

    def __init__(self, reminders: Reminders, settings: Settings, journal: UpdateJournal) -> None:
        self.reminders = reminders
        self.settings = settings
        self.journal = journal

    async def drop_duplicates(self, update: Update, context: Context) -> None:
        """Process an update Telegram delivered twice only once (the id is kept in the store)."""
        if not await self.journal.claim(update.update_id):
            log.info("update %s seen before; dropped", update.update_id)
            raise ApplicationHandlerStop
        await handle_earlier(self.journal, update, context.application)

    async def finish(self, update: Update, context: Context) -> None:
        """The last group: the update was handled, so it is never replayed after a restart."""
        await self.journal.handled(update.update_id)

    async def gate(self, update: Update, context: Context) -> None:
        """Refuse people outside ALLOWED_TELEGRAM_USER_IDS; note that a blocked person is back."""
        user, chat = update.effective_user, update.effective_chat
        allowed = self.settings.allowed_telegram_user_ids
        if allowed and (user is None or user.id not in allowed):
            log.info("refused user %s (not allowed)", user.id if user else None)
            if update.callback_query is not None:
                await update.callback_query.answer(fmt.to_plain(render_telegram.not_allowed()))
            elif chat is not None and chat.type == ChatType.PRIVATE:
                await send_reply(context.bot, chat.id, Reply(render_telegram.not_allowed()))
            await self.finish(update, context)
            raise ApplicationHandlerStop
        if user is not None:
            await self.reminders.resume_if_blocked(user_id=user.id)
