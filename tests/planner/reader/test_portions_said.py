"""How much of a food, as people say it: cuts, parts and wholes, tins, sized containers,
litres after a drink and small bowls, in five languages."""

from __future__ import annotations

import functools

import pytest

from bot.planner.offline.planner import plan_text
from bot.planner.reader.quantities import parse_prefix
from tests.planner.logged import context_at, named_kcal

CONTEXT = context_at("Europe/Berlin", 12)
# Each entry's name and its calories.
_entries = functools.partial(named_kcal, context=CONTEXT)


def _one(text: str) -> tuple[str, float]:
    entries = _entries(text)
    assert len(entries) == 1, (text, entries)
    return entries[0]


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("one slice of veggie pizza", 200, 420),  # the row weighs a piece, not a slice
        ("3 Stück Pizza", 700, 1000),  # the pieces of a pizza are its slices
        ("dos trozos de pizza", 450, 700),
        ("deux morceaux de pizza", 450, 700),
        ("tre pezzi di pizza", 700, 1000),
        ("un trancio di pizza", 200, 350),
        ("quattro tranci di pizza", 1000, 1400),
    ],
)
def test_a_piece_or_slice_of_a_pizza_is_one_slice_never_a_whole_one(
    text: str, low: float, high: float
) -> None:
    _food, kcal = _one(text)
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("half of a pizza", 450, 700),
        ("die Hälfte einer Pizza", 450, 700),
        ("la mitad de una pizza", 450, 700),
        ("la moitié d'une pizza", 450, 700),
        ("metà della pizza", 450, 700),
        ("a quarter of a pizza", 200, 350),
        ("half of the frozen pizza", 350, 500),
    ],
)
def test_a_part_of_one_is_that_part_of_the_whole(text: str, low: float, high: float) -> None:
    _food, kcal = _one(text)
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("words", "count"),
    [
        ("half of a", 0.5),
        ("die halfte einer", 0.5),
        ("la mitad de una", 0.5),
        ("la moitie d une", 0.5),
        ("un quarto di", 0.25),
        ("a quarter of a", 0.25),
    ],
)
def test_the_words_for_a_part_read_as_a_count(words: str, count: float) -> None:
    quantity = parse_prefix(words.split())
    assert quantity.count == count and quantity.explicit
    assert quantity.tokens == len(words.split())


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("una pizza diavola intera", 850, 1200),  # counted as one, still the whole of it
        ("pizza capricciosa entera", 800, 1100),
        ("eine ganze Tiefkühlpizza", 700, 1000),
        ("a whole frozen pizza", 700, 1000),
        ("une pizza entière", 900, 1300),
    ],
)
def test_whole_before_or_after_the_dish_is_all_of_it(text: str, low: float, high: float) -> None:
    _food, kcal = _one(text)
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("eine Tiefkühlpizza", 700, 1000),  # its portion is half of one; one is the whole
        ("2 frozen pizzas", 1500, 2000),
        ("a pomegranate", 180, 300),
        ("frozen pizza", 350, 500),  # no count: the table's portion
    ],
)
def test_a_count_of_a_food_portioned_in_halves_counts_whole_ones(
    text: str, low: float, high: float
) -> None:
    _food, kcal = _one(text)
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "measure"),
    [
        ("a can of chili", "400 g"),
        ("a tin of baked beans", "400 g"),
        ("eine Dose Suppe", "400 ml"),
        ("a tin of campbells tomato soup", "400 ml"),  # a brand between the tin and the soup
        ("a can of coke", "330 ml"),  # a can of a drink is the drink's can
        ("una lata de cerveza", "330 ml"),
    ],
)
def test_a_tin_of_a_food_is_a_400_g_tin_and_a_can_of_a_drink_stays_330_ml(
    text: str, measure: str
) -> None:
    food, _kcal = _one(text)
    assert measure in food


@pytest.mark.parametrize(
    ("text", "measure"),
    [
        ("a 20 oz bottle of coke", "591 ml"),
        ("2 330ml cans of beer", "660 ml"),
        ("a 45g packet of crisps", "45 g"),
        ("a 100 g bar of chocolate", "100 g"),
    ],
)
def test_a_measure_said_before_its_container_is_how_much_it_holds(text: str, measure: str) -> None:
    food, _kcal = _one(text)
    assert measure in food


