"""The words of the /week and /month charts: the labels drawn in the image and the caption
sent with it (Telegram HTML, at most `CAPTION_LIMIT` characters once its tags are parsed).

Every text is in the reader's language (bot/render/words.py); energies are in their unit
(kcal or kJ), body weights in theirs (kg or lb), dates as their language writes them. The
numbers drawn in the image are already in the reader's units (`bot.insights.draw`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Protocol

from babel.dates import format_interval, format_skeleton

from bot.kernel.readers import Reader
from bot.kernel.timezones import zone_label
from bot.render.format import esc, rating_label, to_plain, utf16_len
from bot.render.words import KG_PER_LB, N_, Words, words

__all__ = [
    "CAPTION_LIMIT",
    "Charted",
    "axis_number",
    "calories_axis",
    "calories_heading",
    "caption",
    "checkins_heading",
    "clipped",
    "clipped_weight",
    "could_not_read",
    "day_tick",
    "days_in",
    "days_of",
    "goal_label",
    "macro_name",
    "no_supplements",
    "nothing_logged",
    "rating_name",
    "saved_to",
    "span",
    "supplement_label",
    "supplements_heading",
    "title",
    "trend_label",
    "weekly_caption",
    "weighing_label",
    "weight_axis",
    "weight_goal_label",
    "weight_heading",
    "zone_said",
]

CAPTION_LIMIT = 1024  # Telegram's limit for a photo's caption, counted after entity parsing
SUPPLEMENT_NAME_CHARS = 18


# --- in the image -----------------------------------------------------------------------


def title(days: int, first: dt.date, last: dt.date, reader: Reader) -> str:
    w = words(reader)
    span = format_interval(first, last, "yMMMd", locale=w.locale)
    if days == 7:
        return w._("Your week · {span}").format(span=span)
    return w._("Your {days} days · {span}").format(days=days, span=span)


def days_in(zone: str, reader: Reader) -> str:
    """The subtitle: whose days these are, the zone `zone` (an IANA name) as people say it."""
    return words(reader)._("days as lived in {zone}").format(zone=zone_said(zone, reader))


def zone_said(zone: str, reader: Reader) -> str:
    """A zone as people say it: a city's zone by its city ("Berlin time", "Buenos Aires
    time"), UTC and the fixed offsets as UTC ("UTC", "UTC+02:00"), anything else by name."""
    shown = zone_label(zone)
    if shown != zone or "/" not in zone:
        return shown
    if zone.startswith("Etc/"):  # the rest of Etc/ is UTC by other names (Etc/Greenwich...)
        return "UTC"
    city = zone.rsplit("/", 1)[1].replace("_", " ")
    return words(reader)._("{city} time").format(city=city)


def day_tick(day: dt.date, reader: Reader, *, weekday: bool) -> str:
    """Under a day of the chart: its weekday over its date (a week), or "16 Nov" (a month)."""
    locale = words(reader).locale
    if weekday:
        return f"{format_skeleton('E', day, locale=locale)}\n{day.day}"
    return format_skeleton("MMMd", day, locale=locale)


def calories_heading(reader: Reader) -> str:
    w = words(reader)
    return w._("Energy a day") if reader.energy == "kJ" else w._("Calories a day")


def calories_axis(reader: Reader) -> str:
    return reader.energy


def weight_heading(reader: Reader) -> str:
    return words(reader)._("Weight")


def weight_axis(reader: Reader) -> str:
    return reader.weight


def checkins_heading(reader: Reader) -> str:
    return words(reader)._("Check-ins (1 low – 5 high)")


def supplements_heading(shown: int, total: int, reader: Reader) -> str:
    w = words(reader)
    if shown < total:
        return w._("Supplements: days taken (the first {shown} of {total})").format(
            shown=shown, total=total
        )
    return w._("Supplements: days taken")


def nothing_logged(reader: Reader) -> str:
    return words(reader)._("nothing logged")


def no_supplements(reader: Reader) -> str:
    return words(reader)._("no supplements in your stack")


def goal_label(energy: float, reader: Reader) -> str:
    """The calorie goal's line, `energy` as drawn (in the reader's unit)."""
    w = words(reader)
    return w._("goal {value}").format(value=w.number(energy))


