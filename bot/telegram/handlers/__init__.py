"""The callbacks PTB calls. Each translates Telegram <-> core only: no parsing, HTTP or SQL.

The core (`bot.assistant.Assistant`) and `bot.sync.reminders.Reminders` decide everything; here a
Telegram update becomes a core call and a `Reply` becomes Telegram messages. By what they do:

- `gates`: before and after every update (each once, allowed people only, marked handled);
- `commands`: /start, /connect and the other commands, and a key pasted without /connect;
- `messages`: text, edits of it, voice notes, photos and anything else a person sends;
- `buttons`: taps on inline buttons;
- `jobs`: the repeating jobs; `errors`: the error handler every failure ends in.

`Handlers` binds them to the core; `bot.telegram.app` registers and schedules them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.config import Settings
from bot.sync.journal import UpdateJournal
from bot.sync.reminders import Reminders
from bot.telegram.handlers.buttons import Buttons
from bot.telegram.handlers.commands import Commands
from bot.telegram.handlers.gates import Gates
from bot.telegram.handlers.jobs import Jobs
from bot.telegram.handlers.messages import Messages

if TYPE_CHECKING:
    from bot.core.assistant import Assistant

__all__ = ["Handlers"]


@dataclass(frozen=True)
class Handlers:
    """Every handler and job, bound to the core it talks to."""

    gates: Gates
    commands: Commands
    messages: Messages
    buttons: Buttons
    jobs: Jobs

    @classmethod
    def bind(
        cls,
        assistant: Assistant,
        reminders: Reminders,
        settings: Settings,
        journal: UpdateJournal,
    ) -> Handlers:
        """The handlers of one application, sharing its core, reminders and journal."""
        return cls(
            gates=Gates(settings, journal),
            commands=Commands(assistant),
            messages=Messages(assistant, settings),
            buttons=Buttons(assistant, reminders),
            jobs=Jobs(assistant, reminders, journal),
        )
