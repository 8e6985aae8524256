"""A range of a person's log as one picture and a short caption: what /week and /month send.

Everything is read fresh from the service each time (nothing is cached, so a chart never
lags behind what was just logged) and drawn in a worker thread, so a chart never stalls the
event loop that serves everyone else's messages.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from bot.agent_api.client import AgentApiClient
from bot.insights.draw import draw_png
from bot.insights.series import Series, read_series
from bot.kernel.readers import Reader
from bot.render import charts as words

__all__ = ["Report", "Series", "build_report", "draw_off_loop", "streak_of"]

# One thread draws every chart, one after another. Drawing is CPU work under the interpreter
# lock: two at once would only take turns, leave the event loop less room (on two cores), and
# in the loop's shared pool would keep its other work (DNS look-ups) waiting. A chart takes
# about 200 ms, so the tenth of ten asked at once comes about two seconds later.
_painter = ThreadPoolExecutor(max_workers=1, thread_name_prefix="chart")


@dataclass(frozen=True)
class Report:
    png: bytes  # the chart, `bot.insights.draw.WIDTH_PX` wide
    caption: str  # two to four lines of Telegram HTML, within Telegram's caption limit
    series: Series  # what the chart plots (per-day values, None for an empty day)
    logged_days: int  # days with anything logged in the range (0 = an empty range)


def streak_of(series: Series) -> int:
    """Days logged in a row up to the range's last day; a last day with nothing logged yet
    (today, before the evening's log) does not break the streak, it just does not count."""
    logged = list(series.logged)
    if logged and not logged[-1]:
        logged.pop()
    streak = 0
    for was in reversed(logged):
        if not was:
            break
        streak += 1
    return streak


async def draw_off_loop(series: Series, *, title: str, zone: str, reader: Reader) -> bytes:
    """`draw_png` in the charts' own thread, so the event loop goes on serving meanwhile."""
    draw = functools.partial(draw_png, series, title=title, zone=zone, reader=reader)
    return await asyncio.get_running_loop().run_in_executor(_painter, draw)


async def build_report(
    client: AgentApiClient, *, zone: ZoneInfo, last_day: dt.date, days: int, reader: Reader
) -> Report:
    """The range of `days` days ending on `last_day` (the person's lived day), read with as
    few GET requests as the routes allow (see `read_series`), drawn off the event loop.

    `zone` is the person's: the days are theirs, and the chart says so; `reader` is whom its
    words and units are for.
    """
    series = await read_series(client, last_day=last_day, days=days)
    title = words.title(len(series.days), series.days[0], series.days[-1], reader)
    png = await draw_off_loop(series, title=title, zone=str(zone), reader=reader)
    caption = words.caption(series, streak=streak_of(series), reader=reader)
    return Report(png=png, caption=caption, series=series, logged_days=series.logged_days)