def weight_goal_label(weight: float, reader: Reader) -> str:
    """The goal weight's line, `weight` as drawn (in the reader's unit)."""
    w = words(reader)
    return w._("goal {value}").format(value=w.number(weight, 1, trim=True))


_MACROS = {"protein": N_("protein"), "carbs": N_("carbs"), "fat": N_("fat")}


def macro_name(name: str, reader: Reader) -> str:
    return words(reader)._(_MACROS[name])


def rating_name(name: str, reader: Reader) -> str:
    """A row of the check-in strip, named as the ratings are everywhere."""
    return rating_label(name, reader)


def trend_label(reader: Reader) -> str:
    return words(reader)._("trend")


def weighing_label(reader: Reader) -> str:
    return words(reader)._("weighed")


def supplement_label(name: str) -> str:
    name = " ".join(name.split())
    if len(name) > SUPPLEMENT_NAME_CHARS:
        return name[: SUPPLEMENT_NAME_CHARS - 1] + "…"
    return name


def clipped(energy: float, reader: Reader) -> str:
    """A bar taller than the axis: its own number (as drawn), written inside it."""
    return words(reader).number(energy)


def clipped_weight(weight: float, reader: Reader) -> str:
    """A weighing beyond the axis: its number as drawn (in the reader's unit)."""
    return f" {words(reader).number(weight, 1, trim=True)}"


def axis_number(value: float, reader: Reader) -> str:
    """A number on an axis as the reader writes numbers ("82,4", "12.500")."""
    return words(reader).number(value, 1, trim=True)


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


def caption(series: Charted, *, streak: int, reader: Reader) -> str:
    """Two or three lines: what the person ate against their goal, where their weight went by
    the trend, how they slept, and how many days in a row they have logged. A range longer
    than a week opens with its dates, months named in full ("24 October – 22 November
    2026"): a notification or the chat list shows the caption, not the picture's title.
    Energies (kcal) and weights (kg) are said in the reader's units."""
    w = words(reader)
    days = len(series.days)
    head = []
    if days > WEEK_DAYS:
        head = [f"🗓 <b>{span(series.days[0], series.days[-1], reader)}</b>"]
    if series.logged_days == 0:
        empty = w._(
            "Nothing logged in these {days} days yet. Tell me what you eat, weigh or "
            "how you slept, and it shows up here."
        ).format(days=days)
        return _capped("\n".join([*head, empty]))
    lines = [*head, _calories_line(series, days, w)]
    second = [part for part in (_weight_part(series, w), _sleep_part(series, w)) if part]
    if second:
        lines.append(" · ".join(second))
    lines.append(_streak_line(series, streak, days, w))
    return _capped("\n".join(lines))


def span(first: dt.date, last: dt.date, reader: Reader) -> str:
    """The days from `first` to `last` with their months in full where the language has
    them: "1–30 November 2026", "24 October – 22 November 2026", "2 December 2025 – 1
    January 2026"; other languages as CLDR writes the range ("1.–30. Nov. 2026")."""
    w = words(reader)
    if reader.language != "en":
        return format_interval(first, last, "yMMMMd", locale=w.locale)
    if (first.year, first.month) == (last.year, last.month):
        return f"{first.day}–{last.day} {last:%B %Y}"
    if first.year == last.year:
        return f"{first.day} {first:%B} – {last.day} {last:%B %Y}"
    return f"{first.day} {first:%B %Y} – {last.day} {last:%B %Y}"


def _calories_line(series: Charted, days: int, w: Words) -> str:
    eaten = [kcal for kcal in series.calories if kcal is not None]
    if not eaten:
        return w._("🍽 No meals logged in these {days} days.").format(days=days)
    average = sum(eaten) / len(eaten)
    goal = series.calorie_goal
    if len(eaten) < days:
        # the count decides the noun's form in some languages ("in 1 giorno su 7")
        counted = w.ngettext(
            "on {count} of {days} days", "on {count} of {days} days", len(eaten)
        ).format(count=len(eaten), days=days)
    else:
        counted = w._("every day")
    text = w._("🍽 <b>{energy}</b> a day on average ({counted})").format(
        energy=w.energy(average), counted=counted
    )
    if goal:
        diff = average - goal
        against = (
            w._("{difference} over your goal of {goal}")
            if diff > 0
            else w._("{difference} under your goal of {goal}")
        )
        text += ", " + against.format(
            difference=w.energy(abs(diff), unit=False), goal=w.energy(goal, unit=False)
        )
    return text + "."


