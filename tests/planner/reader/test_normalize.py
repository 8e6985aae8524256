"""Step 1: what the rules read of a message, and what is shown of it."""

from __future__ import annotations

import pytest

from bot.planner.reader.normalize import Normalized, fold, normalize


@pytest.mark.parametrize(
    ("typed", "shown", "folded"),
    [
        ("Café crème", "Café crème", "cafe creme"),
        ("latte &amp; <b>cake</b>", "latte & cake", "latte & cake"),
        ("２ Brötchen", "2 Brötchen", "2 brotchen"),
        ("ﬁsh and chips", "fish and chips", "fish and chips"),
        ("  Weißbier  ", "Weißbier", "weissbier"),
        ("j’ai mangé", "j’ai mangé", "j ai mange"),
        ("½ cup rice", "1/2 cup rice", "1/2 cup rice"),
    ],
)
def test_markup_and_compatibility_forms_are_dropped_and_matching_is_folded(
    typed: str, shown: str, folded: str
) -> None:
    assert normalize(typed) == Normalized(shown, folded)


def test_folding_keeps_letters_that_are_not_accents() -> None:
    assert fold("Ñoquis PIÑA") == "noquis pina"
    assert fold("Crème brûlée") == "creme brulee"


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("🍕", ("a slice of pizza",)),
        ("🍔🍺", ("a burger", "a beer")),
        ("☕️ and 🥐 this morning", ("a coffee", "a croissant")),  # with a variation selector
        ("lunch: 🍣🍣", ("sushi", "sushi")),
        ("mood 😊 ✅", ()),  # faces and marks are no food
    ],
)
def test_food_emoji_are_mapped_to_the_words_they_stand_for(
    typed: str, words: tuple[str, ...]
) -> None:
    assert normalize(typed).emoji == words
