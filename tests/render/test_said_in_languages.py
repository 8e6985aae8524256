"""What a planner said about the part of a message it left out reads in the person's
language and units, listed as their language lists things."""

from __future__ import annotations

from bot.kernel.readers import Reader
from bot.kernel.said import (
    EmojiOffer,
    LeftOut,
    Malformed,
    MalformedKind,
    PartlyUnread,
    RepairFailed,
)
from bot.render import said

GERMAN = Reader("de")


def test_what_was_left_out_is_named_in_german() -> None:
    text = said.words(PartlyUnread(("nutrition", "checkin")), GERMAN)
    assert text.startswith("Ich konnte das Essen und den Check-in in deiner Nachricht nicht")
    assert "the food" not in text


def test_an_unknown_tool_is_part_of_it_in_spanish() -> None:
    text = said.words(RepairFailed((None,)), Reader("es"))
    assert "una parte" in text and text.startswith("Mi modelo de IA")


def test_a_weight_left_out_is_said_in_the_readers_unit_and_list() -> None:
    what = (Malformed(MalformedKind.WEIGHT, kg=45.359237), Malformed(MalformedKind.SUPPLEMENT))
    assert said.words(LeftOut(what), Reader("fr", weight="lb")).startswith(
        "J'ai laissé de côté le poids 100 lb et un complément :"
    )
    english = said.words(LeftOut(what), Reader())
    assert english.startswith("I left out the weight 45.4 kg and a supplement:")


def test_food_emoji_are_asked_about_by_their_names_in_english_and_as_sent_otherwise() -> None:
    offer = EmojiOffer("a slice of pizza and a beer", "🍕🍺")
    assert said.words(offer, Reader()) == "A slice of pizza and a beer?"
    assert said.words(offer, GERMAN) == "🍕🍺 — soll ich das eintragen?"
