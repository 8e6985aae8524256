"""Tables of the sandbox: one user account and its six data areas.

Rows carry an integer primary key for ordering and joins, and a random
public id (``nut_3f9a...``) that is the only id ever shown on the wire, so
ids reveal nothing about other users or row counts.
"""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any

from sqlalchemy import JSON, Date, DateTime, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

USER_NAME_CHARS = 200
DEFAULT_GOALS = {"calories": 2000.0, "protein": 100.0, "carbs": 250.0, "fat": 70.0}


def new_id(prefix: str) -> str:
    """Opaque public id: random, so it leaks no count or order."""
    return f"{prefix}_{secrets.token_hex(8)}"


def utcnow() -> dt.datetime:
    """Naive UTC timestamp; naive so SQLite and PostgreSQL store it alike."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    """Tables are prefixed ``sandbox_`` so they can share a database with the bot's."""


class User(Base):
    __tablename__ = "sandbox_users"

    pk: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(40), unique=True)
    name: Mapped[str] = mapped_column(String(USER_NAME_CHARS))
    timezone: Mapped[str] = mapped_column(String(64))
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    goal_calories: Mapped[float] = mapped_column(default=DEFAULT_GOALS["calories"])
    goal_protein: Mapped[float] = mapped_column(default=DEFAULT_GOALS["protein"])
    goal_carbs: Mapped[float] = mapped_column(default=DEFAULT_GOALS["carbs"])
    goal_fat: Mapped[float] = mapped_column(default=DEFAULT_GOALS["fat"])
    goal_weight_kg: Mapped[float | None]
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)


class NutritionEntry(Base):
    __tablename__ = "sandbox_nutrition_entries"

    pk: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(40), unique=True)
    user_pk: Mapped[int] = mapped_column(ForeignKey("sandbox_users.pk"), index=True)
    day: Mapped[dt.date] = mapped_column(Date)
    food: Mapped[str] = mapped_column(Text)
    calories: Mapped[float]
    protein: Mapped[float]
    carbs: Mapped[float]
    fat: Mapped[float]
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)


class WeightRecord(Base):
    __tablename__ = "sandbox_weight_records"

    pk: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(40), unique=True)
    user_pk: Mapped[int] = mapped_column(ForeignKey("sandbox_users.pk"), index=True)
    day: Mapped[dt.date] = mapped_column(Date)
    weight_kg: Mapped[float]
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)


class Checkin(Base):
    """One per user and day: `checkin.upsert` replaces it whole."""

    __tablename__ = "sandbox_checkins"
    __table_args__ = (UniqueConstraint("user_pk", "day"),)

    pk: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(40), unique=True)
    user_pk: Mapped[int] = mapped_column(ForeignKey("sandbox_users.pk"), index=True)
    day: Mapped[dt.date] = mapped_column(Date)
    mood: Mapped[int | None]
    energy: Mapped[int | None]
    sleep_quality: Mapped[int | None]
    notes: Mapped[str | None] = mapped_column(Text)
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)


class SupplementItem(Base):
    """A stack item; `name_key` (casefolded) makes names unique per user."""

    __tablename__ = "sandbox_supplement_items"
    __table_args__ = (UniqueConstraint("user_pk", "name_key"),)

    pk: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(40), unique=True)
    user_pk: Mapped[int] = mapped_column(ForeignKey("sandbox_users.pk"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    name_key: Mapped[str] = mapped_column(String(200))
    dose: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)


class SupplementTaken(Base):
    """The mark that an item was taken on a day; at most one per item and day."""

    __tablename__ = "sandbox_supplement_taken"
    __table_args__ = (UniqueConstraint("item_pk", "day"),)

    pk: Mapped[int] = mapped_column(primary_key=True)
    item_pk: Mapped[int] = mapped_column(ForeignKey("sandbox_supplement_items.pk"), index=True)
    day: Mapped[dt.date] = mapped_column(Date)


class Recipe(Base):
    __tablename__ = "sandbox_recipes"
    __table_args__ = (UniqueConstraint("user_pk", "name_key"),)

    pk: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(40), unique=True)
    user_pk: Mapped[int] = mapped_column(ForeignKey("sandbox_users.pk"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    name_key: Mapped[str] = mapped_column(String(200))
    servings: Mapped[int]
    ingredients: Mapped[list[Any]] = mapped_column(JSON)
    instructions: Mapped[str] = mapped_column(Text)
    calories: Mapped[float]
    protein: Mapped[float]
    carbs: Mapped[float]
    fat: Mapped[float]
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)


class Ticket(Base):
    __tablename__ = "sandbox_tickets"

    pk: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(40), unique=True)
    user_pk: Mapped[int] = mapped_column(ForeignKey("sandbox_users.pk"), index=True)
    subject: Mapped[str] = mapped_column(String(500))
    message: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), default="open")
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utcnow)
