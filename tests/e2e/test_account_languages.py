"""A person's account journeys in their app's language, end to end through the real PTB
application and the strict fake Bot API: /start, /help, linking, /settings and its buttons,
the daily reminder with its buttons and "later", and /forget with its question.

No reply carries an English sentence of the bot's catalog (the catalog's message ids are
English), so a text that forgot its reader shows up here."""

from __future__ import annotations

import datetime as dt
import re
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po

from bot.render.words import LOCALES
from tests.e2e.conftest import Harness
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import SentMessage

GRETA = 7501  # her Telegram app speaks German
LUCIA = 7502  # hers speaks Spanish
NOON = dt.datetime(2026, 3, 10, 11, 0, tzinfo=dt.UTC)  # 12:00 in Berlin
EVENING = dt.datetime(2026, 3, 10, 20, 0, tzinfo=dt.UTC)  # 21:00 in Berlin


@cache
def english_sentences() -> frozenset[str]:
    """Every run of three words or more in the catalog's English ids, between markup and
    placeholders: what an English text would show (code spans, commands, are the same in
    every language)."""
    with (LOCALES / "healthbot.pot").open("rb") as file:
        catalog = read_po(file)
    runs: set[str] = set()
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for text in ids:
            prose = re.sub(r"<code>.*?</code>", "\n", text or "")
            for run in re.split(r"\{\w+\}|<[^>]+>|\n|[—:;(),.!?“”]", prose):
                if len(run.split()) >= 3:
                    runs.add(run.strip())
    return frozenset(runs)


def assert_no_english(message: SentMessage) -> None:
    text = message.text + " " + " ".join(label for row in message.buttons for label, _ in row)
    found = sorted(run for run in english_sentences() if run in text)
    assert not found, (found, text)


async def tap(bot: Harness, user_id: int, message: SentMessage, data: str) -> SentMessage:
    assert data in message.callbacks, message.buttons
    edits = bot.fake.messages[message.message_id].edits
    bot.fake.push_callback(user_id, data, message.message_id)
    await bot.fake.wait_for(lambda: bot.fake.messages[message.message_id].edits > edits)
    return bot.fake.messages[message.message_id]


LANGUAGE_CASES = [
    pytest.param(
        GRETA,
        "de",
        {
            "start": "Hallo! Ich trage deine Mahlzeiten",
            "help": "<b>Was du sagen kannst</b>",
            "linked": "Willkommen, Greta! Dein Konto ist verbunden.",
            "settings": "<b>Deine Einstellungen</b>\nKonto: verbunden als Greta",
            "toggle": "Vor dem Speichern fragen: aus",
            "reminder": "<b>Zeit für deinen Check-in</b> (Di., 10. März)",
            "later": "⏰ Später",
            "rated": "Stimmung 4/5 gespeichert.",
            "snoozed": "Okay, ich frage um 22:00 noch mal.",
            "forget": ("Ja, alles löschen", "Abbrechen"),
            "forgotten": "Erledigt — ich habe alles gelöscht",
        },
        id="de",
    ),
    pytest.param(
        LUCIA,
        "es",
        {
            "start": "¡Hola! Registro tus comidas",
            "help": "<b>Qué puedes decirme</b>",
            "linked": "¡Bienvenido, Lucía! Tu cuenta está vinculada.",
            "settings": "<b>Tus ajustes</b>\nCuenta: vinculada como Lucía",
            "toggle": "Confirmar antes: no",
            "reminder": "<b>Hora de tu check-in</b> (mar, 10 mar)",
            "later": "⏰ Más tarde",
            "rated": "Guardado: Ánimo 4/5.",
            "snoozed": "Vale, te vuelvo a preguntar a las 22:00.",
            "forget": ("Sí, borrar todo", "Cancelar"),
            "forgotten": "Hecho: he borrado todo",
        },
        id="es",
    ),
]


@pytest.mark.parametrize(("user", "language", "said"), LANGUAGE_CASES)
async def test_an_account_is_set_up_reminded_and_forgotten_in_the_apps_language(
    harness_factory: Any, sandbox: RunningSandbox, user: int, language: str, said: dict[str, Any]
) -> None:
    bot: Harness = await harness_factory(start=NOON, agent_api_base_url=sandbox.url)
    bot.fake.app_languages[user] = language
    replies: list[SentMessage] = []

    start = await bot.say(user, "/start")
    assert start.text.startswith(said["start"])
    help_ = await bot.say(user, "/help")
    assert help_.text.startswith(said["help"])
    key = await sandbox.add_user("Greta" if user == GRETA else "Lucía", "Europe/Berlin")
    linked = await bot.say(user, f"/connect {key}")
    assert linked.text.startswith(said["linked"])
    settings = await bot.say(user, "/settings")
    assert settings.text.startswith(said["settings"])
    assert settings.buttons[0][0][0] == said["toggle"]
    replies += [start, help_, linked, settings]

    assert await bot.remind(EVENING) == 1
    reminder = bot.fake.last(user)
    assert reminder.text.startswith(said["reminder"]), reminder.text
    assert reminder.buttons[-1][0][0] == said["later"]
    replies.append(reminder)
    rated = await tap(bot, user, reminder, "rate:mood:4")
    assert rated.text.startswith(said["rated"]), rated.text
    snoozed = await tap(bot, user, rated, "snooze")
    assert snoozed.text == said["snoozed"]
    replies.append(snoozed)

    question = await bot.say(user, "/forget")
    assert tuple(label for label, _ in question.buttons[0]) == said["forget"]
    replies.append(question)
    forgotten = await tap(bot, user, question, "forget:yes")
    assert forgotten.text.startswith(said["forgotten"])
    replies.append(forgotten)
    for reply in replies:
        assert_no_english(reply)


async def test_unknown_commands_timezones_and_refusals_in_the_apps_language(
    harness_factory: Any,
) -> None:
    bot: Harness = await harness_factory(start=NOON)
    bot.fake.app_languages[GRETA] = "de"
    replies = [
        await bot.say(GRETA, "/frobnicate"),
        await bot.say(GRETA, "/timezone Atlantis"),
        await bot.say(GRETA, "/remind 25:99"),
        await bot.say(GRETA, "/today"),  # not linked yet
        await bot.say(GRETA, "/disconnect"),
    ]
    assert replies[0].text == "Diesen Befehl kenne ich nicht. /help zeigt, was ich kann."
    assert replies[1].text.startswith("Die Zeitzone „Atlantis“ kenne ich nicht.")
    assert replies[3].text.startswith("Ich bin noch nicht mit deinem Gesundheitskonto verbunden.")
    for reply in replies:
        assert_no_english(reply)
    timezone = await bot.say(GRETA, "/timezone Berlin")
    assert timezone.text == "Zeitzone auf <b>Europe/Berlin</b> gesetzt — dort ist es 12:00 (Di)."
