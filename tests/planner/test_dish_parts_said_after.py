"""A part of a dish said later in the message (the cheese of a raclette, the croutons of a
fish soup, the rice its plate comes with) is that dish, not a food of its own; said not
finished it adds nothing either. What the dish does not hold stays a food of its own."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

AT_DINNER = context_at("Europe/Paris", 20)


def logged(text: str) -> list[tuple[str, float]]:
    return named_kcal(text, AT_DINNER, lower=True)


@pytest.mark.parametrize(
    ("text", "dish"),
    [
        ("raclette with friends, way too much cheese", "raclette"),
        ("Raclette mit Freunden, viel zu viel Käse gegessen", "raclette"),
        ("raclette chez des amis, trop de fromage", "raclette"),
        ("una bouillabaisse con los picatostes", "bouillabaisse"),
        ("bouillabaisse, les croûtons étaient top", "bouillabaisse"),
        ("an indian taco at the powwow, the fry bread was huge", "taco"),
        ("Käsefondue, das Brot war super", "fondue"),
        ("moules frites, les frites étaient froides", "moules"),
        ("feijoada con arroz", "feijoada"),
        ("bangers and mash, mash was lumpy", "bangers"),
    ],
)
def test_a_part_said_later_is_the_dish(text: str, dish: str) -> None:
    got = logged(text)
    assert len(got) == 1, got
    assert dish in got[0][0]


@pytest.mark.parametrize(
    "text",
    [
        "choucroute garnie, didn't finish the potatoes",
        "Schlachtplatte, die Kartoffeln nicht aufgegessen",
        "choucroute, no terminé las patatas",
        "choucroute garnie au resto, pas fini les 2 patates",
    ],
)
def test_a_part_left_adds_nothing(text: str) -> None:
    got = logged(text)
    assert len(got) == 1, got
    assert 500 <= got[0][1] <= 1200


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("pizza and a side of fries", 2),
        ("raclette and a glass of white wine", 2),
        ("Raclette und ein Glas Weißwein", 2),
        ("curry with rice", 2),
        ("raclette last night, and today some cheese", 2),
    ],
)
def test_what_the_dish_does_not_hold_stays(text: str, count: int) -> None:
    got = logged(text)
    assert len(got) == count, got
