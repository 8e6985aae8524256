"""An entry's amount in the reader's words: the catalog's portions, the counts as their
language writes them, the grams or millilitres it holds where the catalog has no words."""

from __future__ import annotations

import pytest

from bot.kernel.readers import Reader
from bot.render.portions import PORTIONS, food_text, portion
from bot.render.words import words

GERMAN, SPANISH, FRENCH, ITALIAN = (Reader(language=code) for code in ("de", "es", "fr", "it"))
ENGLISH = Reader()


@pytest.mark.parametrize(
    ("reader", "amount", "worded"),
    [
        (GERMAN, "2 rolls", "2 Brötchen"),
        (GERMAN, "1 slice (28 g)", "1 Scheibe (28 g)"),
        (GERMAN, "3 slices (84 g)", "3 Scheiben (84 g)"),
        (GERMAN, "1 cup (240 ml)", "1 Tasse (240 ml)"),
        (GERMAN, "2 cups (480 ml)", "2 Tassen (480 ml)"),
        (SPANISH, "2 slices", "2 rebanadas"),
        (SPANISH, "1 cup (220 ml)", "1 taza (220 ml)"),
        (FRENCH, "1 medium", "1 pièce moyenne"),
        (FRENCH, "2 medium", "2 pièces moyennes"),
        (ITALIAN, "1 cup (180 ml)", "1 tazza (180 ml)"),
        (ITALIAN, "2 glasses (300 ml)", "2 bicchieri (300 ml)"),
        (GERMAN, "1 plate (350 g)", "1 Teller (350 g)"),
        (GERMAN, "200 g", "200 g"),
        # a portion the planner counts as "2 tbsps", "2 pattys": its catalog words
        (GERMAN, "2 tbsps", "2 EL"),
        (SPANISH, "2 pattys (140 g)", "2 tortitas (140 g)"),
        # what a portion holds, worded too
        (GERMAN, "1 bowl (1 cup (30 g))", "1 Schüssel (1 Tasse (30 g))"),
        (ITALIAN, "2 plates (2 cups cooked)", "2 piatti (2 tazze cotte)"),
    ],
)
def test_a_portion_is_in_the_readers_words(reader: Reader, amount: str, worded: str) -> None:
    assert portion(amount, reader) == worded


@pytest.mark.parametrize(
    ("reader", "amount", "worded"),
    [
        (GERMAN, "1 medium (400 ml)", "1 mittlere Portion (400 ml)"),
        (GERMAN, "2 large (700 ml)", "2 große Portionen (700 ml)"),
        (SPANISH, "1 medium (400 ml)", "1 ración mediana (400 ml)"),
        (FRENCH, "1 large (336 ml)", "1 grande portion (336 ml)"),
        (ITALIAN, "1 medium (400 ml)", "1 porzione media (400 ml)"),
        # of a food (eggs, a banana, a croissant) a size said alone is a piece
        (GERMAN, "2 large", "2 große Stücke"),
        (GERMAN, "1 small (245 g)", "1 kleines Stück (245 g)"),
        (SPANISH, "2 small", "2 unidades pequeñas"),
        (FRENCH, "3 regular", "3 pièces normales"),
        (ITALIAN, "2 large", "2 pezzi grandi"),
        # a slice or a serving of a size keeps its own word
        (GERMAN, "1 medium slice", "1 mittlere Scheibe"),
        (ITALIAN, "2 large servings", "2 porzioni grandi"),
    ],
)
def test_a_sized_drink_is_a_portion_and_a_sized_food_a_piece(
    reader: Reader, amount: str, worded: str
) -> None:
    assert portion(amount, reader) == worded


@pytest.mark.parametrize(
    ("reader", "worded"),
    [(GERMAN, "1/2 Tasse (60 g)"), (SPANISH, "1/2 taza (60 g)"), (FRENCH, "1/2 tasse (60 g)")],
)
def test_half_a_cup_is_said_in_the_singular(reader: Reader, worded: str) -> None:
    assert portion("1/2 cup (60 g)", reader) == worded


@pytest.mark.parametrize(
    ("reader", "worded"),
    [
        (GERMAN, "1,5 Tassen"),
        (SPANISH, "1,5 tazas"),
        (ITALIAN, "1,5 tazze"),
        (FRENCH, "1,5 tasse"),  # French counts 1.5 as one
    ],
)
def test_a_decimal_count_is_written_and_counted_as_the_language_does(
    reader: Reader, worded: str
) -> None:
    assert portion("1.5 cups", reader) == worded


def test_words_the_catalog_lacks_give_way_to_the_grams_they_hold() -> None:
    amount = "1 bowl with rice beans salsa and cheese (480 g)"
    assert portion(amount, GERMAN) == "480 g"
    assert portion("16 fl oz (473 ml)", ITALIAN) == "473 ml"
    assert portion("1 personal size pizza (5-7 in, 189 g)", SPANISH) == "189 g"


def test_words_the_catalog_lacks_stay_as_they_are_without_grams() -> None:
    assert portion("1 footlong", GERMAN) == "1 footlong"
    assert portion("2 Stück", GERMAN) == "2 Stück"  # a model's own words


def test_an_amount_in_the_readers_words_already_stays_as_it_is() -> None:
    for amount in ("2 Brötchen", "1 Scheibe (28 g)", "1,5 Tassen"):
        assert portion(amount, GERMAN) == amount
    assert portion(portion("1 slice (28 g)", FRENCH), FRENCH) == "1 tranche (28 g)"


@pytest.mark.parametrize("amount", ["2 rolls", "1 slice (28 g)", "1.5 cups", "20 fl oz (591 ml)"])
def test_an_english_reader_reads_the_amount_as_written(amount: str) -> None:
    assert portion(amount, ENGLISH) == amount


def test_an_entry_is_worded_after_its_last_comma() -> None:
    assert food_text("Brötchen, 2 rolls", GERMAN) == "Brötchen, 2 Brötchen"
    named = "Haggis, neeps and tatties, 1 plate (450 g)"
    assert food_text(named, GERMAN) == "Haggis, neeps and tatties, 1 Teller (450 g)"
    meal = "Pancakes and sausage, 1 meal (6 oz, 170 g)"
    assert food_text(meal, FRENCH) == "Pancakes and sausage, 1 repas (6 oz, 170 g)"
    assert food_text("Salmon and rice", GERMAN) == "Salmon and rice"  # no amount
    assert food_text("Pizza, margherita", GERMAN) == "Pizza, margherita"
    assert (
        food_text("Bread rolls (brötchen), 2 rolls", ENGLISH) == "Bread rolls (brötchen), 2 rolls"
    )


@pytest.mark.parametrize("reader", [GERMAN, SPANISH, FRENCH, ITALIAN])
def test_every_portion_of_the_catalog_is_worded_after_its_count(reader: Reader) -> None:
    """A worded amount starts with its count and has no comma: it is read again as an amount
    (a correction compares it, a draft worded twice keeps it)."""
    w = words(reader)
    for context, singular, plural in PORTIONS:
        for n in (1, 2):
            form = w.npgettext(context, singular, plural, n)
            assert form.startswith("{count} ") and "," not in form, form
            said = form.format(count=n)
            assert portion(said, reader) == said
