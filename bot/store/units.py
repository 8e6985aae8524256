"""What the core's journeys ask of the store, one method per unit of work.

A journey asks for what it needs (the person and their open draft, the message's outbox item
with its history and usage, a draft resolved once) and never learns which path runs the
statements. Inside, each unit picks its own: the few statements every message runs go to the
driver on the event loop (`bot.store.direct`), the rest to an ORM session through `repo`;
either way a unit is one transaction, committed before the method returns.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.store import repo
from bot.store.accounts import Usage
from bot.store.direct import Direct
from bot.store.models import (
    Account,
    AccountStatus,
    CachedProduct,
    Draft,
    DraftStatus,
    OutboxItem,
    TurnRole,
)

Turns = Sequence[tuple[TurnRole, str]]
Spent = tuple[int, int]  # LLM use to count: (requests, tokens)


@dataclass(frozen=True)
class Message:
    """A message's actions as they are stored, before anything is sent."""

    user_id: int
    chat_id: int
    day: dt.date
    actions: Sequence[Mapping[str, Any]]
    source_message_id: int | None
    update_id: int | None


@dataclass
class MessageStore:
    """The person, their message's write, its history and their LLM budget."""

    sessionmaker: async_sessionmaker[AsyncSession]
    direct: Direct

    async def person(
        self, user_id: int, *, now: dt.datetime
    ) -> tuple[Account | None, Draft | None, Usage | None, bool]:
        """What every message reads first, in one read on the driver: the account, the draft
        waiting for the person's correction, their latest day of LLM use, and whether a draft
        of theirs waits unmentioned."""
        return await repo.read_account_with_draft(
            direct=self.direct, telegram_id=user_id, status=DraftStatus.FIXING, now=now
        )

    async def heard_language(self, user_id: int, code: str, *, now: dt.datetime) -> bool:
        """Keep the language Telegram says the person's app speaks on their account (written
        only when it changed); False when they have no account yet."""
        return await repo.keep_telegram_language(
            direct=self.direct, telegram_id=user_id, code=code, now=now
        )

    async def account(self, user_id: int) -> Account | None:
        async with self.sessionmaker() as session:
            return await repo.get_account(session=session, telegram_id=user_id)

    async def needs_reconnect(self, user_id: int) -> None:
        """The service refused the person's key: they must link it again."""
        async with self.sessionmaker() as session:
            await repo.set_status(
                session=session, telegram_id=user_id, status=AccountStatus.NEEDS_RECONNECT
            )
            await session.commit()

    async def record(
        self,
        message: Message,
        *,
        worker_id: str,
        now: dt.datetime,
        turns: Turns = (),
        spent: Spent | None = None,
    ) -> tuple[OutboxItem, bool]:
        """Store a message's outbox item, claimed for `worker_id` when nothing of the person's
        waits before it, with its exchange (`turns`) and LLM use, its update marked handled:
        one transaction on the driver. The item, and whether it was claimed."""
        async with self.direct.transaction() as tx:
            item, claimed = await repo.enqueue_claimed(
                tx=tx,
                telegram_id=message.user_id,
                chat_id=message.chat_id,
                local_date=message.day,
                actions=message.actions,
                worker_id=worker_id,
                now=now,
                notify_on_done=True,
                source_message_id=message.source_message_id,
                update_id=message.update_id,
            )
            if turns:
                repo.add_turns(tx=tx, telegram_id=message.user_id, turns=turns, now=now)
            if spent is not None:
                repo.add_llm_usage_later(
                    tx=tx,
                    telegram_id=message.user_id,
                    local_date=message.day,
                    requests=spent[0],
                    tokens=spent[1],
                )
        return item, claimed

    async def remember(self, user_id: int, turns: Turns, *, keep: int) -> None:
        """Add an exchange to the person's history, keeping the latest `keep` turns."""
        async with self.sessionmaker() as session:
            await repo.append_turns(session=session, telegram_id=user_id, turns=turns, keep=keep)
            await session.commit()

    async def recent_turns(self, user_id: int, *, limit: int) -> list[tuple[str, str]]:
        return await repo.read_recent_turns(direct=self.direct, telegram_id=user_id, limit=limit)

    async def waiting(
        self, user_id: int, *, now: dt.datetime
    ) -> tuple[list[OutboxItem], list[Draft]]:
        """What is still on its way to the service, and the drafts still open."""
        async with self.sessionmaker() as session:
            items = await repo.pending_outbox(session=session, telegram_id=user_id)
            drafts = await repo.open_drafts(session=session, telegram_id=user_id, now=now)
        return items, drafts

    async def from_message(
        self, user_id: int, message_id: int, *, statuses: Sequence[DraftStatus], now: dt.datetime
    ) -> tuple[Draft | None, OutboxItem | None]:
        """What an edited message became: a draft in one of `statuses`, else its outbox item
        (if any)."""
        async with self.sessionmaker() as session:
            draft = await repo.draft_from_message(
                session=session,
                telegram_id=user_id,
                message_id=message_id,
                statuses=statuses,
                now=now,
            )
            if draft is not None:
                return draft, None
            item = await repo.outbox_item_from_message(
                session=session, telegram_id=user_id, message_id=message_id
            )
        return None, item

    async def usage(self, user_id: int, day: dt.date) -> Spent:
        """The person's LLM use on `day`: (requests, tokens)."""
        async with self.sessionmaker() as session:
            return await repo.get_llm_usage(session=session, telegram_id=user_id, local_date=day)

    async def add_usage(self, user_id: int, day: dt.date, spent: Spent) -> None:
        """Count LLM use on `day`, in a transaction of its own."""
        async with self.sessionmaker() as session:
            await repo.add_llm_usage(
                session=session,
                telegram_id=user_id,
                local_date=day,
                requests=spent[0],
                tokens=spent[1],
            )
            await session.commit()

    async def keep_for_retry(
        self, user_id: int, text: str, *, expires_at: dt.datetime, now: dt.datetime
    ) -> None:
        """Keep a message the LLM could not take, for "retry" to plan again later."""
        async with self.sessionmaker() as session:
            await repo.create_draft(
                session=session,
                telegram_id=user_id,
                actions=[],
                text=text,
                expires_at=expires_at,
                now=now,
            )
            draft = await repo.latest_draft(
                session=session, telegram_id=user_id, status=DraftStatus.PENDING, now=now
            )
            if draft is not None:
                draft.status = DraftStatus.RETRY
            await session.commit()

    async def take_retry(self, user_id: int, *, now: dt.datetime) -> str | None:
        """The text kept for "retry", taken once; None when none is kept."""
        async with self.sessionmaker() as session:
            kept = await repo.latest_draft(
                session=session, telegram_id=user_id, status=DraftStatus.RETRY, now=now
            )
            if kept is None:
                return None
            await repo.resolve_draft(
                session=session,
                telegram_id=user_id,
                draft_id=kept.id,
                status=DraftStatus.CONFIRMED,
                now=now,
                from_statuses=(DraftStatus.RETRY,),
            )
            await session.commit()
            return kept.text


