"""Charts of a person's last days (/week, /month, "how was my week?"): read, drawn, captioned.

The chart is built fresh each time from the service (nothing is cached, so what was just
logged is on it) and drawn in a worker thread (`bot.insights.report`).
"""

from __future__ import annotations

import datetime as dt
import logging
import zoneinfo

from bot.agent_api.errors import AgentApiError, BadKey
from bot.core.person import Person, mark_needs_reconnect, resolve
from bot.core.resources import Resources
from bot.insights.report import build_report
from bot.kernel.replies import Reply
from bot.render import charts, conversation

log = logging.getLogger(__name__)

WEEK_DAYS = 7
MONTH_DAYS = 30


class Insights:
    """The chart journey: who asks, their range of days, the picture and its caption."""

    def __init__(self, res: Resources) -> None:
        self.res = res

    async def chart(self, *, user_id: int, days: int, now: dt.datetime | None = None) -> Reply:
        """The `days` days ending on the person's lived day as a photo with its caption;
        an unlinked person is told to connect (`Refused`), a failed read says so."""
        return await self.of(await resolve(self.res, user_id, now), days)

    async def of(self, person: Person, days: int) -> Reply:
        """The chart of a person already resolved (a message that asked for it)."""
        user_id = person.user_id
        zone = zoneinfo.ZoneInfo(person.account.timezone or "UTC")
        try:
            report = await build_report(
                person.api, zone=zone, last_day=person.today, days=days, reader=person.reader
            )
        except BadKey:
            await mark_needs_reconnect(self.res, user_id)
            return Reply(conversation.needs_reconnect_read(person.reader))
        except AgentApiError as exc:
            log.info("user %s: chart of %d days not read: %s", user_id, days, exc)
            return Reply(charts.could_not_read(person.reader))
        return Reply(report.caption, photo=report.png)
