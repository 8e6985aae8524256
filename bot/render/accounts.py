"""The words around a person's account: /start and /help, linking (/connect, /disconnect,
/forget), /timezone, /remind and /settings, and what any unknown command gets.

Texts are Telegram-safe HTML; names, keys and zones a person typed are escaped. Every text
is looked up in the reader's catalog (bot/render/words.py); times of day stay 24-hour.
"""

from __future__ import annotations

import datetime as dt

from babel.dates import format_skeleton

from bot.kernel.readers import Reader
from bot.kernel.timezones import zone_label
from bot.render.format import esc
from bot.render.words import words

__all__ = [
    "connect_bad_key",
    "connect_failed_service",
    "connect_unreadable_key",
    "connect_usage",
    "connected",
    "day_end_not_a_time",
    "day_end_set",
    "day_end_usage",
    "disconnect_not_linked",
    "disconnected",
    "forget_cancelled",
    "forget_confirm",
    "forgotten",
    "help_text",
    "needs_reconnect",
    "no_timezone_hint",
    "not_linked",
    "remind_not_a_time",
    "remind_off",
    "remind_set",
    "remind_set_not_linked",
    "remind_usage",
    "settings_view",
    "start",
    "timezone_not_a_place",
    "timezone_offset_unknown",
    "timezone_set",
    "timezone_unknown",
    "timezone_usage",
    "unknown_command",
    "weekly_summary_line",
]


def start(name: str | None, linked: bool, reader: Reader) -> str:
    w = words(reader)
    hello = w._("Hi {name}!").format(name=esc(name)) if name else w._("Hi!")
    intro = w._(
        "I log your meals, weight, check-ins and supplements into your health "
        "account — just tell me in your own words, e.g. <i>had oatmeal and a flat white, "
        "slept badly</i> or <i>72.4 kg this morning</i>. I answer with your day's totals, "
        "and I can answer questions like <i>how much protein today?</i>"
    )
    if linked:
        return f"{hello} {intro}\n\n" + w._("You're connected. /help lists everything I can do.")
    return f"{hello} {intro}\n\n" + w._(
        "To start, link your account: copy your API key from the API card in your "
        "dashboard's health-metrics area and send <code>/connect YOUR_KEY</code> here. "
        "I delete that message right away and keep the key encrypted."
    )


def help_text(reader: Reader) -> str:
    w = words(reader)
    said = w._(
        "<b>What you can say</b>\n"
        "• <i>2 eggs and toast, a latte</i> — logs each food with calories and macros\n"
        "• <i>72.4 kg</i> or <i>weight 160 lb</i> — logs your weight\n"
        "• <i>mood 4, slept badly, energy low</i> — today's check-in (1–5)\n"
        "• <i>took vitamin D and magnesium</i> — marks supplements taken\n"
        "• <i>how much protein today?</i>, <i>what did I weigh last week?</i>\n"
        "• a voice note, or a photo of your meal (I show the estimate before saving it)"
    )
    commands = w._(
        "<b>Commands</b>\n"
        "/today — your day so far · /week, /month — your last 7 or 30 days as a chart\n"
        "/connect KEY — link your account · /disconnect — unlink\n"
        "/timezone Berlin — set your timezone (city or IANA name)\n"
        "/remind 21:30 — daily check-in reminder · /remind off\n"
        "/dayend 02:00 — when your day ends (a late snack counts for the evening before)\n"
        "/settings — your settings, confirm-before-saving mode, the weekly summary\n"
        "/status — anything still waiting to reach your account\n"
        "/forget — delete everything I store about you"
    )
    return f"{said}\n\n{commands}"


def connect_usage(reader: Reader) -> str:
    return words(reader)._(
        "Send your API key like this: <code>/connect YOUR_KEY</code>. You'll find it on the "
        "API card in your dashboard's health-metrics area."
    )


def connect_bad_key(reader: Reader) -> str:
    return words(reader)._(
        "That key didn't work — the service didn't accept it. Please copy it again from the "
        "API card in your dashboard and send <code>/connect YOUR_KEY</code>. Nothing was saved."
    )


def connect_unreadable_key(reader: Reader) -> str:
    return words(reader)._(
        "That doesn't look like an API key: a key is one word of plain letters, digits and "
        "signs like _ and -, and this has other characters in it (perhaps ones you can't see, "
        "copied along). Please copy it again from the API card in your dashboard and send "
        "<code>/connect YOUR_KEY</code>. Nothing was saved."
    )


def connect_failed_service(reader: Reader) -> str:
    return words(reader)._(
        "I couldn't reach the service to check your key. Nothing was saved; please try "
        "<code>/connect YOUR_KEY</code> again in a minute."
    )


