"""No request exceeds the model's context, the repair round after a runaway answer included:
a local server refuses such a request with a 400, and the person waited for nothing.

The fake server counts a request as llama-cpp-python's does (tiktoken times 1.58, plus
`max_tokens`, within 4,096 tokens: tests/fixtures/openai.py) and refuses what is over.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

import openai

from bot.agent_api.actions import CheckinUpsert, NutritionAddEntry, RecipeUpsert
from bot.planner.base import PlanContext, Turn
from bot.planner.llm import LlmPlanner
from bot.planner.prompt import count_tokens
from tests.fixtures.openai import QUIRKS, FakeOpenAI, refusal

TODAY = "2026-11-22"
CONTEXT = PlanContext(
    now=dt.datetime(2026, 11, 22, 8, 15, tzinfo=ZoneInfo("Europe/Berlin")),
    timezone="Europe/Berlin",
)
SLEPT_BADLY = {"date": TODAY, "mood": None, "energy": None, "sleepQuality": 2, "notes": None}
OATMEAL = {"food": "Oatmeal, 1 cup cooked", "calories": 158, "protein": 6, "carbs": 27, "fat": 3}
JUNK = "stir it and then " * 480  # a runaway generation: ~2,000 tokens
# A valid call as long as the junk: a recipe's instructions (at most 10,000 characters).
RECIPE = {
    "name": "Chili",
    "servings": 4,
    "ingredients": ["beans", "tomatoes"],
    "instructions": JUNK,
    "perServing": {"calories": 400, "protein": 20, "carbs": 40, "fat": 12},
}


def small_planner(client: openai.AsyncOpenAI) -> LlmPlanner:
    """A planner configured for a llama.cpp-sized model: 4,096 tokens of context."""
    return LlmPlanner(client, "smollm2", context_tokens=4096)


def refused(fake: FakeOpenAI) -> list[Any]:
    """What the server refused of the requests it received (none: it took them all)."""
    return [r for r in (refusal(body, fake.quirks) for body in fake.chat_requests) if r]


async def test_a_repair_after_a_runaway_call_fits_the_context(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    assert 1800 < count_tokens(JUNK) < 2200
    fake_openai.behave_like("llama-cpp-python")
    runaway = {"date": TODAY, "items": [OATMEAL], "note": JUNK}  # no such field: invalid
    fake_openai.reply_tool_calls([("checkin_upsert", SLEPT_BADLY), ("log_food", runaway)])
    fake_openai.reply_tool_calls([("log_food", {"date": TODAY, "items": [OATMEAL]})])

    plan = await small_planner(llm_client).plan("slept badly, oatmeal", CONTEXT)

    assert refused(fake_openai) == []  # no 400: every request fitted
    _, repair = fake_openai.chat_requests
    # The junk went back neither in the replayed call nor in full in its result.
    assert JUNK not in str(repair["messages"]) and "far too long" in str(repair["messages"])
    kinds = [type(a) for a in plan.actions]
    assert kinds == [CheckinUpsert, NutritionAddEntry] and plan.understood


async def test_a_repair_that_cannot_fit_is_not_sent_and_the_valid_calls_are_kept(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    """The runaway text is a valid call's: replayed as it was, the round cannot fit."""
    fake_openai.behave_like("llama-cpp-python")
    fake_openai.reply_tool_calls(
        [("recipes_upsert", RECIPE), ("checkin_upsert", SLEPT_BADLY), ("log_food", "{")]
    )

    plan = await small_planner(llm_client).plan("my chili recipe; slept badly; oatmeal", CONTEXT)

    assert refused(fake_openai) == [] and len(fake_openai.chat_requests) == 1
    assert plan.llm_requests == 1
    assert [type(a) for a in plan.actions] == [RecipeUpsert, CheckinUpsert]
    assert not plan.understood  # the food call stayed unread, and the person is told


async def test_the_server_s_own_count_is_learned_so_history_fits_what_it_counts(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    """A server whose tokenizer counts far more than tiktoken (2 times) and says so in
    `usage`: after its first answer, the history is trimmed to what it counts."""
    fake_openai.quirks = dataclasses.replace(
        QUIRKS["llama-cpp-python"], token_ratio=2.0, reports_prompt_tokens=True
    )
    planner = small_planner(llm_client)
    await planner.plan("hello", CONTEXT)  # the server says how many tokens it counted
    history = [Turn("user", f"turn {i} " + "a word or two " * 15) for i in range(6)]

    plan = await planner.plan("and a banana", dataclasses.replace(CONTEXT, history=history))

    assert refused(fake_openai) == [] and plan.llm_requests == 1
    content = fake_openai.chat_requests[-1]["messages"][-1]["content"]
    assert "turn 5 " in content and "turn 0 " not in content  # trimmed, not all dropped
