"""The share of a food a person ate, said after it in its own words: only that share is
logged ("a burrito, only ate half", "eine Pizza, mit meiner Frau geteilt")."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal, understood_kcal

CONTEXT = context_at("Europe/Berlin", 20)


@pytest.mark.parametrize(
    ("text", "whole", "part"),
    [
        ("a burrito, only ate half, saving the rest for tomorrow", "a burrito", 0.5),
        ("ein Döner, hab nur die Hälfte gegessen, den Rest morgen", "ein Döner", 0.5),
        ("una hamburguesa, me comí la mitad", "una hamburguesa", 0.5),
        ("un croissant, j'en ai mangé la moitié", "un croissant", 0.5),
        ("un panino, ne ho mangiato metà", "un panino", 0.5),
        ("2 slices of pizza, ate half", "2 slices of pizza", 0.5),
        ("a calzone. ate a third", "a calzone", 1 / 3),
    ],
)
def test_a_share_eaten_said_after_the_food_is_what_is_logged(
    text: str, whole: str, part: float
) -> None:
    [(_, kcal)] = understood_kcal(text, CONTEXT)
    [(_, whole_kcal)] = understood_kcal(whole, CONTEXT)
    assert kcal == pytest.approx(whole_kcal * part, rel=0.1)


@pytest.mark.parametrize(
    "text",
    [
        "a pizza, shared with my wife",
        "a pizza, split w my bf",
        "eine Pizza, mit meiner Frau geteilt",
        "una pizza, compartida con mi novio",
        "une pizza, partagée avec ma copine",
        "una pizza, divisa con mia sorella",
    ],
)
def test_a_food_shared_said_after_a_pause_is_the_persons_share(text: str) -> None:
    [(name, kcal)] = understood_kcal(text, CONTEXT)
    [(_, whole_kcal)] = understood_kcal("a pizza", CONTEXT)
    assert "pizza" in name.lower()
    assert kcal == pytest.approx(whole_kcal / 2, rel=0.1)


def test_a_share_eaten_of_two_foods_is_not_put_on_one_of_them() -> None:
    text = "a bagel and a beer, ate half"
    names = [name.lower() for name, _ in named_kcal(text, CONTEXT)]
    assert not any("bagel" in n and "1/2" in n for n in names)