def connected(
    name: str | None, timezone: str | None, reader: Reader, *, key_message_deleted: bool = True
) -> str:
    w = words(reader)
    welcome = w._("Welcome, {name}!").format(name=esc(name)) if name else w._("Welcome!")
    if key_message_deleted:
        linked = w._("Your account is linked. I deleted the message with your key.")
    else:  # a terminal: there is no message to delete
        linked = w._("Your account is linked; I keep its key encrypted.")
    if timezone:
        zone = w._(
            "I'll use your timezone <b>{zone}</b> for “today” and reminders; change it with "
            "/timezone CITY. Now tell me what you ate or how you feel."
        ).format(zone=esc(zone_label(timezone)))
    else:
        zone = w._(
            "Which timezone are you in? Send e.g. <code>/timezone Berlin</code> or "
            "<code>/timezone America/New_York</code> — I need it for “today”, “yesterday” "
            "and your daily reminder."
        )
    return f"{welcome} {linked}\n\n{zone}"


def disconnected(reader: Reader) -> str:
    return words(reader)._(
        "Unlinked: I've deleted your API key. Your settings stay until you /forget. "
        "Send <code>/connect YOUR_KEY</code> to link again."
    )


def disconnect_not_linked(reader: Reader) -> str:
    return words(reader)._(
        "You weren't linked, so there was no API key to delete. Send "
        "<code>/connect YOUR_KEY</code> to link your account."
    )


def not_linked(reader: Reader) -> str:
    return words(reader)._(
        "I'm not linked to your health account yet. Send <code>/connect YOUR_KEY</code> "
        "with the API key from your dashboard's API card. /start explains more."
    )


def needs_reconnect(reader: Reader) -> str:
    return words(reader)._(
        "Your health service no longer accepts the key you linked (it may have been "
        "revoked or rotated). Please send <code>/connect NEW_KEY</code>. I kept what you "
        "just wrote out of your account, so send it again after reconnecting."
    )


def forget_confirm(reader: Reader) -> str:
    return words(reader)._(
        "This deletes everything I store about you: your linked key, timezone, reminder, "
        "conversation memory and anything still waiting to sync. Your data in the health "
        "service itself stays. Delete?"
    )


def forgotten(reader: Reader) -> str:
    return words(reader)._(
        "Done — I've deleted everything I stored about you. /start to begin again."
    )


def forget_cancelled(reader: Reader) -> str:
    return words(reader)._("Cancelled; nothing was deleted.")


def timezone_usage(reader: Reader) -> str:
    return words(reader)._(
        "Tell me your city or its timezone, e.g. <code>/timezone Berlin</code>, "
        "<code>/timezone New York</code> or <code>/timezone Europe/Madrid</code>; "
        "<code>UTC</code> and offsets like <code>UTC+2</code> work too."
    )


def timezone_unknown(text: str, reader: Reader) -> str:
    said = words(reader)._("I don't know the timezone “{zone}”.").format(zone=esc(text[:64]))
    return f"{said} {timezone_usage(reader)}"


def timezone_not_a_place(text: str, reader: Reader) -> str:
    """A name the zone database has that is no place's zone ("localtime", "Factory")."""
    said = (
        words(reader)
        ._("“{zone}” is not the timezone of a place, so your day would not follow your clock.")
        .format(zone=esc(text[:64]))
    )
    return f"{said} {timezone_usage(reader)}"


def timezone_offset_unknown(text: str, reader: Reader) -> str:
    """An offset no zone has ("UTC-13") or a half-hour one ("UTC+5:30")."""
    said = words(reader)._(
        "“{zone}” is not an offset I can use: UTC offsets go from "
        "<code>UTC-12</code> to <code>UTC+14</code> in whole hours. For a half-hour zone, "
        "or to follow daylight saving time, send your city, e.g. "
        "<code>/timezone Kolkata</code>."
    )
    return said.format(zone=esc(text[:64]))


def timezone_set(
    name: str, local_now: dt.datetime, reminder: dt.time | None, reader: Reader
) -> str:
    w = words(reader)
    weekday = format_skeleton("EEE", local_now, locale=w.locale)
    text = w._("Timezone set to <b>{zone}</b> — it's {time} on {weekday} there.").format(
        zone=esc(zone_label(name)), time=f"{local_now:%H:%M}", weekday=weekday
    )
    if reminder is not None:
        text += "\n" + w._(
            "I'll remind you to check in daily at {time} (/remind to change)."
        ).format(time=f"{reminder:%H:%M}")
    return text


def remind_usage(reader: Reader) -> str:
    return words(reader)._(
        "Use <code>/remind 21:30</code> for a daily check-in reminder, or <code>/remind off</code>."
    )


def remind_off(reader: Reader) -> str:
    return words(reader)._("Daily reminder off. <code>/remind 21:00</code> turns it back on.")


