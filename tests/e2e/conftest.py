"""End-to-end harness: the real PTB application (polling) over the real core.

Path under test: fake Bot API -> PTB -> handlers -> Assistant -> sandbox over HTTP (and the
fake OpenAI server when a test scripts the LLM). Time is a `Clock` the test moves; the
reminder job is left out and the test calls `Reminders.run_due` with that clock instead,
so nothing ever waits for real time.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr
from sqlalchemy import select

from bot.compose import compose
from bot.config import Settings
from bot.core.assistant import Assistant
from bot.core.scheduled import reminder_reply
from bot.store.models import Account, Reminder
from bot.sync.reminders import Reminders
from bot.telegram.app import OUTBOX_EVERY, build_application
from bot.telegram.handlers.jobs import reminder_sender
from tests.fixtures.core import make_settings
from tests.fixtures.telegram import FakeTelegram, SentMessage, running_bot


@dataclass
class Clock:
    """The one clock of the core and the reminders, moved by the test."""

    now: dt.datetime

    def __call__(self) -> dt.datetime:
        return self.now


@dataclass
class Harness:
    """A running bot plus what a test needs to drive and inspect it."""

    fake: FakeTelegram
    settings: Settings
    clock: Clock
    outbox_every: float | None = OUTBOX_EVERY  # None: no background outbox job (no races)
    assistant: Assistant | None = None
    reminders: Reminders | None = None
    app: Any = None
    restarts: int = 0
    running: bool = False
    _running: Any = field(default=None, repr=False)

    async def start(self) -> None:
        """Start (or, after `stop`, restart) the bot on the same database and settings."""
        house = await compose(self.settings, clock=self.clock)
        self.assistant = house.assistant
        self.reminders = Reminders.of(
            house.resources, reminder_reply, worker_id=f"w{self.restarts}"
        )
        house.scheduled.reminders = self.reminders
        self.scheduled = house.scheduled
        self.app = build_application(
            self.settings,
            house,
            reminder_every=None,
            outbox_every=self.outbox_every,
        )
        self._running = running_bot(self.app)
        await self._running.__aenter__()
        self.running = True

    async def stop(self) -> None:
        """Stop the bot as a shutdown would (post_shutdown closes the assistant)."""
        self.running = False
        await self._running.__aexit__(None, None, None)
        self.restarts += 1

    async def say(self, user_id: int, text: str, *, chat_id: int | None = None) -> SentMessage:
        """Send a message as `user_id` and return the bot's next message to that chat."""
        chat = chat_id if chat_id is not None else user_id
        before = len(self.fake.sent(chat))
        chat_type = "private" if chat == user_id else "supergroup"
        self.fake.push_text(user_id, text, chat_type=chat_type, chat_id=chat_id)
        sent = await self.fake.wait_sent(chat, before + 1)
        return sent[before]

    async def remind(self, now: dt.datetime) -> int:
        """One run of the reminder job at `now`."""
        assert self.reminders is not None
        self.clock.now = now
        return await self.reminders.run_due(now, reminder_sender(self.app.bot))

    async def account(self, user_id: int) -> Account | None:
        assert self.assistant is not None
        async with self.assistant.resources.sessionmaker() as session:
            return await session.get(Account, user_id)

    async def reminder(self, user_id: int) -> Reminder | None:
        assert self.assistant is not None
        async with self.assistant.resources.sessionmaker() as session:
            return (
                await session.scalars(select(Reminder).where(Reminder.telegram_id == user_id))
            ).first()


def harness_settings(fake: FakeTelegram, tmp_path: Path, **overrides: Any) -> Settings:
    return make_settings(
        tmp_path,
        telegram_bot_token=SecretStr(fake.token),
        telegram_api_base_url=fake.base_url,
        **overrides,
    )


@pytest.fixture
async def harness_factory(fake_telegram: FakeTelegram, tmp_path: Path) -> AsyncIterator[Any]:
    """`await harness_factory(sandbox_url=..., **settings)` -> a started `Harness`."""
    harnesses: list[Harness] = []

    async def make(
        *, start: dt.datetime, outbox_every: float | None = OUTBOX_EVERY, **overrides: Any
    ) -> Harness:
        settings = harness_settings(fake_telegram, tmp_path, **overrides)
        harness = Harness(fake_telegram, settings, Clock(start), outbox_every=outbox_every)
        await harness.start()
        harnesses.append(harness)
        return harness

    yield make
    for harness in harnesses:
        if harness.running:
            await harness.stop()
