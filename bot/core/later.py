"""The reminder's "later" button: ask again in an hour. The reminders themselves are sent by
the scheduled work (`bot/sync/reminders.py`); this is what a tap on the button does."""

from __future__ import annotations

import datetime as dt

from bot.core.person import reader_of
from bot.core.resources import Resources
from bot.kernel.replies import Reply
from bot.render import checkins
from bot.store import repo, zone
from bot.sync.reminders import remindable

SNOOZE_FOR = dt.timedelta(hours=1)


class Later:
    """The "later" journey; all its state is the reminder's row."""

    def __init__(self, res: Resources) -> None:
        self.res = res

    async def snooze(self, *, user_id: int, now: dt.datetime | None = None) -> Reply:
        """Ask again in an hour; the reply replaces the reminder message."""
        now = now or self.res.clock()
        until = now + SNOOZE_FOR
        async with self.res.sessionmaker.begin() as session:
            account = await repo.get_account(session=session, telegram_id=user_id)
            reader = reader_of(self.res, user_id, account)
            if account is None or account.timezone is None or not remindable(account):
                return Reply(checkins.snooze_unavailable(reader), edit=True)
            reminder = await repo.snooze_reminder(session=session, telegram_id=user_id, until=until)
            timezone = account.timezone
        if reminder is None:
            return Reply(checkins.snooze_unavailable(reader), edit=True)
        return Reply(checkins.snoozed(until.astimezone(zone(timezone)), reader), edit=True)
