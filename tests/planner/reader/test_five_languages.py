"""How people write in five languages without reading any rules: a guess at an amount
("about 6 oz", "environ 300 kcal"), elided articles ("l'insalata"), ratings said loosely
("dormito male, 2 su 5"), places and descriptors, a fillet of a food, a dish's own amount,
sizes and whole pizzas."""

from __future__ import annotations

import pytest

from bot.planner.offline.planner import plan_text
from bot.planner.reader.lookup import is_modifier, served_on
from bot.planner.reader.normalize import fold
from bot.planner.reader.quantities import parse_prefix
from tests.planner.logged import context_at, understood_kcal

CONTEXT = context_at("Europe/Rome", 12)


def _entries(text: str) -> list[tuple[str, float]]:
    return understood_kcal(text, CONTEXT)


@pytest.mark.parametrize(
    ("words", "count", "unit"),
    [
        ("about 6 oz", 6.0, "oz"),
        ("roughly 2 cups of", 2.0, "cup"),
        ("ungefahr 200 g", 200.0, "g"),
        ("etwa 3", 3.0, ""),
        ("alrededor de 150 g de", 150.0, "g"),
        ("mas o menos 2", 2.0, ""),
        ("environ 250 g de", 250.0, "g"),
        ("a peu pres 2", 2.0, ""),
        ("tipo 100 g di", 100.0, "g"),
        ("piu o meno 3", 3.0, ""),
    ],
)
def test_a_guessing_word_is_read_with_the_number_after_it(
    words: str, count: float, unit: str
) -> None:
    quantity = parse_prefix(words.split())
    assert (quantity.count, quantity.unit, quantity.tokens) == (count, unit, len(words.split()))


@pytest.mark.parametrize(
    ("text", "name", "kcal"),
    [
        ("about 6 oz grilled chicken", "Chicken breast (grilled chicken), 6 oz (170 g)", 281),
        ("around 4 crackers", "Crackers, 4 crackers", 64),
        ("ungefähr 200 g Reis", "Rice (reis), 200 g", 259),
        ("unos 200 g de arroz", "Rice (arroz), 200 g", 259),
        ("más o menos 200 g de arroz", "Rice (arroz), 200 g", 259),
        ("à peu près 200 g de riz", "Rice (riz), 200 g", 259),
        ("circa 200 g di riso", "Rice (riso), 200 g", 259),
    ],
)
def test_an_amount_said_as_a_guess_is_the_amount(text: str, name: str, kcal: float) -> None:
    assert [(n, round(k)) for n, k in _entries(text)] == [(name, kcal)]


@pytest.mark.parametrize(
    ("text", "name", "kcal"),
    [
        ("un pain au chocolat, environ 300 kcal", "Pain au chocolat, 1 piece", 300),
        ("due biscotti, tipo 120 kcal", "Cookies (biscotti), 2 cookies", 120),
        ("ein Croissant, ungefähr 280 kcal", "Croissant, 1 medium", 280),
        ("una manzana, unas 90 kcal", "Apple (manzana), 1 medium", 90),
        ("a muffin, roughly 400 cal", "Muffin, 1 medium", 400),
    ],
)
def test_a_guessed_energy_is_the_persons_for_the_food_before_it(
    text: str, name: str, kcal: float
) -> None:
    assert _entries(text) == [(name, kcal)]


def test_a_time_stays_a_time_and_mas_o_menos_before_a_number_is_no_mood() -> None:
    plan = plan_text("más o menos 200 g de arroz", CONTEXT)
    assert [a.type for a in plan.actions] == ["nutrition.add_entry"]
    assert _entries("lunch at 1 then a banana") == [("Banana, 1 medium", 105)]


@pytest.mark.parametrize(
    ("said", "folded"),
    [
        ("un'insalata mista", "un insalata mista"),
        ("L'acqua", "l acqua"),
        ("dell’acqua", "dell acqua"),
        ("flocons d'avoine", "flocons d avoine"),
        ("J'ai mangé", "j ai mange"),
        ("qu'il", "qu il"),
        ("all'avena", "all avena"),
        ("aujourd'hui", "aujourd'hui"),
        ("I'm", "i'm"),
        ("cow's milk", "cow's milk"),
        ("un po'", "un po'"),
    ],
)
def test_an_elided_article_is_a_word_of_its_own(said: str, folded: str) -> None:
    assert fold(said) == folded


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("un'insalata mista", ["Salad (insalata mista)"]),
        ("l'insalata", ["Salad (insalata), 1 bowl (200 g)"]),
        ("un bicchiere d'acqua", ["Water (acqua), 1 glass (250 ml)"]),
        ("dell'acqua e un'arancia", ["Water (acqua)", "Orange (arancia)"]),
        ("j'ai mangé des flocons d'avoine", ["Rolled oats (flocons d'avoine)"]),
        ("un verre d'eau et l'omelette", ["Water (eau)", "Omelette"]),
    ],
)
def test_a_food_after_an_elided_article_is_found(text: str, names: list[str]) -> None:
    found = [name for name, _kcal in _entries(text)]
    assert len(found) == len(names)
    for name, expected in zip(found, names, strict=True):
        assert name.startswith(expected)


