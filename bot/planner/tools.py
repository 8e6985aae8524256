"""LLM tools: the set the model is offered, and its calls parsed back into actions.

The action models (bot/agent_api/actions.py) are the single source of truth: each tool's
arguments are a pydantic model (bot/planner/tool_schemas.py derives the schema the model
reads from it), and every call ends up validated by the action models themselves
(`parse_action`), so the tools cannot drift from what `/ingest` accepts.

**Eight tools, not eleven.** Where one tool reads more naturally than several, it yields
several action types:

- `log_food` takes a list of items for one date, one `nutrition.add_entry` each: a
  three-item meal is one call, so models that never make parallel calls (common on local
  servers) still log the whole meal, and the date is said once. An item is the food's
  name, its amount (a number and a unit) and the model's estimate of energy and macros;
  bot/planner/valued.py then gives it the food table's values where the table knows the
  food, so the same meal gets the same numbers, and the model's only where it does not
  (`Parsed.estimates`).
- `supplements` takes an `action` (add_item, mark_taken, toggle) like the service's own
  `POST /supplements`; three tools that differ by one word confuse small models.
- `set_goals` sets nutrition goals and/or the goal weight, as people say them together.
- `read` is `ReadRequest` itself: a `route` enum plus nullable `date`, `from`, `to`,
  instead of seven near-identical GET tools.

Every other action type is its own tool named after it (`checkin.upsert` ->
`checkin_upsert`) whose parameters are the action model's fields without `type`.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.agent_api.actions import ACTION_TYPES, Action, NonNegative, NutritionAddEntry, parse_action
from bot.planner.base import PlanContext, ReadRequest
from bot.planner.grounding import Source
from bot.planner.valued import Proposal, Stated, Unit, Valued
from bot.planner.valued import value as valued

__all__ = [
    "READ_TOOL",
    "SAID",
    "InvalidArguments",
    "Parsed",
    "Tool",
    "ToolCallError",
    "ToolOutput",
    "UnknownTool",
    "offered_tools",
    "parse_tool_call",
    "read_tool_call",
    "tool_area",
    "tool_name_for",
]

ToolOutput = Action | ReadRequest
READ_TOOL = "read"
# The argument of every write tool that quotes the person's words the write comes from
# (bot/planner/grounding.py); `log_food` has one for each item.
SAID = "said"

# How far back a write may be dated. Older dates are almost always a model writing a year from
# its training data rather than a person back-filling; the repair round lets it correct that.
MAX_BACKDATE = dt.timedelta(days=366)


class ToolCallError(ValueError):
    """A tool call that cannot be used. The message is written for the model (repair round)."""


class UnknownTool(ToolCallError):
    """The model called a tool we never offered."""


class InvalidArguments(ToolCallError):
    """The arguments were not JSON, or did not validate into the action models."""


class _Arguments(BaseModel):
    """Arguments of a tool that stands for several action types: their shape only.

    The values are validated for real by `parse_action` into the action models, so every
    bound lives in one place; these models exist to give the LLM a schema.
    """

    model_config = ConfigDict(
        extra="forbid", frozen=True, populate_by_name=True, allow_inf_nan=False
    )


class _FoodItem(_Arguments):
    """One food as the model proposes it: the person's words it comes from (`said`, see
    bot/planner/grounding.py), its name, amount and figures. `said`, `amount` and `unit` are
    asked for always; a server that leaves the amount out gets the table's typical portion."""

    said: str | None = Field(default=None, max_length=500)
    food: str = Field(min_length=1, max_length=200)
    amount: float | None = Field(default=None, gt=0)
    unit: Unit | None = None
    calories: NonNegative
    protein: NonNegative
    carbs: NonNegative
    fat: NonNegative


class _LogFood(_Arguments):
    date: dt.date
    items: list[_FoodItem] = Field(min_length=1)


class _SetGoals(_Arguments):
    calories: float | None = None
    protein: float | None = None
    carbs: float | None = None
    fat: float | None = None
    goal_kg: float | None = Field(default=None, alias="goalKg")


class _Supplements(_Arguments):
    action: Literal["add_item", "mark_taken", "toggle"]
    name: str
    dose: str | None = None
    date: dt.date | None = None


@dataclass(frozen=True)
class Parsed:
    """What one tool call stands for, which of its foods carry the model's own figures
    (the entries' names: the reply marks them as estimates), and where in the person's
    message each output comes from, as the model said it (`sources`, one per output)."""

    outputs: list[ToolOutput]
    estimates: tuple[str, ...] = ()
    sources: tuple[Source, ...] = ()