def _weight_part(series: Charted, w: Words) -> str | None:
    trend = [(day, kg) for day, kg in zip(series.days, series.trend, strict=True) if kg]
    if not trend:
        return None
    now = trend[-1][1]
    if len(trend) < 2 or not any(series.weight):
        return w._("⚖️ Trend {weight}").format(weight=_weight(now, w))
    change = now - trend[0][1]
    sign = "+" if change > 0.05 else "−" if change < -0.05 else "±"
    return w._("⚖️ <b>{change}</b> by the trend (now {weight})").format(
        change=sign + _weight(abs(change), w), weight=_weight(now, w)
    )


def _weight(kg: float, w: Words) -> str:
    """A trend's weight to a tenth, zeros kept ("−1.0 kg": a change as small as it is)."""
    value = kg / KG_PER_LB if w.reader.weight == "lb" else kg
    return f"{w.number(value, 1)} {w.reader.weight}"


def _sleep_part(series: Charted, w: Words) -> str | None:
    slept = [(day, value) for day, value in zip(series.days, series.sleep, strict=True) if value]
    if not slept:
        return None
    best = max(slept, key=lambda pair: (pair[1], pair[0]))
    worst = min(slept, key=lambda pair: (pair[1], pair[0]))
    if len(slept) == 1 or best[1] == worst[1]:
        return w._("😴 Sleep {rating}/5").format(rating=best[1])
    return w._("😴 Slept best {best_day} ({best}), worst {worst_day} ({worst})").format(
        best_day=_day(best[0], w), best=best[1], worst_day=_day(worst[0], w), worst=worst[1]
    )


def _day(day: dt.date, w: Words) -> str:
    return format_skeleton("Ed", day, locale=w.locale)


def _streak_line(series: Charted, streak: int, days: int, w: Words) -> str:
    logged, counted = series.logged_days, days
    if streak >= 2:
        return w.ngettext(
            "🔥 {streak} days in a row · logged on {logged} of {days} days.",
            "🔥 {streak} days in a row · logged on {logged} of {days} days.",
            logged,
        ).format(streak=streak, logged=logged, days=counted)
    return w.ngettext(
        "📅 Logged on {logged} of {days} days.", "📅 Logged on {logged} of {days} days.", logged
    ).format(logged=logged, days=counted)


def _capped(text: str) -> str:
    """The caption within Telegram's limit, whole lines kept (they are far shorter anyway)."""
    while utf16_len(to_plain(text)) > CAPTION_LIMIT and "\n" in text:
        text = text.rsplit("\n", 1)[0]
    if utf16_len(to_plain(text)) > CAPTION_LIMIT:
        text = esc(to_plain(text)[: CAPTION_LIMIT // 2])
    return text


def weekly_caption(caption: str, first: dt.date, last: dt.date, reader: Reader) -> str:
    """The weekly summary photo's caption: which week, the chart's caption, how to stop it.

    Within Telegram's caption limit: what does not fit of the frame is left out, never the
    chart's own caption.
    """
    w = words(reader)
    title = w._("<b>Your week</b>, {first} – {last}").format(first=w.date(first), last=w.date(last))
    full = "{title}\n{caption}\n{stop}".format(
        title=title, caption=caption, stop=w._("<i>Weekly summaries: /settings</i>")
    )
    if len(full) <= CAPTION_LIMIT:
        return full
    with_title = f"{title}\n{caption}"
    return with_title if len(with_title) <= CAPTION_LIMIT else caption


# --- the terminal and errors ------------------------------------------------------------


def saved_to(path: str, reader: Reader) -> str:
    """The terminal's line over a chart's caption (plain text)."""
    return words(reader)._("📈 Chart saved to {path}").format(path=path)


def could_not_read(reader: Reader) -> str:
    return words(reader)._(
        "I couldn't read your log just now, so there is no chart. Try again in a minute."
    )
