"""Applying validated actions to one user's data.

Each applier runs inside the caller's transaction and returns the
per-action result; an action that turns out impossible only once earlier
actions are applied (marking a supplement that does not exist) raises
`ProblemError` so the caller rolls the whole bundle back.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from sandbox.auth import Principal
from sandbox.db import Database
from sandbox.models import (
    Checkin,
    NutritionEntry,
    Recipe,
    SupplementItem,
    SupplementTaken,
    Ticket,
    User,
    WeightRecord,
    new_id,
    utcnow,
)
from sandbox.problems import FieldError, invalid
from sandbox.validation import Action

Result = dict[str, Any]
Applier = Callable[[AsyncSession, Principal, Action], Awaitable[Result]]


def _applied(action: Action, public_id: str | None = None, **extra: Any) -> Result:
    result: Result = {"type": action.type, "status": "applied"}
    if public_id is not None:
        result["id"] = public_id
    result.update(extra)
    return result


async def _add_entry(session: AsyncSession, user: Principal, action: Action) -> Result:
    entry = action.data["entry"]
    row = NutritionEntry(
        public_id=new_id("nut"),
        user_pk=user.pk,
        day=action.data["date"],
        food=entry["food"],
        calories=entry["calories"],
        protein=entry["protein"],
        carbs=entry["carbs"],
        fat=entry["fat"],
    )
    session.add(row)
    return _applied(action, row.public_id)


async def _set_goals(session: AsyncSession, user: Principal, action: Action) -> Result:
    """Given goals replace the stored ones; goals not sent are kept."""
    row = await session.get_one(User, user.pk)
    for key, value in action.data.items():
        setattr(row, f"goal_{key}", value)
    return _applied(action)


async def _upsert_checkin(session: AsyncSession, user: Principal, action: Action) -> Result:
    """Harshest reading of upsert: the day's check-in is replaced whole.

    Fields not sent become null, so a client that wants to change only the
    mood has to read the day's check-in and send it back merged.
    """
    data = action.data
    row = await session.scalar(
        select(Checkin).where(Checkin.user_pk == user.pk, Checkin.day == data["date"])
    )
    if row is None:
        row = Checkin(public_id=new_id("chk"), user_pk=user.pk, day=data["date"])
        session.add(row)
    row.mood = data.get("mood")
    row.energy = data.get("energy")
    row.sleep_quality = data.get("sleepQuality")
    row.notes = data.get("notes")
    row.updated_at = utcnow()
    return _applied(action, row.public_id)


async def _log_weight(session: AsyncSession, user: Principal, action: Action) -> Result:
    """Not idempotent: logging the same day twice keeps two records."""
    row = WeightRecord(
        public_id=new_id("wgt"),
        user_pk=user.pk,
        day=action.data["date"],
        weight_kg=action.data["weightKg"],
    )
    session.add(row)
    return _applied(action, row.public_id)


async def _set_weight_goal(session: AsyncSession, user: Principal, action: Action) -> Result:
    row = await session.get_one(User, user.pk)
    row.goal_weight_kg = action.data["goalKg"]
    return _applied(action)


async def _find_item(session: AsyncSession, user: Principal, name: str) -> SupplementItem | None:
    return await session.scalar(
        select(SupplementItem).where(
            SupplementItem.user_pk == user.pk, SupplementItem.name_key == name.casefold()
        )
    )


async def _add_item(session: AsyncSession, user: Principal, action: Action) -> Result:
    """Names are unique per user, ignoring case: adding one again updates its dose."""
    name = action.data["name"]
    row = await _find_item(session, user, name)
    if row is None:
        row = SupplementItem(
            public_id=new_id("sup"), user_pk=user.pk, name=name, name_key=name.casefold()
        )
        session.add(row)
    if "dose" in action.data:
        row.dose = action.data["dose"]
    return _applied(action, row.public_id)


async def _item_or_fail(session: AsyncSession, user: Principal, action: Action) -> SupplementItem:
    row = await _find_item(session, user, action.data["name"])
    if row is None:
        raise invalid([FieldError(f"{action.pointer}/name", "no supplement with this name")])
    return row


async def _taken_mark(
    session: AsyncSession, item: SupplementItem, action: Action
) -> SupplementTaken | None:
    return await session.scalar(
        select(SupplementTaken).where(
            SupplementTaken.item_pk == item.pk, SupplementTaken.day == action.data["date"]
        )
    )


async def _mark_taken(session: AsyncSession, user: Principal, action: Action) -> Result:
    """Marking twice on one day leaves one mark: the mark is a state, not a count."""
    item = await _item_or_fail(session, user, action)
    if await _taken_mark(session, item, action) is None:
        session.add(SupplementTaken(item_pk=item.pk, day=action.data["date"]))
    return _applied(action, item.public_id, taken=True)


async def _toggle(session: AsyncSession, user: Principal, action: Action) -> Result:
    item = await _item_or_fail(session, user, action)
    mark = await _taken_mark(session, item, action)
    if mark is None:
        session.add(SupplementTaken(item_pk=item.pk, day=action.data["date"]))
    else:
        await session.execute(delete(SupplementTaken).where(SupplementTaken.pk == mark.pk))
    return _applied(action, item.public_id, taken=mark is None)


async def _upsert_recipe(session: AsyncSession, user: Principal, action: Action) -> Result:
    """Same name (ignoring case) updates the recipe in place; otherwise a new one."""
    data = action.data
    row = await session.scalar(
        select(Recipe).where(Recipe.user_pk == user.pk, Recipe.name_key == data["name"].casefold())
    )
    if row is None:
        row = Recipe(public_id=new_id("rcp"), user_pk=user.pk)
        session.add(row)
    row.name = data["name"]
    row.name_key = data["name"].casefold()
    row.servings = data["servings"]
    row.ingredients = data["ingredients"]
    row.instructions = data["instructions"]
    for key, value in data["perServing"].items():
        setattr(row, key, value)
    row.updated_at = utcnow()
    return _applied(action, row.public_id)


async def _create_ticket(session: AsyncSession, user: Principal, action: Action) -> Result:
    row = Ticket(
        public_id=new_id("tkt"),
        user_pk=user.pk,
        subject=action.data["subject"],
        message=action.data["message"],
        status="open",
    )
    session.add(row)
    return _applied(action, row.public_id)


APPLIERS: dict[str, Applier] = {
    "nutrition.add_entry": _add_entry,
    "nutrition.set_goals": _set_goals,
    "checkin.upsert": _upsert_checkin,
    "weight.log": _log_weight,
    "weight.set_goal": _set_weight_goal,
    "supplements.add_item": _add_item,
    "supplements.mark_taken": _mark_taken,
    "supplements.toggle": _toggle,
    "recipes.upsert": _upsert_recipe,
    "support.create_ticket": _create_ticket,
}


async def apply_all(db: Database, user: Principal, actions: list[Action]) -> list[Result]:
    """Apply in order, in one transaction: all actions land or none do.

    Order matters within a bundle (an item added by an earlier action can be
    marked taken by a later one), which is why autoflush stays on.
    """
    async with db.write_lock, db.sessions() as session, session.begin():
        return [await APPLIERS[action.type](session, user, action) for action in actions]
