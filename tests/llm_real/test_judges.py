"""The judges of the real-model tests, checked without a model (these run in `make test`).

A judge that passed everything would make the real-model tests worthless, so each is shown
a reply or a record it must accept and one it must refuse.
"""

from __future__ import annotations

import datetime as dt

from bot.agent_api.actions import NutritionAddEntry, WeightLog
from bot.kernel.readers import DEFAULT
from bot.render import conversation, model, reading
from tests.llm_real.records import Records, malformed
from tests.llm_real.texts import WRITE_CLAIMS, read_reply

DAY = dt.date(2026, 11, 22)
EGGS = {
    "day": DAY,
    "food": "Eggs, 2",
    "calories": 140.0,
    "protein": 12.0,
    "carbs": 1.0,
    "fat": 10.0,
}


def test_the_bots_own_replies_are_read_as_documented_texts() -> None:
    eggs = NutritionAddEntry.model_validate(
        {
            "type": "nutrition.add_entry",
            "date": DAY,
            "entry": {k: v for k, v in EGGS.items() if k != "day"},
        }
    )
    weight = WeightLog.model_validate({"type": "weight.log", "date": DAY, "weightKg": 72.4})
    summary = "<b>📊 Today, Sun 22 Nov</b>\nCalories: 140 / 2,000 kcal — 1,860 left"
    logged = conversation.logged_and_summary([eggs, weight], None, DAY, None, DEFAULT)
    for reply in (
        logged,
        f"{conversation.logged([eggs], DAY, DEFAULT)}\n\n{summary}",
        model.llm_failed(DEFAULT),
        reading.offline_not_understood(["dragonfruit", "bowl"], True, DEFAULT),
        f"{conversation.read_failed(DEFAULT)}\n\n{conversation.message_truncated(12_000, DEFAULT)}",
    ):
        read = read_reply(reply)
        assert read is not None and read.model_words is None, reply


def test_the_models_own_words_are_told_apart() -> None:
    reading = read_reply(f"You had about 12 g of protein today.\n\n{model.llm_failed(DEFAULT)}")
    assert reading is not None
    assert reading.model_words == "You had about 12 g of protein today."
    # The model copying the bot's history turn ("Logged: ...") is the model's, and claims a write.
    fake = read_reply("Logged: 🍽 Eggs, 2 — 140 kcal · P 12 g · C 1 g · F 10 g")
    assert fake is not None and fake.model_words is not None
    assert WRITE_CLAIMS.search(fake.model_words)


def test_a_well_made_record_is_not_malformed() -> None:
    weight = {"day": DAY, "weight_kg": 72.4}
    unknown_macros = {**EGGS, "food": "Caesar salad", "calories": 600.0, "protein": 0.0}
    unknown_macros.update(carbs=0.0, fat=0.0)
    wine = {**EGGS, "food": "Red wine, 1 glass (150 ml)", "calories": 125.0, "protein": 0.1}
    wine.update(carbs=3.8, fat=0.0)  # the rest of its energy is alcohol's
    foods = (EGGS, unknown_macros, wine)
    assert malformed(Records(foods=foods, weights=(weight,))) == []


def test_debris_impossible_macros_and_odd_values_are_malformed() -> None:
    """The junk a 135M model wrote through the bot, and its kin."""
    debris = {**EGGS, "food": 'oatmeal, 1 cup cooked"}, {', "calories": 8.0, "protein": 10.0}
    markup = {**EGGS, "food": "<b>banana</b>"}
    entity = {**EGGS, "food": "oatmeal, 1 cup cooked&#39;s"}
    impossible = {**EGGS, "food": "Banana", "calories": 900.0}
    problems = malformed(
        Records(
            foods=(debris, markup, entity, impossible),
            weights=({"day": DAY, "weight_kg": 7240.0},),
            checkins=({"day": DAY, "mood": 9, "energy": None, "sleep_quality": None},),
        )
    )
    assert len(problems) == 7, problems  # the debris record makes no sense either
    assert any("oatmeal" in p and "debris" in p for p in problems)
    assert any("Banana" in p and "make" in p for p in problems)
