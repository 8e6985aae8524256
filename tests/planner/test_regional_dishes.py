"""Everyday dishes, breads, snacks and drinks of the places the bot's users live, named the
way people there write them: each is logged as that dish, once, at the size it is served in,
and no new name takes the words of a food the table already knew."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

_ZONES = {
    "en": "Europe/London",
    "de": "Europe/Berlin",
    "es": "America/Bogota",
    "fr": "Africa/Dakar",
    "it": "Europe/Rome",
}


def _logged(lang: str, text: str) -> list[tuple[str, float]]:
    return named_kcal(text, context_at(_ZONES[lang], 13), lower=True)


@pytest.mark.parametrize(
    ("lang", "text", "name", "low", "high"),
    [
        # Caribbean, Central and South America
        ("es", "almorcé un sancocho de gallina", "sancocho", 350, 600),
        ("es", "de desayuno changua con pan", "changua", 200, 450),
        ("es", "me comí dos buñuelos", "buñuelo", 250, 450),
        ("es", "un tamal tolimense con chocolate", "tamal tolimense", 550, 900),
        ("es", "mangú con los tres golpes", "tres golpes", 700, 1000),
        ("es", "un mofongo de chicharrón", "mofongo", 450, 700),
        ("es", "arroz con gandules y una malta", "arroz con gandules", 280, 400),
        ("es", "un pastelito de guayaba y un cafecito", "pastelito de guayaba", 200, 320),
        ("es", "3 alcapurrias en la playa", "alcapurria", 850, 1150),
        ("es", "pastel de choclo para la cena", "pastel de choclo", 420, 650),
        ("es", "una chorrillana para compartir", "chorrillana", 800, 1100),
        ("es", "cazuela de vacuno, un plato", "cazuela", 330, 500),
        ("es", "papa a la huancaína de entrada", "huancaína", 300, 450),
        ("es", "tallarines verdes con bistec", "tallarines verdes", 500, 750),
        ("es", "un plato de frijoles charros", "frijoles charros", 250, 400),
        # West Africa and the Maghreb, in French
        ("fr", "un bon thiéboudienne à midi", "thieboudienne", 600, 900),
        ("fr", "du poulet yassa ce soir", "yassa", 600, 850),
        ("fr", "un plat de mafé", "mafé", 600, 900),
        ("fr", "une garba au maquis", "garba", 600, 900),
        ("fr", "du ndolé aux crevettes", "ndolé", 450, 650),
        ("fr", "une brik à l'oeuf", "brik", 250, 380),
        ("fr", "un bol de chorba", "chorba", 200, 330),
        ("fr", "deux makrouts avec le thé", "makrout", 350, 500),
        ("fr", "un far breton", "far breton", 200, 330),
        # Italy's regions
        ("it", "un pezzo di focaccia genovese", "focaccia genovese", 280, 400),
        ("it", "pasta alla genovese per pranzo", "genovese", 500, 720),
        ("it", "un piatto di pizzoccheri", "pizzoccheri", 550, 780),
        ("it", "porceddu e pane carasau", "porceddu", 450, 700),
        ("it", "una cotoletta alla milanese", "cotoletta", 430, 650),
        ("it", "il frico con la polenta", "frico", 400, 580),
        # German speakers abroad
        ("de", "eine Portion Jerk Chicken", "jerk chicken", 400, 600),
        ("de", "zwei Roti Canai zum Frühstück", "roti canai", 500, 700),
        # US, UK, Canada
        ("en", "shrimp and grits for brunch", "shrimp and grits", 500, 750),
        ("en", "fried catfish at the fish fry", "catfish", 280, 420),
        ("en", "a basket of fried cheese curds", "cheese curds", 450, 650),
        ("en", "grabbed a skyline chili three way", "chili", 600, 850),
        ("en", "a root beer float after dinner", "root beer float", 250, 400),
        ("en", "haggis neeps and tatties on burns night", "haggis", 550, 800),
        ("en", "a bowl of cullen skink", "cullen skink", 260, 420),
        ("en", "two butter tarts with my coffee", "butter tart", 500, 700),
        ("en", "ketchup chips", "ketchup chips", 170, 260),
        # South Asia, Africa, the Caribbean, South-East Asia
        ("en", "chicken karahi, no rice", "karahi", 400, 600),
        ("en", "a bowl of nihari", "nihari", 420, 600),
        ("en", "waakye with stew and egg", "waakye", 550, 800),
        ("en", "red red and plantain", "red red", 550, 800),
        ("en", "githeri for lunch", "githeri", 350, 520),
        ("en", "a kota from the spaza", "kota", 750, 1100),
        ("en", "ackee and saltfish with fried dumplings", "ackee", 380, 560),
        ("en", "curry goat", "curry goat", 380, 560),
        ("en", "2 jamaican patties", "jamaican patt", 800, 1000),
        ("en", "a glass of mauby", "mauby", 80, 150),
        ("en", "bak kut teh", "bak kut teh", 380, 560),
        ("en", "economy rice at the kopitiam", "economy rice", 550, 800),
        ("en", "a plate of sisig", "sisig", 430, 620),
        ("en", "halo halo for merienda", "halo", 330, 480),
        # German-speaking home cooking
        ("de", "Mittags gab es Senfeier", "senfeier", 420, 640),
        ("de", "zwei Kohlrouladen mit Soße", "kohlroulade", 380, 600),
        ("de", "Schinkennudeln vom Vortag", "schinkennudeln", 500, 750),
        ("de", "ein Handkäs mit Musik", "handkäs", 200, 320),
        ("de", "Grüne Soße mit Eiern und Kartoffeln", "grüne soße", 380, 600),
        ("de", "eine Scheibe Saumagen", "saumagen", 330, 520),
        # Spain and Latin America
        ("es", "bacalao al pil pil para cenar", "pil pil", 350, 550),
        ("es", "de postre leche frita", "leche frita", 230, 380),
        ("es", "un pambazo en el puesto", "pambazo", 450, 680),
        ("es", "aguachile de camarón con tostadas", "aguachile", 170, 300),
        ("es", "un plato de charquicán", "charquicán", 350, 550),
        ("es", "seco de res con frejoles", "seco de res", 600, 900),
        ("es", "de almuerzo arroz con pato", "arroz con pato", 600, 900),
        ("es", "pernil asado en Navidad", "pernil", 320, 500),
        # French-speaking tables
        ("fr", "une part de pastilla au poulet", "pastilla", 520, 800),
        ("fr", "un bol de bissara le matin", "bissara", 260, 420),
        ("fr", "deux sfenj au petit déjeuner", "sfenj", 400, 600),
        ("fr", "du kedjenou avec l'attiéké", "kedjenou", 360, 560),
        ("fr", "des accras de morue à l'apéro", "accras", 260, 420),
        ("fr", "une part de tarte au riz", "tarte au riz", 250, 400),
        ("fr", "deux croquettes aux crevettes", "croquettes aux crevettes", 300, 460),
        # Italian regions
        ("it", "una fetta di pastiera", "pastiera", 400, 600),
        ("it", "pasta e patate con la provola", "pasta e patate", 450, 680),
        ("it", "dieci arrosticini", "arrosticini", 400, 620),
        ("it", "un piatto di cassoeula", "cassoeula", 520, 780),
        ("it", "rigatoni alla gricia", "gricia", 520, 780),
        ("it", "tre frittelle a carnevale", "frittell", 240, 380),
        ("it", "tortelli di zucca al burro", "tortelli di zucca", 400, 620),
        # English-speaking regions and diasporas
        ("en", "fried okra on the side", "fried okra", 180, 320),
        ("en", "a juicy lucy at the bar", "juicy lucy", 650, 950),
        ("en", "a plate of stovies", "stovies", 400, 620),
        ("en", "colcannon with the ham", "colcannon", 220, 350),
        ("en", "misal pav for breakfast", "misal", 450, 680),
        ("en", "indomie with egg", "indomie", 260, 420),
        ("en", "doro wat with injera", "doro wat", 360, 560),
        ("en", "half a murtabak", "murtabak", 250, 380),
        ("en", "chicken inasal and rice", "inasal", 360, 560),
        ("en", "a slice of leche flan", "flan", 220, 350),
        ("es", "dos paletas de hielo en la tarde", "paleta de hielo", 100, 200),
        ("it", "un piatto di vincisgrassi", "vincisgrassi", 500, 720),
        ("de", "Spundekäs mit Brezel", "spundekäs", 220, 340),
        ("en", "edikang ikong and pounded yam", "edikang ikong", 380, 560),
    ],
)
def test_a_regional_dish_is_logged_once_as_itself(
    lang: str, text: str, name: str, low: float, high: float
) -> None:
    entries = _logged(lang, text)
    named = [(food, kcal) for food, kcal in entries if name in food]
    assert len(named) == 1, entries
    assert low <= named[0][1] <= high, entries


@pytest.mark.parametrize(
    ("lang", "text", "name"),
    [
        ("en", "a bowl of hot brown rice", "brown rice"),
        ("es", "pan con queso", "pan con queso"),
        ("en", "a glass of red red wine", "wine"),
        ("it", "focaccia al rosmarino", "focaccia"),
        ("fr", "un fricassé", "frikassee"),
        ("fr", "coucou ! une salade verte ce midi", "salad"),
        ("en", "a bowl of khichdi", "khichdi"),
    ],
)
def test_a_new_dish_name_leaves_the_foods_it_contains_alone(
    lang: str, text: str, name: str
) -> None:
    foods = [food for food, _ in _logged(lang, text)]
    assert len(foods) >= 1, foods
    assert name in foods[0], foods


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("es", "me tomé una pastilla para el dolor de cabeza"),
        ("it", "un sapore rustico, ma niente di che"),
        ("en", "the festival was packed"),
        ("de", "Wir haben heute viel Leben im Haus"),
        ("es", "ese libro es tuyo, no mío"),
        ("en", "going to boil up the kettle"),
        ("fr", "coucou toi"),
    ],
)
def test_an_everyday_word_beside_a_dish_name_logs_no_dish(lang: str, text: str) -> None:
    assert _logged(lang, text) == []