@pytest.mark.parametrize(
    ("text", "measure"),
    [
        ("ein Radler 0,5", "500 ml"),
        ("2 Bier 0,5", "1000 ml"),
        ("una birra 0,4", "400 ml"),
        ("a coke 1.5", "1500 ml"),
    ],
)
def test_a_bare_fraction_after_a_drink_is_its_litres(text: str, measure: str) -> None:
    food, _kcal = _one(text)
    assert measure in food


def test_a_whole_number_after_a_drink_is_no_litres() -> None:
    entries = _entries("a coke 2")
    assert all("2000 ml" not in food for food, _kcal in entries)


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("2 katori rice", 180, 330),  # a small bowl, weighed as the rice's cup weighs
        ("1 katori dal", 100, 200),
    ],
)
def test_a_katori_is_a_small_bowl(text: str, low: float, high: float) -> None:
    _food, kcal = _one(text)
    assert low <= kcal <= high


@pytest.mark.parametrize(
    "text",
    ["une salade moyenne", "des frites moyennes", "deux frites moyennes"],
)
def test_a_size_after_a_dish_is_no_question_about_an_average(text: str) -> None:
    plan = plan_text(text, CONTEXT)
    assert [a for a in plan.actions if a.type == "nutrition.add_entry"], text


def test_an_average_asked_in_french_is_still_a_question() -> None:
    plan = plan_text("calories en moyenne cette semaine", CONTEXT)
    assert not [a for a in plan.actions if a.type == "nutrition.add_entry"]


@pytest.mark.parametrize(
    ("text", "measure"),
    [
        ("one and a half cups of rice", "1.5 cups"),
        ("1 and a half bagels", "1.5"),
        ("eineinhalb Brötchen", "1.5"),
        ("anderthalb Brötchen", "1.5"),
        ("uno y medio bocadillo", "1.5"),
        ("un et demi croissant", "1.5"),
        ("2 and a half cups of rice", "2.5 cups"),
        ("zweieinhalb Brötchen", "2.5"),
        ("deux et demi croissants", "2.5"),
    ],
)
def test_one_and_a_half_is_one_count_not_two_foods(text: str, measure: str) -> None:
    food, _kcal = _one(text)
    assert measure in food


@pytest.mark.parametrize(
    "text", ["a couple of eggs", "ein paar Eier", "un par de huevos", "un paio di uova"]
)
def test_a_couple_is_two_in_every_language(text: str) -> None:
    food, _kcal = _one(text)
    assert "2 " in food


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("una porción pequeña de papas fritas", 200, 300),  # the size after the portion word
        ("una porzione grande di patatine", 450, 600),
        ("eine kleine Portion Pommes", 200, 300),
        ("a large portion of fries", 450, 600),
    ],
)
def test_a_sized_portion_is_that_size_wherever_the_size_stands(
    text: str, low: float, high: float
) -> None:
    _food, kcal = _one(text)
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("a pot of yogurt", 60, 130),  # a 150 g pot, not a 245 g cup
        ("ein Becher Joghurt", 60, 130),
        ("un vasetto di yogurt", 60, 130),
        ("a pot of greek yogurt", 100, 160),  # the row's own container
    ],
)
def test_a_pot_of_yogurt_is_a_pot(text: str, low: float, high: float) -> None:
    _food, kcal = _one(text)
    assert low <= kcal <= high


