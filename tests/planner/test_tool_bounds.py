"""A server that turns the tools into a grammar gets every string's and list's length bounded
(llama-cpp-python ignores max_tokens for a tool's arguments); OpenAI, whose strict mode refuses
`maxLength`, gets the tools without."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bot.planner.base import PlanContext
from bot.planner.llm import build_llm_planner
from bot.planner.tool_schemas import tool_specs
from tests.fixtures.core import make_settings
from tests.fixtures.openai import FakeOpenAI

CONTEXT = PlanContext(
    now=dt.datetime(2026, 11, 22, 8, 15, tzinfo=ZoneInfo("Europe/Berlin")),
    timezone="Europe/Berlin",
)


def _nodes(node: Any) -> list[dict[str, Any]]:
    if isinstance(node, list):
        return [n for item in node for n in _nodes(item)]
    if not isinstance(node, dict):
        return []
    found = [node]
    for key, value in node.items():
        if key == "properties":
            found += [n for sub in value.values() for n in _nodes(sub)]
        else:
            found += _nodes(value)
    return found


def _unbounded(specs: list[dict[str, Any]]) -> list[str]:
    """The quotes, food names and meals' lists of `specs` that carry no length."""
    log_food = next(s for s in specs if s["function"]["name"] == "log_food")
    items = log_food["function"]["parameters"]["properties"]["items"]
    item = items["items"]["properties"]
    missing = [] if "maxItems" in items else ["items"]
    missing += [name for name in ("said", "food") if "maxLength" not in item[name]]
    quotes = [
        spec["function"]["parameters"]["properties"].get("said", {"maxLength": 0}) for spec in specs
    ]
    return missing + [f"said of {i}" for i, q in enumerate(quotes) if "maxLength" not in q]


def test_every_quote_food_name_and_meal_of_the_bounded_tools_has_a_length() -> None:
    bounded = tool_specs(bounded=True)
    assert _unbounded(bounded) == []
    log_food = next(s for s in bounded if s["function"]["name"] == "log_food")
    assert log_food["function"]["parameters"]["properties"]["items"]["maxItems"] == 6


def test_the_tools_for_openai_carry_no_length() -> None:
    assert "maxLength" not in str(tool_specs())


async def test_a_local_server_is_sent_the_bounded_tools(
    fake_openai: FakeOpenAI, tmp_path: Path
) -> None:
    settings = make_settings(tmp_path, openai_api_key="local", openai_base_url=fake_openai.base_url)
    planner = build_llm_planner(settings)
    fake_openai.reply_text("Hello!")
    try:
        await planner.plan("hello there", CONTEXT)
    finally:
        await planner.aclose()
    (request,) = fake_openai.chat_requests
    assert _unbounded(request["tools"]) == []
