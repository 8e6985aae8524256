"""The words around a person's account: /start and /help, linking (/connect, /disconnect,
/forget), /timezone, /remind and /settings, and what any unknown command gets.

Texts are Telegram-safe HTML; names, keys and zones a person typed are escaped.
"""

from __future__ import annotations

import datetime as dt

from bot.kernel.timezones import zone_label
from bot.render.format import esc

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


def start(name: str | None, linked: bool) -> str:
    hello = f"Hi {esc(name)}!" if name else "Hi!"
    intro = (
        f"{hello} I log your meals, weight, check-ins and supplements into your health "
        "account — just tell me in your own words, e.g. <i>had oatmeal and a flat white, "
        "slept badly</i> or <i>72.4 kg this morning</i>. I answer with your day's totals, "
        "and I can answer questions like <i>how much protein today?</i>"
    )
    if linked:
        return intro + "\n\nYou're connected. /help lists everything I can do."
    return (
        intro + "\n\nTo start, link your account: copy your API key from the API card in your "
        "dashboard's health-metrics area and send <code>/connect YOUR_KEY</code> here. "
        "I delete that message right away and keep the key encrypted."
    )


def help_text() -> str:
    return (
        "<b>What you can say</b>\n"
        "• <i>2 eggs and toast, a latte</i> — logs each food with calories and macros\n"
        "• <i>72.4 kg</i> or <i>weight 160 lb</i> — logs your weight\n"
        "• <i>mood 4, slept badly, energy low</i> — today's check-in (1–5)\n"
        "• <i>took vitamin D and magnesium</i> — marks supplements taken\n"
        "• <i>how much protein today?</i>, <i>what did I weigh last week?</i>\n"
        "• a voice note, or a photo of your meal (I show the estimate before saving it)\n\n"
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


def connect_usage() -> str:
    return (
        "Send your API key like this: <code>/connect YOUR_KEY</code>. You'll find it on the "
        "API card in your dashboard's health-metrics area."
    )


def connect_bad_key() -> str:
    return (
        "That key didn't work — the service didn't accept it. Please copy it again from the "
        "API card in your dashboard and send <code>/connect YOUR_KEY</code>. Nothing was saved."
    )


def connect_unreadable_key() -> str:
    return (
        "That doesn't look like an API key: a key is one word of plain letters, digits and "
        "signs like _ and -, and this has other characters in it (perhaps ones you can't see, "
        "copied along). Please copy it again from the API card in your dashboard and send "
        "<code>/connect YOUR_KEY</code>. Nothing was saved."
    )


def connect_failed_service() -> str:
    return (
        "I couldn't reach the service to check your key. Nothing was saved; please try "
        "<code>/connect YOUR_KEY</code> again in a minute."
    )


def connected(name: str | None, timezone: str | None, *, key_message_deleted: bool = True) -> str:
    who = f", {esc(name)}" if name else ""
    text = f"Welcome{who}! Your account is linked. I deleted the message with your key."
    if not key_message_deleted:  # a terminal: there is no message to delete
        text = f"Welcome{who}! Your account is linked; I keep its key encrypted."
    if timezone:
        return (
            text + f"\n\nI'll use your timezone <b>{esc(zone_label(timezone))}</b> for “today” and "
            "reminders; change it with /timezone CITY. Now tell me what you ate or how you feel."
        )
    return (
        text + "\n\nWhich timezone are you in? Send e.g. <code>/timezone Berlin</code> or "
        "<code>/timezone America/New_York</code> — I need it for “today”, “yesterday” "
        "and your daily reminder."
    )


def disconnected() -> str:
    return (
        "Unlinked: I've deleted your API key. Your settings stay until you /forget. "
        "Send <code>/connect YOUR_KEY</code> to link again."
    )


def disconnect_not_linked() -> str:
    return (
        "You weren't linked, so there was no API key to delete. Send "
        "<code>/connect YOUR_KEY</code> to link your account."
    )


def not_linked() -> str:
    return (
        "I'm not linked to your health account yet. Send <code>/connect YOUR_KEY</code> "
        "with the API key from your dashboard's API card. /start explains more."
    )


def needs_reconnect() -> str:
    return (
        "Your health service no longer accepts the key you linked (it may have been "
        "revoked or rotated). Please send <code>/connect NEW_KEY</code>. I kept what you "
        "just wrote out of your account, so send it again after reconnecting."
    )


def forget_confirm() -> str:
    return (
        "This deletes everything I store about you: your linked key, timezone, reminder, "
        "conversation memory and anything still waiting to sync. Your data in the health "
        "service itself stays. Delete?"
    )


def forgotten() -> str:
    return "Done — I've deleted everything I stored about you. /start to begin again."


def forget_cancelled() -> str:
    return "Cancelled; nothing was deleted."


def timezone_usage() -> str:
    return (
        "Tell me your city or its timezone, e.g. <code>/timezone Berlin</code>, "
        "<code>/timezone New York</code> or <code>/timezone Europe/Madrid</code>; "
        "<code>UTC</code> and offsets like <code>UTC+2</code> work too."
    )


def timezone_unknown(text: str) -> str:
    return f"I don't know the timezone “{esc(text[:64])}”. " + timezone_usage()


def timezone_not_a_place(text: str) -> str:
    """A name the zone database has that is no place's zone ("localtime", "Factory")."""
    return (
        f"“{esc(text[:64])}” is not the timezone of a place, so your day would not follow "
        "your clock. " + timezone_usage()
    )


def timezone_offset_unknown(text: str) -> str:
    """An offset no zone has ("UTC-13") or a half-hour one ("UTC+5:30")."""
    return (
        f"“{esc(text[:64])}” is not an offset I can use: UTC offsets go from "
        "<code>UTC-12</code> to <code>UTC+14</code> in whole hours. For a half-hour zone, or "
        "to follow daylight saving time, send your city, e.g. <code>/timezone Kolkata</code>."
    )


def timezone_set(name: str, local_now: dt.datetime, reminder: dt.time | None) -> str:
    shown = esc(zone_label(name))
    text = f"Timezone set to <b>{shown}</b> — it's {local_now:%H:%M} on {local_now:%a} there."
    if reminder is not None:
        text += f"\nI'll remind you to check in daily at {reminder:%H:%M} (/remind to change)."
    return text


def remind_usage() -> str:
    return (
        "Use <code>/remind 21:30</code> for a daily check-in reminder, or <code>/remind off</code>."
    )


def remind_off() -> str:
    return "Daily reminder off. <code>/remind 21:00</code> turns it back on."


def remind_set(at: dt.time, timezone: str | None) -> str:
    if timezone is None:
        return (
            f"Reminder set for {at:%H:%M}. Set your timezone first (<code>/timezone Berlin</code>) "
            "so it arrives at your local time."
        )
    return f"I'll remind you to check in every day at {at:%H:%M} ({esc(zone_label(timezone))})."


def remind_set_not_linked(at: dt.time, timezone: str | None) -> str:
    """Reminders go only to a linked account (they read and write its check-in)."""
    zone = "" if timezone else " and set your timezone (<code>/timezone Berlin</code>)"
    return (
        f"Reminder set for {at:%H:%M}. Reminders start once you link your account with "
        f"<code>/connect YOUR_KEY</code>{zone}."
    )


def remind_not_a_time(spec: str) -> str:
    return (
        f"I couldn't read “{esc(spec[:32])}” as a time of day. Try <code>/remind 21:30</code>, "
        "<code>/remind 9pm</code> or <code>/remind off</code>."
    )


def day_end_usage() -> str:
    return (
        "Tell me when your day ends, from 00:00 to 06:00: <code>/dayend 02:00</code>. "
        "Until then, what you log still counts for the evening before, and “yesterday” is "
        "the day before that. <code>/dayend 00:00</code> ends it at midnight."
    )


def day_end_not_a_time(spec: str) -> str:
    return f"I couldn't use “{esc(spec[:32])}” as the end of your day. " + day_end_usage()


def day_end_set(at: dt.time) -> str:
    if at == dt.time(0, 0):
        return "Your day now ends at midnight: everything is logged on the calendar day."
    return (
        f"Your day now ends at {at:%H:%M}: until then, what you log counts for the evening "
        "before, and /today shows that day."
    )


def settings_view(
    *,
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
    remind = f"{reminder:%H:%M}" if reminder and reminders_enabled else "off"
    if remind != "off" and not linked:
        remind += " (starts once you link your account)"
    day_end = ""
    if day_ends_at is not None:
        day_end = f"My day ends at: {day_ends_at:%H:%M} (tap below, or /dayend)\n"
    return (
        "<b>Your settings</b>\n"
        f"Account: {'linked' + (f' as {esc(name)}' if name else '') if linked else 'not linked'}\n"
        f"Timezone: {esc(zone_label(timezone)) if timezone else 'not set (/timezone CITY)'}\n"
        f"Daily reminder: {remind}\n"
        f"{day_end}"
        f"Understanding: {'AI model + built-in rules' if llm else 'built-in rules (no AI model)'}\n"
        f"Confirm before saving: {'on' if confirm else 'off'} (tap below to switch)\n"
        f"{weekly_summary_line(weekly, timezone is not None)}"
    )


def weekly_summary_line(enabled: bool, has_timezone: bool) -> str:
    """/settings: whether the Sunday-evening chart of the week is on."""
    if not enabled:
        return "Weekly summary: off (a chart of your week, Sundays at 19:00)"
    if not has_timezone:
        return "Weekly summary: on (starts once you set /timezone CITY)"
    return "Weekly summary: on, Sundays at 19:00"


def no_timezone_hint() -> str:
    return "(I'm using UTC for “today” until you set /timezone CITY.)"


def unknown_command() -> str:
    return "I don't know that command. /help lists what I can do."