def test_a_mug_of_coffee_said_becher_is_still_a_drink() -> None:
    food, _kcal = _one("ein Becher Kaffee")
    assert "ml" in food


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("ne Pizza", 900, 1300),  # a pizza, counted whole, not the table's two slices
        ("ne Tiefkühlpizza und nen Kaffee", 700, 1000),
    ],
)
def test_chat_german_ne_and_nen_count_one(text: str, low: float, high: float) -> None:
    kcal = sum(kcal for _food, kcal in _entries(text))
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("we shared a large pizza", 1000, 1300),  # half of the large one, 8 slices
        ("eine Pizza zu zweit", 450, 700),
        ("una pizza in due", 450, 700),
        ("une pizza à deux", 450, 700),
        ("una pizza a medias", 450, 700),
        ("haben uns eine Pizza geteilt", 450, 700),
        ("a pizza between the three of us", 300, 450),
    ],
)
def test_a_food_shared_is_the_persons_part_of_it(text: str, low: float, high: float) -> None:
    kcal = sum(kcal for _food, kcal in _entries(text))
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("split peas", "1/2 cup cooked"),  # the table's portion, not half of it
        ("a banana split", "1 dish"),
        ("un café deux croissants", "2 medium"),
    ],
)
def test_no_sharing_where_the_words_say_none(text: str, amount: str) -> None:
    assert any(food.endswith(amount) for food, _kcal in _entries(text))


@pytest.mark.parametrize(
    ("text", "measure"),
    [
        ("a bottle of red wine", "750 ml"),
        ("eine Flasche Sekt", "750 ml"),
        ("una bottiglia di prosecco", "750 ml"),
        ("we split a bottle of white wine", "375 ml"),
        ("a bottle of beer", "330 ml"),  # a beer bottle is a beer's
        ("a bottle of water", "500 ml"),
    ],
)
def test_a_bottle_of_wine_is_the_750_ml_it_is_sold_in(text: str, measure: str) -> None:
    food, _kcal = _one(text)
    assert measure in food


@pytest.mark.parametrize(
    ("text", "measure"),
    [
        ("zwei Viertel Rotwein", "500 ml"),  # poured by the quarter litre
        ("ein Achterl Weißwein", "125 ml"),
        ("un quarto di vino bianco", "250 ml"),
        ("un quart de vin rouge", "250 ml"),
        ("dos tercios de cerveza", "666 ml"),
        ("a quart of orange juice", "946 ml"),  # the US quart
    ],
)
def test_wine_and_beer_poured_by_a_part_of_a_litre(text: str, measure: str) -> None:
    food, _kcal = _one(text)
    assert measure in food


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("a third of a pizza", 300, 450),
        ("ein Drittel einer Pizza", 300, 450),
        ("un tiers de la pizza", 300, 450),
        ("un quarto di pizza", 200, 350),  # a quarter of a food is no quarter litre
    ],
)
def test_a_third_of_a_food(text: str, low: float, high: float) -> None:
    _food, kcal = _one(text)
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "amount"), [("my third coffee", "1 cup"), ("il terzo caffè", "1 cup")]
)
def test_a_third_without_of_is_an_ordinal(text: str, amount: str) -> None:
    food, _kcal = _one(text)
    assert amount in food


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("un gran plato de pasta", 550, 700),  # the Spanish "gran" before a noun is large
        ("un gros morceau de gâteau", 380, 460),
        ("a tiny piece of cake", 180, 240),
        ("due birre piccole", 150, 200),  # plural sizes after the drink
        ("dos cervezas grandes", 400, 460),
    ],
)
def test_sizes_in_their_other_forms(text: str, low: float, high: float) -> None:
    _food, kcal = _one(text)
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("rice (2 cups)", "2 cups"),  # a count of a measure after the food, in brackets or not
        ("spaghetti 2 plates", "2 plates"),
        ("a pizza (3 slices)", "3 slices"),
        ("coffee 2 cups and a croissant", "2 cups"),
    ],
)
def test_a_count_of_a_measure_after_the_food_is_its_amount(text: str, amount: str) -> None:
    assert any(amount in food for food, _kcal in _entries(text))


def test_a_count_after_a_food_before_another_food_is_that_foods() -> None:
    entries = _entries("eggs 2 slices of toast")
    assert any(food.startswith("Toast") and "2 slices" in food for food, _kcal in entries)
    assert all(not (food.startswith("Egg") and "slice" in food) for food, _kcal in entries)


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("spicy tuna roll (4 pieces)", 130, 190),  # half the roll its portion cuts in 8
        ("a salmon roll 4 pieces", 110, 160),  # two thirds of a roll of 6
    ],
)
def test_pieces_of_a_portion_cut_in_pieces(text: str, low: float, high: float) -> None:
    _food, kcal = _one(text)
    assert low <= kcal <= high
