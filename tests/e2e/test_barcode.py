"""Packaged food by its barcode, end to end.

Path: fake Bot API (a typed code, or a photo with getFile and the download) -> PTB ->
handlers -> Assistant -> the code read on this machine (zxing-cpp) -> the fake Open Food
Facts on loopback -> one entry through the outbox into the sandbox, read back over HTTP.
"""

from __future__ import annotations

import datetime as dt
import time
import zoneinfo
from typing import Any

import pytest

from bot.agent_api.client import AgentApiClient
from bot.kernel.readers import DEFAULT, Reader
from bot.planner.offline.usual import find_repeat, picked
from bot.products import Product
from bot.products.openfoodfacts import product_of
from bot.render import drafts, media
from bot.render import products as said
from tests.e2e.conftest import Harness
from tests.e2e.test_buttons import answers, button
from tests.e2e.test_media import ADA, photo, reply_to, start, tap
from tests.fixtures.barcodes import photo_of, photo_without_code
from tests.fixtures.openfoodfacts import (
    BUSY_CODE,
    DOWN_CODE,
    GRANOLA,
    GRANOLA_CODE,
    MYSTERY,
    MYSTERY_CODE,
    OAT_DRINK_CODE,
    SLOW_CODE,
    UNKNOWN_CODE,
    FakeOpenFoodFacts,
    ean,
)
from tests.fixtures.sandbox import RunningSandbox

DAY = dt.date(2026, 3, 10)
GRANOLA_PRODUCT = product_of(GRANOLA_CODE, {"status": 1, "product": GRANOLA})
assert GRANOLA_PRODUCT is not None


async def begin(
    harness_factory: Any, sandbox: RunningSandbox, off: FakeOpenFoodFacts, **settings: Any
) -> tuple[Harness, str]:
    return await start(
        harness_factory,
        sandbox,
        openfoodfacts_base_url=off.url,
        openfoodfacts_timeout_seconds=1.0,
        **settings,
    )


async def entries(bot: Harness, key: str, day: dt.date = DAY) -> list[dict[str, Any]]:
    assert bot.assistant is not None
    client = AgentApiClient(bot.settings.agent_api_base_url, key, http=bot.assistant.resources.http)
    body = await client.nutrition(day)
    return list(body["entries"])


def values(entry: dict[str, Any]) -> dict[str, float]:
    return {name: float(entry[name]) for name in ("calories", "protein", "carbs", "fat")}


def portions(message: Any) -> set[str]:
    return {c.split(":")[1] for c in message.callbacks if c.startswith("food:")}


async def test_a_typed_code_shows_the_product_and_one_serving_logs_one_entry(
    harness_factory: Any, sandbox: RunningSandbox, fake_off: FakeOpenFoodFacts
) -> None:
    bot, key = await begin(harness_factory, sandbox, fake_off)
    card = await bot.say(ADA, GRANOLA_CODE)
    assert "Crunchy Oat Granola (Hafermühle)" in card.text
    assert "450 kcal" in card.text and "One serving (45 g): 202 kcal" in card.text
    assert portions(card) == {"serving", "100", "other"}
    assert [label for label, _ in card.buttons[-1]] == ["Another amount"]  # ends with it
    assert await entries(bot, key) == []  # nothing before the tap

    logged = await tap(bot, card, "food:serving")
    assert "Crunchy Oat Granola" in logged.text and not logged.callbacks
    [entry] = await entries(bot, key)
    assert entry["food"] == "Crunchy Oat Granola (Hafermühle), 1 serving (45 g)"
    assert values(entry) == GRANOLA_PRODUCT.scaled(45)
    assert values(entry) == {"calories": 202, "protein": 4.0, "carbs": 27, "fat": 8.1}
    [(code, agent)] = fake_off.requests
    assert code == GRANOLA_CODE and agent.startswith("healthbot/") and "@" in agent


