"""A day in each language, through the real PTB application, the strict fake Bot API and the
sandbox: /start, /connect, a meal, a question, /today, /week, the reminder and a tap on it,
/forget. Every text the person reads, the buttons' labels included, is in their language,
the foods they logged too: each is named by their own word and its portion in their words
("Brötchen, 2 Brötchen", "Käse, 1 Scheibe (28 g)"), as the service keeps them."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import aiohttp
import pytest

from bot.agent_api.client import AgentApiClient
from tests.e2e.conftest import Harness
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import SentMessage

PERSON = 7501
MORNING = dt.datetime(2026, 3, 10, 7, 0, tzinfo=dt.UTC)  # 08:00 in Berlin
REMINDER_AT = dt.datetime(2026, 3, 10, 20, 30, tzinfo=dt.UTC)  # 21:30 in Berlin

# Words English sentences are made of and the other four languages never use as words, and
# the English of the food table's names and portions ("Bread rolls (brötchen), 2 rolls"; not
# "toast", an Italian word too).
ENGLISH = frozenset(
    "the your you and is are for with this that what please tap left logged saved today "
    "sorry nothing my it's i'll i'm don't can't here there "
    "roll rolls slice slices cup cups piece pieces serving servings medium large small "
    "bread cheese coffee milk tomato oil".split()
)
_COMMAND = re.compile(r"/\w+|<code>.*?</code>|<[^>]+>")

DAYS = {
    "de": ("zwei Brötchen mit Käse und ein Kaffee", "wie viel Protein heute?"),
    "es": ("dos tostadas con tomate y un café con leche", "¿cuántas calorías llevo hoy?"),
    "fr": ("un croissant et un café crème", "combien de calories aujourd'hui ?"),
    "it": ("un cornetto e un cappuccino", "quante calorie oggi?"),
}


# What the service keeps of each day's meal: the person's words for the foods and portions.
KEPT = {
    "de": {"Brötchen, 2 Brötchen", "Käse, 1 Scheibe (28 g)", "Kaffee, 1 Tasse (240 ml)"},
    "es": {"Tostadas con tomate, 2 rebanadas", "Café con leche, 1 taza (220 ml)"},
    "fr": {"Croissant, 1 pièce moyenne", "Café crème, 1 tasse (250 ml)"},
    "it": {"Cornetto, 1 pezzo medio", "Cappuccino, 1 tazza (180 ml)"},
}


def english_words(text: str) -> set[str]:
    """The English marker words of a text (commands, code spans and tags left out)."""
    plain = _COMMAND.sub(" ", text)
    return {w for w in re.findall(r"[a-z']+", plain.lower()) if w in ENGLISH}


async def _kept(sandbox: RunningSandbox, key: str) -> list[str]:
    async with aiohttp.ClientSession() as http:
        day = await AgentApiClient(sandbox.url, key, http=http).nutrition(MORNING.date())
    return [entry["food"] for entry in day["entries"]]


def _read(message: SentMessage) -> str:
    labels = " ".join(text for row in message.buttons for text, _ in row)
    return f"{message.text} {labels}"


async def _tap(bot: Harness, message: SentMessage, data: str) -> SentMessage:
    assert data in message.callbacks, message.buttons
    edits = bot.fake.messages[message.message_id].edits
    bot.fake.push_callback(PERSON, data, message.message_id)
    await bot.fake.wait_for(lambda: bot.fake.messages[message.message_id].edits > edits)
    return bot.fake.messages[message.message_id]


def test_the_marker_words_find_an_english_reply() -> None:
    assert english_words("Logged <b>Oatmeal</b> — 750 kcal left. /today") == {"logged", "left"}
    assert english_words("Erledigt — ab jetzt schreibe ich dir auf Deutsch. /today") == set()
    food = "🍽 Bread rolls (brötchen), 2 rolls — 320 kcal\n🍽 Cheese (käse), 1 slice (28 g)"
    assert english_words(food) == {"bread", "rolls", "cheese", "slice"}
    assert english_words("🍽 Brötchen, 2 Brötchen — 320 kcal\n🍽 Käse, 1 Scheibe (28 g)") == set()


@pytest.mark.parametrize("language", sorted(DAYS))
async def test_a_day_without_one_english_word(
    language: str, harness_factory: Any, sandbox: RunningSandbox
) -> None:
    meal, question = DAYS[language]
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    bot: Harness = await harness_factory(start=MORNING, agent_api_base_url=sandbox.url)
    bot.fake.app_languages[PERSON] = language
    read: list[SentMessage] = []
    for line in ("/start", f"/connect {key}", "/timezone Europe/Berlin", "/remind 21:30", meal):
        read.append(await bot.say(PERSON, line))
    assert set(await _kept(sandbox, key)) == KEPT[language]
    for food in KEPT[language]:
        assert f"🍽 {food} — " in read[-1].text  # what they read is what the service keeps
    for line in (question, "/today", "/help", "/settings"):
        read.append(await bot.say(PERSON, line))
    week = await bot.say(PERSON, "/week")
    assert week.photo is not None
    read.append(week)

    assert await bot.remind(REMINDER_AT) == 1
    reminder = bot.fake.last(PERSON)
    rated = await _tap(bot, reminder, "rate:mood:4")
    read += [rated]
    forget = await bot.say(PERSON, "/forget")
    read += [forget, await _tap(bot, forget, "forget:no")]

    english = {message.text[:60]: english_words(_read(message)) for message in read}
    assert {text: found for text, found in english.items() if found} == {}
