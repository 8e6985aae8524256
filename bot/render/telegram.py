"""Words only Telegram says: the command menu, answers to what is not text, and chats the bot
does not serve (groups, strangers).

Texts are Telegram-safe HTML.
"""

from __future__ import annotations

from bot.kernel.readers import DEFAULT, Reader
from bot.render.words import N_, words

__all__ = [
    "BOT_COMMANDS",
    "NON_TEXT_KINDS",
    "bot_commands",
    "connect_in_group",
    "non_text_hint",
    "not_allowed",
    "private_only",
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
    "sticker": N_("Nice sticker!"),
    "video": N_("I can't watch videos!"),
    "video_note": N_("I can't watch videos!"),
    "location": N_("Thanks — I don't need your location!"),
    "document": N_("I can't read files yet!"),
    "contact": N_("Thanks, but I don't need contacts!"),
    "poll": N_("I can't answer polls!"),
}
NON_TEXT_OTHER = N_("I can only read text!")


def bot_commands(reader: Reader = DEFAULT) -> list[tuple[str, str]]:
    """The command menu registered with setMyCommands, in the reader's language."""
    w = words(reader)
    return [(name, w._(about)) for name, about in BOT_COMMANDS]


def non_text_hint(kind: str | None, reader: Reader) -> str:
    w = words(reader)
    lead = w._(NON_TEXT_KINDS.get(kind or "", NON_TEXT_OTHER))
    return f"{lead} " + w._(
        "I understand text: tell me what you ate, your weight or how you feel, "
        "e.g. <i>2 eggs and toast</i> or <i>mood 4, slept well</i>. /help shows more."
    )


def connect_in_group(reader: Reader) -> str:
    return words(reader)._(
        "🔒 I never take API keys in a group — I've deleted that message if I was allowed to. "
        "If anyone may have seen the key, make a new one in your dashboard. Then open a private "
        "chat with me and send <code>/connect YOUR_KEY</code> there."
    )


def private_only(reader: Reader) -> str:
    return words(reader)._(
        "I work in private chats only, so your health data stays between us. Message me directly."
    )


def not_allowed(reader: Reader) -> str:
    return words(reader)._(
        "Sorry, this bot is private and only answers the people it was set up for. "
        "You can run your own copy — see the project's README."
    )
