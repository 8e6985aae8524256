"""What every journey of the core uses: settings, the store, the cipher, the pools, the planners.

One `Resources` is built per process (`bot.compose.compose`) and handed to each
journey; journeys hold it, they do not inherit from it.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import aiohttp
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bot.agent_api.client import AgentApiClient
from bot.config import Settings
from bot.kernel.heard import HeardLanguages
from bot.kernel.metrics import Metrics
from bot.kernel.plausibility import RecentWeights
from bot.planner.base import Planner
from bot.planner.offline.planner import OfflinePlanner
from bot.products import OpenFoodFacts
from bot.store import Direct, KeyCipher, Store, Workers, utcnow
from bot.store.drivers import Sqlite
from bot.store.outbox import outbox_backlog
from bot.sync.journal import HandledWithActions
from bot.sync.outbox import Delivery

if TYPE_CHECKING:  # the voice and photo models bring in openai, which the offline core does without
    from bot.planner.media import Media


@dataclass(eq=False)
class Resources:
    """Shared by every journey; `clock` and `llm_slots` may be replaced (tests, benchmarks)."""

    settings: Settings
    engine: AsyncEngine
    sessionmaker: async_sessionmaker[AsyncSession]
    cipher: KeyCipher
    http: aiohttp.ClientSession
    llm: Planner | None = None
    media: Media | None = None
    clock: Callable[[], dt.datetime] = utcnow
    offline: OfflinePlanner = field(default_factory=OfflinePlanner)
    weights: RecentWeights = field(default_factory=RecentWeights)
    languages: HeardLanguages = field(default_factory=HeardLanguages)
    # Telegram updates marked handled in the transaction that stored their actions; the
    # update journal is handed the same object and takes them from it (bot/compose.py).
    handled: HandledWithActions = field(default_factory=HandledWithActions)
    # The worker ids this process uses (for the outbox, the update journal, the scheduled
    # sends): a claim of this process's own that is not among them was left by one that closed.
    workers: Workers = field(default_factory=Workers)
    # What the bot counts for whoever runs it, served at GET /metrics (bot/telegram/liveness.py)
    metrics: Metrics = field(default_factory=Metrics)
    llm_slots: asyncio.Semaphore = field(init=False)
    direct: Direct = field(init=False)  # the statements every message runs (bot/store/direct.py)
    store: Store = field(init=False)  # what the journeys ask of the store, by unit of work
    delivery: Delivery = field(init=False)
    products: OpenFoodFacts = field(init=False)  # packaged food by its barcode

    def __post_init__(self) -> None:
        self.llm_slots = asyncio.Semaphore(self.settings.llm_max_concurrency)
        self.direct = Direct(self.engine)
        self.store = Store.on(self.sessionmaker, self.direct)
        self.delivery = Delivery(
            sessionmaker=self.sessionmaker,
            direct=self.direct,
            cipher=self.cipher,
            api_for=self.api,
            clock=self.clock,
            worker_id=self.workers.new(self.settings.worker_name),
            workers=self.workers,
            claim_timeout=dt.timedelta(seconds=self.settings.outbox_claim_timeout_seconds),
            request_timeout=dt.timedelta(seconds=self.settings.agent_api_timeout_seconds),
        )
        self.metrics.refresh = self._outbox_gauges
        self.delivery.metrics = self.metrics
        if isinstance(self.direct.backend, Sqlite):  # PostgreSQL waits inside its driver
            self.direct.backend.waited = self.metrics.store_lock_waits.inc
        self.products = OpenFoodFacts(
            self.http,
            base_url=self.settings.openfoodfacts_base_url,
            contact=self.settings.openfoodfacts_contact,
            timeout=self.settings.openfoodfacts_timeout_seconds,
        )

    async def _outbox_gauges(self) -> None:
        """The outbox's backlog into the metrics, read when they are scraped."""
        now = self.clock()
        async with self.sessionmaker() as session:
            pending, oldest = await outbox_backlog(session=session)
        self.metrics.outbox_pending.set(pending)
        age = (now - oldest).total_seconds() if oldest is not None else 0.0
        self.metrics.outbox_oldest.set(max(age, 0.0))

    def api(self, key: str) -> AgentApiClient:
        """The service's client for one person's key, on the shared connection pool."""
        return AgentApiClient(self.settings.agent_api_base_url, key, http=self.http)

    async def aclose(self) -> None:
        """Close the pools: the models' clients, the service's, the database's (once what
        waits to be written to it is)."""
        for model in (self.media, self.llm):
            close = getattr(model, "aclose", None)
            if close is not None:
                await close()
        await self.http.close()
        await self.delivery.flush()
        await self.engine.dispose()
        self.delivery.close()
