"""A correction within a message that settles a count in words, the share eaten, a part or
the kind of the food said before it: what is logged is the food as settled, once."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, food_entries, understood_kcal

CONTEXT = context_at("Europe/Zurich", 12)


@pytest.mark.parametrize(
    ("text", "food", "count"),
    [
        ("a beer, sorry, two", "beer", "2 "),
        ("ein Bier, nein doch, zwei", "beer", "2 "),
        ("una cerveza, bueno no, fueron tres", "beer", "3 "),
        ("une bière, non pardon, deux", "beer", "2 "),
        ("un caffè, anzi no, due", "coffee", "2 "),
    ],
)
def test_a_count_said_in_words_after_a_correction_replaces_the_one(
    text: str, food: str, count: str
) -> None:
    [entry] = food_entries(text, CONTEXT)
    assert food in entry.entry.food.lower()
    assert f", {count}" in entry.entry.food


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("a whole bagel, sorry, only half", "a bagel"),
        ("una focaccia intera, anzi, metà", "una focaccia"),
        ("una tortilla entera, perdón, la mitad", "una tortilla"),
        ("un bagel entier, non pardon, la moitié", "un bagel"),
        ("ein ganzer Bagel, nein, nur die Hälfte", "ein Bagel"),
    ],
)
def test_a_share_said_after_a_correction_is_what_was_eaten(text: str, whole: str) -> None:
    [(name, kcal)] = understood_kcal(text, CONTEXT)
    [(_, whole_kcal)] = understood_kcal(whole, CONTEXT)
    assert "1/2" in name
    assert kcal == pytest.approx(whole_kcal / 2, rel=0.1)


def test_a_quarter_said_after_a_correction_is_a_quarter() -> None:
    [(name, kcal)] = understood_kcal("a whole bagel, sorry, a quarter", CONTEXT)
    [(_, whole_kcal)] = understood_kcal("a bagel", CONTEXT)
    assert "1/4" in name
    assert kcal == pytest.approx(whole_kcal / 4, rel=0.1)


@pytest.mark.parametrize(
    ("text", "drink", "milk"),
    [
        ("a latte with whole milk, scratch that, oat milk", "latte", "oat"),
        ("un café con leche entera, perdón, leche de avena", "café con leche", "avena"),
        ("un cappuccino al latte intero, anzi, latte di soia", "cappuccino", "soy"),
    ],
)
def test_a_part_corrected_is_changed_in_the_food_not_logged_alone(
    text: str, drink: str, milk: str
) -> None:
    [(name, _)] = understood_kcal(text, CONTEXT)
    assert drink in name.lower()
    assert milk in name.lower()


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("una copa de vino tinto, perdón, blanco", "white wine"),
        ("un verre de vin rouge, pardon, blanc", "white wine"),
        ("un bicchiere di vino rosso, anzi, bianco", "white wine"),
        ("ein Glas Rotwein, Korrektur: Weißwein", "white wine"),
        ("a cappuccino - correction: a flat white", "flat white"),
    ],
)
def test_a_kind_corrected_replaces_the_kind_said(text: str, kind: str) -> None:
    [(name, _)] = understood_kcal(text, CONTEXT)
    assert kind in name.lower()


def test_a_filling_taken_back_leaves_the_plain_food() -> None:
    [(name, kcal)] = understood_kcal("a bagel with cream cheese, sorry, plain", CONTEXT)
    [(_, filled)] = understood_kcal("a bagel with cream cheese", CONTEXT)
    assert "cream" not in name.lower()
    assert kcal < filled


def test_a_filling_corrected_with_its_joining_word_in_german() -> None:
    [(name, _)] = understood_kcal("eine Brezel mit Butter, nein, mit Frischkäse", CONTEXT)
    assert "cream cheese" in name.lower()


@pytest.mark.parametrize(
    "text", ["tea with milk, sorry, no sugar", "un té con leche, perdón, sin azúcar"]
)
def test_a_thing_not_had_after_a_correcting_word_is_not_logged(text: str) -> None:
    names = [e.entry.food.lower() for e in food_entries(text, CONTEXT)]
    assert names and not any("sugar" in n or "azúcar" in n for n in names)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("a tuna sandwich... sorry meant a salmon bagel, the smoked one", "smoked salmon"),
        ("salmon, the smoked one", "smoked salmon"),
    ],
)
def test_the_kind_said_after_the_food_as_the_one_is_read_with_it(text: str, kind: str) -> None:
    [(name, _)] = understood_kcal(text, CONTEXT)
    assert kind in name.lower()


@pytest.mark.parametrize(
    ("text", "half"),
    [
        ("half a sandwich, no, the whole thing", "half a sandwich"),
        ("eine halbe Pizza, nein, die ganze", "eine halbe Pizza"),
        ("media pizza, perdón, entera", "media pizza"),
        ("mezza pizza, anzi, tutta", "mezza pizza"),
    ],
)
def test_the_whole_said_after_a_correction_takes_back_the_share(text: str, half: str) -> None:
    [(_, kcal)] = understood_kcal(text, CONTEXT)
    [(_, half_kcal)] = understood_kcal(half, CONTEXT)
    assert kcal > half_kcal * 1.5


def test_a_half_said_as_one_after_a_correction_is_half_the_portion() -> None:
    [(name, kcal)] = understood_kcal("eine Portion Pommes, nein, eine halbe", CONTEXT)
    [(_, whole)] = understood_kcal("eine Portion Pommes", CONTEXT)
    assert "1/2" in name
    assert kcal == pytest.approx(whole / 2, rel=0.1)
