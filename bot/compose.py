"""The composition root: everything one process runs, built from settings and wired here.

`compose` opens the store (bringing it up to date), builds the `Resources` the core's journeys
share, the core's door (`Assistant`), the door of the scheduled work (`Scheduled`: outbox,
reminders, weekly summaries, pruning), the update journal and the person locks, and hands them
over as one `House`. A front end (Telegram, the terminal) takes what it needs from the house
and calls those doors' methods only.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import aiohttp
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.agent_api.client import new_http_client
from bot.agent_api.views import MeView
from bot.config import Settings
from bot.core.assistant import Assistant
from bot.core.resources import Resources
from bot.core.scheduled import Scheduled, reminder_reply, weekly_caption
from bot.planner.base import Planner
from bot.planner.offline.survey import survey_table
from bot.planner.offline.table import food_table
from bot.store import (
    GENERATE_HINT,
    EncryptionError,
    KeyCipher,
    make_engine,
    make_sessionmaker,
    migrate,
    repo,
    utcnow,
)
from bot.sync.journal import HandledWithActions, UpdateJournal
from bot.sync.locks import PersonLocks, person_locks
from bot.sync.reminders import Reminders
from bot.sync.weekly import WeeklySummaries

if TYPE_CHECKING:  # the media models bring in openai, which the offline core does without
    from bot.planner.media import Media

log = logging.getLogger(__name__)


@dataclass(eq=False)
class House:
    """One process's doors: the core's, the scheduled work's, the update journal; the locks
    that take a person's turn across processes (None where the store is a process's own, on
    SQLite); and the resources behind them (for the terminal's own checks and for tests)."""

    resources: Resources
    assistant: Assistant
    scheduled: Scheduled
    journal: UpdateJournal
    locks: PersonLocks | None

    @property
    def settings(self) -> Settings:
        return self.resources.settings

    @property
    def reads_with_a_model(self) -> bool:
        """Whether a language model reads messages (else the built-in rules do)."""
        return self.resources.llm is not None

    async def key_works(self, key: str) -> MeView:
        """Ask the service who `key` belongs to; raises the service's error when it cannot say."""
        return await self.resources.api(key).me()

    async def linked_with(self, user_id: int, key: str) -> bool:
        """Whether the person's linked key is this very key (not only some key)."""
        async with self.resources.sessionmaker() as session:
            account = await repo.get_account(session=session, telegram_id=user_id)
        if account is None or account.encrypted_key is None:
            return False
        try:
            return self.resources.cipher.decrypt(account.encrypted_key) == key
        except EncryptionError:
            return False

    async def aclose(self) -> None:
        await self.assistant.aclose()


async def compose(
    settings: Settings,
    *,
    http: aiohttp.ClientSession | None = None,
    llm: Planner | None = None,
    media: Media | None = None,
    cipher: KeyCipher | None = None,
    clock: Callable[[], dt.datetime] = utcnow,
) -> House:
    """Build everything from settings, and bring the database up to date.

    `llm` overrides the planner built from settings (tests pass one pointed at a fake server);
    `media` likewise overrides the voice and photo models.
    """
    engine = make_engine(settings.database_url)
    await migrate(engine)
    try:
        cipher = await _cipher(settings, engine, cipher)
    except EncryptionError as exc:
        raise CannotCompose(str(exc)) from exc
    llm, media = _models(settings, llm, media)
    # Both planners value foods from the food table: read it now, not on a person's message.
    food_table()
    survey_table()
    handled = HandledWithActions()
    resources = Resources(
        settings=settings,
        engine=engine,
        sessionmaker=make_sessionmaker(engine),
        cipher=cipher,
        http=http or new_http_client(timeout_seconds=settings.agent_api_timeout_seconds),
        handled=handled,
        llm=llm,
        media=media,
        clock=clock,
    )
    assistant = Assistant(resources)
    locks = person_locks(settings.database_url)
    return House(
        resources=resources,
        assistant=assistant,
        scheduled=Scheduled(
            delivery=resources.delivery,
            reminders=Reminders.of(resources, reminder_reply),
            weekly=WeeklySummaries.of(resources, weekly_caption),
            synced_notice=assistant.synced_notice,
            metrics=resources.metrics,
        ),
        journal=journal_of(resources, shared=locks is not None),
        locks=locks,
    )


def encryption_refusal(settings: Settings) -> str | None:
    """Why the people's API keys cannot be kept encrypted with these settings, asked before
    anything is started: "" when no key is configured (the front end says how to make one,
    `GENERATE_HINT`), the cipher's own words when one is malformed (they name the entry, never
    the key); None when they can."""
    if not settings.encryption_keys():
        return ""
    try:
        KeyCipher(settings.encryption_keys())
    except EncryptionError as exc:
        return str(exc)
    return None


class CannotCompose(EncryptionError):
    """The house could not be built: the configured encryption keys are refused, or the stored
    keys could not be re-encrypted with them. The message says why in one line, never a key."""


async def _cipher(settings: Settings, engine: AsyncEngine, given: KeyCipher | None) -> KeyCipher:
    cipher = given or KeyCipher(settings.encryption_keys())
    if len(settings.encryption_keys()) > 1:
        # An old key is still configured: re-encrypt every stored API key with the newest one,
        # so the old key can be removed at the next restart.
        async with make_sessionmaker(engine)() as session:
            rotated = await repo.rotate_encrypted_keys(session=session, cipher=cipher)
            await session.commit()
        log.info("re-encrypted %d stored API keys with the newest encryption key", rotated)
    return cipher


def _models(
    settings: Settings, llm: Planner | None, media: Media | None
) -> tuple[Planner | None, Media | None]:
    """The language model and the voice and photo models, unless given; none without a key."""
    if llm is None and settings.llm_enabled:
        from bot.planner.llm import build_llm_planner

        llm = build_llm_planner(settings)
    if media is None and settings.llm_enabled:
        from bot.planner.media import build_media

        media = build_media(settings)
    if llm is None:
        log.info(
            "no LLM (OPENAI_API_KEY is not set): built-in rules only; voice notes and photos "
            "are refused, a photo's caption is read as text"
        )
    return llm, media


def journal_of(resources: Resources, *, shared: bool) -> UpdateJournal:
    """The update journal on the core's store, cipher and worker id; `shared` where several
    processes share the store (and person locks are kept). A dead process's claims come back
    after the same timeout as its outbox claims (`OUTBOX_CLAIM_TIMEOUT_SECONDS`), or at once to
    the same worker started again (`Workers.ended_runs`); the updates the core marks handled
    while storing their actions are not marked a second time."""
    settings = resources.settings
    return UpdateJournal(
        sessionmaker=resources.sessionmaker,
        direct=resources.direct,
        cipher=resources.cipher,
        claim_timeout=dt.timedelta(seconds=settings.outbox_claim_timeout_seconds),
        worker_id=resources.delivery.worker_id,
        shared=shared,
        stored=resources.handled,
        workers=resources.workers,
    )


async def create_assistant(
    settings: Settings,
    *,
    http: aiohttp.ClientSession | None = None,
    llm: Planner | None = None,
    media: Media | None = None,
    cipher: KeyCipher | None = None,
    clock: Callable[[], dt.datetime] = utcnow,
) -> Assistant:
    """The core's door alone, for what talks to nothing but the core (tests, evaluations)."""
    house = await compose(settings, http=http, llm=llm, media=media, cipher=cipher, clock=clock)
    return house.assistant


__all__ = [
    "GENERATE_HINT",
    "CannotCompose",
    "House",
    "compose",
    "create_assistant",
    "encryption_refusal",
    "journal_of",
]