def _log_food(args: Any, stated: Stated) -> Parsed:
    proposals = [Proposal(**item.model_dump(exclude={"said"})) for item in args.items]
    foods: list[Valued] = [valued(proposal, stated) for proposal in proposals]
    outputs: list[ToolOutput] = [NutritionAddEntry(date=args.date, entry=f.entry) for f in foods]
    sources = tuple(Source(i.said, p.food) for i, p in zip(args.items, proposals, strict=True))
    return Parsed(outputs, tuple(f.entry.food for f in foods if f.estimate), sources)


def _set_goals(args: Any) -> list[dict[str, Any]]:
    macros = args.model_dump(exclude={"goal_kg"}, exclude_none=True)
    wire: list[dict[str, Any]] = []
    if macros:
        wire.append({"type": "nutrition.set_goals", **macros})
    if args.goal_kg is not None:
        wire.append({"type": "weight.set_goal", "goalKg": args.goal_kg})
    if not wire:
        raise InvalidArguments("no goal given: set at least one field")
    return wire


def _supplements(args: Any) -> list[dict[str, Any]]:
    # A field the operation does not take is dropped, not refused: strict mode makes the
    # model fill every field, and a stray date on add_item is harmless.
    wire: dict[str, Any] = {"type": f"supplements.{args.action}", "name": args.name}
    if args.action == "add_item":
        wire["dose"] = args.dose
    else:
        wire["date"] = args.date
    return [wire]


@dataclass(frozen=True)
class Tool:
    """One tool: the model its schema comes from, and how its arguments become outputs.

    `expand` turns validated arguments into wire-shaped actions (then `parse_action`);
    `values` turns them into valued actions (food, by the person's stated figures); a tool
    with neither is a single action model (validated with `type` added) or `ReadRequest`.
    `area` names what it touches, for telling a person what could not be read.
    """

    name: str
    area: str
    arguments: type[BaseModel]
    produces: tuple[str, ...]  # the action types it can yield; empty for `read`
    expand: Callable[[Any], list[dict[str, Any]]] | None = None
    values: Callable[[Any, Stated], Parsed] | None = None


_SUPPLEMENT_TYPES = ("supplements.add_item", "supplements.mark_taken", "supplements.toggle")
_GOAL_TYPES = ("nutrition.set_goals", "weight.set_goal")
_COMPOSITES = (
    Tool("log_food", "nutrition", _LogFood, ("nutrition.add_entry",), values=_log_food),
    Tool("set_goals", "goals", _SetGoals, _GOAL_TYPES, _set_goals),
    Tool("supplements", "supplements", _Supplements, _SUPPLEMENT_TYPES, _supplements),
)


@cache
def _tools() -> dict[str, Tool]:
    tools = list(_COMPOSITES)
    covered = {type_ for tool in tools for type_ in tool.produces}
    for model in ACTION_TYPES:
        type_ = model.model_fields["type"].default
        if type_ not in covered:
            area = type_.split(".")[0]
            tools.append(Tool(type_.replace(".", "_"), area, model, (type_,)))
    tools.append(Tool(READ_TOOL, READ_TOOL, ReadRequest, ()))
    return {tool.name: tool for tool in tools}


@cache
def _aliases() -> dict[str, Tool]:
    """Tool names accepted though never offered: one per action type a composite covers.

    E.g. `nutrition_add_entry` with `{date, entry}`. Models that have seen the service's
    action types sometimes guess these names, and the arguments validate into the action
    model all the same, so refusing them would only cost a repair round.
    """
    offered = _tools()
    aliases = {}
    for model in ACTION_TYPES:
        type_ = model.model_fields["type"].default
        name = type_.replace(".", "_")
        if name not in offered:
            area = offered[tool_name_for(type_)].area
            aliases[name] = Tool(name, area, model, (type_,))
    return aliases


def _lookup(name: str) -> Tool | None:
    return _tools().get(name) or _aliases().get(name)


def tool_name_for(type_: str) -> str:
    """The tool that yields an action type (`nutrition.add_entry` -> `log_food`)."""
    for tool in _tools().values():
        if type_ in tool.produces:
            return tool.name
    raise KeyError(type_)


def tool_area(name: str) -> str | None:
    """What a tool touches ("nutrition", "goals", "checkin", ..., "read"); None if unknown."""
    tool = _lookup(name)
    return tool.area if tool else None


