"""Conversation turns: the short history of each person's messages the LLM reads."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import bindparam, delete, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.direct import Direct, Sql
from bot.store.models import ConversationTurn, TurnRole, utcnow


async def append_turns(
    *,
    session: AsyncSession,
    telegram_id: int,
    turns: Sequence[tuple[TurnRole, str]],
    keep: int,
    now: datetime | None = None,
) -> None:
    """Add turns in order and keep only the person's last `keep` (one prune for all)."""
    if keep > 0 and turns:
        created = now or utcnow()
        rows = [
            {
                "telegram_id": telegram_id,
                "role": TurnRole(role),
                "text": text,
                "created_at": created,
            }
            for role, text in turns
        ]
        await session.execute(insert(ConversationTurn), rows)  # one statement for all
    newest = (
        select(ConversationTurn.id)
        .where(ConversationTurn.telegram_id == telegram_id)
        .order_by(ConversationTurn.id.desc())
        .limit(max(keep, 0))
    )
    await session.execute(
        delete(ConversationTurn).where(
            ConversationTurn.telegram_id == telegram_id,
            ConversationTurn.id.not_in(newest.scalar_subquery()),
        )
    )


async def recent_turns(
    *, session: AsyncSession, telegram_id: int, limit: int
) -> list[ConversationTurn]:
    """The person's last `limit` turns, oldest first (the order the LLM reads them)."""
    if limit <= 0:
        return []
    rows = await session.scalars(
        select(ConversationTurn)
        .where(ConversationTurn.telegram_id == telegram_id)
        .order_by(ConversationTurn.id.desc())
        .limit(limit)
    )
    return list(reversed(rows.all()))


RECENT_TURNS = Sql(
    lambda _dialect: (
        select(ConversationTurn.role, ConversationTurn.text)
        .where(ConversationTurn.telegram_id == bindparam("telegram_id"))
        .order_by(ConversationTurn.id.desc())
        .limit(bindparam("limit"))
    )
)


async def read_recent_turns(
    *, direct: Direct, telegram_id: int, limit: int
) -> list[tuple[str, str]]:
    """`recent_turns` on the driver, as (role, text): what the LLM reads on every message."""
    if limit <= 0:
        return []
    rows = await direct.rows(RECENT_TURNS, telegram_id=telegram_id, limit=limit)
    return [(str(role), str(text)) for role, text in reversed(rows)]