async def test_100_g_logs_the_values_per_100_g_and_a_double_tap_writes_once(
    harness_factory: Any, sandbox: RunningSandbox, fake_off: FakeOpenFoodFacts
) -> None:
    bot, key = await begin(harness_factory, sandbox, fake_off)
    card = await bot.say(ADA, GRANOLA_CODE)
    hundred, serving = button(card, "food:100"), button(card, "food:serving")
    before = len(answers(bot))
    bot.fake.push_callback(ADA, hundred, card.message_id)  # both taps carry the keyboard
    bot.fake.push_callback(ADA, hundred, card.message_id)
    await bot.fake.wait_for(lambda: len(answers(bot)) == before + 2)
    assert answers(bot)[before:] == [None, drafts.draft_already_saved(DEFAULT)]
    [entry] = await entries(bot, key)
    assert entry["food"] == "Crunchy Oat Granola (Hafermühle), 100 g"
    assert values(entry) == {"calories": 450, "protein": 9, "carbs": 60, "fat": 18}
    # the serving button of the same card, tapped later, writes nothing either
    bot.fake.push_callback(ADA, serving, card.message_id)
    await bot.fake.wait_for(lambda: len(answers(bot)) == before + 3)
    assert answers(bot)[-1] == drafts.draft_already_saved(DEFAULT)
    assert len(await entries(bot, key)) == 1


@pytest.mark.parametrize(
    ("typed", "food", "grams"),
    [
        ("2 servings", "Crunchy Oat Granola (Hafermühle), 2 servings (90 g)", 90),
        ("45 g", "Crunchy Oat Granola (Hafermühle), 45 g", 45),
        ("1,5 Portionen", "Crunchy Oat Granola (Hafermühle), 1.5 servings (67.5 g)", 67.5),
    ],
)
async def test_another_amount_is_typed_and_logs_one_entry_of_it(
    harness_factory: Any,
    sandbox: RunningSandbox,
    fake_off: FakeOpenFoodFacts,
    typed: str,
    food: str,
    grams: float,
) -> None:
    bot, key = await begin(harness_factory, sandbox, fake_off)
    card = await bot.say(ADA, GRANOLA_CODE)
    asked = await tap(bot, card, "food:other")
    assert asked.text == said.ask_amount(GRANOLA_PRODUCT, DEFAULT) and not asked.callbacks
    reply = await bot.say(ADA, typed)
    assert "Crunchy Oat Granola" in reply.text
    [entry] = await entries(bot, key)
    assert entry["food"] == food
    assert values(entry) == GRANOLA_PRODUCT.scaled(grams)
    await bot.say(ADA, typed)  # the amount again is no second entry of the product
    assert [e["food"] for e in await entries(bot, key)].count(food) <= 1


async def test_an_amount_not_understood_is_asked_again_and_something_else_is_read_as_usual(
    harness_factory: Any, sandbox: RunningSandbox, fake_off: FakeOpenFoodFacts
) -> None:
    bot, key = await begin(harness_factory, sandbox, fake_off)
    await tap(bot, await bot.say(ADA, GRANOLA_CODE), "food:other")
    again = await bot.say(ADA, "3 handfuls")
    assert again.text == said.amount_not_understood(GRANOLA_PRODUCT, DEFAULT)
    assert await entries(bot, key) == []
    other = await bot.say(ADA, "an apple")  # not an amount: the product is set aside
    assert "Apple" in other.text
    assert [e["food"] for e in await entries(bot, key)] == ["Apple, 1 medium"]


async def test_the_second_lookup_of_a_code_is_answered_from_the_store(
    harness_factory: Any, sandbox: RunningSandbox, fake_off: FakeOpenFoodFacts
) -> None:
    bot, _ = await begin(harness_factory, sandbox, fake_off)
    first = await bot.say(ADA, GRANOLA_CODE)
    shown = first.text
    await tap(bot, first, "food:serving")
    second = await bot.say(ADA, GRANOLA_CODE)
    assert second.text == shown and portions(second) == {"serving", "100", "other"}
    assert fake_off.lookups(GRANOLA_CODE) == 1
    # once the cache lifetime has passed, the product is read again
    bot.clock.now += dt.timedelta(days=31)
    await bot.say(ADA, GRANOLA_CODE)
    assert fake_off.lookups(GRANOLA_CODE) == 2


async def test_a_drink_is_offered_per_100_ml_without_a_serving_it_does_not_have(
    harness_factory: Any, sandbox: RunningSandbox, fake_off: FakeOpenFoodFacts
) -> None:
    bot, key = await begin(harness_factory, sandbox, fake_off)
    await bot.say(ADA, "/units kJ")
    card = await bot.say(ADA, OAT_DRINK_CODE)
    assert portions(card) == {"100", "other"}
    assert [label for label, _ in card.buttons[0]] == ["100 ml"]
    assert "247 kJ" in card.text and "kcal" not in card.text  # 59 kcal, in the reader's unit
    await tap(bot, card, "food:other")
    await bot.say(ADA, "250 ml")
    [entry] = await entries(bot, key)
    assert entry["food"] == "Oat Drink Barista (Oatly), 250 ml"
    assert float(entry["calories"]) == 148  # the service keeps kcal


