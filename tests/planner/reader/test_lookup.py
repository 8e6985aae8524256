"""Step 4: modifiers beside a food are read with it, never as an item or left unplaced."""

from __future__ import annotations

import pytest

from bot.planner.offline.planner import plan_text
from bot.planner.reader.lookup import is_modifier, is_percent
from tests.planner.logged import context_at, understood_kcal

CONTEXT = context_at("America/New_York", 12)


@pytest.mark.parametrize("word", ["2%", "100%", "85%", "1.5%", "grilled", "decaf", "starbucks"])
def test_modifiers(word: str) -> None:
    assert is_modifier(word)


@pytest.mark.parametrize("word", ["milk", "2", "pizza", "%"])
def test_foods_and_numbers_are_no_modifiers(word: str) -> None:
    assert not is_modifier(word)
    assert not is_percent(word)


def _entries(text: str) -> list[tuple[str, float]]:
    return understood_kcal(text, CONTEXT)


@pytest.mark.parametrize(
    ("text", "name", "low", "high"),
    [
        ("a glass of 2% milk", "Milk", 100, 160),
        ("2% milk", "Milk", 100, 160),
        ("1 cup of 1% milk with my cereal", "Milk", 0, 1000),
        ("100% juice", "Juice", 90, 130),
        ("a glass of 100% orange juice", "Orange juice", 90, 130),
        ("85% dark chocolate", "Dark chocolate", 80, 120),  # two squares, not 85 of them
    ],
)
def test_a_percentage_is_part_of_the_name_never_a_count(
    text: str, name: str, low: float, high: float
) -> None:
    entries = _entries(text)
    assert any(name.lower() in food.lower() and low <= kcal <= high for food, kcal in entries), (
        entries
    )


@pytest.mark.parametrize(
    "text",
    [
        "decaffeinated coffee",
        "leftover homemade lasagna",
        "a starbucks latte",
        "iced decaf latte",
        "12 oz drip coffee black",  # how it is drunk, said after it
    ],
)
def test_descriptors_are_never_items(text: str) -> None:
    entries = _entries(text)
    assert len(entries) == 1, entries


@pytest.mark.parametrize(
    ("text", "food"),
    [("black beans", "black bean"), ("black pudding", "pudding"), ("blackberries", "blackberr")],
)
def test_a_food_named_black_keeps_its_name(text: str, food: str) -> None:
    [(name, kcal)] = _entries(text)
    assert food in name.lower() and kcal > 50


@pytest.mark.parametrize(
    "text",
    [
        "50 g Haferflocken",
        "50 g copos de avena",
        "50 g hojuelas de avena",
        "50 g flocons d'avoine",
        "50 g fiocchi d'avena",
        "50 g rolled oats",
        "50g oats",
    ],
)
def test_oat_flakes_weighed_are_dry_oats(text: str) -> None:
    """Oat flakes are weighed dry, at about 375 kcal per 100 g, never as cooked porridge."""
    ((food, kcal),) = _entries(text)
    assert food.startswith("Rolled oats") and 180 <= kcal <= 195, (food, kcal)


@pytest.mark.parametrize(
    "text", ["a bowl of oatmeal", "porridge", "Haferbrei", "porridge d'avoine", "250 g porridge"]
)
def test_oatmeal_and_porridge_stay_cooked(text: str) -> None:
    """Cooked oats (a 300 g bowl about 210 kcal), never dry oats at 375 kcal per 100 g."""
    ((food, kcal),) = _entries(text)
    assert food.startswith("Oatmeal") and kcal <= 260, (food, kcal)


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("dos cañas", "Small beers (cañas), 2 glasses (400 ml)"),
        ("2 cañas", "Small beers (cañas), 2 glasses (400 ml)"),
        ("tres cañas, por favor", "Small beers (cañas), 3 glasses (600 ml)"),
        ("una caña", "Small beer (caña), 1 glass (200 ml)"),
        ("dos cañas y una ración de patatas bravas", "Small beers (cañas), 2 glasses (400 ml)"),
    ],
)
def test_a_spanish_cana_is_a_small_beer_and_its_plural_no_typo(text: str, food: str) -> None:
    assert _entries(text)[0][0] == food


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("zwei Brezeln", "Bavarian pretzel"),
        ("due birre", "Beer"),
        ("dos cervezas", "Beer"),
        ("deux bières", "Beer"),
    ],
)
def test_a_foods_plural_in_any_language_is_read_as_that_food(text: str, food: str) -> None:
    assert _entries(text)[0][0].startswith(food)


@pytest.mark.parametrize(
    ("text", "slices"),
    [
        ("une tranche de pain", "1 slice"),
        ("deux tranches de pain et du fromage", "2 slices"),
        ("j'ai mangé du pain avec du beurre", "1 slice"),
        ("ce matin du pain et de la confiture", "1 slice"),
        ("pain et confiture", "1 slice"),
    ],
)
def test_french_pain_eaten_is_bread(text: str, slices: str) -> None:
    name = _entries(text)[0][0]  # "... with butter": spread on it, the bread still the food
    assert name.startswith("White bread (pain)") and name.endswith(f", {slices}"), name


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("back pain today", "back pain"),
        ("pain in my knee", "pain in my knee"),
        ("I have a lot of pain", "I have a lot of pain"),
        ("had toast, knee pain", "knee pain"),
    ],
)
def test_english_pain_is_still_a_symptom(text: str, note: str) -> None:
    plan = plan_text(text, CONTEXT)
    assert not any("bread" in a.entry.food for a in plan.actions if a.type == "nutrition.add_entry")
    notes = [a.notes for a in plan.actions if a.type == "checkin.upsert"]
    assert notes and note in str(notes[0])
