"""What the core hands back to a front end (Telegram or the terminal): text plus buttons.

The core never imports Telegram; a front end turns `Button`s into its own widgets and sends
`callback` back to `Assistant.on_button` when one is tapped.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Button:
    """One inline button. `callback` is written by `bot.kernel.callbacks` (at most 64 bytes)."""

    text: str
    callback: str


@dataclass
class Reply:
    """One message to the person. `html` is Telegram-safe HTML (see bot/render)."""

    html: str
    buttons: list[list[Button]] = field(default_factory=list)
    delete_user_message: bool = False
    edit: bool = False  # replace the message the tapped button belongs to instead of a new one
    toast: str | None = None  # a tap that changes nothing: this short notice, the message stays
    # For whoever runs the bot (e.g. "set OPENAI_API_KEY"): the terminal prints it, Telegram
    # never sends it, since the person chatting there cannot change the bot's settings.
    operator_note: str | None = None
    # A picture (PNG) sent with `html` as its caption (at most 1,024 characters): a chart.
    photo: bytes | None = None
    # Outbox items this reply tells the person are in their account: once it is sent, the
    # front end says so (`Assistant.told`), else they hear it as "✅ Synced" later.
    settles: tuple[int, ...] = ()
    # Earlier messages of the bot this reply changes first: (message id, new HTML), each
    # left without buttons (a draft replaced by an edit). A front end that cannot edit
    # messages leaves them.
    retire: list[tuple[int, str]] = field(default_factory=list)
    # Told the id of the message that carries this reply's buttons once it is sent (a draft
    # keeps it, so that whatever replaces the draft can take its buttons away).
    shown: Callable[[int], Awaitable[None]] | None = None
    # What became of the message this replies to, for the bot's metrics (bot/kernel/metrics.py):
    # logged, drafted, answered, not_understood or refused.
    outcome: str = "answered"


def toast(text: str) -> Reply:
    """The answer to a tap that leaves its message as it is (a repeated or stale button).

    Telegram shows `text` briefly over the chat (at most 200 characters, plain text); the
    terminal prints it.
    """
    return Reply("", toast=text)
