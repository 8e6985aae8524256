"""A food named by its local name is that food, at the portion people there eat: not a
food one of its words names ("pollo", "leche", "cake"), not a food a letter away, and a
count said in the local word for pieces counts pieces."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal


@pytest.mark.parametrize(
    ("zone", "said", "name", "low", "high"),
    [
        # a local name made of a generic food's words is the local food
        ("America/La_Paz", "dos salteñas de carne en el recreo", "salteñas", 600, 900),
        ("America/La_Paz", "una sajta de pollo bien picante", "sajta", 500, 800),
        ("America/Argentina/Buenos_Aires", "me comí un havanna de chocolate", "alfajor", 200, 320),
        ("America/Costa_Rica", "almorcé un casado con pollo bien rico", "casado", 650, 950),
        ("Europe/Zurich", "un papet vaudois ce midi", "papet", 600, 900),
        ("Indian/Reunion", "un cari de poulet chez tatie", "cari", 320, 520),
        ("Indian/Reunion", "quatre samoussas au thon", "samoussa", 300, 420),
        ("Indian/Mauritius", "5 gateaux piment avec le thé", "piment", 180, 260),
        # the cookies (galletitas) it is had with go with it
        ("America/Asuncion", "un cocido con leche y galletitas", "cocido", 200, 320),
        ("Europe/Berlin", "zwei Leipziger Lerchen zum Kaffee", "lerche", 500, 800),
        ("Europe/London", "four welsh cakes with my tea", "welsh", 350, 550),
        ("America/Asuncion", "compré 4 chipas en la ruta", "chipa", 650, 950),
        ("Asia/Kolkata", "rui macher jhol for lunch", "jhol", 220, 400),
        ("Africa/Kampala", "posho with groundnut sauce", "groundnut", 180, 320),
        ("America/Chicago", "2 andouille links off the grill", "andouille", 380, 560),
        ("America/New_York", "a bowl of chicken and andouille gumbo", "gumbo", 300, 600),
        ("Europe/Zurich", "Rösti mit Speck und Spiegelei zum Znacht", "rösti", 550, 900),
        ("Europe/Zurich", "un rösti avec oeuf et lard au chalet", "rösti", 550, 900),
        ("Europe/Zurich", "rösti con uovo e speck in baita", "rösti", 550, 900),
        ("Europe/Madrid", "un bocadillo de tortilla de patatas", "tortilla", 450, 700),
    ],
)
def test_a_local_name_is_its_own_food(
    zone: str, said: str, name: str, low: float, high: float
) -> None:
    logged = named_kcal(said, context_at(zone, 12), lower=True)
    ours = [kcal for food, kcal in logged if name in food]
    assert len(ours) == 1, logged
    assert low <= ours[0] <= high, logged
    assert not any(word in food for food, _ in logged for word in ("breast", "milk", "eel"))


@pytest.mark.parametrize(
    ("zone", "said", "name", "low", "high"),
    [
        ("Europe/London", "two cans of irn bru at the match", "irn bru", 100, 170),
        ("America/Puerto_Rico", "tres medalla light bien frías", "light", 220, 360),
        ("America/New_York", "a pack of pb crackers from the vending machine", "cracker", 160, 240),
        ("Asia/Kuala_Lumpur", "sarapan pagi tadi roti canai 3 keping", "roti", 800, 1000),
    ],
)
def test_a_local_drink_or_pack_is_its_usual_size(
    zone: str, said: str, name: str, low: float, high: float
) -> None:
    logged = named_kcal(said, context_at(zone, 13), lower=True)
    ours = [kcal for food, kcal in logged if name in food]
    assert len(ours) == 1, logged
    assert low <= ours[0] <= high, logged


def test_a_plate_of_two_named_foods_logs_both() -> None:
    logged = named_kcal("flying fish and cou cou for dinner", context_at("America/Barbados", 19))
    names = sorted(food.lower() for food, _ in logged)
    assert any("cou cou" in food for food in names), logged
    assert any("flying fish" in food for food in names), logged
    assert 400 <= sum(kcal for _, kcal in logged) <= 700, logged
