"""LLM use per person and local day, counted against the daily budget."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.db import insert_for
from bot.store.direct import Sql, Tx
from bot.store.models import LlmUsage


def _add_usage(dialect: Dialect) -> Any:
    statement = insert_for(dialect, LlmUsage).values(
        telegram_id=bindparam("telegram_id"),
        local_date=bindparam("local_date"),
        requests=bindparam("requests"),
        tokens=bindparam("tokens"),
    )
    return statement.on_conflict_do_update(
        index_elements=["telegram_id", "local_date"],
        set_={
            "requests": LlmUsage.requests + statement.excluded.requests,
            "tokens": LlmUsage.tokens + statement.excluded.tokens,
        },
    ).returning(LlmUsage.requests, LlmUsage.tokens)


ADD_USAGE = Sql(_add_usage)


def _usage_values(telegram_id: int, local_date: date, requests: int, tokens: int) -> dict[str, Any]:
    return {
        "telegram_id": telegram_id,
        "local_date": local_date,
        "requests": requests,
        "tokens": tokens,
    }


async def add_llm_usage(
    *,
    session: AsyncSession,
    telegram_id: int,
    local_date: date,
    requests: int = 1,
    tokens: int = 0,
) -> tuple[int, int]:
    """Count LLM use against the person's day in `session`; the day's (requests, tokens) so
    far."""
    values = _usage_values(telegram_id, local_date, requests, tokens)
    statement = ADD_USAGE.statement(session.get_bind().dialect)
    row = (await session.execute(statement, values)).one()
    return int(row[0]), int(row[1])


def add_llm_usage_later(
    *, tx: Tx, telegram_id: int, local_date: date, requests: int = 1, tokens: int = 0
) -> None:
    """`add_llm_usage` in `tx` on the driver (beside a message's outbox item), sent with the
    transaction's commit."""
    tx.later(ADD_USAGE, **_usage_values(telegram_id, local_date, requests, tokens))


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