def test_a_litre_is_still_a_litre_after_a_number() -> None:
    assert _entries("1 l d'acqua") == [("Water (acqua), 1 l", 0.0)]


def _checkin(text: str) -> dict[str, int | None]:
    plan = plan_text(text, CONTEXT)
    assert plan.understood, plan
    (checkin,) = [a for a in plan.actions if a.type == "checkin.upsert"]
    return {"mood": checkin.mood, "energy": checkin.energy, "sleep": checkin.sleep_quality}


@pytest.mark.parametrize(
    ("text", "ratings"),
    [
        ("slept kinda meh, maybe a 3. mood 4", {"mood": 4, "energy": None, "sleep": 3}),
        ("he dormido bien, un 4. ánimo 4", {"mood": 4, "energy": None, "sleep": 4}),
        ("bien dormi, je dirais 4/5. moral 3", {"mood": 3, "energy": None, "sleep": 4}),
        ("dormito male, 2 su 5. umore 3", {"mood": 3, "energy": None, "sleep": 2}),
        ("Schlaf 3 von 5, Laune 2", {"mood": 2, "energy": None, "sleep": 3}),
        ("sommeil moyen, 3 sur 5", {"mood": None, "energy": None, "sleep": 3}),
        ("sleep was rough, 2/5, energy 2", {"mood": None, "energy": 2, "sleep": 2}),
        ("ho dormito bene, direi 8/10", {"mood": None, "energy": None, "sleep": 4}),
        ("humeur 2", {"mood": 2, "energy": None, "sleep": None}),
    ],
)
def test_a_sleep_word_takes_the_rating_later_in_its_sentence(
    text: str, ratings: dict[str, int | None]
) -> None:
    assert _checkin(text) == ratings


def test_a_number_that_counts_something_else_is_no_sleep_rating() -> None:
    assert _checkin("slept badly, mood 3") == {"mood": 3, "energy": None, "sleep": 2}
    plan = plan_text("slept badly, 2 coffees", CONTEXT)
    assert [a.entry.food for a in plan.actions if a.type == "nutrition.add_entry"] == [
        "Coffee, 2 cups (480 ml)"
    ]


@pytest.mark.parametrize(
    ("word", "following", "modifier"),
    [
        ("whole", "wheat", True),
        ("whole", "grain", True),
        ("whole", "pizza", False),
        ("rye", "", True),
        ("sourdough", "toast", True),
        ("vollkorn", "", True),
        ("integrale", "", True),
    ],
)
def test_what_bread_is_made_of_is_a_modifier(word: str, following: str, modifier: bool) -> None:
    assert is_modifier(word, following) is modifier


@pytest.mark.parametrize(
    ("words", "length"),
    [("on rye".split(), 2), ("on whole wheat bread".split(), 3), ("on the go".split(), 0)],
)
def test_what_a_food_was_served_on_is_read_after_it(words: list[str], length: int) -> None:
    assert served_on(words) == length


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("a slice of whole wheat toast", ["Toast, 1 slice"]),
        ("whole grain toast with butter", ["Toast with butter, 1 slice"]),
        ("turkey sandwich on rye", ["Turkey sandwich, 1 sandwich"]),
        ("a ham sandwich on whole wheat", ["Ham sandwich, 1 sandwich"]),
        ("una fetta di torta", ["Cake (torta), 1 slice"]),
        ("une tranche de jambon", ["Ham (jambon), 1 slice"]),
        ("cornetto e cappuccino al bar", ["Croissant (cornetto), 1 medium", "Cappuccino"]),
        ("Mittag in der Kantine: Schnitzel", ["Schnitzel, 1 schnitzel"]),
        ("un sandwich au bureau", ["Sandwich, 1 sandwich"]),
        ("una ensalada en la oficina", ["Ensalada, 1 bowl"]),
        ("una manzana de postre", ["Apple (manzana), 1 medium"]),
        ("Apfelstrudel als Nachtisch", ["Apple pie (apfelstrudel)"]),
        ("une pomme en dessert", ["Apple (pomme), 1 medium"]),
        ("tiramisù per dolce", ["Tiramisu"]),
    ],
)
def test_descriptors_places_and_dessert_are_read_and_never_foods(
    text: str, names: list[str]
) -> None:
    found = [name for name, _kcal in _entries(text)]
    assert len(found) == len(names), found
    for name, expected in zip(found, names, strict=True):
        assert name.startswith(expected)