def remind_set(at: dt.time, timezone: str | None, reader: Reader) -> str:
    w = words(reader)
    if timezone is None:
        return w._(
            "Reminder set for {time}. Set your timezone first (<code>/timezone Berlin</code>) "
            "so it arrives at your local time."
        ).format(time=f"{at:%H:%M}")
    return w._("I'll remind you to check in every day at {time} ({zone}).").format(
        time=f"{at:%H:%M}", zone=esc(zone_label(timezone))
    )


def remind_set_not_linked(at: dt.time, timezone: str | None, reader: Reader) -> str:
    """Reminders go only to a linked account (they read and write its check-in)."""
    w = words(reader)
    if timezone:
        text = w._(
            "Reminder set for {time}. Reminders start once you link your account with "
            "<code>/connect YOUR_KEY</code>."
        )
    else:
        text = w._(
            "Reminder set for {time}. Reminders start once you link your account with "
            "<code>/connect YOUR_KEY</code> and set your timezone "
            "(<code>/timezone Berlin</code>)."
        )
    return text.format(time=f"{at:%H:%M}")


def remind_not_a_time(spec: str, reader: Reader) -> str:
    said = words(reader)._(
        "I couldn't read “{spec}” as a time of day. Try <code>/remind 21:30</code>, "
        "<code>/remind 9pm</code> or <code>/remind off</code>."
    )
    return said.format(spec=esc(spec[:32]))


def day_end_usage(reader: Reader) -> str:
    return words(reader)._(
        "Tell me when your day ends, from 00:00 to 06:00: <code>/dayend 02:00</code>. "
        "Until then, what you log still counts for the evening before, and “yesterday” is "
        "the day before that. <code>/dayend 00:00</code> ends it at midnight."
    )


def day_end_not_a_time(spec: str, reader: Reader) -> str:
    said = words(reader)._("I couldn't use “{spec}” as the end of your day.")
    return f"{said.format(spec=esc(spec[:32]))} {day_end_usage(reader)}"


def day_end_set(at: dt.time, reader: Reader) -> str:
    w = words(reader)
    if at == dt.time(0, 0):
        return w._("Your day now ends at midnight: everything is logged on the calendar day.")
    return w._(
        "Your day now ends at {time}: until then, what you log counts for the evening "
        "before, and /today shows that day."
    ).format(time=f"{at:%H:%M}")


def settings_view(
    *,
    reader: Reader,
    linked: bool,
    name: str | None,
    timezone: str | None,
    reminder: dt.time | None,
    reminders_enabled: bool,
    llm: bool,
    confirm: bool = False,
    day_ends_at: dt.time | None = None,
    weekly: bool = False,
) -> str:
    w = words(reader)
    if linked and name:
        account = w._("Account: linked as {name}").format(name=esc(name))
    else:
        account = w._("Account: linked") if linked else w._("Account: not linked")
    zone = w._("Timezone: not set (/timezone CITY)")
    if timezone:
        zone = w._("Timezone: {zone}").format(zone=esc(zone_label(timezone)))
    remind = w._("Daily reminder: off")
    if reminder and reminders_enabled:
        remind = w._("Daily reminder: {time} (starts once you link your account)")
        remind = (w._("Daily reminder: {time}") if linked else remind).format(
            time=f"{reminder:%H:%M}"
        )
    lines = [w._("<b>Your settings</b>"), account, zone, remind]
    if day_ends_at is not None:
        ends = w._("My day ends at: {time} (tap below, or /dayend)")
        lines.append(ends.format(time=f"{day_ends_at:%H:%M}"))
    understanding = w._("Understanding: AI model + built-in rules")
    if not llm:
        understanding = w._("Understanding: built-in rules (no AI model)")
    confirming = w._("Confirm before saving: off (tap below to switch)")
    if confirm:
        confirming = w._("Confirm before saving: on (tap below to switch)")
    lines += [understanding, confirming, weekly_summary_line(weekly, timezone is not None, reader)]
    return "\n".join(lines)


def weekly_summary_line(enabled: bool, has_timezone: bool, reader: Reader) -> str:
    """/settings: whether the Sunday-evening chart of the week is on."""
    w = words(reader)
    if not enabled:
        return w._("Weekly summary: off (a chart of your week, Sundays at 19:00)")
    if not has_timezone:
        return w._("Weekly summary: on (starts once you set /timezone CITY)")
    return w._("Weekly summary: on, Sundays at 19:00")


def no_timezone_hint(reader: Reader) -> str:
    return words(reader)._("(I'm using UTC for “today” until you set /timezone CITY.)")


def unknown_command(reader: Reader) -> str:
    return words(reader)._("I don't know that command. /help lists what I can do.")
