"""A word one letter off a food's word is read as that food only when a hand could have
slipped that way; other words of the language stay what they are."""

import pytest

from bot.planner.offline.table import food_table
from bot.planner.reader.typos import is_slip


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("chiken", "chicken"),  # a letter left out of a long word
        ("bananna", "banana"),  # a letter struck twice
        ("chickrn", "chicken"),  # the key beside
        ("tomatu", "tomato"),  # one vowel for another
        ("yogrut", "yogurt"),  # two letters swapped
        ("spinch", "spinach"),
    ],
)
def test_slips_of_the_hand(said: str, word: str) -> None:
    assert is_slip(said, word)


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("panera", "panela"),  # r and l are far apart
        ("platazo", "platano"),
        ("curro", "churro"),  # a short word missing a letter that was not doubled
        ("bread", "breads"),
    ],
)
def test_other_words_are_no_slips(said: str, word: str) -> None:
    assert not is_slip(said, word)


@pytest.mark.parametrize("word", ["panera", "platazo", "curro"])
def test_table_reads_no_food_in_other_words(word: str) -> None:
    assert food_table().typo_of(word) is None


@pytest.mark.parametrize(("said", "meant"), [("chiken", "chicken"), ("bananna", "banana")])
def test_table_still_mends_typos(said: str, meant: str) -> None:
    assert food_table().typo_of(said) == meant


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("cappucinno", "cappuccino"),  # a letter left out of a pair, another struck twice
        ("mozarela", "mozzarella"),
        ("kartofeln", "kartoffeln"),
        ("spagetti", "spaghetti"),
        ("butterbrezn", "butterbrezel"),  # an ending said otherwise
        ("croissaint", "croissant"),
    ],
)
def test_table_mends_long_words_two_slips_off(said: str, meant: str) -> None:
    assert food_table().typo_of(said) == meant


@pytest.mark.parametrize(
    "word",
    ["entrepot", "filibertos", "fussball", "safflower", "mantecato", "grandmas"],
)
def test_a_long_word_differing_inside_is_no_food(word: str) -> None:
    assert food_table().typo_of(word) is None


@pytest.mark.parametrize(
    ("text", "not_logged"),
    [
        ("crevé après ma nuit à l'entrepôt", "steak"),
        ("filibertos after work, carne asada burrito", "nut"),
        ("Fussball geschaut, danach Bratwurst", "fish"),
    ],
)
def test_a_place_or_a_game_is_no_food_it_looks_like(text: str, not_logged: str) -> None:
    from bot.planner.offline.planner import plan_text
    from tests.planner.logged import context_at, food_entries_of

    foods = food_entries_of(plan_text(text, context_at("Europe/Paris", 9)))
    assert not any(not_logged in f.entry.food.lower() for f in foods), foods
