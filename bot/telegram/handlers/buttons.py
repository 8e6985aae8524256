"""Taps on inline buttons: each is decoded once here and handed to the core."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from telegram import CallbackQuery, MaybeInaccessibleMessage, Message, Update
from telegram.error import BadRequest

from bot.config import Settings
from bot.kernel import callbacks
from bot.kernel.replies import Reply
from bot.render.keyboards import reminder_rows_left
from bot.telegram.handlers.incoming import Context
from bot.telegram.outgoing import buttons_of, edit_reply, send_reply, typing

if TYPE_CHECKING:
    from bot.core.assistant import Assistant

log = logging.getLogger(__name__)


def _still_shown(message: MaybeInaccessibleMessage, data: str) -> bool:
    """Whether the tapped button is still on its message, as Telegram last saw it.

    A message too old for Telegram to show the bot counts as shown: the core decides alone.
    """
    if not isinstance(message, Message):
        return True
    return any(button.callback == data for row in buttons_of(message) for button in row)


async def _answer(query: CallbackQuery, text: str | None) -> None:
    """Stop the button's spinner (with `text` as a toast); a query Telegram no longer takes,
    answered after a slow save, is not the person's problem."""
    try:
        await query.answer(text)
    except BadRequest as exc:
        log.info("callback query not answered: %s", exc)


class Buttons:
    """The handler of every inline button, bound to the core."""

    def __init__(self, assistant: Assistant, settings: Settings) -> None:
        self.assistant = assistant
        self.settings = settings

    async def button(self, update: Update, context: Context) -> None:
        """An inline button, handed to the core.

        The query is answered once the outcome is known: with a toast when the tap changes
        nothing (the message stays as it is), else plainly and the reply is sent.
        """
        query, user = update.callback_query, update.effective_user
        if query is None or user is None or query.data is None or query.message is None:
            return
        chat_id, message_id = query.message.chat.id, query.message.message_id
        try:
            reply = await self._tapped(
                context, query.message, query.data, user.id, update.update_id
            )
        except Exception:
            await _answer(query, None)  # the error handler tells the person
            raise
        await _answer(query, reply.toast)
        if reply.toast is not None:
            return
        if reply.edit:
            await edit_reply(context.bot, chat_id, message_id, reply)
        else:
            await send_reply(context.bot, chat_id, reply)
        await self.assistant.told(reply)

    async def _tapped(
        self,
        context: Context,
        message: MaybeInaccessibleMessage,
        data: str,
        user_id: int,
        update_id: int,
    ) -> Reply:
        """What a tap does; a rating keeps the other rating rows (and "later") on its message."""
        tapped = callbacks.decode(data)
        async with typing(context.bot, message.chat.id, after=self.settings.typing_after_seconds):
            reply = await self.assistant.on_button(
                user_id=user_id,
                chat_id=message.chat.id,
                data=tapped,
                shown=_still_shown(message, data),
                update_id=update_id,
            )
        if isinstance(tapped, callbacks.Rate) and isinstance(message, Message):
            if reply.edit and not reply.buttons:
                reply.buttons = reminder_rows_left(buttons_of(message), tapped)
        return reply
