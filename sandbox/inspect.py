"""Row counts per area for one key, read straight from the database.

Reliability tests use it to check that a write landed exactly once (or not
at all) without going through the API whose behaviour they are judging.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from sandbox.auth import hash_key
from sandbox.db import make_engine
from sandbox.models import (
    Checkin,
    NutritionEntry,
    Recipe,
    SupplementItem,
    SupplementTaken,
    Ticket,
    User,
    WeightRecord,
)


def _count(model: Any, user_pk: int) -> Any:
    return select(func.count()).select_from(model).where(model.user_pk == user_pk)


async def counts(db_url: str, api_key: str) -> dict[str, int]:
    """Keys: nutrition, checkins, weights, supplements, taken, recipes, tickets."""
    engine = make_engine(db_url)
    try:
        async with engine.connect() as conn:
            user_pk = await conn.scalar(select(User.pk).where(User.key_hash == hash_key(api_key)))
            if user_pk is None:
                raise KeyError("no sandbox user has this API key")
            taken = (
                select(func.count())
                .select_from(SupplementTaken)
                .join(SupplementItem, SupplementItem.pk == SupplementTaken.item_pk)
                .where(SupplementItem.user_pk == user_pk)
            )
            statements = {
                "nutrition": _count(NutritionEntry, user_pk),
                "checkins": _count(Checkin, user_pk),
                "weights": _count(WeightRecord, user_pk),
                "supplements": _count(SupplementItem, user_pk),
                "taken": taken,
                "recipes": _count(Recipe, user_pk),
                "tickets": _count(Ticket, user_pk),
            }
            return {area: int(await conn.scalar(stmt) or 0) for area, stmt in statements.items()}
    finally:
        await engine.dispose()
