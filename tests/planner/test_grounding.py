"""A model writes only what the person's current message says: the real openai client against
the fake server, each write quoting the words it comes from (`said`)."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

import openai
import pytest

from bot.agent_api.actions import to_wire
from bot.planner.base import Plan, PlanContext
from bot.planner.llm import LlmPlanner
from bot.planner.sanity import clean_name
from tests.fixtures.core import AssistantFactory
from tests.fixtures.openai import FakeOpenAI
from tests.fixtures.sandbox import RunningSandbox
from tests.planner.test_llm_fallback import linked, say

TODAY = "2026-11-22"
YESTERDAY = "2026-11-21"
CONTEXT = PlanContext(
    now=dt.datetime(2026, 11, 22, 20, 15, tzinfo=ZoneInfo("Europe/Berlin")),
    timezone="Europe/Berlin",
)


def food(said: str | None, name: str, kcal: float = 200) -> dict[str, Any]:
    item = {"food": name, "amount": 1, "unit": "serving", "calories": kcal}
    item |= {"protein": 5, "carbs": 20, "fat": 5}
    return item if said is None else {"said": said, **item}


def log_food(*items: dict[str, Any], date: str = TODAY) -> tuple[str, dict[str, Any]]:
    return ("log_food", {"date": date, "items": list(items)})


def wire(plan: Plan) -> list[dict[str, Any]]:
    return [to_wire(action) for action in plan.actions]


def foods(plan: Plan) -> list[str]:
    return [a["entry"]["food"] for a in wire(plan) if a["type"] == "nutrition.add_entry"]


@pytest.fixture
def planner(llm_client: openai.AsyncOpenAI) -> LlmPlanner:
    return LlmPlanner(llm_client, "test-model")


async def plan_of(
    planner: LlmPlanner, fake: FakeOpenAI, text: str, *calls: tuple[str, Any]
) -> Plan:
    fake.reply_tool_calls(list(calls))
    return await planner.plan(text, CONTEXT)


@pytest.mark.parametrize(
    ("text", "said", "name"),
    [
        ("thanks, that's all for today", "thanks", "banana"),
        ("last night I barely slept", "last night I barely slept", "porridge with banana"),
        ("danke, das war's für heute", "danke", "Apfel"),
        ("merci, c'est tout pour aujourd'hui", "c'est tout", "pomme"),
        ("no wait, delete the fries", "delete", "bacon"),
        ("grazie, a domani", None, "mela"),  # no quote: the name is held to the message
    ],
)
@pytest.mark.parametrize("quoted", [True, False])
async def test_a_food_the_message_never_names_is_not_written(
    planner: LlmPlanner,
    fake_openai: FakeOpenAI,
    text: str,
    said: str | None,
    name: str,
    quoted: bool,
) -> None:
    item = food(said if quoted else None, name)
    plan = await plan_of(planner, fake_openai, text, log_food(item))
    assert plan.actions == []
    assert name not in " ".join(str(s) for s in plan.said)  # never named back


async def test_of_a_meal_only_the_foods_said_are_written(
    planner: LlmPlanner, fake_openai: FakeOpenAI
) -> None:
    text = "lunch: chicken caesar salad and a diet coke"
    items = (
        food("chicken caesar salad", "chicken caesar salad", 450),
        food("a diet coke", "cabernetrefusgeo", 35),
        food("diet coke", "Diet Coke", 1),
    )
    plan = await plan_of(planner, fake_openai, text, log_food(*items))
    names = foods(plan)
    assert len(names) == 2 and not any("cabernet" in n for n in names)


@pytest.mark.parametrize(
    ("text", "said", "name"),
    [
        ("zwei Brötchen mit Joghurt", "Joghurt", "yogurt"),
        ("ein Glas Milch zum Frühstück", "Glas Milch", "milk"),
        ("una manzana y un café", "una manzana", "apple"),
        ("un croissant et un café crème", "croissant", "Croissant"),
        ("una fetta di pane integrale", "pane integrale", "whole wheat bread"),
        ("had a bannana", "bannana", "banana"),  # a slip in the message
        ("2 eggs, scrambled", "2 eggs", "Scrambled eggs"),
    ],
)
async def test_a_food_said_in_other_words_or_another_language_is_written(
    planner: LlmPlanner, fake_openai: FakeOpenAI, text: str, said: str, name: str
) -> None:
    plan = await plan_of(planner, fake_openai, text, log_food(food(said, name)))
    assert len(foods(plan)) == 1


async def test_a_quote_that_is_not_in_the_message_grounds_nothing(
    planner: LlmPlanner, fake_openai: FakeOpenAI
) -> None:
    text = "had oatmeal"
    plan = await plan_of(
        planner,
        fake_openai,
        text,
        log_food(food("oatmeal with blueberries", "oatmeal with blueberries")),
    )
    assert plan.actions == []


@pytest.mark.parametrize(
    ("text", "said", "model_date", "day"),
    [
        ("yesterday evening a glass of red wine", "a glass of red wine", TODAY, YESTERDAY),
        ("gestern Abend zwei Bier", "zwei Bier", TODAY, YESTERDAY),
        ("anoche una cerveza", "una cerveza", TODAY, YESTERDAY),
        ("a beer", "a beer", YESTERDAY, TODAY),  # no day said: today
        ("pizza yesterday and a beer today", "a beer", YESTERDAY, TODAY),
    ],
)
async def test_the_date_is_the_readers(
    planner: LlmPlanner,
    fake_openai: FakeOpenAI,
    text: str,
    said: str,
    model_date: str,
    day: str,
) -> None:
    name = "beer" if "beer" in said else ("Bier" if "Bier" in said else said.split()[-1])
    if "wine" in said:
        name = "red wine"
    plan = await plan_of(planner, fake_openai, text, log_food(food(said, name), date=model_date))
    assert [a["date"] for a in wire(plan)] == [day]


async def test_last_nights_sleep_is_todays_check_in(
    planner: LlmPlanner, fake_openai: FakeOpenAI
) -> None:
    checkin = {"said": "last night I slept badly", "date": YESTERDAY, "sleepQuality": 2}
    checkin |= {"mood": None, "energy": None, "notes": None}
    plan = await plan_of(
        planner, fake_openai, "last night I slept badly", ("checkin_upsert", checkin)
    )
    assert [(a["type"], a["date"]) for a in wire(plan)] == [("checkin.upsert", TODAY)]


async def test_a_note_from_elsewhere_is_not_written(
    planner: LlmPlanner, fake_openai: FakeOpenAI
) -> None:
    copied = {"date": TODAY, "mood": None, "sleepQuality": None}
    copied |= {"energy": 4, "notes": "headache after the long meeting with the boss"}
    only_note = {**copied, "energy": None}
    plan = await plan_of(planner, fake_openai, "energy is good", ("checkin_upsert", copied))
    assert [(a.get("energy"), a.get("notes")) for a in wire(plan)] == [(4, None)]
    plan = await plan_of(planner, fake_openai, "energy is good", ("checkin_upsert", only_note))
    assert plan.actions == []


@pytest.mark.parametrize(
    ("text", "name", "written"),
    [
        ("presa la vitamina D", "Vitamin D", True),
        ("ho preso il ferro", "Iron", True),
        ("Magnesium genommen", "magnesium", True),
        ("presa la vitamina D", "Magnesium", False),
        ("thanks!", "Vitamin D", False),
    ],
)
async def test_a_supplement_is_written_only_when_said(
    planner: LlmPlanner, fake_openai: FakeOpenAI, text: str, name: str, written: bool
) -> None:
    call = {"action": "mark_taken", "name": name, "dose": None, "date": TODAY}
    plan = await plan_of(planner, fake_openai, text, ("supplements", call))
    assert bool(plan.actions) is written


@pytest.mark.parametrize(
    ("text", "kg", "written"),
    [
        ("pesaba 80,5 kg esta mañana", 80.5, True),
        ("180 lb this morning", 81.6, True),
        ("180 lb this morning", 75.0, False),
        ("how are you", 72.0, False),
    ],
)
async def test_a_weight_is_written_only_when_its_number_is_said(
    planner: LlmPlanner, fake_openai: FakeOpenAI, text: str, kg: float, written: bool
) -> None:
    call = {"date": TODAY, "weightKg": kg}
    plan = await plan_of(planner, fake_openai, text, ("weight_log", call))
    assert bool(plan.actions) is written


@pytest.mark.parametrize(
    ("name", "clean"),
    [
        (
            "bread rolls with butter and jam, 2 rolls — 412 kcal · P 11 g · C 83 g",
            "bread rolls with butter and jam, 2 rolls",
        ),
        ("carrot, 35kcal · P 9g", "carrot"),
        ("Bacon&34", "Bacon"),
        (");&34;eggs and toast", "eggs and toast"),
        ("M&M's", "M&M's"),
        ("Latte — oat milk", "Latte — oat milk"),
    ],
)
def test_a_name_carries_no_record_figures_or_debris(name: str, clean: str) -> None:
    assert clean_name(name) == clean


async def test_a_name_copied_from_the_bots_record_is_written_clean(
    planner: LlmPlanner, fake_openai: FakeOpenAI
) -> None:
    text = "bread rolls with butter and jam"
    copied = "bread rolls with butter and jam, 2 rolls — 412 kcal · P 11 g · C 83 g"
    plan = await plan_of(planner, fake_openai, text, log_food(food(text, copied, 412)))
    (name,) = foods(plan)
    assert "kcal" not in name and "·" not in name and name.startswith("bread rolls")


READ_TODAY = {"route": "today", "date": None, "from": None, "to": None}


@pytest.mark.parametrize(
    "question",
    [
        "can you tell me my protein so far?",
        "wie viel Protein hatte ich heute?",
        "quanto ho mangiato oggi?",
    ],
)
async def test_a_question_never_writes(
    assistant_factory: AssistantFactory,
    sandbox: RunningSandbox,
    fake_openai: FakeOpenAI,
    question: str,
) -> None:
    assistant, key = await linked(assistant_factory, sandbox, fake_openai, offline_fast_path=False)
    checkin = {"date": TODAY, "mood": None, "energy": 4, "sleepQuality": 3, "notes": question}
    fake_openai.reply_tool_calls([("read", READ_TODAY), ("checkin_upsert", checkin)])
    fake_openai.reply_text("You had 0 g of protein so far today.")

    await say(assistant, question)

    assert (await sandbox.counts(key)).get("checkins", 0) == 0


async def test_the_usual_is_copied_from_the_log_without_asking_the_model(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, _ = await linked(assistant_factory, sandbox, fake_openai, offline_fast_path=False)
    fake_openai.reply_tool_calls([log_food(food("2 eggs", "eggs"))])
    await say(assistant, "2 eggs")
    asked = len(fake_openai.chat_requests)

    await say(assistant, "same breakfast as yesterday")
    await say(assistant, "the usual breakfast")

    assert len(fake_openai.chat_requests) == asked  # never the model's memory


async def test_same_as_yesterday_is_never_written_from_the_models_memory(
    planner: LlmPlanner, fake_openai: FakeOpenAI
) -> None:
    remembered = log_food(food("same as yesterday", "eggs"), food("same", "toast"))
    plan = await plan_of(planner, fake_openai, "same as yesterday", remembered)
    assert plan.actions == []
