"""What every update passes before and after the work on it: each update once, only allowed
people, and marked handled in the journal at the end."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ApplicationHandlerStop

from bot.config import Settings
from bot.core.assistant import Assistant
from bot.kernel.readers import reader_for
from bot.kernel.replies import Reply
from bot.render import format as fmt
from bot.render import telegram as render_telegram
from bot.render.words import LANGUAGES
from bot.telegram.handlers.incoming import Context
from bot.telegram.intake import Unreadable
from bot.telegram.journal import Journal, handle_earlier
from bot.telegram.outgoing import send_reply

log = logging.getLogger(__name__)


class Gates:
    """The handlers of groups -2 (duplicates), -1 (allowed people) and the last (handled)."""

    def __init__(self, settings: Settings, journal: Journal, assistant: Assistant) -> None:
        self.settings = settings
        self.journal = journal
        self.assistant = assistant

    async def drop_duplicates(self, update: Update, context: Context) -> None:
        """Process an update Telegram delivered twice only once (the id is kept in the store)."""
        user = update.effective_user
        if not await self.journal.claim(update.update_id, user.id if user else None):
            log.info("update %s seen before; dropped", update.update_id)
            raise ApplicationHandlerStop
        if user is not None and self.journal.may_have_earlier(user.id, update.update_id):
            await handle_earlier(self.journal, update, context.application)

    async def unreadable(self, update: Update, context: Context) -> None:
        """An update PTB could not read (`bot.telegram.intake`) fails here with PTB's error, as
        a handler's would: the error handler logs it once and apologises where it names a chat,
        and the last group marks it finished."""
        if isinstance(update, Unreadable):
            raise update.error

    async def finish(self, update: Update, context: Context) -> None:
        """The last group: the update was handled, so it is never replayed after a restart."""
        await self.journal.handled(update.update_id)

    async def gate(self, update: Update, context: Context) -> None:
        """Refuse people outside ALLOWED_TELEGRAM_USER_IDS."""
        user, chat = update.effective_user, update.effective_chat
        allowed = self.settings.allowed_telegram_user_ids
        if allowed and (user is None or user.id not in allowed):
            log.info("refused user %s (not allowed)", user.id if user else None)
            # No account is read for a stranger: their app's language is all there is
            reader = reader_for(LANGUAGES, telegram_language=user.language_code if user else None)
            refusal = render_telegram.not_allowed(reader)
            if update.callback_query is not None:
                await update.callback_query.answer(fmt.to_plain(refusal))
            elif chat is not None and chat.type == ChatType.PRIVATE:
                await send_reply(context.bot, chat.id, Reply(refusal))
            await self.finish(update, context)
            raise ApplicationHandlerStop
        if user is not None and user.language_code:
            # Replies are in the language their app speaks until they choose one
            await self.assistant.heard(user_id=user.id, code=user.language_code)
