"""The foods a reader of German logs, through the core against the sandbox: named by their
own words and portions, as they read them in the reply and find them in their log; a later
correction, a draft's fix and "the usual" still find them; an English reader's foods are
named as before, and a copy of a stored entry stays as it was stored."""

from __future__ import annotations

import datetime as dt

from bot.agent_api.actions import Entry, NutritionAddEntry
from bot.core.assistant import Assistant
from bot.kernel.replies import Reply
from tests.core.test_personal import MORNING, USER, WEDNESDAY, foods_of, linked, logged_at, say
from tests.fixtures.core import AssistantFactory
from tests.fixtures.openai import FakeOpenAI
from tests.fixtures.sandbox import RunningSandbox

MEAL = "zwei Brötchen mit Käse und ein Kaffee"
GERMAN = ["Brötchen, 2 Brötchen", "Käse, 1 Scheibe (28 g)", "Kaffee, 1 Tasse (240 ml)"]
ENGLISH = ["Bread rolls (brötchen), 2 rolls", "Cheese (käse), 1 slice (28 g)"]


async def german(factory: AssistantFactory, sandbox: RunningSandbox) -> tuple[Assistant, str]:
    assistant, key = await linked(factory, sandbox)
    await assistant.preferences.set_language(user_id=USER, code="de")
    return assistant, key


async def tap(assistant: Assistant, reply: Reply, action: str) -> Reply:
    [data] = [
        b.callback for row in reply.buttons for b in row if b.callback.split(":")[1] == action
    ]
    return await assistant.on_button(user_id=USER, chat_id=USER, data=data, now=MORNING)


async def test_a_german_reader_reads_and_keeps_the_foods_in_german(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await german(assistant_factory, sandbox)
    text = await say(assistant, MEAL)
    assert await foods_of(assistant, key, WEDNESDAY) == GERMAN
    assert [line.split(" — ")[0] for line in text.splitlines() if "🍽" in line] == [
        f"🍽 {food}" for food in GERMAN
    ]


async def test_an_english_reader_keeps_the_table_names_and_english_portions(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    await say(assistant, MEAL)
    foods = await foods_of(assistant, key, WEDNESDAY)
    assert foods == [*ENGLISH, "Coffee (kaffee), 1 cup (240 ml)"]


async def test_a_later_correction_finds_the_german_entry_and_adds_the_difference(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await german(assistant_factory, sandbox)
    await say(assistant, "zwei Brötchen")
    offer = await assistant.handle_text(
        user_id=USER, chat_id=USER, text="actually it was 3 Brötchen", now=MORNING
    )
    difference = "Brötchen, +1 Brötchen (insgesamt 3, nicht 2)"
    assert difference in offer.html, offer.html
    await tap(assistant, offer, "save")
    assert await foods_of(assistant, key, WEDNESDAY) == ["Brötchen, 2 Brötchen", difference]


async def test_a_fix_of_a_german_draft_replaces_the_food_it_names(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await german(assistant_factory, sandbox)
    await assistant.preferences.set_confirm_mode(user_id=USER, enabled=True)
    draft = await assistant.handle_text(
        user_id=USER, chat_id=USER, text="zwei Brötchen mit Käse", now=MORNING
    )
    await tap(assistant, draft, "fix")
    revised = await assistant.handle_text(
        user_id=USER, chat_id=USER, text="nein, 3 Brötchen", now=MORNING
    )
    assert "Brötchen, 3 Brötchen" in revised.html and "2 Brötchen" not in revised.html
    await tap(assistant, revised, "save")
    foods = await foods_of(assistant, key, WEDNESDAY)
    assert foods == ["Brötchen, 3 Brötchen", "Käse, 1 Scheibe (28 g)"]


async def test_the_usual_finds_a_german_entry_and_copies_entries_as_stored(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await german(assistant_factory, sandbox)
    yesterday = MORNING - dt.timedelta(days=1)
    await say(assistant, "ein Kaffee", now=yesterday)
    # logged before foods were named in German: copied as it was stored, never reworded
    old = Entry(food=ENGLISH[0], calories=320, protein=11, carbs=60, fat=4)
    await assistant.resources.api(key).ingest([NutritionAddEntry(date=yesterday.date(), entry=old)])
    logged_at(sandbox, "Kaffee", yesterday)
    logged_at(sandbox, "Bread rolls", yesterday)

    await say(assistant, "my usual kaffee")
    assert await foods_of(assistant, key, WEDNESDAY) == ["Kaffee, 1 Tasse (240 ml)"]
    await say(assistant, "Frühstück wie gestern", now=MORNING + dt.timedelta(minutes=5))
    foods = await foods_of(assistant, key, WEDNESDAY)
    assert foods == ["Kaffee, 1 Tasse (240 ml)", "Kaffee, 1 Tasse (240 ml)", ENGLISH[0]]


async def test_a_models_food_keeps_its_name_and_reads_its_portion_in_german(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, key = await linked(
        assistant_factory, sandbox, openai_base_url=fake_openai.base_url, offline_fast_path=False
    )
    await assistant.preferences.set_language(user_id=USER, code="de")
    rolls = {"said": "zwei Brötchen", "food": "Brötchen", "amount": 2, "unit": "piece"}
    figures = {"calories": 300, "protein": 10, "carbs": 56, "fat": 3}
    fake_openai.reply_tool_calls(
        [("log_food", {"date": WEDNESDAY.isoformat(), "items": [{**rolls, **figures}]})]
    )
    text = await say(assistant, "zwei Brötchen")
    [food] = await foods_of(assistant, key, WEDNESDAY)
    assert food.startswith("Brötchen, 2 Stück"), food
    assert f"🍽 {food} — " in text


async def test_a_beer_by_the_readers_own_word_is_saved_not_doubted(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    # its energy is partly alcohol, which its macros do not make: known by its Italian name
    assistant, key = await linked(assistant_factory, sandbox)
    await assistant.preferences.set_language(user_id=USER, code="it")
    text = await say(assistant, "una birra media e una Peroni")
    assert "⚠️" not in text
    assert await foods_of(assistant, key, WEDNESDAY) == [
        "Birra, 1 porzione media (400 ml)",
        "Peroni, 1 bottiglia (330 ml)",
    ]
