"""What every part of the conversation core shares: resources, the account, its key.

`CoreBase` holds the settings, the store, the cipher, the shared HTTP pool and the planners,
and answers the questions every command asks first: is this person linked, in which timezone,
and how is a service error worded for them.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import zoneinfo
from collections.abc import Callable

import httpx
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bot import render
from bot.agent_api.client import AgentApiClient
from bot.agent_api.errors import (
    AgentApiError,
    BadKey,
    InvalidRequest,
    RateLimited,
    ServiceUnavailable,
)
from bot.config import Settings
from bot.planner.base import (
    Planner,
)
from bot.planner.offline.planner import OfflinePlanner
from bot.plausibility import RecentWeights
from bot.replies import Reply
from bot.store import repo
from bot.store.claims import default_worker_id
from bot.store.crypto import KeyCipher
from bot.store.models import Account, AccountStatus, utcnow
from bot.sync.outbox import Delivery

log = logging.getLogger(__name__)


class CoreBase:
    """Holds the shared resources; every method takes the person's Telegram id."""

    def __init__(
        self,
        *,
        settings: Settings,
        engine: AsyncEngine,
        sessionmaker: async_sessionmaker[AsyncSession],
        cipher: KeyCipher,
        http: httpx.AsyncClient,
        planner: Planner | None,
        offline: OfflinePlanner | None = None,
        clock: Callable[[], dt.datetime] = utcnow,
    ) -> None:
        self.settings = settings
        self.engine = engine
        self.sessionmaker = sessionmaker
        self.cipher = cipher
        self.http = http
        self.llm = planner
        self.offline = offline or OfflinePlanner()
        self.clock = clock
        self.llm_slots = asyncio.Semaphore(settings.llm_max_concurrency)
        self.weights = RecentWeights()
        self.delivery = Delivery(
            sessionmaker=sessionmaker,
            cipher=cipher,
            api_for=self.api,
            clock=clock,
            worker_id=default_worker_id(settings.worker_name),
            claim_timeout=dt.timedelta(seconds=settings.outbox_claim_timeout_seconds),
        )

    async def aclose(self) -> None:
        """Close the pools this core opened: the LLM client's, the service's, the database's."""
        close_llm = getattr(self.llm, "aclose", None)
        if close_llm is not None:
            await close_llm()
        await self.http.aclose()
        await self.engine.dispose()
        self.delivery.close()

    # --- helpers -------------------------------------------------------------------------

    def api(self, key: str) -> AgentApiClient:
        return AgentApiClient(self.settings.agent_api_base_url, key, http=self.http)

    async def _account(self, user_id: int) -> Account | None:
        async with self.sessionmaker() as session:
            return await repo.get_account(session=session, telegram_id=user_id)

    def _key(self, account: Account) -> str | None:
        if account.encrypted_key is None:
            return None
        return self.cipher.decrypt(account.encrypted_key)

    def _local_now(self, account: Account | None, now: dt.datetime | None) -> dt.datetime:
        now = now or self.clock()
        tz = zoneinfo.ZoneInfo(account.timezone) if account and account.timezone else dt.UTC
        return now.astimezone(tz)

    async def _linked(self, user_id: int) -> tuple[Account, AgentApiClient] | Reply:
        return self._usable(await self._account(user_id))

    def _usable(self, account: Account | None) -> tuple[Account, AgentApiClient] | Reply:
        """The account and its API client, or the reply that says why it cannot be used."""
        if account is None or account.encrypted_key is None:
            return Reply(render.not_linked())
        if account.status == AccountStatus.NEEDS_RECONNECT:
            return Reply(render.needs_reconnect())
        key = self._key(account)
        assert key is not None
        return account, self.api(key)

    async def _mark_needs_reconnect(self, user_id: int) -> None:
        async with self.sessionmaker() as session:
            await repo.set_status(
                session=session, telegram_id=user_id, status=AccountStatus.NEEDS_RECONNECT
            )
            await session.commit()

    async def _error_reply(self, user_id: int, exc: AgentApiError) -> Reply:
        """What a person reads when reading their day (`/today`) failed.

        A read saves nothing, so nothing is to be sent again; what they told earlier and is
        still waiting in the outbox is named, so a failed read does not look like a loss.
        """
        if isinstance(exc, BadKey):
            await self._mark_needs_reconnect(user_id)
            return Reply(render.needs_reconnect_read())
        if isinstance(exc, RateLimited):
            text = render.today_unavailable(busy=True, retry_after=exc.retry_after)
        elif isinstance(exc, ServiceUnavailable):
            text = render.today_unavailable(busy=False)
        elif isinstance(exc, InvalidRequest):
            text = render.read_failed()
        else:
            return Reply(render.internal_error())
        async with self.sessionmaker() as session:
            waiting = len(await repo.pending_outbox(session=session, telegram_id=user_id))
        if waiting:
            text += "\n\n" + render.today_waiting(waiting)
        return Reply(text)
