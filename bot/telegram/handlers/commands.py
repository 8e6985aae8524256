"""The commands (/start, /connect, /today...) and an API key pasted without /connect.

Commands work in private chats only; elsewhere a command is refused, and a key is deleted
wherever the bot may delete it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from telegram import Message, Update
from telegram.constants import ChatType

from bot.config import Settings
from bot.core.insights import MONTH_DAYS, WEEK_DAYS
from bot.kernel.replies import Reply
from bot.render import accounts
from bot.render import telegram as render_telegram
from bot.telegram.handlers.incoming import Context, args, who_sent
from bot.telegram.outgoing import send_reply, try_delete, typing

if TYPE_CHECKING:
    from bot.core.assistant import Assistant


class Commands:
    """A handler per command, bound to the core that answers it."""

    def __init__(self, assistant: Assistant, settings: Settings) -> None:
        self.assistant = assistant
        self.settings = settings

    async def start(self, update: Update, context: Context) -> None:
        """/start: what the bot does and how to link."""
        if who := who_sent(update):
            reply = await self.assistant.start(user_id=who.user_id)
            await send_reply(context.bot, who.chat_id, reply)

    async def help(self, update: Update, context: Context) -> None:
        """/help: what the bot understands."""
        if who := who_sent(update):
            reply = await self.assistant.help(user_id=who.user_id)
            await send_reply(context.bot, who.chat_id, reply)

    async def connect(self, update: Update, context: Context) -> None:
        """/connect KEY in a private chat: delete the message carrying the key, then link."""
        if not (who := who_sent(update)):
            return
        if not context.args:
            reply = await self.assistant.connect(
                user_id=who.user_id, chat_id=who.chat_id, api_key=""
            )
            await send_reply(context.bot, who.chat_id, reply)
            return
        await self._link(context, who.message, who.user_id, args(context))

    async def _link(self, context: Context, message: Message, user_id: int, key: str) -> None:
        """Delete the message carrying a key first (whatever checking the key does, it leaves
        the chat at once), then link it and answer."""
        chat_id = message.chat_id
        await try_delete(context.bot, chat_id, message.message_id)
        async with typing(context.bot, chat_id, after=self.settings.typing_after_seconds):
            reply = await self.assistant.connect(user_id=user_id, chat_id=chat_id, api_key=key)
        await send_reply(context.bot, chat_id, reply)

    async def pasted_key(self, update: Update, context: Context) -> None:
        """A message with something shaped like an API key in it, without /connect: in a
        private chat, deleted and linked as /connect would; elsewhere, refused and deleted."""
        if not (who := who_sent(update)):
            return
        message = who.message
        if message.chat.type != ChatType.PRIVATE:
            await self.connect_in_group(update, context)
            return
        await self._link(context, message, who.user_id, message.text or message.caption or "")

    async def connect_in_group(self, update: Update, context: Context) -> None:
        """/connect outside a private chat: refuse, and delete the key where the bot may."""
        if who := who_sent(update):
            await try_delete(context.bot, who.chat_id, who.message.message_id)
            reader = await self.assistant.reader(user_id=who.user_id)
            await send_reply(
                context.bot, who.chat_id, Reply(render_telegram.connect_in_group(reader))
            )

    async def disconnect(self, update: Update, context: Context) -> None:
        """/disconnect: forget the key."""
        if who := who_sent(update):
            reply = await self.assistant.disconnect(user_id=who.user_id)
            await send_reply(context.bot, who.chat_id, reply)

    async def forget(self, update: Update, context: Context) -> None:
        """/forget: ask to confirm deleting everything stored about the person."""
        if who := who_sent(update):
            reply = await self.assistant.forget_request(user_id=who.user_id)
            await send_reply(context.bot, who.chat_id, reply)

    async def today(self, update: Update, context: Context) -> None:
        """/today: the day's summary."""
        if who := who_sent(update):
            async with typing(context.bot, who.chat_id, after=self.settings.typing_after_seconds):
                reply = await self.assistant.today(user_id=who.user_id)
            await send_reply(context.bot, who.chat_id, reply)

    async def week(self, update: Update, context: Context) -> None:
        """/week: the last 7 days as a chart."""
        await self._chart(update, context, days=WEEK_DAYS)

    async def month(self, update: Update, context: Context) -> None:
        """/month: the last 30 days as a chart."""
        await self._chart(update, context, days=MONTH_DAYS)

    async def _chart(self, update: Update, context: Context, *, days: int) -> None:
        if who := who_sent(update):
            async with typing(context.bot, who.chat_id, after=self.settings.typing_after_seconds):
                reply = await self.assistant.chart(user_id=who.user_id, days=days)
            await send_reply(context.bot, who.chat_id, reply)

    async def timezone(self, update: Update, context: Context) -> None:
        """/timezone NAME."""
        if who := who_sent(update):
            reply = await self.assistant.preferences.set_timezone(
                user_id=who.user_id, name=args(context)
            )
            await send_reply(context.bot, who.chat_id, reply)

    async def remind(self, update: Update, context: Context) -> None:
        """/remind HH:MM | off."""
        if who := who_sent(update):
            reply = await self.assistant.preferences.set_reminder(
                user_id=who.user_id, spec=args(context)
            )
            await send_reply(context.bot, who.chat_id, reply)

    async def dayend(self, update: Update, context: Context) -> None:
        """/dayend HH:MM."""
        if who := who_sent(update):
            reply = await self.assistant.preferences.set_day_end(
                user_id=who.user_id, spec=args(context)
            )
            await send_reply(context.bot, who.chat_id, reply)

    async def language(self, update: Update, context: Context) -> None:
        """/language [CODE]."""
        if who := who_sent(update):
            reply = await self.assistant.preferences.set_language(
                user_id=who.user_id, code=args(context)
            )
            await send_reply(context.bot, who.chat_id, reply)

    async def units(self, update: Update, context: Context) -> None:
        """/units [kg|lb|kcal|kj]."""
        if who := who_sent(update):
            reply = await self.assistant.preferences.set_units(
                user_id=who.user_id, word=args(context)
            )
            await send_reply(context.bot, who.chat_id, reply)

    async def settings_command(self, update: Update, context: Context) -> None:
        """/settings."""
        if who := who_sent(update):
            reply = await self.assistant.preferences.settings_view(user_id=who.user_id)
            await send_reply(context.bot, who.chat_id, reply)

    async def status(self, update: Update, context: Context) -> None:
        """/status: what is still waiting to sync."""
        if who := who_sent(update):
            reply = await self.assistant.status(user_id=who.user_id)
            await send_reply(context.bot, who.chat_id, reply)

    async def unknown_command(self, update: Update, context: Context) -> None:
        """Any other /command in a private chat."""
        if who := who_sent(update):
            reader = await self.assistant.reader(user_id=who.user_id)
            await send_reply(context.bot, who.chat_id, Reply(accounts.unknown_command(reader)))

    async def private_only(self, update: Update, context: Context) -> None:
        """A command in a group: health data stays in private chats."""
        if who := who_sent(update):
            reader = await self.assistant.reader(user_id=who.user_id)
            await send_reply(context.bot, who.chat_id, Reply(render_telegram.private_only(reader)))