@pytest.mark.parametrize(
    "text",
    [
        "Waage sagt heute 78,3 kg",
        "the scale says 78.3 kg",
        "la balanza marca 78,3 kg",
        "la balance indique 78,3 kg",
        "la bilancia dice 78,3 kg",
    ],
)
def test_what_the_scale_says_is_the_weight(text: str) -> None:
    plan = plan_text(text, CONTEXT)
    assert plan.understood, plan
    assert [(a.type, a.weight_kg) for a in plan.actions] == [("weight.log", 78.3)]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("un filete de pollo", "Chicken breast, 1 fillet"),
        ("un filet de dinde", "Turkey (dinde)"),
        ("a fillet of salmon", "Salmon, 1 fillet"),
        ("un filetto di merluzzo", "Cod, 1 fillet"),
        ("2 filetes de pescado", "Cod, 2 fillets"),
        ("200 g de pollo", "Chicken breast (pollo), 200 g"),
    ],
)
def test_a_fillet_of_a_food_is_one_item_of_that_food(text: str, name: str) -> None:
    (found,) = _entries(text)
    assert found[0].startswith(name)


def test_a_fillet_with_a_salad_is_the_fillet_and_the_salad() -> None:
    names = [name for name, _kcal in _entries("un filete de pollo con ensalada")]
    assert names[0] == "Chicken breast, 1 fillet" and "1 bowl" in names[1], names


def test_a_fillet_alone_is_still_the_tables_steak() -> None:
    assert [name for name, _kcal in _entries("un filete")] == ["Steak, 1 steak"]


@pytest.mark.parametrize(
    ("text", "name", "kcal"),
    [
        ("una birra media", "Beer (birra), 1 medium (400 ml)", 172),
        ("una birra piccola", "Beer (birra), 1 small (200 ml)", 86),
        ("ein großes Bier", "Beer (bier), 1 large (500 ml)", 215),
        ("ein mittleres Bier", "Beer (bier), 1 medium (400 ml)", 172),
        ("a large beer", "Beer, 1 large (500 ml)", 215),
        ("a beer", "Beer, 1 bottle (330 ml)", 142),
    ],
)
def test_a_size_is_read_before_or_after_the_food(text: str, name: str, kcal: float) -> None:
    (found,) = _entries(text)
    assert found[0].startswith(name)
    assert kcal == 0 or round(found[1]) == kcal


def test_a_size_after_the_food_is_the_size_before_it() -> None:
    assert _entries("una pizza grande") == _entries("a large pizza")
    assert _entries("un café moyen") == _entries("un café")


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("pizza margherita", "1 pizza"),
        ("una pizza margherita", "1 pizza"),
        ("une pizza margherita", "1 pizza"),
        ("eine Pizza Margherita", "1 pizza"),
        ("a margherita pizza", "1 pizza"),
        ("2 slices of pizza margherita", "2 slices"),
        ("una fetta di pizza margherita", "1 slice"),
    ],
)
def test_a_margherita_is_a_whole_pizza_in_every_language_unless_sliced(
    text: str, amount: str
) -> None:
    ((name, kcal),) = _entries(text)
    assert name.startswith("Margherita pizza")
    assert amount in name
    assert (790 if "pizza" in amount else 135 * int(amount[0]) * 2) == round(kcal)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 100 g of dry pasta (357 kcal) and the plate's sauce (79 kcal)
        (
            "pasta al pomodoro, 100 g di pasta",
            [("Pasta with tomato sauce (pasta al pomodoro), 1 plate (100 g pasta)", 436)],
        ),
        # 120 g of dry pasta (429 kcal) and the egg, guanciale and cheese of the plate
        (
            "pasta carbonara, 120 g of pasta",
            [("Spaghetti carbonara (pasta carbonara), 1 plate (120 g pasta)", 771)],
        ),
    ],
)
def test_a_later_weight_of_a_dishs_base_is_that_dishs_amount(
    text: str, expected: list[tuple[str, float]]
) -> None:
    assert [(name, round(kcal)) for name, kcal in _entries(text)] == expected


@pytest.mark.parametrize(
    "text",
    [
        "pasta al pomodoro e 100 g di pasta",  # no clause of its own: a second item
        "rice and beans, 200 g rice",  # the food itself, not a dish of it
        "spaghetti bolognese, 200 g of salad",  # not what the dish is made of
    ],
)
def test_a_weight_of_something_else_stays_an_item_of_its_own(text: str) -> None:
    assert any(name.endswith(", 200 g") or name.endswith(", 100 g") for name, _k in _entries(text))