@dataclass
class DraftStore:
    """Drafts: kept, shown, resolved once."""

    sessionmaker: async_sessionmaker[AsyncSession]

    async def keep(
        self,
        user_id: int,
        actions: Sequence[Mapping[str, Any]],
        text: str,
        *,
        expires_at: dt.datetime,
        now: dt.datetime,
        source_message_id: int | None,
        mentioned: bool = False,
    ) -> Draft:
        """A new pending draft (`mentioned`: never to be recalled as one still open)."""
        async with self.sessionmaker() as session:
            draft = await repo.create_draft(
                session=session,
                telegram_id=user_id,
                actions=actions,
                text=text,
                expires_at=expires_at,
                now=now,
                source_message_id=source_message_id,
                mentioned=mentioned,
            )
            await session.commit()
        return draft

    async def shown(self, user_id: int, draft_id: int, message_id: int) -> None:
        """The message that shows the draft, for whatever replaces it later."""
        async with self.sessionmaker() as session:
            await repo.set_draft_shown(
                session=session, telegram_id=user_id, draft_id=draft_id, message_id=message_id
            )
            await session.commit()

    async def mention_waiting(self, user_id: int, *, now: dt.datetime) -> list[Draft]:
        """The open drafts no reply has mentioned yet, marked mentioned."""
        async with self.sessionmaker() as session:
            waiting = await repo.mention_waiting_drafts(
                session=session, telegram_id=user_id, now=now
            )
            await session.commit()
        return waiting

    async def get(self, user_id: int, draft_id: int) -> Draft | None:
        async with self.sessionmaker() as session:
            return await repo.get_draft(session=session, telegram_id=user_id, draft_id=draft_id)

    async def resolve(
        self,
        user_id: int,
        draft_id: int,
        status: DraftStatus,
        *,
        now: dt.datetime,
        from_statuses: Sequence[DraftStatus],
        spent: tuple[dt.date, Spent] | None = None,
    ) -> Draft | None:
        """Move a draft from one of `from_statuses` to `status`, once (None when it was not
        in one of them), counting LLM use on a day (`spent`) in the same transaction."""
        async with self.sessionmaker() as session:
            draft = await repo.resolve_draft(
                session=session,
                telegram_id=user_id,
                draft_id=draft_id,
                status=status,
                now=now,
                from_statuses=tuple(from_statuses),
            )
            if spent is not None:
                day, (requests, tokens) = spent
                await repo.add_llm_usage(
                    session=session,
                    telegram_id=user_id,
                    local_date=day,
                    requests=requests,
                    tokens=tokens,
                )
            await session.commit()
        return draft


@dataclass
class ProductStore:
    """Packaged foods read by their barcode, shared by everyone (`bot.products`)."""

    sessionmaker: async_sessionmaker[AsyncSession]

    async def get(self, code: str) -> CachedProduct | None:
        async with self.sessionmaker() as session:
            return await session.get(CachedProduct, code)

    async def keep(self, code: str, product_json: str, *, now: dt.datetime) -> None:
        """Keep (or refresh) what was read for `code`; two people scanning it at once both
        keep the same thing, the later one wins."""
        async with self.sessionmaker() as session:
            row = await session.get(CachedProduct, code)
            if row is None:
                session.add(CachedProduct(code=code, product_json=product_json, fetched_at=now))
            else:
                row.product_json, row.fetched_at = product_json, now
            try:
                await session.commit()
            except IntegrityError:  # the other scan committed first: its row is as good
                await session.rollback()


@dataclass
class Store:
    """The store as the core's journeys see it."""

    messages: MessageStore
    drafts: DraftStore
    products: ProductStore

    @classmethod
    def on(cls, sessionmaker: async_sessionmaker[AsyncSession], direct: Direct) -> Store:
        return cls(
            MessageStore(sessionmaker, direct), DraftStore(sessionmaker), ProductStore(sessionmaker)
        )
