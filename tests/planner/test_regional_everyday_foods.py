"""Everyday foods and dishes named the way people of a place name them (a Bolivian
silpancho, Tyrolean Speckknödel, an Acadian fricot, a Triestine capo in b, Welsh cawl) are
logged as that food with a typical portion, and the chop, the cheese or the small beer a
person counts is counted as such."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, food_entries, understood_kcal

CTX = context_at("Europe/Berlin", 13)


@pytest.mark.parametrize(
    ("text", "name", "low", "high"),
    [
        ("3 lamb cutlets off the grill", "lamb chop", 650, 900),
        ("zwei Lammkoteletts", "lamb chop", 420, 620),
        ("chuletillas de cordero", "lamb chop", 420, 620),
        ("des côtelettes d'agneau", "lamb chop", 420, 620),
        ("a bit of wensleydale", "british crumbly cheese", 80, 160),
        ("ein Speckknödel", "speckknödel", 180, 300),
        ("un silpancho", "silpancho", 650, 1000),
        ("2 cuñapés", "cuñapé", 150, 260),
        ("vori vori para el almuerzo", "vori vori", 280, 480),
        ("un fricot aux palourdes", "fricot", 300, 500),
        ("un capo in bicchiere", "capo in b", 10, 35),
        ("una fetta di presnitz", "presnitz", 280, 450),
        ("cawl cennin", "cawl", 250, 450),
        ("a rappie pie", "rappie pie", 350, 550),
        ("2 zuritos", "zurito", 60, 110),
        ("sockeye salmon fillet", "sockeye salmon", 200, 330),
        ("fish cakes", "fish cake", 150, 250),
        ("une part de tarte au maroilles", "tarte au maroilles", 350, 550),
        ("a scoop of mash", "mashed potatoes", 100, 200),
        ("2 roosterkoeke", "roosterkoek", 400, 560),
        ("3 holubtsi", "holubtsi", 450, 620),
        ("ein Jagatee", "jagatee", 120, 220),
        ("une poutine à trou", "poutine à trou", 300, 480),
        ("katogo", "katogo", 350, 550),
    ],
)
def test_a_regional_food_is_logged_as_itself(text: str, name: str, low: float, high: float) -> None:
    entries = understood_kcal(text, CTX)
    assert len(entries) == 1, entries
    logged, kcal = entries[0]
    assert name in logged.lower()
    assert low <= kcal <= high


def test_an_east_african_chapati_is_bigger_than_an_indian_roti() -> None:
    [(_, chapo)] = understood_kcal("a chapo", CTX)
    [(_, roti)] = understood_kcal("a roti", CTX)
    assert chapo > 2 * roti


@pytest.mark.parametrize("text", ["walked along the river banks", "ho parlato col capo"])
def test_an_everyday_word_that_is_part_of_a_name_logs_no_food(text: str) -> None:
    assert food_entries(text, CTX) == []
