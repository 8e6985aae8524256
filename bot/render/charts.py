"""The words of the /week and /month charts: the labels drawn in the image and the caption
sent with it (Telegram HTML, at most `CAPTION_LIMIT` characters once its tags are parsed).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Protocol

from bot.kernel.timezones import zone_label
from bot.render.format import esc, number, to_plain, utf16_len

CAPTION_LIMIT = 1024  # Telegram's limit for a photo's caption, counted after entity parsing
SUPPLEMENT_NAME_CHARS = 18


# --- in the image -----------------------------------------------------------------------


def title(days: int, first: dt.date, last: dt.date) -> str:
    span = f"{first.day} {first:%b} – {last.day} {last:%b %Y}"
    return f"Your week · {span}" if days == 7 else f"Your {days} days · {span}"


def days_in(zone: str) -> str:
    """The subtitle: whose days these are, the zone `zone` (an IANA name) as people say it."""
    return f"days as lived in {zone_said(zone)}"


def zone_said(zone: str) -> str:
    """A zone as people say it: a city's zone by its city ("Berlin time", "Buenos Aires
    time"), UTC and the fixed offsets as UTC ("UTC", "UTC+02:00"), anything else by name."""
    shown = zone_label(zone)
    if shown != zone or "/" not in zone:
        return shown
    if zone.startswith("Etc/"):  # the rest of Etc/ is UTC by other names (Etc/Greenwich...)
        return "UTC"
    return f"{zone.rsplit('/', 1)[1].replace('_', ' ')} time"


def calories_heading() -> str:
    return "Calories a day"


def calories_axis() -> str:
    return "kcal"


def weight_heading() -> str:
    return "Weight"


def weight_axis() -> str:
    return "kg"


def checkins_heading() -> str:
    return "Check-ins (1 low – 5 high)"


def supplements_heading(shown: int, total: int) -> str:
    if shown < total:
        return f"Supplements: days taken (the first {shown} of {total})"
    return "Supplements: days taken"


def nothing_logged() -> str:
    return "nothing logged"


def no_supplements() -> str:
    return "no supplements in your stack"


def goal_label(kcal: float) -> str:
    return f"goal {number(kcal)}"


def weight_goal_label(kg: float) -> str:
    return f"goal {number(kg, decimals=1, trim=True)}"


def macro_name(name: str) -> str:
    return {"protein": "protein", "carbs": "carbs", "fat": "fat"}[name]


def rating_name(name: str) -> str:
    return {"mood": "mood", "energy": "energy", "sleep": "sleep"}[name]


def trend_label() -> str:
    return "trend"


def weighing_label() -> str:
    return "weighed"


def supplement_label(name: str) -> str:
    name = " ".join(name.split())
    if len(name) > SUPPLEMENT_NAME_CHARS:
        return name[: SUPPLEMENT_NAME_CHARS - 1] + "…"
    return name


def clipped(kcal: float) -> str:
    """A bar taller than the axis: its own number, written inside it."""
    return number(kcal)


def clipped_kg(kg: float) -> str:
    return f" {number(kg, decimals=1, trim=True)}"


def days_of(taken: int, days: int) -> str:
    return f"{taken}/{days}"


# --- the caption ------------------------------------------------------------------------


WEEK_DAYS = 7  # a longer range (/month) names its dates in the caption too


class Charted(Protocol):
    """What the caption says of the days charted: one value a day over `days` (ascending, the
    person's lived days), None where nothing was logged. The insights' series is one."""

    @property
    def days(self) -> Sequence[dt.date]: ...
    @property
    def calories(self) -> Sequence[float | None]: ...
    @property
    def weight(self) -> Sequence[float | None]: ...
    @property
    def trend(self) -> Sequence[float | None]: ...
    @property
    def sleep(self) -> Sequence[int | None]: ...
    @property
    def calorie_goal(self) -> float | None: ...
    @property
    def logged_days(self) -> int: ...


