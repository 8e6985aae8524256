"""The tools as the model reads them: each tool's schema, derived from its arguments model,
and its description.

Why the schemas look the way they do:

- **Strict** (OpenAI structured outputs): every property is `required`, optional fields are
  nullable (`anyOf [..., {"type": "null"}]`), `additionalProperties: false`, no `default`, no
  `$ref`, no titles. OpenAI models then always emit well-formed arguments; other
  OpenAI-compatible servers ignore `strict`, and we validate anyway (the planner's repair
  round tells the model what was wrong).
- **Grounded**: every write tool asks for `said`, the words of the person's message the
  write comes from, before anything else (bot/planner/grounding.py checks it).
- **Small**: small and local models get tool calls wrong when many or deeply nested tools
  are offered, and every token here is paid on every message (budget: prompt.py). So only
  keywords that steer a value survive: type, enum, format and the bounds that matter
  (ratings 1-5); `minimum: 0`, length limits and nested descriptions go. Validation still
  enforces all of them (bot/planner/tools.py), and the system prompt states units and the
  portion convention once.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from pydantic import BaseModel

from bot.planner.tools import READ_TOOL, SAID, Tool, offered_tools

__all__ = ["strict_schema", "tool_specs"]

# JSON-schema keywords worth their tokens; everything else is dropped (see module docstring).
_KEPT_KEYWORDS = frozenset(
    {"type", "properties", "required", "additionalProperties", "items", "anyOf", "enum"}
    | {"format", "minimum", "maximum"}
)

# What the LLM reads about each tool. Model docstrings are written for programmers, so the
# tool descriptions are written here, as short as they can be while still choosing the tool.
_DESCRIPTIONS: dict[str, str] = {
    "log_food": "Log food eaten on one day.",
    "set_goals": "Daily goals and/or goal weight; null = unchanged.",
    "supplements": "add_item: new in the stack; mark_taken: taken on date; toggle: undo a mark.",
    "checkin_upsert": "The day's check-in; null = not said.",  # notes: in the system prompt
    "weight_log": "Body weight on a day.",
    "recipes_upsert": "Save a recipe; the same name updates it.",
    "support_create_ticket": "Message support, only when asked.",
    READ_TOOL: "The person's data: today, or a day's nutrition, supplements, checkins; "
    "weight and checkins from/to.",
}

# Fields read leniently (a server that leaves them out gets a default) but asked for
# always: their schema is not nullable.
_ASKED_ALWAYS = {"log_food": (SAID, "amount", "unit")}
# The quote of the person's words a write comes from, first so that the model writes it
# before the values it grounds (bot/planner/grounding.py).
_SAID_SCHEMA = {"type": "string"}
_QUOTED_BY_ITEM = frozenset({"log_food"})  # each item has its own `said`


def tool_specs(*, bounded: bool = False) -> list[dict[str, Any]]:
    """The `tools` of a Chat Completions request (a fresh copy of cached schemas); `bounded`
    for servers that turn the schema into a grammar (see `_bounded`)."""
    specs: list[dict[str, Any]] = json.loads(_tool_specs_json(bounded))
    return specs


# Lengths a grammar holds a local model's arguments to. llama-cpp-python's function calling
# ignores max_tokens for a tool's arguments and builds a grammar from the schema, so a small
# model that repeats its items fills the context (2,060 tokens, 94 s, its one slot busy
# throughout); these bound what a grammar lets it write. OpenAI's strict mode refuses
# `maxLength`, so its requests go without (`LlmPlanner`'s `bounded_tools`). Only a write's
# quote, a food's name and a meal's foods are bounded: each bound costs prompt tokens on
# every request, and a message of MAX_MESSAGE_CHARS must still fit a 4,096-token context.
_MAX_LENGTH = {SAID: 100, "food": 60}
_MAX_ITEMS = {"items": 6}


def _bounded(node: Any, field: str = "") -> Any:
    """`node` with its quotes', food names' and meals' lengths bounded (`_MAX_LENGTH`,
    `_MAX_ITEMS`)."""
    if isinstance(node, list):
        return [_bounded(item, field) for item in node]
    if not isinstance(node, dict):
        return node
    out = {
        key: (
            {name: _bounded(sub, name) for name, sub in value.items()}
            if key == "properties"
            else _bounded(value, field)
        )
        for key, value in node.items()
    }
    if out.get("type") == "string" and field in _MAX_LENGTH:
        out["maxLength"] = _MAX_LENGTH[field]
    if out.get("type") == "array" and field in _MAX_ITEMS:
        out["maxItems"] = _MAX_ITEMS[field]
    return out


@cache
def _tool_specs_json(bounded: bool = False) -> str:
    specs = [
        {
            "type": "function",
            "function": {
                "name": tool.name,
                "description": _DESCRIPTIONS[tool.name],
                "strict": True,
                "parameters": _bounded(_parameters(tool)) if bounded else _parameters(tool),
            },
        }
        for tool in offered_tools()
    ]
    return json.dumps(specs)


def _parameters(tool: Tool) -> dict[str, Any]:
    schema = strict_schema(tool.arguments)
    if tool.produces and tool.name not in _QUOTED_BY_ITEM:
        schema["properties"] = {SAID: dict(_SAID_SCHEMA), **schema["properties"]}
        schema["required"] = list(schema["properties"])
    asked = _ASKED_ALWAYS.get(tool.name, ())
    if asked:  # in the items of a list: `log_food`'s foods
        item = schema["properties"]["items"]["items"]["properties"]
        for name in asked:
            item[name] = item[name]["anyOf"][0]
    return schema


def strict_schema(model: type[BaseModel]) -> dict[str, Any]:
    """A model's JSON schema (wire names) in the strict, compact form the module describes."""
    schema = model.model_json_schema(by_alias=True)
    defs = schema.pop("$defs", {})
    schema.get("properties", {}).pop("type", None)  # the action type is implied by the tool
    result: dict[str, Any] = _compact(schema, defs)
    return result


def _compact(node: Any, defs: dict[str, Any]) -> Any:
    if isinstance(node, list):
        return [_compact(item, defs) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        return _compact(defs[node["$ref"].rsplit("/", 1)[-1]], defs)
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key not in _KEPT_KEYWORDS or (key == "minimum" and value == 0):
            continue
        if key == "properties":  # its keys are field names, not keywords
            out[key] = {name: _compact(sub, defs) for name, sub in value.items()}
        else:
            out[key] = _compact(value, defs)
    if "properties" in out:
        out["required"] = list(out["properties"])
        out["additionalProperties"] = False
    return out
