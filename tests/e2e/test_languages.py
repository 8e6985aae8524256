"""The language and units replies are in, end to end through the real PTB application and
the strict fake Bot API: the app's language until one is chosen, /language, /units, their
buttons and /settings', and the command menu in each language."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

from bot.render.words import LANGUAGES
from tests.e2e.conftest import Harness
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import SentMessage

GRETA = 7401  # her Telegram app speaks German
PAUL = 7402  # his speaks Portuguese, which the bot does not: English
NOON = dt.datetime(2026, 11, 25, 12, 0, tzinfo=ZoneInfo("Europe/Berlin"))


async def _tap(bot: Harness, user_id: int, message: SentMessage, data: str) -> SentMessage:
    assert data in message.callbacks, message.buttons
    edits = bot.fake.messages[message.message_id].edits
    bot.fake.push_callback(user_id, data, message.message_id)
    await bot.fake.wait_for(lambda: bot.fake.messages[message.message_id].edits > edits)
    return bot.fake.messages[message.message_id]


async def test_the_menu_is_registered_in_every_language(harness_factory: Any) -> None:
    bot: Harness = await harness_factory(start=NOON)
    await bot.say(GRETA, "/language")  # the bot has started
    menus = bot.fake.commands_by_language
    assert set(menus) == set(LANGUAGES) - {"en"}
    english = {c["command"]: c["description"] for c in bot.fake.commands}
    german = {c["command"]: c["description"] for c in menus["de"]}
    assert english["today"] == "Your day so far" and german["today"] == "Dein Tag bisher"
    assert set(german) == set(english) >= {"language", "units"}


async def test_the_apps_language_until_one_is_chosen_then_the_choice(
    harness_factory: Any,
) -> None:
    bot: Harness = await harness_factory(start=NOON)
    bot.fake.app_languages[GRETA] = "de-AT"
    bot.fake.app_languages[PAUL] = "pt-br"
    assert "Ich schreibe dir auf <b>Deutsch</b>" in (await bot.say(GRETA, "/language")).text
    assert "I'm writing to you in <b>English</b>" in (await bot.say(PAUL, "/language")).text

    chosen = await bot.say(GRETA, "/language fr")
    assert chosen.text == "C'est fait : je t'écris désormais en français."
    assert "Je t'écris en <b>français</b>" in (await bot.say(GRETA, "/language")).text
    account = await bot.account(GRETA)
    assert account is not None and (account.language, account.telegram_language) == ("fr", "de-AT")

    unknown = await bot.say(GRETA, "/language klingon")
    assert "« klingon »" in unknown.text and "de (Deutsch)" in unknown.text


async def test_a_language_button_says_it_once_in_the_new_language(harness_factory: Any) -> None:
    bot: Harness = await harness_factory(start=NOON)
    shown = await bot.say(GRETA, "/language")
    assert [text for text, _ in shown.buttons[0]] == ["EN ✓", "DE", "ES", "FR", "IT"]
    tapped = await _tap(bot, GRETA, shown, "lang:it")
    assert tapped.text == "Fatto: da ora ti scrivo in italiano."
    assert tapped.buttons == []  # the keyboard ends with its action
    assert "Mostro il peso in <b>kg</b>" in (await bot.say(GRETA, "/units")).text


async def test_units_by_command_and_in_settings(harness_factory: Any) -> None:
    bot: Harness = await harness_factory(start=NOON)
    assert (await bot.say(GRETA, "/units lbs")).text == "Done — weights in lb, energy in kcal."
    assert (await bot.say(GRETA, "/units KJ")).text == "Done — weights in lb, energy in kJ."
    account = await bot.account(GRETA)
    assert account is not None and (account.weight_unit, account.energy_unit) == ("lb", "kJ")
    assert "Try kg, lb, kcal or kJ" in (await bot.say(GRETA, "/units stone")).text

    settings = await bot.say(GRETA, "/settings")
    row = {text: data for text, data in settings.buttons[-1]}
    assert row == {
        "kg": "settings:units:kg",
        "lb ✓": "settings:units:lb",
        "kcal": "settings:units:kcal",
        "kJ ✓": "settings:units:kJ",
    }
    changed = await _tap(bot, GRETA, settings, "settings:units:kg")
    assert {text for text, _ in changed.buttons[-1]} == {"kg ✓", "lb", "kcal", "kJ ✓"}
    german = await _tap(bot, GRETA, changed, "settings:lang:de")
    assert "DE ✓" in {text for text, _ in german.buttons[-2]}
    account = await bot.account(GRETA)
    assert account is not None and (account.language, account.weight_unit) == ("de", "kg")


async def test_an_amount_in_kj_is_energy_and_one_in_kcal_calories(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot: Harness = await harness_factory(start=NOON, agent_api_base_url=sandbox.url)
    key = await sandbox.add_user("Greta", "Europe/Berlin")
    await bot.say(GRETA, f"/connect {key}")
    await bot.say(GRETA, "/units kj")
    logged = await bot.say(GRETA, "2 eggs and toast")
    assert "\nEnergy: 933 / 8,368 kJ — 7,435 left\n" in logged.text
    assert "Calories" not in logged.text
    goal = await bot.say(GRETA, "calorie goal 2000")
    assert "🎯 Daily goals: energy 8,368 kJ" in goal.text
    asked = await bot.say(GRETA, "how many calories today?")
    assert asked.text == "Energy today: 933 kJ of 8,368 kJ goal."
    week = await bot.say(GRETA, "calories this week?")
    assert "\nEnergy: 933 kJ in total" in week.text

    for code, line in [
        ("de", "Energie: 933 / 8.368 kJ — noch 7.435 übrig"),
        ("es", "Energía: 933 / 8.368 kJ — te quedan 7.435"),
        ("fr", "Énergie : 933 / 8\u202f368 kJ — il reste 7\u202f435"),
        ("it", "Energia: 933 / 8.368 kJ — ne restano 7.435"),
    ]:
        await bot.say(GRETA, f"/language {code}")
        assert f"\n{line}\n" in (await bot.say(GRETA, "/today")).text

    await bot.say(GRETA, "/units kcal")
    italian = await bot.say(GRETA, "/today")
    assert "\nCalorie: 223 / 2.000 kcal — ne restano 1.777\n" in italian.text
    await bot.say(GRETA, "/language de")
    too_high = await bot.say(GRETA, "calorie goal 99999")
    assert "ein Kalorienziel geht von 500 bis 10.000 kcal" in too_high.text
    await bot.say(GRETA, "/units kj")
    too_high = await bot.say(GRETA, "calorie goal 99999")
    assert "ein Energieziel geht von 2.092 bis 41.840 kJ" in too_high.text
