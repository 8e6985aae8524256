"""What the model reads of the remembered conversation: the person's earlier words, marked as
earlier, and what the app did then, never its replies' entry lines (a small model copied
"carrot, 35kcal · P 9g" from them as a food's name)."""

from __future__ import annotations

import datetime as dt
import json
from zoneinfo import ZoneInfo

import openai

from bot.agent_api.actions import CheckinUpsert, Entry, NutritionAddEntry
from bot.kernel.said import ModelWords
from bot.planner.base import Plan, PlanContext, ReadRequest, Turn
from bot.planner.llm import LlmPlanner
from bot.planner.recap import recap
from tests.fixtures.openai import FakeOpenAI

NOW = dt.datetime(2026, 11, 22, 8, 15, tzinfo=ZoneInfo("Europe/Berlin"))
DAY = NOW.date()
ROLLS = "Logged: bread rolls with butter and jam, 2 rolls — 412 kcal · P 11 g · C 83 g · F 9 g"


def entry(food: str, calories: float) -> NutritionAddEntry:
    figures = Entry(food=food, calories=calories, protein=11, carbs=83, fat=9)
    return NutritionAddEntry(date=DAY, entry=figures)


async def sent_record(client: openai.AsyncOpenAI, fake: FakeOpenAI, *turns: Turn) -> str:
    """The user turn the model receives for "how much protein today?" after `turns`."""
    context = PlanContext(now=NOW, timezone="Europe/Berlin", history=turns)
    await LlmPlanner(client, "m").plan("how much protein today?", context)
    (request,) = fake.chat_requests
    content = request["messages"][-1]["content"]
    assert isinstance(content, str)
    return content


async def test_an_earlier_reply_reaches_the_model_without_its_entry_line(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    said = "two bread rolls with butter and jam, note: felt bloated"
    content = await sent_record(
        llm_client, fake_openai, Turn("user", said), Turn("assistant", ROLLS)
    )

    # Every message but the system prompt (which says "kcal" and "Logged" in its rules).
    _, *conversation = fake_openai.chat_requests[0]["messages"]
    body = json.dumps(conversation, ensure_ascii=False)
    for copied in ("412", "kcal", "P 11", "2 rolls", "Logged", "83 g"):
        assert copied not in body
    # The person's words still reach the model, as earlier: before the new message's mark.
    earlier = content.index(f"person: {said}")
    assert earlier < content.index("Their new message:\nhow much protein today?")
    assert "app: replied" in content


async def test_what_the_app_did_reaches_the_model_as_a_recap(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    logged = Plan(
        actions=[
            entry("Bread rolls, 2 rolls", 412),
            entry("Jam", 50),
            CheckinUpsert(date=DAY, mood=4),
        ]
    )
    asked = Plan(said=[ModelWords("How many eggs was it?")], is_question=True)
    answered = Plan(reads=[ReadRequest(route="today", date=DAY)])
    content = await sent_record(
        llm_client,
        fake_openai,
        Turn("user", "rolls and jam, in a good mood"),
        Turn("assistant", recap(logged, saved=True)),
        Turn("user", "and eggs"),
        Turn("assistant", recap(asked, saved=False)),
        Turn("user", "what did I eat?"),
        Turn("assistant", recap(answered, saved=False)),
    )

    assert "app: logged 2 foods, 1 check-in\n" in content
    assert "app: asked: How many eggs was it?\n" in content
    assert "app: answered\n" in content
    assert "412" not in content and "Bread rolls" not in content and "Jam" not in content


async def test_a_draft_reaches_the_model_as_not_saved(
    llm_client: openai.AsyncOpenAI, fake_openai: FakeOpenAI
) -> None:
    drafted = Plan(actions=[entry("Bread rolls, 2 rolls", 412)])
    content = await sent_record(
        llm_client,
        fake_openai,
        Turn("user", "2 bread rolls"),
        Turn("assistant", recap(drafted, saved=False)),
    )

    assert "app: showed 1 food as a draft, not saved yet\n" in content
    assert "Bread rolls" not in content and "412" not in content
