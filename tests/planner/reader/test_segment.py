"""Step 2: clauses, items and meal words in five languages; function words are no food."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest

from bot.planner.base import PlanContext
from bot.planner.offline.planner import plan_text
from bot.planner.reader.segment import (
    Clause,
    filler_words,
    never_food_words,
    segment,
    segment_words,
)

CONTEXT = PlanContext(
    now=dt.datetime(2026, 11, 22, 12, 0, tzinfo=zoneinfo.ZoneInfo("Europe/Paris")),
    timezone="Europe/Paris",
)


@pytest.mark.parametrize(
    ("folded", "clauses"),
    [
        (
            "ho mangiato una pizza margherita a pranzo",
            (Clause((("ho", "mangiato", "una", "pizza", "margherita"),), "lunch"),),
        ),
        (
            "zum fruhstuck zwei brotchen und ein kaffee",
            (Clause((("zwei", "brotchen"), ("ein", "kaffee")), "breakfast"),),
        ),
        (
            "ce soir une soupe et du pain, puis un yaourt",
            (
                Clause((("une", "soupe"), ("du", "pain")), "dinner"),
                Clause((("puis", "un", "yaourt"),), None),
            ),
        ),
        ("para la cena tacos y una cerveza", (Clause((("tacos",), ("una", "cerveza")), "dinner"),)),
        ("eggs + toast for breakfast", (Clause((("eggs",), ("toast",)), "breakfast"),)),
    ],
)
def test_clauses_items_and_the_meal_they_name(folded: str, clauses: tuple[Clause, ...]) -> None:
    assert segment(folded) == clauses


def test_a_meal_word_alone_is_a_time_with_no_items() -> None:
    assert segment("pranzo") == (Clause((), "lunch"),)


@pytest.mark.parametrize("word", ["mange", "mangiato", "gegessen", "comi", "jai", "avec", "della"])
def test_function_words_are_never_a_food_or_a_misspelling_of_one(word: str) -> None:
    assert word in never_food_words()
    assert word in filler_words()


@pytest.mark.parametrize("word", ["pain", "pane", "pan", "te", "ei", "riz"])
def test_foods_are_no_filler_words(word: str) -> None:
    assert word not in filler_words()


def _foods(text: str) -> list[str]:
    plan = plan_text(text, CONTEXT)
    assert plan.understood, plan.reply
    return [a.entry.food for a in plan.actions if a.type == "nutrition.add_entry"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("j'ai mangé un croque-monsieur", ["Croque monsieur"]),
        ("ce soir j'ai mangé une quiche", ["Quiche"]),
        ("un croissant et un café", ["Croissant", "Coffee"]),
        ("ce matin un yaourt et un café", ["Yogurt", "Coffee"]),
        ("un pain au chocolat et un café crème", ["Pain au chocolat", "Coffee with milk"]),
        ("ho mangiato un cornetto e un cappuccino a colazione", ["Croissant", "Cappuccino"]),
    ],
)
def test_french_and_italian_messages_log_what_was_eaten_and_nothing_else(
    text: str, names: list[str]
) -> None:
    foods = _foods(text)
    for name in names:
        assert any(food.startswith(name) for food in foods), foods
    assert not any(food.startswith("Mango") for food in foods)


def test_a_name_the_table_knows_is_one_item_and_names_no_meal() -> None:
    words = "mac and cheese and a breakfast burrito".split()
    (clause,) = segment_words(words, names={0, 1, 2, 5, 6})
    assert clause.items == (("mac", "and", "cheese"), ("a", "breakfast", "burrito"))
    assert clause.meal is None
    assert clause.positions == ((0, 1, 2), (4, 5, 6))


@pytest.mark.parametrize(
    ("words", "items"),
    [
        ("pasta , then ice cream", [[("pasta",)], [("ice", "cream")]]),
        ("wollte kuchen aber nahm obst", [[("wollte", "kuchen")], [("nahm", "obst")]]),
        ("pizza pero sin queso", [[("pizza",)], [("sin", "queso")]]),
        ("lunch : soup and bread", [[("soup",), ("bread",)]]),
    ],
)
def test_a_clause_ends_at_a_comma_and_at_but_or_then_never_at_a_colon(
    words: str, items: list[list[tuple[str, ...]]]
) -> None:
    assert [list(c.items) for c in segment_words(words.split()) if c.items] == items


def test_every_position_is_in_one_clause_and_sentences_are_counted() -> None:
    words = "eggs , toast . slept well".split()
    clauses = segment_words(words)
    assert [list(c.span) for c in clauses] == [[0], [1, 2], [3, 4, 5]]
    assert [c.sentence for c in clauses] == [0, 0, 1]


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("mac and cheese", 1),
        ("fish and chips and a beer", 2),
        ("a ham and cheese toastie", 1),
        ("zwei Brötchen und ein Kaffee", 2),
        ("una pizza e una birra", 2),
    ],
)
def test_the_planner_logs_one_entry_per_item_a_name_kept_whole(text: str, count: int) -> None:
    assert len(_foods(text)) == count
