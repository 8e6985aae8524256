"""Conversation turns: the short history of each person's messages the LLM reads."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Integer, String, Text, bindparam, delete, func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.direct import Direct, Sql, Tx
from bot.store.models import ConversationTurn, TurnRole, UtcDateTime, utcnow


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


async def prune_turns(*, session: AsyncSession, keep: int) -> int:
    """Delete everyone's turns beyond their newest `keep` (what the LLM is shown); how many."""
    ranked = select(
        ConversationTurn.id,
        func.row_number()
        .over(partition_by=ConversationTurn.telegram_id, order_by=ConversationTurn.id.desc())
        .label("newest_first"),
    ).subquery()
    forgotten = select(ranked.c.id).where(ranked.c.newest_first > max(keep, 0))
    result = await session.execute(
        delete(ConversationTurn).where(ConversationTurn.id.in_(forgotten.scalar_subquery()))
    )
    return int(getattr(result, "rowcount", 0))


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
        .limit(bindparam("limit", type_=Integer()))
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


@functools.cache
def _insert_turns(count: int) -> Sql:
    """The INSERT adding `count` turns at once (usually 2: said, answered)."""
    rows: list[dict[str, Any]] = [
        {
            "telegram_id": bindparam("telegram_id", type_=BigInteger()),
            "role": bindparam(f"role{i}", type_=String()),
            "text": bindparam(f"text{i}", type_=Text()),
            "created_at": bindparam("now", type_=UtcDateTime()),
        }
        for i in range(count)
    ]
    return Sql(lambda _dialect: insert(ConversationTurn).values(rows))


def add_turns(
    *, tx: Tx, telegram_id: int, turns: Sequence[tuple[TurnRole, str]], now: datetime
) -> None:
    """Add turns in order in the caller's `tx`, on the driver, in one statement sent with the
    transaction's commit. The person's turns beyond what is remembered are deleted later, for
    everyone at once (`prune_turns`)."""
    if not turns:
        return
    values: dict[str, object] = {"telegram_id": telegram_id, "now": now}
    for i, (role, text) in enumerate(turns):
        values[f"role{i}"] = TurnRole(role).value
        values[f"text{i}"] = text
    tx.later(_insert_turns(len(turns)), **values)
