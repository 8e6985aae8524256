"""What runs beside the updates: the repeating jobs (reminders, weekly summaries, the outbox,
the journal's replay)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from telegram import Bot
from telegram.constants import ParseMode
from telegram.error import Forbidden

from bot.kernel.replies import Reply
from bot.sync.journal import UpdateJournal
from bot.sync.outbox import Delivered
from bot.sync.reminders import RecipientBlocked, Reminders, Send
from bot.sync.weekly import SendPhoto, WeeklySummaries
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


def photo_sender(bot: Bot) -> SendPhoto:
    """How `WeeklySummaries.run_due` sends: one photo with an HTML caption, through the same
    paced bot as every message, with a 403 turned into `RecipientBlocked`."""

    async def send(chat_id: int, png: bytes, caption: str) -> int:
        try:
            message = await bot.send_photo(
                chat_id, photo=png, caption=caption, parse_mode=ParseMode.HTML
            )
        except Forbidden as exc:
            raise RecipientBlocked(chat_id) from exc
        return message.message_id

    return send


class Jobs:
    """The repeating jobs, bound to what they work on; `build_application` schedules them."""

    def __init__(
        self,
        assistant: Assistant,
        reminders: Reminders,
        journal: UpdateJournal,
        weekly: WeeklySummaries | None = None,
    ) -> None:
        self.assistant = assistant
        self.reminders = reminders
        self.journal = journal
        self._weekly = weekly

    @property
    def weekly(self) -> WeeklySummaries:
        """The weekly summaries, sharing the assistant's resources and clock (built when
        first needed)."""
        if self._weekly is None:
            self._weekly = WeeklySummaries.from_assistant(self.assistant)
        return self._weekly

    async def reminder_job(self, context: Context) -> None:
        """Every 30 s: send the reminders that are due now (the schedule is in the database)."""
        await self.reminders.run_due(self.reminders.clock(), reminder_sender(context.bot))

    async def weekly_job(self, context: Context) -> None:
        """Every 30 s: send the weekly summaries that are due now (Sunday evenings)."""
        await self.weekly.run_due(self.weekly.clock(), photo_sender(context.bot))

    async def outbox_job(self, context: Context) -> None:
        """Every few seconds: send what is waiting in the outbox; tell people when it synced."""

        async def notify(done: Delivered) -> None:
            """Tell the person; one who blocked the bot counts as told (nobody to tell)."""
            try:
                await send_reply(
                    context.bot, done.chat_id, await self.assistant.synced_notice(done)
                )
            except Forbidden:
                pass

        await self.assistant.delivery.run_due(notify)

    async def journal_job(self, context: Context) -> None:
        """Every few seconds: replay updates a process that died had received but not handled."""
        await replay(self.journal, context.application.update_queue, context.bot)
