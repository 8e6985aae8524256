"""The callbacks PTB calls. Each translates Telegram <-> core only: no parsing, HTTP or SQL.

The core (`bot.core.assistant.Assistant`) and the scheduled work's door
(`bot.core.scheduled.Scheduled`) decide everything; here a Telegram update becomes a core call
and a `Reply` becomes Telegram messages. By what they do:

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
from bot.telegram.handlers.buttons import Buttons
from bot.telegram.handlers.commands import Commands
from bot.telegram.handlers.gates import Gates
from bot.telegram.handlers.jobs import Jobs
from bot.telegram.handlers.messages import Messages

if TYPE_CHECKING:
    from bot.compose import House

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
    def bind(cls, house: House, settings: Settings) -> Handlers:
        """The handlers of one application, on the doors of one house: the core, the
        scheduled work and the update journal."""
        assistant = house.assistant
        return cls(
            gates=Gates(settings, house.journal, assistant),
            commands=Commands(assistant, settings),
            messages=Messages(assistant, settings, house.scheduled.metrics),
            buttons=Buttons(assistant, settings),
            jobs=Jobs(house.scheduled, house.journal),
        )
