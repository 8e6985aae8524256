"""Words only Telegram says: the command menu, answers to what is not text, chats the bot does
not serve (groups, strangers), and the daily check-in reminder with its ratings.

Texts are Telegram-safe HTML.
"""

from __future__ import annotations

import datetime as dt

from bot.kernel.callbacks import RATED_FIELDS
from bot.kernel.readers import DEFAULT, Reader
from bot.render.format import RATING_LABELS
from bot.render.words import N_, words

__all__ = [
    "BOT_COMMANDS",
    "NON_TEXT_KINDS",
    "RATING_ICONS",
    "bot_commands",
    "connect_in_group",
    "non_text_hint",
    "not_allowed",
    "private_only",
    "rating_saved",
    "reminder",
    "snooze_unavailable",
    "snoozed",
]

# The command menu: each command and its description, an English message id (N_ marks it
# for the catalogs; `bot_commands` looks it up in the reader's).
BOT_COMMANDS = (
    ("today", N_("Your day so far")),
    ("week", N_("Your last 7 days as a chart")),
    ("month", N_("Your last 30 days as a chart")),
    ("connect", N_("Link your health account: /connect KEY")),
    ("timezone", N_("Set your timezone: /timezone Berlin")),
    ("remind", N_("Daily check-in reminder: /remind 21:30 or off")),
    ("dayend", N_("When your day ends: /dayend 02:00")),
    ("language", N_("The language I write in: /language de")),
    ("units", N_("Units: /units lb, kg, kj or kcal")),
    ("settings", N_("Your settings")),
    ("status", N_("What is still waiting to sync")),
    ("disconnect", N_("Unlink your account")),
    ("forget", N_("Delete everything stored about you")),
    ("help", N_("What I understand")),
    ("start", N_("What this bot does")),
)
NON_TEXT_KINDS = {
    "sticker": "Nice sticker",
    "video": "I can't watch videos",
    "video_note": "I can't watch videos",
    "location": "Thanks — I don't need your location",
    "document": "I can't read files yet",
    "contact": "Thanks, but I don't need contacts",
    "poll": "I can't answer polls",
}
# The icon of each check-in rating, keyed like RATING_LABELS (its name in bot.kernel.callbacks).
RATING_ICONS: dict[str, str] = {"mood": "🙂", "energy": "⚡", "sleep": "😴"}


def bot_commands(reader: Reader = DEFAULT) -> list[tuple[str, str]]:
    """The command menu registered with setMyCommands, in the reader's language."""
    w = words(reader)
    return [(name, w._(about)) for name, about in BOT_COMMANDS]


def non_text_hint(kind: str | None) -> str:
    lead = NON_TEXT_KINDS.get(kind or "", "I can only read text")
    return (
        f"{lead}! I understand text: tell me what you ate, your weight or how you feel, "
        "e.g. <i>2 eggs and toast</i> or <i>mood 4, slept well</i>. /help shows more."
    )


def connect_in_group() -> str:
    return (
        "🔒 I never take API keys in a group — I've deleted that message if I was allowed to. "
        "If anyone may have seen the key, make a new one in your dashboard. Then open a private "
        "chat with me and send <code>/connect YOUR_KEY</code> there."
    )


def private_only() -> str:
    return (
        "I work in private chats only, so your health data stays between us. Message me directly."
    )


def not_allowed() -> str:
    return (
        "Sorry, this bot is private and only answers the people it was set up for. "
        "You can run your own copy — see the project's README."
    )


# The daily check-in reminder


def reminder(local_day: dt.date) -> str:
    icons = " · ".join(f"{RATING_ICONS[r]} {RATING_LABELS[r]}" for r in RATED_FIELDS)
    return (
        f"<b>Time for your check-in</b> ({local_day:%a %d %b})\n"
        f"How was today? Tap 1 (bad) to 5 (great) for {icons} — or just tell me in your own "
        "words, e.g. <i>mood 4, energy 3, slept badly</i>."
    )


def snoozed(until_local: dt.datetime) -> str:
    return f"OK, I'll ask again at {until_local:%H:%M}."


def snooze_unavailable() -> str:
    return "There's no reminder to postpone right now."


def rating_saved(field: str, value: int) -> str:
    label = RATING_LABELS[field].capitalize() if field in RATING_LABELS else field
    return f"{label} {value}/5 saved."
