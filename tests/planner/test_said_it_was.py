"""A message opening by saying what an earlier one was ("no, it was 3 eggs") corrects that
message: the core offers the difference, and nothing is logged again on top of it, in each
language the rules read."""

from __future__ import annotations

import pytest

from bot.planner.offline.earlier import about_an_earlier_one, without_opening
from bot.planner.offline.planner import plan_text
from bot.planner.offline.text import Tokens, tokenize
from tests.planner.logged import context_at


@pytest.mark.parametrize(
    ("zone", "said", "food"),
    [
        ("Europe/London", "no, it was 3 eggs", "Eggs"),
        ("America/Chicago", "nope, there were 3 tacos", "Tacos"),
        ("Europe/Berlin", "nein, es waren 3 Brötchen", "rolls"),
        ("Europe/Madrid", "no, eran 3 tostadas", "Toast"),
        ("Europe/Madrid", "al final fueron 3 churros", "Churros"),
        ("Europe/Paris", "non, c'étaient 3 croissants", "Croissant"),
        ("Europe/Rome", "anzi erano 2 mele", "Apple"),
        ("Europe/Rome", "no, erano 3 cornetti", "Cornett"),
    ],
)
def test_what_it_was_is_offered_as_the_difference_never_logged_again(
    zone: str, said: str, food: str
) -> None:
    plan = plan_text(said, context_at(zone, 12))
    assert plan.actions == [] and plan.offer == []
    assert [a.entry.food for a in plan.amends]
    assert food.lower() in plan.amends[0].entry.food.lower()


@pytest.mark.parametrize(
    "said",
    [
        "no eggs today",
        "no, I had 2 eggs",
        "nein, heute keine Brötchen",
        "era buonissimo",
        "it was 3 eggs",
    ],
)
def test_only_a_no_then_what_it_was_opens_a_correction(said: str) -> None:
    assert not about_an_earlier_one(Tokens(tokenize(said)).joined)


def test_the_opening_is_taken_off_as_typed() -> None:
    assert without_opening("Non, c’était 3 croissants").strip() == "3 croissants"
    assert without_opening("nope, it's 2 coffees").strip() == "2 coffees"
