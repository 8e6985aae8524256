"""Tool schemas are strict and small, and every call validates into the action models."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import ACTION_TYPES, action_type, to_wire
from bot.planner.base import PlanContext, ReadRequest
from bot.planner.tool_schemas import tool_specs
from bot.planner.tools import (
    InvalidArguments,
    UnknownTool,
    parse_tool_call,
    tool_area,
    tool_name_for,
)

TODAY = "2026-11-22"
CONTEXT = PlanContext(
    now=dt.datetime(2026, 11, 22, 8, 15, tzinfo=ZoneInfo("Europe/Berlin")),
    timezone="Europe/Berlin",
)
OATMEAL = {"food": "Oatmeal, 1 cup cooked", "calories": 158, "protein": 6, "carbs": 27, "fat": 3}

# One valid call per action type, as a strict-mode model would send it (every field present).
SAMPLE_CALLS: dict[str, dict[str, Any]] = {
    "nutrition.add_entry": {"date": TODAY, "items": [OATMEAL]},
    "nutrition.set_goals": {
        "calories": 2000,
        "protein": 120,
        "carbs": None,
        "fat": None,
        "goalKg": None,
    },
    "checkin.upsert": {"date": TODAY, "mood": 4, "energy": None, "sleepQuality": 2, "notes": None},
    "weight.log": {"date": TODAY, "weightKg": 72.4},
    "weight.set_goal": {
        "calories": None,
        "protein": None,
        "carbs": None,
        "fat": None,
        "goalKg": 68,
    },
    "supplements.add_item": {
        "action": "add_item",
        "name": "Magnesium",
        "dose": "400 mg",
        "date": None,
    },
    "supplements.mark_taken": {
        "action": "mark_taken",
        "name": "Vitamin D",
        "dose": None,
        "date": TODAY,
    },
    "supplements.toggle": {"action": "toggle", "name": "Vitamin D", "dose": None, "date": TODAY},
    "recipes.upsert": {
        "name": "Overnight oats",
        "servings": 2,
        "ingredients": ["oats", "milk"],
        "instructions": "Soak overnight.",
        "perServing": {"calories": 300, "protein": 12, "carbs": 45, "fat": 8},
    },
    "support.create_ticket": {"subject": "Export", "message": "How do I export my data?"},
}


def _walk(node: Any) -> Any:
    yield node
    if isinstance(node, dict):
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def _schemas(node: Any) -> list[dict[str, Any]]:
    """Every object schema inside a parameters schema (property maps are not schemas)."""
    found = [node] if node.get("type") == "object" else []
    for name, sub in node.get("properties", {}).items():
        del name
        found += _schemas(sub)
    for key in ("items",):
        if isinstance(node.get(key), dict):
            found += _schemas(node[key])
    for option in node.get("anyOf", []):
        found += _schemas(option)
    return found


def test_every_tool_is_strict_with_all_properties_required() -> None:
    for spec in tool_specs():
        function = spec["function"]
        assert spec["type"] == "function"
        assert function["strict"] is True
        assert function["description"]
        objects = _schemas(function["parameters"])
        assert objects, function["name"]
        for schema in objects:
            assert schema["additionalProperties"] is False, function["name"]
            assert schema["required"] == list(schema["properties"]), function["name"]


def test_schemas_have_no_defaults_refs_or_titles() -> None:
    for node in _walk(tool_specs()):
        if isinstance(node, dict):
            assert not {"default", "$ref", "$defs", "title"} & set(node), node


def test_optional_fields_are_nullable_and_action_type_is_implied() -> None:
    specs = {spec["function"]["name"]: spec["function"]["parameters"] for spec in tool_specs()}
    checkin = specs["checkin_upsert"]["properties"]
    assert "type" not in checkin
    assert checkin["sleepQuality"]["anyOf"] == [
        {"maximum": 5, "minimum": 1, "type": "integer"},
        {"type": "null"},
    ]
    assert checkin["date"] == {"format": "date", "type": "string"}
    assert specs["read"]["properties"]["route"]["enum"] == [
        "today",
        "nutrition",
        "weight",
        "checkins",
        "supplements",
        "recipes",
        "support",
    ]
    assert set(specs["read"]["properties"]) == {"route", "date", "from", "to"}


def test_tool_specs_returns_a_fresh_copy() -> None:
    tool_specs()[0]["function"]["name"] = "mutated"
    assert tool_specs()[0]["function"]["name"] != "mutated"


@pytest.mark.parametrize("type_", [model.model_fields["type"].default for model in ACTION_TYPES])
def test_every_action_type_is_reachable(type_: str) -> None:
    name = tool_name_for(type_)
    outputs = parse_tool_call(name, json.dumps(SAMPLE_CALLS[type_]), CONTEXT)
    assert type_ in {action_type(output) for output in outputs}
    assert tool_area(name) in {type_.split(".")[0], "goals"}


def test_log_food_gives_one_action_per_item_in_wire_form() -> None:
    coffee = {"food": "Flat white, 8 oz", "calories": 110, "protein": 6, "carbs": 9, "fat": 6}
    args = json.dumps({"date": TODAY, "items": [OATMEAL, coffee]})
    actions = parse_tool_call("log_food", args, CONTEXT)
    assert [to_wire(action) for action in actions] == [
        {"type": "nutrition.add_entry", "date": TODAY, "entry": OATMEAL},
        {"type": "nutrition.add_entry", "date": TODAY, "entry": coffee},
    ]


def test_set_goals_may_give_both_goals() -> None:
    args = {**SAMPLE_CALLS["nutrition.set_goals"], "goalKg": 70}
    actions = parse_tool_call("set_goals", json.dumps(args), CONTEXT)
    assert [to_wire(action) for action in actions] == [
        {"type": "nutrition.set_goals", "calories": 2000.0, "protein": 120.0},
        {"type": "weight.set_goal", "goalKg": 70.0},
    ]


def test_supplement_fields_an_operation_does_not_take_are_dropped() -> None:
    args = {"action": "add_item", "name": "Zinc", "dose": None, "date": TODAY}
    (action,) = parse_tool_call("supplements", json.dumps(args), CONTEXT)
    assert to_wire(action) == {"type": "supplements.add_item", "name": "Zinc"}


def test_read_gives_a_read_request_with_wire_names() -> None:
    args = {"route": "weight", "date": None, "from": "2026-11-15", "to": TODAY}
    (read,) = parse_tool_call("read", json.dumps(args), CONTEXT)
    assert read == ReadRequest(
        route="weight", from_=dt.date(2026, 11, 15), to=dt.date(2026, 11, 22)
    )


@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        ("checkin_upsert", {**SAMPLE_CALLS["checkin.upsert"], "mood": 6}, "mood: Input should be"),
        ("checkin_upsert", {**SAMPLE_CALLS["checkin.upsert"], "energy": 0}, "energy"),
        ("weight_log", {"date": TODAY, "weightKg": 0}, "weightKg"),
        ("log_food", {"date": TODAY, "items": [{**OATMEAL, "calories": -5}]}, "items.0.calories"),
        ("log_food", {"date": TODAY, "items": []}, "items"),
        ("log_food", {"date": TODAY, "items": [{**OATMEAL, "food": ""}]}, "food"),
        ("weight_log", {"date": TODAY, "weightKg": 70, "extra": 1}, "extra"),
        ("weight_log", {"date": "2026-11-23", "weightKg": 70}, "in the future"),
        ("weight_log", {"date": "2024-11-22", "weightKg": 70}, "more than a year ago"),
        ("set_goals", {k: None for k in SAMPLE_CALLS["nutrition.set_goals"]}, "no goal"),
        ("read", {"route": "everything", "date": None, "from": None, "to": None}, "route"),
    ],
)
def test_invalid_arguments_say_what_is_wrong(name: str, args: Any, message: str) -> None:
    with pytest.raises(InvalidArguments, match=message):
        parse_tool_call(name, json.dumps(args), CONTEXT)


@pytest.mark.parametrize("raw", ['{"date": "2026-11-22", "items": [', "[]", "null", "42"])
def test_arguments_that_are_not_a_json_object_are_invalid(raw: str) -> None:
    with pytest.raises(InvalidArguments):
        parse_tool_call("log_food", raw, CONTEXT)


def test_unknown_tool_names_the_real_ones() -> None:
    with pytest.raises(UnknownTool, match="log_food"):
        parse_tool_call("delete_account", "{}", CONTEXT)
    assert tool_area("delete_account") is None


def test_names_of_folded_action_types_are_accepted_though_not_offered() -> None:
    offered = {spec["function"]["name"] for spec in tool_specs()}
    assert "nutrition_add_entry" not in offered
    args = {"date": TODAY, "entry": OATMEAL}
    (action,) = parse_tool_call("nutrition_add_entry", json.dumps(args), CONTEXT)
    assert to_wire(action) == {"type": "nutrition.add_entry", **args}
    args = {"date": TODAY, "name": "Vitamin D"}
    (action,) = parse_tool_call("supplements_mark_taken", json.dumps(args), CONTEXT)
    assert action_type(action) == "supplements.mark_taken"
    assert tool_area("weight_set_goal") == "goals"


@pytest.mark.parametrize("number", ["1e309", "-1e309", "NaN", "Infinity"])
def test_an_infinite_or_undefined_amount_is_invalid(number: str) -> None:
    raw = json.dumps({"date": TODAY, "items": [OATMEAL]}).replace("158", number)
    with pytest.raises(InvalidArguments):
        parse_tool_call("log_food", raw, CONTEXT)


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("weight_log", {"weightKg": 70}),
        ("weight_log", {"date": None, "weightKg": 70}),
        (
            "log_food",
            {"items": [{"food": "Apple", "calories": 95, "protein": 0.5, "carbs": 25, "fat": 0.3}]},
        ),
        ("supplements", {**SAMPLE_CALLS["supplements.toggle"], "date": None}),
    ],
)
def test_a_write_the_model_left_undated_is_the_persons_today(name: str, args: dict) -> None:
    """Small and local models often leave the date out; the person's context settles it, so
    it is no reason for a repair round (or a "couldn't understand")."""
    outputs = parse_tool_call(name, json.dumps(args), CONTEXT)
    assert [getattr(o, "date", None) for o in outputs] == [CONTEXT.today] * len(outputs)