def caption(series: Charted, *, streak: int) -> str:
    """Two or three lines: what the person ate against their goal, where their weight went by
    the trend, how they slept, and how many days in a row they have logged. A range longer
    than a week opens with its dates, months named in full ("24 October – 22 November
    2026"): a notification or the chat list shows the caption, not the picture's title."""
    days = len(series.days)
    head = [f"🗓 <b>{span(series.days[0], series.days[-1])}</b>"] if days > WEEK_DAYS else []
    if series.logged_days == 0:
        empty = (f"Nothing logged in these {days} days yet. Tell me what you eat, weigh or "
                 "how you slept, and it shows up here.")  # fmt: skip
        return _capped("\n".join([*head, empty]))
    lines = [*head, _calories_line(series, days)]
    second = [part for part in (_weight_part(series), _sleep_part(series)) if part]
    if second:
        lines.append(" · ".join(second))
    lines.append(_streak_line(series, streak, days))
    return _capped("\n".join(lines))


def span(first: dt.date, last: dt.date) -> str:
    """The days from `first` to `last` with their months in full: "1–30 November 2026",
    "24 October – 22 November 2026", "2 December 2025 – 1 January 2026"."""
    if (first.year, first.month) == (last.year, last.month):
        return f"{first.day}–{last.day} {last:%B %Y}"
    if first.year == last.year:
        return f"{first.day} {first:%B} – {last.day} {last:%B %Y}"
    return f"{first.day} {first:%B %Y} – {last.day} {last:%B %Y}"


def _calories_line(series: Charted, days: int) -> str:
    eaten = [kcal for kcal in series.calories if kcal is not None]
    if not eaten:
        return f"🍽 No meals logged in these {days} days."
    average = sum(eaten) / len(eaten)
    counted = f"on {len(eaten)} of {days} days" if len(eaten) < days else "every day"
    text = f"🍽 <b>{number(average)} kcal</b> a day on average ({counted})"
    goal = series.calorie_goal
    if goal:
        diff = average - goal
        side = "over" if diff > 0 else "under"
        text += f", {number(abs(diff))} {side} your goal of {number(goal)}"
    return text + "."


def _weight_part(series: Charted) -> str | None:
    trend = [(day, kg) for day, kg in zip(series.days, series.trend, strict=True) if kg]
    if not trend:
        return None
    now = trend[-1][1]
    if len(trend) < 2 or not any(series.weight):
        return f"⚖️ Trend {number(now, 'kg', decimals=1)}"
    change = now - trend[0][1]
    sign = "+" if change > 0.05 else "−" if change < -0.05 else "±"
    text = f"⚖️ <b>{sign}{number(abs(change), 'kg', decimals=1)}</b> by the trend"
    text += f" (now {number(now, 'kg', decimals=1)})"
    return text


def _sleep_part(series: Charted) -> str | None:
    slept = [(day, value) for day, value in zip(series.days, series.sleep, strict=True) if value]
    if not slept:
        return None
    best = max(slept, key=lambda pair: (pair[1], pair[0]))
    worst = min(slept, key=lambda pair: (pair[1], pair[0]))
    if len(slept) == 1 or best[1] == worst[1]:
        return f"😴 Sleep {best[1]}/5"
    return f"😴 Slept best {_day(best[0])} ({best[1]}), worst {_day(worst[0])} ({worst[1]})"


def _day(day: dt.date) -> str:
    return f"{day:%a} {day.day}"


def _streak_line(series: Charted, streak: int, days: int) -> str:
    logged = f"Logged on {series.logged_days} of {days} days"
    if streak >= 2:
        return f"🔥 {streak} days in a row · {logged.lower()}."
    return f"📅 {logged}."


def _capped(text: str) -> str:
    """The caption within Telegram's limit, whole lines kept (they are far shorter anyway)."""
    while utf16_len(to_plain(text)) > CAPTION_LIMIT and "\n" in text:
        text = text.rsplit("\n", 1)[0]
    if utf16_len(to_plain(text)) > CAPTION_LIMIT:
        text = esc(to_plain(text)[: CAPTION_LIMIT // 2])
    return text


# --- the terminal and errors ------------------------------------------------------------


def saved_to(path: str) -> str:
    """The terminal's line over a chart's caption (plain text)."""
    return f"📈 Chart saved to {path}"


def could_not_read() -> str:
    return "I couldn't read your log just now, so there is no chart. Try again in a minute."
