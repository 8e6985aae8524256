"""Read side: the JSON documents the GET routes answer with.

Each function takes an open session and the caller and returns plain
dicts with the wire's camelCase names, so the routes stay thin.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from sandbox.auth import Principal
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

Json = dict[str, Any]
MACRO_KEYS = ("calories", "protein", "carbs", "fat")


def timestamp(value: dt.datetime) -> str:
    """ISO 8601 in UTC with a Z, to the second."""
    return value.replace(microsecond=0).isoformat() + "Z"


def _goals(user: User) -> Json:
    return {key: getattr(user, f"goal_{key}") for key in MACRO_KEYS}


async def _entries(session: AsyncSession, user: Principal, day: dt.date) -> list[NutritionEntry]:
    rows = await session.scalars(
        select(NutritionEntry)
        .where(NutritionEntry.user_pk == user.pk, NutritionEntry.day == day)
        .order_by(NutritionEntry.pk)
    )
    return list(rows)


def _totals(entries: list[NutritionEntry]) -> Json:
    """Rounded to 2 decimals so float sums do not show 0.30000000000000004."""
    return {key: round(sum(getattr(e, key) for e in entries), 2) for key in MACRO_KEYS}


def checkin_json(row: Checkin) -> Json:
    return {
        "id": row.public_id,
        "date": row.day.isoformat(),
        "mood": row.mood,
        "energy": row.energy,
        "sleepQuality": row.sleep_quality,
        "notes": row.notes,
    }


async def nutrition_day(session: AsyncSession, user: Principal, day: dt.date) -> Json:
    entries = await _entries(session, user, day)
    account = await session.get_one(User, user.pk)
    return {
        "date": day.isoformat(),
        "entries": [
            {
                "id": e.public_id,
                "food": e.food,
                **{key: getattr(e, key) for key in MACRO_KEYS},
                "createdAt": timestamp(e.created_at),
            }
            for e in entries
        ],
        "totals": _totals(entries),
        "goals": _goals(account),
    }


async def weight_history(
    session: AsyncSession, user: Principal, start: dt.date, end: dt.date
) -> Json:
    rows = await session.scalars(
        select(WeightRecord)
        .where(WeightRecord.user_pk == user.pk, WeightRecord.day.between(start, end))
        .order_by(WeightRecord.day, WeightRecord.pk)
    )
    account = await session.get_one(User, user.pk)
    return {
        "records": [
            {"id": r.public_id, "date": r.day.isoformat(), "weightKg": r.weight_kg} for r in rows
        ],
        "goalKg": account.goal_weight_kg,
    }


async def checkin_day(session: AsyncSession, user: Principal, day: dt.date) -> Json | None:
    row = await session.scalar(
        select(Checkin).where(Checkin.user_pk == user.pk, Checkin.day == day)
    )
    return None if row is None else checkin_json(row)


async def checkin_history(
    session: AsyncSession, user: Principal, start: dt.date, end: dt.date
) -> list[Json]:
    rows = await session.scalars(
        select(Checkin)
        .where(Checkin.user_pk == user.pk, Checkin.day.between(start, end))
        .order_by(Checkin.day)
    )
    return [checkin_json(row) for row in rows]


async def supplement_day(session: AsyncSession, user: Principal, day: dt.date) -> list[Json]:
    """Every stack item, in the order added, with whether it was taken that day."""
    taken = select(SupplementTaken.item_pk).where(SupplementTaken.day == day).scalar_subquery()
    rows = await session.execute(
        select(SupplementItem, SupplementItem.pk.in_(taken))
        .where(SupplementItem.user_pk == user.pk)
        .order_by(SupplementItem.pk)
    )
    return [
        {"id": item.public_id, "name": item.name, "dose": item.dose, "taken": bool(was_taken)}
        for item, was_taken in rows
    ]


async def recipes(session: AsyncSession, user: Principal) -> list[Json]:
    rows = await session.scalars(
        select(Recipe).where(Recipe.user_pk == user.pk).order_by(Recipe.pk)
    )
    return [
        {
            "id": r.public_id,
            "name": r.name,
            "servings": r.servings,
            "ingredients": list(r.ingredients),
            "instructions": r.instructions,
            "perServing": {key: getattr(r, key) for key in MACRO_KEYS},
        }
        for r in rows
    ]


async def tickets(session: AsyncSession, user: Principal) -> list[Json]:
    rows = await session.scalars(
        select(Ticket).where(Ticket.user_pk == user.pk).order_by(Ticket.pk)
    )
    return [
        {
            "id": t.public_id,
            "subject": t.subject,
            "message": t.message,
            "status": t.status,
            "createdAt": timestamp(t.created_at),
        }
        for t in rows
    ]


async def _count(session: AsyncSession, statement: Any) -> int:
    return int(await session.scalar(statement) or 0)


async def today(session: AsyncSession, user: Principal, day: dt.date) -> Json:
    """One compact overview of the day across all six areas."""
    entries = await _entries(session, user, day)
    account = await session.get_one(User, user.pk)
    latest = await session.scalar(
        select(WeightRecord)
        .where(WeightRecord.user_pk == user.pk, WeightRecord.day <= day)
        .order_by(WeightRecord.day.desc(), WeightRecord.pk.desc())
        .limit(1)
    )
    items = await supplement_day(session, user, day)
    recipe_count = await _count(
        session, select(func.count()).select_from(Recipe).where(Recipe.user_pk == user.pk)
    )
    open_tickets = await _count(
        session,
        select(func.count())
        .select_from(Ticket)
        .where(Ticket.user_pk == user.pk, Ticket.status == "open"),
    )
    return {
        "date": day.isoformat(),
        "nutrition": {
            "entries": len(entries),
            "totals": _totals(entries),
            "goals": _goals(account),
        },
        "checkin": await checkin_day(session, user, day),
        "weight": {
            "latest": None
            if latest is None
            else {"date": latest.day.isoformat(), "weightKg": latest.weight_kg},
            "goalKg": account.goal_weight_kg,
        },
        "supplements": {
            "taken": sum(1 for item in items if item["taken"]),
            "total": len(items),
            "items": [
                {"name": item["name"], "dose": item["dose"], "taken": item["taken"]}
                for item in items
            ],
        },
        "recipes": {"count": recipe_count},
        "support": {"open": open_tickets},
    }
