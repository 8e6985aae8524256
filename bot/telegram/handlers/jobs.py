"""What runs beside the updates: the repeating jobs (reminders, the outbox, the journal's
replay)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from telegram import Bot
from telegram.error import Forbidden

from bot.replies import Reply
from bot.sync.journal import UpdateJournal
from bot.sync.outbox import Delivered
from bot.sync.reminders import RecipientBlocked, Reminders, Send
from bot.telegram.handlers.incoming import Context
from bot.telegram.journal import replay
from bot.telegram.outgoing import send_reply

if TYPE_CHECKING:
    from bot.core.assistant import Assistant


def reminder_sender(bot: Bot) -> Send:
    """How `Reminders.run_due` sends: as any reply, with a 403 turned into `RecipientBlocked`."""

    async def send(chat_id: int, reply: Reply) -> int:
        try:
            return await send_reply(bot, chat_id, reply)
        except Forbidden as exc:
            raise RecipientBlocked(chat_id) from exc

    return send


class Jobs:
    """The repeating jobs, bound to what they work on; `build_application` schedules them."""

    def __init__(self, assistant: Assistant, reminders: Reminders, journal: UpdateJournal) -> None:
        self.assistant = assistant
        self.reminders = reminders
        self.journal = journal

    async def reminder_job(self, context: Context) -> None:
        """Every 30 s: send the reminders that are due now (the schedule is in the database)."""
        await self.reminders.run_due(self.reminders.clock(), reminder_sender(context.bot))

    async def outbox_job(self, context: Context) -> None:
        """Every few seconds: send what is waiting in the outbox; tell people when it synced."""

        async def notify(done: Delivered) -> None:
            await send_reply(context.bot, done.chat_id, await self.assistant.synced_notice(done))

        await self.assistant.delivery.run_due(notify)

    async def journal_job(self, context: Context) -> None:
        """Every few seconds: replay updates a process that died had received but not handled."""
        await replay(self.journal, context.application.update_queue, context.bot)
