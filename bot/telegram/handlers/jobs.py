"""What runs beside the updates: the repeating jobs (reminders, weekly summaries, the outbox,
the journal's replay)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from telegram import Bot
from telegram.constants import ParseMode
from telegram.error import Forbidden

from bot.kernel.replies import Reply
from bot.kernel.sends import RecipientBlocked, Send, SendPhoto
from bot.telegram.handlers.incoming import Context
from bot.telegram.journal import Journal, replay
from bot.telegram.outgoing import send_reply

if TYPE_CHECKING:
    from bot.core.scheduled import Scheduled


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
    """The repeating jobs, bound to the scheduled work's door and the update journal;
    `build_application` schedules them."""

    def __init__(self, scheduled: Scheduled, journal: Journal) -> None:
        self.scheduled = scheduled
        self.journal = journal

    async def reminder_job(self, context: Context) -> None:
        """Every 30 s: send the reminders that are due now (the schedule is in the database)."""
        await self.scheduled.reminders_due(reminder_sender(context.bot))

    async def weekly_job(self, context: Context) -> None:
        """Every 30 s: send the weekly summaries that are due now (Sunday evenings)."""
        await self.scheduled.weekly_due(photo_sender(context.bot))

    async def outbox_job(self, context: Context) -> None:
        """Every few seconds: send what is waiting in the outbox; tell people when it synced."""

        async def notify(chat_id: int, reply: Reply) -> None:
            """Tell the person; one who blocked the bot counts as told (nobody to tell)."""
            try:
                await send_reply(context.bot, chat_id, reply)
            except Forbidden:
                pass

        await self.scheduled.deliver_due(notify)

    async def prune_job(self, context: Context) -> None:
        """Every hour: delete finished outbox items and journal rows, and forgotten turns."""
        await self.scheduled.prune()

    async def journal_job(self, context: Context) -> None:
        """Every few seconds: replay updates a process that died had received but not handled."""
        await replay(self.journal, context.application.update_queue, context.bot)