def offered_tools() -> list[Tool]:
    """The tools the model is offered, in the order it reads them."""
    return list(_tools().values())


def parse_tool_call(
    name: str, arguments_json: str, context: PlanContext, text: str = ""
) -> list[ToolOutput]:
    """The actions, or the read, one tool call stands for (`read_tool_call`'s outputs)."""
    return read_tool_call(name, arguments_json, context, text).outputs


def read_tool_call(name: str, arguments_json: str, context: PlanContext, text: str = "") -> Parsed:
    """Validate one tool call into the actions, or the read, it stands for.

    A list because `log_food` and `set_goals` may yield several actions. `context` gives the
    person's today, to refuse write dates a person cannot mean (the future, or more than a
    year back); `text`, the person's message, the figures they stated, which no table value
    replaces. Raises `UnknownTool` or `InvalidArguments` with a message the model can act
    on in the repair round.
    """
    tool = _lookup(name)
    if tool is None:
        raise UnknownTool(f"unknown tool {name!r}; the tools are {', '.join(_tools())}")
    try:
        args = json.loads(arguments_json or "{}")
    except json.JSONDecodeError as exc:
        raise InvalidArguments(f"arguments are not valid JSON ({exc.msg})") from exc
    except TypeError:  # a server that sent the arguments as an object, not as JSON text
        args = arguments_json
    if not isinstance(args, dict):
        raise InvalidArguments("arguments must be a JSON object")
    if tool.produces and args.get("date") in (None, "") and "date" in tool.arguments.model_fields:
        # Small and local models often leave the date out: what the person's context settles
        # is filled in, not sent back for a repair round.
        args = {**args, "date": context.today.isoformat()}
    quote = args.pop(SAID, None) if tool.produces else None  # log_food's are its items'
    try:
        parsed = _validate(tool, args, Stated.of(text) if tool.produces else Stated())
    except ValidationError as exc:
        raise InvalidArguments(_describe(exc)) from exc
    if not parsed.sources:
        quoted = Source(quote if isinstance(quote, str) else None)
        parsed = dataclasses.replace(parsed, sources=(quoted,) * len(parsed.outputs))
    if tool.produces:
        for output in parsed.outputs:
            _check_date(getattr(output, "date", None), context.today)
    for output in parsed.outputs:
        if isinstance(output, ReadRequest):
            _check_read(output, context.today)
    return parsed


def _check_read(read: ReadRequest, today: dt.date) -> None:
    """A read the service could only refuse is sent back to the model, not to the service
    (whose refusal would read as the service failing)."""
    for name, day in (("date", read.date), ("from", read.from_), ("to", read.to)):
        if day is not None and day > today:
            raise InvalidArguments(f"{name} {day} is in the future; today is {today}")
    if read.from_ is not None and read.to is not None and read.from_ > read.to:
        raise InvalidArguments(f"from {read.from_} is after to {read.to}")


def _validate(tool: Tool, args: dict[str, Any], stated: Stated) -> Parsed:
    if tool.arguments is ReadRequest:
        return Parsed([ReadRequest.model_validate(args)])
    if tool.values is not None:
        return tool.values(tool.arguments.model_validate(args), stated)
    if tool.expand is not None:
        wires = tool.expand(tool.arguments.model_validate(args))
        return Parsed([parse_action(wire) for wire in wires])
    action = parse_action({**args, "type": tool.produces[0]})
    if isinstance(action, NutritionAddEntry):  # `nutrition_add_entry`: the model's figures
        entry = action.entry
        own = not stated.says_kcal(entry.calories, None)
        return Parsed([action], (entry.food,) if own else ())
    return Parsed([action])


def _describe(exc: ValidationError) -> str:
    """Validation errors as one short clause per field, named as in the schema."""
    parts = []
    for error in exc.errors(include_url=False)[:6]:
        loc = [str(part) for part in error["loc"] if not str(part).startswith("function-")]
        where = ".".join(part for part in loc if part not in _ACTION_TAGS) or "arguments"
        parts.append(f"{where}: {error['msg']}")
    return "; ".join(parts)


_ACTION_TAGS = frozenset(model.model_fields["type"].default for model in ACTION_TYPES)


def _check_date(date: object, today: dt.date) -> None:
    if not isinstance(date, dt.date):
        return
    if date > today:
        raise InvalidArguments(f"date {date} is in the future; today is {today}")
    if today - date > MAX_BACKDATE:
        raise InvalidArguments(f"date {date} is more than a year ago; today is {today}")
