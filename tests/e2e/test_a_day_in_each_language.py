"""A day in each language, through the real PTB application, the strict fake Bot API and the
sandbox: /start, /connect, a meal, a question, /today, /week, the reminder and a tap on it,
/forget. Every text the person reads, the buttons' labels included, is in their language,
but for the foods' names: those are the food table's (English, with the person's own words
beside them: "Bread rolls (brötchen), 2 rolls"), as the service keeps them."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from tests.e2e.conftest import Harness
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import SentMessage

PERSON = 7501
MORNING = dt.datetime(2026, 3, 10, 7, 0, tzinfo=dt.UTC)  # 08:00 in Berlin
REMINDER_AT = dt.datetime(2026, 3, 10, 20, 30, tzinfo=dt.UTC)  # 21:30 in Berlin

# Words English sentences are made of and the other four languages never use as words.
ENGLISH = frozenset(
    "the your you and is are for with this that what please tap left logged saved today "
    "sorry nothing my it's i'll i'm don't can't here there".split()
)
_COMMAND = re.compile(r"/\w+|<code>.*?</code>|<[^>]+>")

DAYS = {
    "de": ("zwei Brötchen mit Käse und ein Kaffee", "wie viel Protein heute?"),
    "es": ("dos tostadas con tomate y un café con leche", "¿cuántas calorías llevo hoy?"),
    "fr": ("un croissant et un café crème", "combien de calories aujourd'hui ?"),
    "it": ("un cornetto e un cappuccino", "quante calorie oggi?"),
}


def english_words(text: str) -> set[str]:
    """The English marker words of a text (commands, code spans, tags and the lines naming
    a logged food left out)."""
    said = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("🍽"))
    plain = _COMMAND.sub(" ", said)
    return {w for w in re.findall(r"[a-z']+", plain.lower()) if w in ENGLISH}


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
    assert (await sandbox.counts(key))["nutrition"] >= 2
    assert meal.split()[1].lower() in read[-1].text.lower()  # their own word names the food
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