async def test_a_wrong_check_digit_is_said_and_never_looked_up(
    harness_factory: Any, sandbox: RunningSandbox, fake_off: FakeOpenFoodFacts
) -> None:
    bot, key = await begin(harness_factory, sandbox, fake_off)
    wrong = GRANOLA_CODE[:-1] + str((int(GRANOLA_CODE[-1]) + 1) % 10)
    reply = await bot.say(ADA, wrong)
    assert reply.text == said.code_misread(wrong, DEFAULT)
    assert fake_off.requests == [] and await entries(bot, key) == []


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (UNKNOWN_CODE, lambda r: said.product_unknown(UNKNOWN_CODE, r)),
        (SLOW_CODE, said.products_unavailable),
        (BUSY_CODE, said.products_unavailable),
        (DOWN_CODE, said.products_unavailable),
    ],
)
async def test_a_code_that_cannot_be_logged_says_why_and_writes_nothing(
    harness_factory: Any,
    sandbox: RunningSandbox,
    fake_off: FakeOpenFoodFacts,
    code: str,
    expected: Any,
) -> None:
    bot, key = await begin(harness_factory, sandbox, fake_off)
    began = time.monotonic()
    reply = await bot.say(ADA, code)
    assert time.monotonic() - began < 3  # the slow answer takes 3 s; the timeout is 1 s
    assert reply.text == expected(DEFAULT) and not reply.callbacks
    assert await entries(bot, key) == []
    assert fake_off.lookups(code) == 1
    await bot.say(ADA, code)  # nothing half-done was kept: asked again
    assert fake_off.lookups(code) == 2


async def test_a_product_without_values_says_which_are_missing(
    harness_factory: Any, sandbox: RunningSandbox, fake_off: FakeOpenFoodFacts
) -> None:
    bot, key = await begin(harness_factory, sandbox, fake_off)
    reply = await bot.say(ADA, MYSTERY_CODE)
    product = product_of(MYSTERY_CODE, {"status": 1, "product": MYSTERY})
    assert isinstance(product, Product)
    assert reply.text == said.product_missing_values(product, product.missing(), DEFAULT)
    assert "energy, protein, carbs and fat" in reply.text and "Mystery Crackers" in reply.text
    assert not reply.callbacks and await entries(bot, key) == []


@pytest.mark.parametrize(
    ("code", "kind", "angle", "seed"),
    [
        (GRANOLA_CODE, "EAN13", 12.0, 1),
        (GRANOLA_CODE, "EAN13", -25.0, 2),
        (GRANOLA_CODE, "EAN13", 180.0, 3),
        (ean("9638507"), "EAN8", 8.0, 4),
        ("036000291452", "UPCA", 90.0, 5),
        ("01234565", "UPCE", -15.0, 6),
    ],
)
async def test_a_photo_of_a_barcode_is_read_without_a_model_and_looked_up(
    harness_factory: Any,
    sandbox: RunningSandbox,
    fake_off: FakeOpenFoodFacts,
    code: str,
    kind: str,
    angle: float,
    seed: int,
) -> None:
    fake_off.products |= {
        ean("9638507"): GRANOLA,
        "0036000291452": GRANOLA,
        "0012345000065": GRANOLA,  # UPC-E as the UPC-A it stands for
    }
    bot, key = await begin(harness_factory, sandbox, fake_off)  # no OPENAI_API_KEY
    card = await reply_to(bot, photo(bot, photo_of(code, kind, angle=angle, seed=seed)))
    assert "Crunchy Oat Granola" in card.text and portions(card) == {"serving", "100", "other"}
    await tap(bot, card, "food:100")
    [entry] = await entries(bot, key)
    assert values(entry) == {"calories": 450, "protein": 9, "carbs": 60, "fat": 18}


async def test_a_photo_without_a_code_goes_on_as_a_meal_photo(
    harness_factory: Any, sandbox: RunningSandbox, fake_off: FakeOpenFoodFacts
) -> None:
    bot, key = await begin(harness_factory, sandbox, fake_off)
    reply = await reply_to(bot, photo(bot, photo_without_code()))
    assert reply.text == media.photo_needs_llm(DEFAULT)
    assert fake_off.requests == [] and await entries(bot, key) == []


