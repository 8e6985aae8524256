"""The LLM planner values the foods the model names by the food table: the real openai client
against the fake server, and the assistant's reply on the real sandbox."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import openai
import pytest

from bot.agent_api.actions import to_wire
from bot.kernel.readers import DEFAULT
from bot.planner.base import Plan, PlanContext
from bot.planner.llm import LlmPlanner
from bot.render import format as fmt
from bot.render import reading
from tests.fixtures.core import AssistantFactory
from tests.fixtures.openai import FakeOpenAI
from tests.fixtures.sandbox import RunningSandbox
from tests.planner.test_llm_fallback import USER, linked, say

TODAY = "2026-11-22"
CONTEXT = PlanContext(
    now=dt.datetime(2026, 11, 22, 8, 15, tzinfo=ZoneInfo("Europe/Berlin")),
    timezone="Europe/Berlin",
)


def _item(food: str, amount: float, unit: str, kcal: float, *macros: float) -> dict[str, Any]:
    protein, carbs, fat = macros or (10.0, 30.0, 10.0)
    item = {"food": food, "amount": amount, "unit": unit, "calories": kcal}
    return item | {"protein": protein, "carbs": carbs, "fat": fat}


def _entries(plan: Plan) -> list[dict[str, Any]]:
    return [to_wire(action)["entry"] for action in plan.actions]


def _figures(plan: Plan) -> list[tuple[float, ...]]:
    return [tuple(e[k] for k in ("calories", "protein", "carbs", "fat")) for e in _entries(plan)]


@pytest.fixture
def planner(llm_client: openai.AsyncOpenAI) -> LlmPlanner:
    return LlmPlanner(llm_client, "test-model")


async def test_the_same_meal_said_twice_gives_the_same_numbers(
    planner: LlmPlanner, fake_openai: FakeOpenAI
) -> None:
    text = "2 eggs and a cup of rice"
    first = [_item("eggs", 2, "piece", 150, 12, 1, 10), _item("rice", 1, "cup", 200, 4, 45, 0)]
    again = [_item("Eggs", 2, "piece", 180, 14, 2, 12), _item("Rice", 1, "cup", 240, 5, 52, 1)]
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": first})])
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": again})])

    one = await planner.plan(text, CONTEXT)
    two = await planner.plan(text, CONTEXT)

    assert _figures(one) == _figures(two) == [(143, 12.6, 0.7, 9.5), (205, 4.3, 44.5, 0.4)]
    assert one.estimated() == two.estimated() == []


async def test_an_unknown_dish_keeps_the_models_numbers_as_an_estimate(
    planner: LlmPlanner, fake_openai: FakeOpenAI
) -> None:
    stew = _item("Grandma's lentil stew", 1, "serving", 430, 22, 55, 12)
    banana = _item("banana", 1, "piece", 90, 1, 23, 0)
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": [stew, banana]})])

    plan = await planner.plan("grandma's lentil stew and a banana", CONTEXT)

    kept, known = _entries(plan)
    assert kept["food"] == "Grandma's lentil stew, 1 serving"
    assert [kept[k] for k in ("calories", "protein", "carbs", "fat")] == [430, 22, 55, 12]
    assert known["food"] == "banana, 1 piece (118 g)" and known["calories"] == 105
    assert plan.estimated() == ["Grandma's lentil stew, 1 serving"]


async def test_the_persons_own_numbers_win_over_the_table(
    planner: LlmPlanner, fake_openai: FakeOpenAI
) -> None:
    bar = _item("protein bar", 1, "piece", 250, 20, 25, 9)
    coffee = _item("flat white", 240, "ml", 120, 6, 9, 6)
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": [bar, coffee]})])

    plan = await planner.plan("protein bar 250 kcal and a flat white", CONTEXT)

    said, table = _entries(plan)
    assert said["calories"] == 250  # the table's bar is 220
    assert table["calories"] != 120 and plan.estimated() == []


@pytest.mark.parametrize(
    ("item", "food", "kcal"),
    [
        (_item("chicken breast", 200, "g", 300), "chicken breast, 200 g", 331),
        (_item("milk", 500, "ml", 300), "milk, 500 ml", 305),
        (_item("whole milk", 2, "cup", 300), "whole milk, 2 cups (480 ml)", 293),
        (_item("latte", 16, "oz", 300), "latte, 16 oz (473 ml)", 257),
        (_item("bananas", 2, "piece", 300), "bananas, 2 pieces (236 g)", 210),
        (_item("white bread", 3, "slice", 300), "white bread, 3 slices (90 g)", 240),
    ],
)
async def test_amounts_in_grams_millilitres_cups_and_pieces_convert(
    planner: LlmPlanner, fake_openai: FakeOpenAI, item: dict[str, Any], food: str, kcal: float
) -> None:
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": [item]})])

    plan = await planner.plan(f"had {item['food']}", CONTEXT)

    (entry,) = _entries(plan)
    assert (entry["food"], entry["calories"]) == (food, kcal)


STEW_AND_EGGS = "lentil stew from the blorp near work and 2 eggs, blorptastic"


async def test_the_reply_marks_an_estimate_and_the_service_gets_the_clean_name(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, key = await linked(assistant_factory, sandbox, fake_openai)
    stew = _item("Lentil stew from the place near work", 1, "serving", 430, 22, 55, 12)
    eggs = _item("eggs", 2, "piece", 160)
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": [stew, eggs]})])

    text = await say(assistant, STEW_AND_EGGS)

    note = fmt.to_plain(
        reading.estimated(["Lentil stew from the place near work, 1 serving"], DEFAULT)
    )
    assert note in text and "eggs, 2 pieces" not in note
    auth = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(base_url=sandbox.api_url, headers=auth) as http:
        logged = (await http.get("/nutrition", params={"date": TODAY})).json()["entries"]
    assert [f["food"] for f in logged] == [
        "Lentil stew from the place near work, 1 serving",
        "eggs, 2 pieces (100 g)",
    ]


async def test_a_draft_held_for_review_marks_its_estimates_too(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, key = await linked(assistant_factory, sandbox, fake_openai)
    await assistant.preferences.set_confirm_mode(user_id=USER, enabled=True)
    stew = _item("Lentil stew from the place near work", 1, "serving", 430, 22, 55, 12)
    eggs = _item("eggs", 2, "piece", 160)
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": [stew, eggs]})])

    text = await say(assistant, STEW_AND_EGGS)

    assert "nothing is saved yet" in text
    note = fmt.to_plain(
        reading.estimated(["Lentil stew from the place near work, 1 serving"], DEFAULT)
    )
    assert note in text and "eggs, 2 pieces" not in note
    assert (await sandbox.counts(key))["nutrition"] == 0
