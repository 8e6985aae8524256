"""Typed write actions of the agent API: the single source of truth for their shape.

Wire names follow the spec exactly (`sleepQuality`, `type: "<area>.<operation>"`). The same
models feed the LLM's tool schemas (bot/planner/tool_schemas.py), validate its arguments, and are
dumped into the `/ingest` body with `to_wire()`. The sandbox does not import them: it is an
independent reading of the spec, so contract tests catch our mistakes.

`nutrition.add_entry` and `checkin.upsert` are from the spec; every other type is assumed
(docs/agent-api.md).
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

NonNegative = Annotated[float, Field(ge=0)]
Rating = Annotated[int, Field(ge=1, le=5)]
CHECKIN_SCALE = (1, 5)


class _Model(BaseModel):
    # JSON's 1e309 parses as infinity: no amount a person ate or weighed is infinite.
    model_config = ConfigDict(
        populate_by_name=True, extra="forbid", frozen=True, allow_inf_nan=False
    )


class Macros(_Model):
    """Energy in kcal, macros in grams."""

    calories: NonNegative
    protein: NonNegative
    carbs: NonNegative
    fat: NonNegative


class Entry(Macros):
    """One food item; the portion is part of the text, e.g. "Oatmeal, 1 cup cooked"."""

    food: str = Field(min_length=1, max_length=200)


class NutritionAddEntry(_Model):
    """Log one food item eaten on a day."""

    type: Literal["nutrition.add_entry"] = "nutrition.add_entry"
    date: dt.date
    entry: Entry


class NutritionSetGoals(_Model):
    """Set daily nutrition goals; a field left out keeps its value."""

    type: Literal["nutrition.set_goals"] = "nutrition.set_goals"
    calories: NonNegative | None = None
    protein: NonNegative | None = None
    carbs: NonNegative | None = None
    fat: NonNegative | None = None


class CheckinUpsert(_Model):
    """The day's check-in: mood, energy, sleep quality (1-5) and notes.

    The service replaces the whole check-in of the day, so the assistant merges with the
    existing one before sending.
    """

    type: Literal["checkin.upsert"] = "checkin.upsert"
    date: dt.date
    mood: Rating | None = None
    energy: Rating | None = None
    sleep_quality: Rating | None = Field(default=None, alias="sleepQuality")
    notes: str | None = Field(default=None, max_length=2000)


class WeightLog(_Model):
    """A body-weight measurement in kilograms."""

    type: Literal["weight.log"] = "weight.log"
    date: dt.date
    weight_kg: Annotated[float, Field(gt=0, lt=700)] = Field(alias="weightKg")


class WeightSetGoal(_Model):
    """The goal body weight in kilograms."""

    type: Literal["weight.set_goal"] = "weight.set_goal"
    goal_kg: Annotated[float, Field(gt=0, lt=700)] = Field(alias="goalKg")


class SupplementAddItem(_Model):
    """Add a supplement to the person's stack."""

    type: Literal["supplements.add_item"] = "supplements.add_item"
    name: str = Field(min_length=1, max_length=100)
    dose: str | None = Field(default=None, max_length=100)


class SupplementMarkTaken(_Model):
    """Mark a stack supplement as taken on a day."""

    type: Literal["supplements.mark_taken"] = "supplements.mark_taken"
    date: dt.date
    name: str = Field(min_length=1, max_length=100)


class SupplementToggle(_Model):
    """Flip a stack supplement's taken mark for a day."""

    type: Literal["supplements.toggle"] = "supplements.toggle"
    date: dt.date
    name: str = Field(min_length=1, max_length=100)


class RecipeUpsert(_Model):
    """Create a recipe, or update the one with the same name."""

    type: Literal["recipes.upsert"] = "recipes.upsert"
    name: str = Field(min_length=1, max_length=200)
    servings: Annotated[int, Field(ge=1, le=100)]
    ingredients: list[str]
    instructions: str = Field(max_length=10000)
    per_serving: Macros = Field(alias="perServing")


class SupportCreateTicket(_Model):
    """Open a support request with the service."""

    type: Literal["support.create_ticket"] = "support.create_ticket"
    subject: str = Field(min_length=1, max_length=200)
    message: str = Field(min_length=1, max_length=5000)


Action = Annotated[
    NutritionAddEntry
    | NutritionSetGoals
    | CheckinUpsert
    | WeightLog
    | WeightSetGoal
    | SupplementAddItem
    | SupplementMarkTaken
    | SupplementToggle
    | RecipeUpsert
    | SupportCreateTicket,
    Field(discriminator="type"),
]

ACTION_TYPES: tuple[type[BaseModel], ...] = (
    NutritionAddEntry,
    NutritionSetGoals,
    CheckinUpsert,
    WeightLog,
    WeightSetGoal,
    SupplementAddItem,
    SupplementMarkTaken,
    SupplementToggle,
    RecipeUpsert,
    SupportCreateTicket,
)

_action_adapter: TypeAdapter[Action] = TypeAdapter(Action)


def parse_action(data: Any) -> Action:
    """Validate one wire-shaped action (raises pydantic.ValidationError)."""
    return _action_adapter.validate_python(data)


def to_wire(action: BaseModel) -> dict[str, Any]:
    """The action as the service expects it in `/ingest`: spec wire names, no null fields."""
    return action.model_dump(mode="json", by_alias=True, exclude_none=True)


def action_type(action: BaseModel) -> str:
    value = getattr(action, "type", None)
    assert isinstance(value, str)
    return value