async def test_a_product_logged_by_barcode_is_the_usual_like_any_entry(
    harness_factory: Any, sandbox: RunningSandbox, fake_off: FakeOpenFoodFacts
) -> None:
    bot, key = await begin(harness_factory, sandbox, fake_off)
    await tap(bot, await bot.say(ADA, GRANOLA_CODE), "food:serving")
    [logged] = await entries(bot, key)
    bot.clock.now += dt.timedelta(days=1)
    tomorrow = DAY + dt.timedelta(days=1)
    assert "usual granola" in (await bot.say(ADA, "my usual granola")).text
    [usual] = await entries(bot, key, tomorrow)
    assert usual["food"] == "Crunchy Oat Granola (Hafermühle), 1 serving (45 g)"
    assert values(usual) == values(logged) == GRANOLA_PRODUCT.scaled(45)
    assert fake_off.lookups(GRANOLA_CODE) == 1  # the usual reads the diary, not the product


def test_same_breakfast_as_yesterday_finds_a_product_logged_by_barcode() -> None:
    """The sandbox stamps entries with the wall clock, so the meal is checked on the entry
    as the service returns it, logged at 07:30 in Berlin."""
    repeat = find_repeat("same breakfast as yesterday", DAY + dt.timedelta(days=1))
    assert repeat is not None and repeat.read.date == DAY
    food = said.entry_name(GRANOLA_PRODUCT, DEFAULT, amount=45, servings=1)
    logged = {"food": food, **GRANOLA_PRODUCT.scaled(45), "createdAt": "2026-03-10T06:30:00Z"}
    [entry] = picked(repeat, {"entries": [logged]}, zoneinfo.ZoneInfo("Europe/Berlin"))
    assert entry.entry.food == "Crunchy Oat Granola (Hafermühle), 1 serving (45 g)"
    assert entry.date == DAY + dt.timedelta(days=1) and entry.entry.calories == 202


def test_the_reply_is_in_the_readers_language() -> None:
    german = Reader(language="de", energy="kJ")
    text = said.product_card(GRANOLA_PRODUCT, german)
    assert "1.883 kJ" in text and "Pro 100 g" in text


async def test_a_product_left_untapped_is_not_recalled_as_a_draft_waiting(
    harness_factory: Any, sandbox: RunningSandbox, fake_off: FakeOpenFoodFacts
) -> None:
    """Its amounts are choices, not entries waiting to be saved together."""
    bot, key = await begin(harness_factory, sandbox, fake_off)
    card = await bot.say(ADA, GRANOLA_CODE)
    reply = await bot.say(ADA, "2 eggs")
    assert "Eggs, 2" in reply.text and "Granola" not in reply.text
    assert [e["food"] for e in await entries(bot, key)] == ["Eggs, 2 large"]
    await tap(bot, card, "food:100")  # the card still works
    assert len(await entries(bot, key)) == 2


async def test_a_german_in_kilojoules_photographs_a_cereal_box_and_logs_one_serving(
    harness_factory: Any, sandbox: RunningSandbox, fake_off: FakeOpenFoodFacts
) -> None:
    # a person photographs a cereal box's barcode, taps "1 serving (45 g)", and their day
    # shows the label's values, in their language and units; the service keeps kcal
    bot, key = await begin(harness_factory, sandbox, fake_off)
    await bot.say(ADA, "/language de")
    await bot.say(ADA, "/units kj")
    card = await reply_to(bot, photo(bot, photo_of(GRANOLA_CODE, angle=-8.0, seed=3)))
    assert "Crunchy Oat Granola" in card.text and "kJ" in card.text and "kcal" not in card.text
    [serving] = [
        label
        for row in card.buttons
        for label, data in row
        if data.endswith(":serving") or ":serving:" in data
    ]
    assert "45 g" in serving and "serving" not in serving.lower()  # worded in German

    logged = await tap(bot, card, "food:serving")
    assert not logged.callbacks  # the keyboard ends with its action
    [entry] = await entries(bot, key)
    assert values(entry) == {"calories": 202, "protein": 4.0, "carbs": 27, "fat": 8.1}
    assert entry["food"].startswith("Crunchy Oat Granola") and "serving" not in entry["food"]
    day = await bot.say(ADA, "/today")
    assert "Energie: 845 / 8.368 kJ" in day.text  # 202 kcal of the label, in kJ
