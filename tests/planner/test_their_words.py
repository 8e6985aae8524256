"""The offline planner names a food by the person's own word for a reader of their language,
and by the table's name with their word beside it for an English reader."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner

MORNING = dt.datetime(2026, 3, 10, 8, 0, tzinfo=dt.UTC)


async def names(text: str, language: str) -> list[str]:
    context = PlanContext(now=MORNING, timezone="UTC", language=language)
    plan = await OfflinePlanner().plan(text, context)
    assert plan.understood, plan.said
    foods = [a.entry.food for a in plan.actions if isinstance(a, NutritionAddEntry)]
    return [food.rsplit(", ", 1)[0] for food in foods]


@pytest.mark.parametrize(
    ("text", "language", "named"),
    [
        ("zwei Brötchen mit Käse und ein Kaffee", "de", ["Brötchen", "Käse", "Kaffee"]),
        (
            "dos tostadas con tomate y un café con leche",
            "es",
            ["Tostadas con tomate", "Café con leche"],
        ),
        ("un croissant et un café crème", "fr", ["Croissant", "Café crème"]),
        ("un cornetto e un cappuccino", "it", ["Cornetto", "Cappuccino"]),
        # their accents and apostrophes kept, the first letter upper-case
        ("un porridge d'avoine", "fr", ["Porridge d'avoine"]),
        ("brötchen und KAFFEE", "de", ["Brötchen", "Kaffee"]),
        # the table's name kept as a spelling of their word: their word all the same
        ("ein Müsli", "de", ["Müsli"]),
        # a form of the table's name is their word too: a plural, a shorter spelling
        ("patatine e olive", "it", ["Patatine in busta", "Olive"]),
        ("un yogur", "es", ["Yogur"]),
        ("un capuchino", "es", ["Capuchino"]),
        # their word said with more: all of it
        ("2 cornetti integrali", "it", ["Cornetti integrali"]),
        ("une tartine de beurre", "fr", ["Tartine de beurre"]),
        # the food a measure is of ("un filete de pollo": a fillet of chicken)
        ("un filete de pollo", "es", ["Pollo"]),
        # the same letters as the table's name: the name as the table writes it
        ("chick fil a spicy chicken sandwich", "de", ["Chick-fil-A spicy chicken sandwich"]),
    ],
)
async def test_a_reader_of_another_language_reads_their_own_word(
    text: str, language: str, named: list[str]
) -> None:
    assert await names(text, language) == named


@pytest.mark.parametrize(
    ("text", "named"),
    [
        (
            "zwei Brötchen mit Käse und ein Kaffee",
            ["Bread rolls (brötchen)", "Cheese (käse)", "Coffee (kaffee)"],
        ),
        ("un cornetto e un cappuccino", ["Croissant (cornetto)", "Cappuccino"]),
        ("ein Müsli", ["Muesli"]),
        ("un filete de pollo", ["Chicken breast"]),
    ],
)
async def test_an_english_reader_reads_the_table_name_with_their_word_beside_it(
    text: str, named: list[str]
) -> None:
    assert await names(text, "en") == named


@pytest.mark.parametrize(
    ("text", "language", "named"),
    [
        ("Kaffee mit Hafermilch und ein Käsebrot", "de", ["Kaffee mit Hafermilch", "Käsebrot"]),
        ("Tee mit Milch und Zucker", "de", ["Tee mit Milch und Zucker"]),
        ("zwei Kaffee heute mit Milch", "de", ["Kaffee mit Milch"]),
        ("Salat mit Hähnchen und Avocado", "de", ["Salat mit Hähnchen und Avocado"]),
        ("Bratwurst im Brötchen", "de", ["Bratwurst im Brötchen"]),
        ("pan con aceite", "es", ["Pan con aceite"]),
        ("yogur con miel", "es", ["Yogur con miel"]),
        ("ensalada con atún y huevo", "es", ["Ensalada con atún y huevo"]),
        ("salmón con arroz 600 kcal", "es", ["Salmón con arroz"]),
        ("une tartine avec du beurre", "fr", ["Tartine avec du beurre"]),
        ("un café avec du lait", "fr", ["Café avec du lait"]),
        ("caffè con latte di soia", "it", ["Caffè con latte di soia"]),
        ("pane con la nutella", "it", ["Pane con la nutella"]),
        ("una birra media con limone", "it", ["Birra con limone"]),
        # a comma or a place said with it ends the name: never a second amount in it
        ("2 eggs, fried in butter", "de", ["Eggs fried in butter"]),
        (
            "protein shake, 2 scoops of ON gold standard with water",
            "fr",
            ["Protein shake with water"],
        ),
    ],
)
async def test_a_food_and_what_it_came_with_are_named_in_their_words(
    text: str, language: str, named: list[str]
) -> None:
    assert await names(text, language) == named


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Kaffee mit Hafermilch", ["Coffee (kaffee) with oat milk"]),
        ("Tee mit Milch und Zucker", ["Tea with milk (tee mit milch) and sugar"]),
        ("Salat mit Hähnchen und Avocado", ["Salad with chicken breast and avocado"]),
        ("yogur con miel", ["Yogurt pot with honey"]),
        ("une tartine avec du beurre", ["Bread with butter and jam (tartine)"]),
        ("caffè con latte di soia", ["Coffee (caffè) with soy milk"]),
    ],
)
async def test_an_english_reader_reads_a_food_and_what_it_came_with_in_english(
    text: str, named: list[str]
) -> None:
    assert await names(text, "en") == named
