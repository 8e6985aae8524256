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
