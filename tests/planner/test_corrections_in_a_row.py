"""A message that corrects itself the way new writers do: correcting words in a row ("sorry
no, it was ...", "ah non ..."), the correcting word or a shrug after the settled amount ("2
en fait", "anzi 6 chi se ne frega"), "and a half" after it, and a size said after "it was"."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, food_entries

ROME = context_at("Europe/Rome", 13)


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("a ham sandwich - sorry no, it was a tuna sandwich", "tuna"),
        ("un café, ah non un thé", "tea"),
        ("una birra, ah no un bicchiere di vino rosso", "wine"),
        ("zwei Brezeln, ach quatsch, ein Croissant", "croissant"),
    ],
)
def test_the_food_said_last_is_logged_alone(text: str, food: str) -> None:
    (entry,) = food_entries(text, ROME)
    assert food in entry.entry.food.lower()


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("4 galettes, ah non 2 en fait", 2, 2),
        ("3 donuts, make that 4 actually", 4, 4),
        ("5 biscotti, anzi 8 chi se ne frega", 8, 8),
        ("2 empanadas, no, 3 me da igual", 3, 3),
        ("3 tacos... no 1 and a half", 1.5, 1.5),
        ("2 arancini, anzi 1 e mezzo", 1.5, 1.5),
    ],
)
def test_the_settled_amount_is_logged(text: str, low: float, high: float) -> None:
    (entry,) = food_entries(text, ROME)
    said = entry.entry.food.split(",")[1].split()[0]
    assert low <= float(said) <= high


def test_a_size_after_it_was() -> None:
    (entry,) = food_entries("large fries... actually it was a medium", ROME)
    assert "medium" in entry.entry.food.lower()


def test_a_day_logged_at_once_with_texting_words_is_written() -> None:
    text = "logging yesterday's stuff bc i was busy: bfast 2 eggs, lunch a banana, dinner rice"
    foods = [e.entry.food.lower() for e in food_entries(text, ROME)]
    assert len(foods) == 3 and any("egg" in f for f in foods)


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("already 2 lattes and a croissant", "latte"),
        ("hab schon 2 Äpfel gegessen", "apple"),
        ("j'ai déjà pris 2 cafés", "coffee"),
    ],
)
def test_already_is_a_filler(text: str, food: str) -> None:
    foods = [e.entry.food.lower() for e in food_entries(text, ROME)]
    assert any(food in f for f in foods)
