"""A food's local name logs the food the person means there, not another food that shares
a word with it or a generic dish it resembles (bot/planner/data/foods.csv, dishes.csv)."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal


def _logged(text: str, zone: str = "Europe/Berlin") -> list[tuple[str, float]]:
    return named_kcal(text, context_at(zone, 13, 0), lower=True)


def _one(text: str, zone: str, food: str) -> float:
    """The calories of the one entry named `food` (before the words said, in brackets)."""
    found = _logged(text, zone)
    named = [cal for name, cal in found if food in name.split(" (")[0]]
    assert len(named) == 1, found
    return named[0]


@pytest.mark.parametrize(
    ("text", "zone", "food", "kcal"),
    [
        # goulash is its own dish, not a cup of stew
        ("zu Mittag ein Teller Gulasch", "Europe/Vienna", "goulash", (280, 450)),
        ("a bowl of hungarian goulash", "Europe/London", "goulash", (280, 450)),
        ("un plato de gulash", "Europe/Madrid", "goulash", (280, 450)),
        ("un goulash de boeuf", "Europe/Paris", "goulash", (280, 450)),
        ("una scodella di gulasch", "Europe/Rome", "goulash", (280, 450)),
        # a chicken seco, not a beef one
        ("almorcé seco de pollo", "America/Guayaquil", "chicken seco", (500, 700)),
        # a plain paratha, not the potato-stuffed one
        ("one paratha for breakfast", "Asia/Kolkata", "paratha", (200, 300)),
        ("2 plain parathas", "Asia/Karachi", "paratha", (450, 600)),
        # salmorejo is thick with bread and oil, gazpacho a light soup
        ("un plato de salmorejo", "Europe/Madrid", "salmorejo", (180, 300)),
        # tinto de verano is wine and lemon soda, not sangria
        ("dos tintos de verano en la terraza", "Europe/Madrid", "tinto de verano", (200, 300)),
        # fried quark balls, not a quark pastry
        ("3 Quarkbällchen vom Bäcker", "Europe/Berlin", "quarkbällchen", (220, 340)),
        # the Puerto Rican Christmas drink, not coconut macaroons
        ("a glass of coquito at the party", "America/Puerto_Rico", "coquito", (200, 350)),
        # a street elote comes with mayo and cheese
        ("me comí un elote en la calle", "America/Mexico_City", "mexican street corn", (200, 350)),
        ("una crema de elote", "America/Mexico_City", "corn soup", (200, 350)),
        # amaretti are small almond biscuits
        ("due amaretti col caffè", "Europe/Rome", "amaretti", (40, 120)),
        # a Cola Cao is milk with the cocoa powder
        ("esta mañana un colacao", "Europe/Madrid", "cola cao", (130, 230)),
        # kopi O is black coffee with sugar, without the milk of a kopi
        ("kopi o at the kopitiam", "Asia/Singapore", "kopi o", (20, 70)),
        # cured ham is twice as rich as cooked ham
        ("100 g prosciutto crudo", "Europe/Rome", "cured ham", (200, 300)),
        ("100 g de jamón serrano", "Europe/Madrid", "cured ham", (200, 300)),
        ("100 g de jambon cru", "Europe/Paris", "cured ham", (200, 300)),
        ("100 g Parmaschinken", "Europe/Berlin", "cured ham", (200, 300)),
        ("100g of parma ham", "Europe/London", "cured ham", (200, 300)),
        # Klöße are potato dumplings, lighter than bread dumplings
        ("zwei Kartoffelklöße", "Europe/Berlin", "potato dumplings", (180, 280)),
        # semolina halwa is richer than the carrot one
        ("a bowl of sooji halwa", "Asia/Kolkata", "sooji halwa", (350, 500)),
        ("kesari bath and coffee", "Asia/Kolkata", "sooji halwa", (350, 500)),
        # the British Christmas pie of dried fruit
        ("a mince pie with my tea", "Europe/London", "mince pie", (180, 280)),
        # a torrija is soaked in milk, fried and sugared: richer than a slice of French toast
        ("dos torrijas de postre", "Europe/Madrid", "torrija", (450, 650)),
        # a milanesa in bread is a sandwich, not the cutlet alone
        (
            "un sanguche de milanesa",
            "America/Argentina/Buenos_Aires",
            "milanesa sandwich",
            (600, 900),
        ),
        # a Frikadelle is a patty of about 100 g, not a small meatball
        ("eine Bulette mit Senf", "Europe/Berlin", "frikadelle", (200, 300)),
        ("zwei Frikadellen", "Europe/Berlin", "frikadelle", (400, 600)),
        ("zwei Fleischlaberl", "Europe/Vienna", "frikadelle", (400, 600)),
        # a Mexican gordita is no Taco Bell item
        ("dos gorditas de chicharrón", "America/Mexico_City", "gordita", (500, 800)),
        ("una gordita de queso", "America/Mexico_City", "gordita", (250, 400)),
        # sole the fish, said so
        ("una sogliola ai ferri", "Europe/Rome", "sole", (60, 120)),
        ("une sole grillée", "Europe/Paris", "sole", (60, 120)),
        ("lemon sole and chips", "Europe/London", "sole", (60, 120)),
        # red mullet is its own fish
        ("salmonetes a la plancha", "Europe/Madrid", "red mullet", (100, 160)),
        ("un rouget au four", "Europe/Paris", "red mullet", (100, 160)),
        ("triglie al forno", "Europe/Rome", "red mullet", (100, 160)),
    ],
)
def test_a_local_name_logs_its_own_food(
    text: str, zone: str, food: str, kcal: tuple[float, float]
) -> None:
    cal = _one(text, zone, food)
    assert kcal[0] <= cal <= kcal[1], _logged(text, zone)


@pytest.mark.parametrize(
    ("text", "kcal"),
    [
        ("pollo a la brasa con papas", (800, 1100)),
        ("1/4 de pollo a la brasa con papas fritas y ensalada", (800, 1100)),
        ("medio pollo a la brasa con papas", (1600, 2200)),
    ],
)
def test_the_fries_of_a_peruvian_chicken_are_part_of_it(
    text: str, kcal: tuple[float, float]
) -> None:
    found = _logged(text, "America/Lima")
    assert len(found) == 1, found
    name, cal = found[0]
    assert name.startswith("pollo a la brasa con papas") and kcal[0] <= cal <= kcal[1], found


@pytest.mark.parametrize(
    "text",
    [
        "un pollo a la brasa, 1/4 con papas",
        "1/4 de pollo a la brasa y unas papas",
        "pollo a la brasa (un cuarto) con papas y ensalada",
    ],
)
def test_papas_said_apart_from_a_peruvian_chicken_are_its_fries(text: str) -> None:
    found = _logged(text, "America/Lima")
    assert [name for name, _ in found if name.startswith("pollo a la brasa")], found
    fries = [cal for name, cal in found if name.startswith("french fries")]
    assert len(fries) == 1 and 250 <= fries[0] <= 450, found


@pytest.mark.parametrize(
    ("text", "zone", "food", "kcal"),
    [
        # Italian crisps by the bag or with a drink, and fries beside a meal or a portion
        ("aperitivo con uno spritz e patatine", "Europe/Rome", "potato chips", (100, 200)),
        ("un pacchetto di patatine", "Europe/Rome", "potato chips", (100, 200)),
        ("una birra e patatine davanti alla partita", "Europe/Rome", "potato chips", (100, 200)),
        ("hamburger e patatine", "Europe/Rome", "french fries", (250, 450)),
        ("cotoletta con patatine", "Europe/Rome", "french fries", (250, 450)),
        ("una porzione di patatine", "Europe/Rome", "french fries", (250, 450)),
    ],
)
def test_patatine_are_crisps_unless_fried(
    text: str, zone: str, food: str, kcal: tuple[float, float]
) -> None:
    cal = _one(text, zone, food)
    assert kcal[0] <= cal <= kcal[1], _logged(text, zone)


@pytest.mark.parametrize(
    ("text", "zone", "unwanted"),
    [
        ("le 3 mars, une salade niçoise", "Europe/Paris", "candy bar"),
        ("boquerones fritos y una caña", "Europe/Madrid", "fritos"),
        ("pimientos fritos con huevo", "Europe/Madrid", "fritos"),
        ("chorizos fritos con pan", "Europe/Madrid", "fritos"),
        ("pranzo al sole: insalata di riso", "Europe/Rome", "sole"),
        ("comí ceviche en Lima", "America/Lima", "lime"),
        ("a pranzo da papà, pasta al pomodoro", "Europe/Rome", "potato"),
        ("cené con mis papás un lomo saltado", "America/Lima", "potato"),
        # a plain milanesa with fries is no milanesa napolitana
        ("milanesa con papas fritas", "America/Argentina/Buenos_Aires", "milanesa napolitana"),
    ],
)
def test_an_everyday_word_names_no_food_it_means_elsewhere(
    text: str, zone: str, unwanted: str
) -> None:
    found = _logged(text, zone)
    assert found and not [name for name, _ in found if name.startswith(unwanted)], found


@pytest.mark.parametrize(
    "text",
    [
        "un croissant au beurre",
        "deux croissants pur beurre",
        "ein Buttercroissant",
        "un croissant de mantequilla",
        "un cornetto al burro",
        "an all butter croissant",
    ],
)
def test_a_butter_croissant_is_one_croissant(text: str) -> None:
    found = _logged(text, "Europe/Paris")
    assert len(found) == 1 and "croissant" in found[0][0], found
    assert 200 <= found[0][1] / (2 if text.startswith("deux") else 1) <= 260, found


@pytest.mark.parametrize(
    ("text", "food", "kcal"),
    [
        ("a glass of semi skimmed", "semi-skimmed milk", (100, 150)),
        ("un vaso de semidesnatada", "semi-skimmed milk", (100, 150)),
        ("greek yog and blueberries", "greek yogurt", (100, 150)),
        ("3 sausage links", "sausage", (200, 300)),
        ("eine Rivella zum Zmittag", "rivella", (100, 160)),
        ("eine Rivella blau", "diet soft drink", (0, 20)),
        ("un pacchetto di crackers integrali", "whole wheat crackers", (80, 130)),
        ("Rievkooche mit Apfelmus", "kartoffelpuffer", (300, 450)),
        ("zwei Fleischpflanzerl", "frikadelle", (400, 600)),
        ("hashbrowns", "hash browns", (120, 180)),
        ("a slice of chicago deep dish", "deep dish pizza", (380, 600)),
        ("a maid-rite for lunch", "loose meat sandwich", (300, 480)),
        ("amagwinya with polony", "vetkoek", (250, 320)),
        ("fuchka from the stall", "pani puri", (200, 300)),
        ("a bulla with cheese", "bulla", (200, 350)),
        ("thosai with sambar", "dosa", (120, 220)),
    ],
)
def test_a_local_or_short_name_is_read(text: str, food: str, kcal: tuple[float, float]) -> None:
    cal = _one(text, "Europe/Zurich", food)
    assert kcal[0] <= cal <= kcal[1], _logged(text, "Europe/Zurich")
