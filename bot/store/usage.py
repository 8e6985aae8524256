"""LLM use per person and local day, counted against the daily budget."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.db import dialect_insert
from bot.store.models import LlmUsage


async def add_llm_usage(
    *,
    session: AsyncSession,
    telegram_id: int,
    local_date: date,
    requests: int = 1,
    tokens: int = 0,
) -> tuple[int, int]:
    """Count LLM use against the person's day; returns the day's (requests, tokens) so far."""
    statement = dialect_insert(session, LlmUsage).values(
        telegram_id=telegram_id, local_date=local_date, requests=requests, tokens=tokens
    )
    statement = statement.on_conflict_do_update(
        index_elements=["telegram_id", "local_date"],
        set_={
            "requests": LlmUsage.requests + statement.excluded.requests,
            "tokens": LlmUsage.tokens + statement.excluded.tokens,
        },
    ).returning(LlmUsage.requests, LlmUsage.tokens)
    row = (await session.execute(statement)).one()
    return int(row[0]), int(row[1])


async def get_llm_usage(
    *, session: AsyncSession, telegram_id: int, local_date: date
) -> tuple[int, int]:
    """The person's (requests, tokens) on `local_date`; (0, 0) before the first request."""
    row = (
        await session.execute(
            select(LlmUsage.requests, LlmUsage.tokens).where(
                LlmUsage.telegram_id == telegram_id, LlmUsage.local_date == local_date
            )
        )
    ).one_or_none()
    return (int(row[0]), int(row[1])) if row is not None else (0, 0)
