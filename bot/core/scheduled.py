"""The door of the work that runs beside the messages: the outbox, reminders, weekly
summaries, pruning. Built by the composition root (`bot.compose`); a front end schedules its
methods and sends what they hand it, and reaches nothing behind them.

What those sends say is worded here, as the core words every reply: the scheduled work
(`bot.sync`) decides who is due and when, and is handed `reminder_reply` and
`weekly_caption` for the words and buttons where the house is built."""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.core.person import stored_reader
from bot.kernel.callbacks import RATED_FIELDS, RatedField
from bot.kernel.metrics import Metrics
from bot.kernel.readers import Reader
from bot.kernel.replies import Reply
from bot.kernel.sends import Send, SendPhoto
from bot.render import charts as render_charts
from bot.render import checkins, keyboards
from bot.store import Account, repo
from bot.sync.outbox import Delivered, Delivery
from bot.sync.pruning import prune
from bot.sync.reminders import Reminders
from bot.sync.weekly import WeeklySummaries

SendNotice = Callable[[int, Reply], Awaitable[object]]  # (chat id, reply)


def reminder_reply(
    account: Account, local_day: dt.date, missing: tuple[RatedField, ...] = RATED_FIELDS
) -> Reply:
    """The check-in reminder (`Reminders`' words) to the person of `account`, in their
    language: a question about the day they are living, 1–5 buttons for each rating still
    missing, and "later"."""
    reader = stored_reader(account)
    return Reply(
        checkins.reminder(local_day, reader),
        buttons=keyboards.reminder_keyboard(missing, reader),
    )


class _WeeklyWords:
    """`WeeklySummaries`' words: whom a summary is for (`reader`), and its caption (a call)."""

    @staticmethod
    def reader(account: Account) -> Reader:
        """The person of `account`, from what it stores (no message of theirs is at hand)."""
        return stored_reader(account)

    def __call__(self, chart: str, first: dt.date, last: dt.date, reader: Reader) -> str:
        """The weekly summary photo's caption: the week from `first` to `last` and the
        chart's own caption, within Telegram's caption limit, for `reader`."""
        return render_charts.weekly_caption(chart, first, last, reader)


weekly_caption = _WeeklyWords()


@dataclass(eq=False)
class Scheduled:
    """The repeating jobs' work, each one call; `reminders` and `weekly` may be replaced
    (tests, a takeover by another worker)."""

    delivery: Delivery
    reminders: Reminders
    weekly: WeeklySummaries
    synced_notice: Callable[[Delivered], Awaitable[Reply]]
    metrics: Metrics = field(default_factory=Metrics)  # counts what the jobs sent

    async def take_back(self) -> None:
        """What this worker held when it last stopped is its own again now (a restart)."""
        await self.delivery.take_back()

    async def deliver_due(self, send: SendNotice) -> None:
        """Send what is waiting in the outbox; `send` tells each person what synced."""

        async def notify(done: Delivered) -> None:
            await send(done.chat_id, await self.synced_notice(done))

        await self.delivery.run_due(notify)

    async def reminders_due(self, send: Send) -> int:
        """Send the check-in reminders due now; how many went out."""
        sent = await self.reminders.run_due(self.reminders.clock(), send)
        self.metrics.reminders_sent.inc(sent)
        return sent

    async def weekly_due(self, send: SendPhoto) -> int:
        """Send the weekly summaries due now; how many went out."""
        sent = await self.weekly.run_due(self.weekly.clock(), send)
        self.metrics.weekly_sent.inc(sent)
        return sent

    async def prune(self) -> None:
        """Delete finished outbox items and journal rows, and forgotten turns."""
        await prune(self.delivery.sessionmaker, self.reminders.settings)

    async def waiting(self, user_id: int) -> tuple[int, dt.datetime | None]:
        """How many of the person's outbox items are still open, and the soonest retry."""
        async with self.delivery.sessionmaker() as session:
            items = await repo.pending_outbox(session=session, telegram_id=user_id)
        retries = [item.next_attempt_at for item in items if item.next_attempt_at is not None]
        return len(items), min(retries) if retries else None

    def now(self) -> dt.datetime:
        """The clock the outbox runs on."""
        return self.delivery.clock()
