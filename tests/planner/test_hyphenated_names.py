"""A hyphenated word is its parts, each at its own place in the message: the name said back
is the word as written, once ("In-n-out double double"), and eggnog is a drink by the cup,
not the egg liqueur by the shot glass."""

from __future__ import annotations

from tests.planner.logged import context_at, named_kcal


def logged(text: str) -> list[tuple[str, float]]:
    return named_kcal(text, context_at("America/Los_Angeles", 13))


def test_a_hyphenated_name_is_said_back_once() -> None:
    [(name, _)] = logged("in-n-out double-double animal style")
    assert name.lower().startswith("in-n-out double") and name.lower().count("in-n-out") == 1


def test_eggnog_by_the_glass_and_egg_liqueur_by_the_small_glass() -> None:
    [(_, nog)] = logged("2 glasses of egg nog")
    [(_, liqueur)] = named_kcal("ein Gläschen Eierlikör", context_at("Europe/Berlin", 20))
    assert 380 < nog < 520 and 80 < liqueur < 140
