"""The food table: what it holds, what the loader refuses, and how a message's words find it."""

from __future__ import annotations

import csv
import datetime as dt
from importlib import resources

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.foods import find_foods
from bot.planner.offline.planner import plan_text
from bot.planner.offline.table import (
    COLUMNS,
    ETHANOL_G_PER_ML,
    MAX_ABV,
    SOURCES,
    FoodTableError,
    build_table,
    food_table,
    kcal_tolerance,
)
from bot.planner.offline.text import Tokens, tokenize

HEADER = ",".join(COLUMNS)
DATA = resources.files("bot.planner").joinpath("data")


def names(text: str) -> list[str]:
    """The foods a message names, as the table calls them."""
    return [item.name.split(" (")[0] for item in find_foods(Tokens(tokenize(text)))]


def foods_of(text: str) -> list[str]:
    """The entries the offline planner would log for a message."""
    plan = plan_text(text, PlanContext(now=dt.datetime(2026, 11, 22, 12, 0), timezone="UTC"))
    return [a.entry.food for a in plan.actions if isinstance(a, NutritionAddEntry)]


def rows(*lines: str) -> list[tuple[str, str]]:
    return [("test.csv", "\n".join([HEADER, *lines]) + "\n")]


# --- the table as shipped ----------------------------------------------------------------------


def _data_rows() -> list[dict[str, str]]:
    found: list[dict[str, str]] = []
    for name in ("foods.csv", "dishes.csv"):
        if DATA.joinpath(name).is_file():
            found += csv.DictReader(DATA.joinpath(name).read_text("utf-8").splitlines())
    return found


def test_the_table_is_large_enough_for_real_meals() -> None:
    # foods.csv holds the generic foods; with dishes.csv (prepared dishes, chain items) the
    # two make the table of 1,500 foods or more.
    count = len(_data_rows())
    if DATA.joinpath("dishes.csv").is_file():
        assert count >= 1500
    else:
        assert count >= 900
    assert len(food_table().foods) == count  # every row reaches the planner


def test_every_row_names_its_source_and_its_energy_fits_its_macros() -> None:
    for row in _data_rows():
        assert row["source"] in SOURCES, row["name"]
        kcal = float(row["kcal"])
        macros = 4 * float(row["protein"]) + 4 * float(row["carbs"]) + 9 * float(row["fat"])
        if abs(kcal - macros) <= kcal_tolerance(kcal):
            continue
        # Only a drink may carry more: the rest is alcohol, of a strength a drink can have.
        assert "ml" in row["portion"] and kcal > macros, row["name"]
        alcohol_ml = (kcal - macros) / 7 / ETHANOL_G_PER_ML
        assert alcohol_ml <= MAX_ABV * float(row["portion_g"]), row["name"]


def test_drinks_with_alcohol_are_told_from_drinks_without() -> None:
    table = food_table().by_alias
    for strong in ("beer", "red wine", "vodka", "aperol spritz", "pina colada", "baileys"):
        assert table[strong].alcohol_g > 5, strong
    for soft in ("orange juice", "cola", "latte", "milk", "non alcoholic beer", "kombucha"):
        assert table[soft].alcohol_g == 0, soft


# --- what the loader refuses -------------------------------------------------------------------

APPLE = "Apple,Apples,apple|apples,1 medium,182,medium,182,95,0.5,25.1,0.3,usda-sr"


def test_a_good_row_loads() -> None:
    table = build_table(rows(APPLE))
    assert table.by_alias["apple"].name == "Apple"
    assert table.by_alias["apple"].source == "usda-sr"


def test_measures_reach_the_row_of_their_first_alias() -> None:
    measures = "alias,measure,grams\napple,cup,125\napple,slice,14\n"
    table = build_table(rows(APPLE), measures=measures)
    assert table.by_alias["apples"].measure("cup") == 125
    assert table.by_alias["apple"].measure("slice") == 14
    assert table.by_alias["apple"].measure("bowl") is None


def test_a_measure_without_a_weight_is_refused() -> None:
    with pytest.raises(FoodTableError, match="weight"):
        build_table(rows(APPLE), measures="alias,measure,grams\napple,cup,0\n")


def test_an_alias_of_two_foods_is_refused_across_files() -> None:
    other = "Pie,,pie|apple,1 slice,125,slice,125,296,2.4,42.5,13.8,estimate"
    with pytest.raises(FoodTableError, match="'apple'"):
        build_table([("foods.csv", f"{HEADER}\n{APPLE}\n"), ("dishes.csv", f"{HEADER}\n{other}\n")])


def test_an_alias_is_compared_without_accents_and_case() -> None:
    other = "Cafe,,Café,1 cup,240,cup,240,2,0.3,0,0,usda-sr"
    coffee = "Coffee,,coffee|cafe,1 cup,240,cup,240,2,0.3,0,0,usda-sr"
    with pytest.raises(FoodTableError, match="'cafe'"):
        build_table(rows(coffee, other))


def test_energy_that_does_not_fit_the_macros_is_refused() -> None:
    wrong = "Apple,,apple,1 medium,182,medium,182,195,0.5,25.1,0.3,usda-sr"
    with pytest.raises(FoodTableError, match="macros make 105 kcal"):
        build_table(rows(wrong))


def test_a_food_cannot_pass_off_missing_energy_as_alcohol() -> None:
    # Only a drink's extra energy can be alcohol, and not more than a spirit holds.
    solid = "Nuts,,nuts,1 oz (28 g),28,,,400,5,6,14,usda-sr"
    too_strong = "Juice,,juice,1 glass (250 ml),250,glass (250 ml),250,1200,0,25,0,usda-sr"
    for row in (solid, too_strong):
        with pytest.raises(FoodTableError, match="macros make"):
            build_table(rows(row))
    beer = "Beer,,beer,1 bottle (330 ml),330,bottle (330 ml),330,142,1.5,11.7,0,usda-sr"
    assert build_table(rows(beer)).by_alias["beer"].alcohol_g == pytest.approx(12.7, abs=0.1)


@pytest.mark.parametrize("source", ["", "wikipedia"])
def test_a_row_without_a_known_source_is_refused(source: str) -> None:
    row = APPLE.rsplit(",", 1)[0] + f",{source}"
    with pytest.raises(FoodTableError, match="source"):
        build_table(rows(row))


def test_a_file_without_the_source_column_is_refused() -> None:
    old = "name,plural,aliases,portion,portion_g,unit,unit_g,kcal,protein,carbs,fat"
    with pytest.raises(FoodTableError, match="header"):
        build_table([("foods.csv", f"{old}\n{APPLE.rsplit(',', 1)[0]}\n")])


# --- each language finds its foods -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "an apple, a slice of rye bread and a glass of orange juice",
            ["Apple", "Rye bread", "Orange juice"],
        ),
        (
            "ein Apfel, Vollkornbrot und ein Glas Rotwein",
            ["Apple", "Whole wheat bread", "Red wine"],
        ),
        ("Rührei mit Speck und eine Brezel", ["Scrambled eggs", "Bacon", "Bavarian pretzel"]),
        (
            "una manzana, pan integral y un vaso de vino tinto",
            ["Apple", "Whole wheat bread", "Red wine"],
        ),
        (
            "tostada con aceite de oliva y un café con leche",
            ["Toast", "Olive oil", "Coffee with milk"],
        ),
        (
            "une pomme, du pain complet et un verre de vin rouge",
            ["Apple", "Whole wheat bread", "Red wine"],
        ),
        (
            "un croissant, du fromage de chèvre et un jus d'orange",
            ["Croissant", "Goat cheese", "Orange juice"],
        ),
        (
            "una mela, pane integrale e un bicchiere di vino rosso",
            ["Apple", "Whole wheat bread", "Red wine"],
        ),
        (
            "un cornetto, prosciutto crudo e una spremuta",
            ["Croissant", "Cured ham", "Orange juice"],
        ),
    ],
)
def test_each_language_finds_its_foods(text: str, expected: list[str]) -> None:
    assert names(text) == expected


# --- plurals and typos -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "food"),
    [
        ("yoghurts", "Yogurt"),  # English -s
        ("candies", "Sweets"),  # English -ies
        ("Brezeln", "Bavarian pretzels"),  # German -n
        ("Brote", "White bread"),  # German -e
        ("yogures", "Yogurt pots"),  # Spanish -es
        ("panecillos", "Bread rolls"),  # Spanish -s
        ("baguettes", "White bread"),  # French -s
        ("pizze", "Pizza"),  # Italian -e for -a
        ("Äpfel", "Apples"),  # umlaut plural: written with or without the dots, or as "ae"
        ("aepfel", "Apples"),
    ],
)
def test_a_plural_finds_its_food(word: str, food: str) -> None:
    """Two of it, by a plural the table does not list (the name is the food's plural)."""
    assert word.lower() not in food_table().by_alias or word in {"Äpfel", "aepfel"}
    assert names(f"2 {word}") == [food]


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("a bananna", "Banana"),  # one letter too many
        ("some brocoli", "Broccoli"),  # one too few
        ("grilled chiken", "Chicken breast"),
        ("a cappucino", "Cappuccino"),
        ("spagetti bolognese", "Spaghetti bolognese"),  # every word of an alias may be off
        ("a bowl of spagetti", "Pasta"),  # two edits in a long word
    ],
)
def test_a_typo_finds_its_food(text: str, food: str) -> None:
    assert names(text) == [food]


def test_an_exact_name_wins_over_a_typo_of_another() -> None:
    assert names("a wafer") == ["Wafer cookies"]
    assert names("a glass of water") == ["Water"]


@pytest.mark.parametrize("text", ["bred", "chese", "mony"])
def test_short_words_and_first_letters_are_not_guessed(text: str) -> None:
    # "bred" is four letters: too short to guess; "chese" is 5 (cheese): guessed.
    assert names(text) == (["Cheese"] if text == "chese" else [])


@pytest.mark.parametrize(
    "text",
    [
        "I slept badly",
        "feeling great today",
        "went for a walk",
        "went for a walk with the dog",
        "had a meeting with my boss",
        "worked from home all day",
        "my back hurts and I have a headache",
        "stressful day at work, I am tired",
        "played tennis with friends",
        "watched a movie tonight",
        "the weather was nice, lovely morning",
        "called my mother and cleaned the house",
        "read a book before bed",
        "spent money on a new phone",
        "went to the beach",
        "took a shower and went to sleep",
        "it was the worst day of my life",
        "my belly hurts a bit",
        "I had a bad cough",
        "I played a match and made a cross",
        "I need to carry groceries and hurry home",
        "there were 3 times more people than last time",
        "what does that mean",
        "I dream of summer",
        "in good shape and feeling strong",
        "ich habe schlecht geschlafen",
        "heute war ein langer Tag",
        "ich war spazieren",
        "fui al gimnasio y estoy cansado",
        "hoy dormí mal",
        "je suis fatigué aujourd'hui",
        "sono stanco oggi",
        "my brother called, the price was too high",
        "I need a new computer for my class",
        "for goodness sake, what a sandy beach",
        "we sat in the piazza with amici",
        "wir gehen morgen reisen",
        "mañana voy al trabajo con mi perro",
        "je suis fatigué mais content",
        "walked past the vine and the pine trees",
        "got spam emails about a sale, my period started, what are their names",
        "it cares about codes and coins",
    ],
)
def test_an_everyday_sentence_names_no_food(text: str) -> None:
    assert names(text) == []
    assert foods_of(text) == []


def test_a_typo_in_a_meal_logs_the_right_food() -> None:
    assert foods_of("had a bananna and 2 yoghurts") == ["Banana, 1 medium", "Yogurt, 2 containers"]


def test_a_bowl_and_its_toppings_are_one_dish() -> None:
    (bowl,) = foods_of("a quinoa bowl with roasted veggies and tahini")
    assert bowl.startswith("Quinoa with grilled vegetables and tahini, 1 bowl")
    # Without a bowl, what a food comes with is one item too, named as said.
    (toast,) = foods_of("toast with butter and jam")
    assert toast.startswith("Toast with butter and jam")


def test_a_dish_named_in_one_word_is_the_dish_not_its_main_ingredient() -> None:
    """ "Käsespätzle" is a plate of cheese noodles (~720 kcal), not a cup of plain spätzle."""
    context = PlanContext(now=dt.datetime(2026, 11, 22, 19, 0), timezone="UTC")
    for said in ("Käsespätzle", "kaesespaetzle"):
        plan = plan_text(said, context)
        [entry] = [a.entry for a in plan.actions if isinstance(a, NutritionAddEntry)]
        assert entry.food.startswith("Käsespätzle")
        assert entry.calories > 500


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("2 chiken tacos", "Chicken tacos, 2"),
        ("had a chiken sandwhich", "Chicken sandwich, 1"),
        ("chiken wraps x2", "Chicken wrap, 2 wraps"),
    ],
)
def test_a_misspelt_dish_is_named_as_the_table_spells_it(text: str, food: str) -> None:
    (logged,) = foods_of(text)
    assert logged.startswith(food)


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("pretty sure I had 2 coffees", "Coffee, 2 cups"),
        ("3 beers last night", "Beer, 3 bottles"),
        ("2 servings of rice", "Rice, 2"),
    ],
)
def test_a_plural_after_a_count_is_the_food(text: str, food: str) -> None:
    """Words a bare number is not a weight before ("2 coffees") are still foods' plurals."""
    (logged,) = foods_of(text)
    assert logged.startswith(food)


def _kcal_of(text: str) -> list[float]:
    plan = plan_text(text, PlanContext(now=dt.datetime(2026, 11, 22, 12, 0), timezone="UTC"))
    return [a.entry.calories for a in plan.actions if isinstance(a, NutritionAddEntry)]


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("had a salad for lunch", 120, 300),  # a meal's salad has more than lettuce in it
        ("ensalada para comer", 120, 300),
        ("a side salad", 5, 60),  # a side of greens stays small
        ("so yeah, pasta for dinner", 350, 600),  # a plate, not a measuring cup
        ("a cup of pasta", 180, 260),
        ("big bowl of pasta", 450, 800),
    ],
)
def test_a_meal_named_without_an_amount_is_the_portion_people_eat(
    text: str, low: float, high: float
) -> None:
    (kcal,) = _kcal_of(text)
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "food", "low", "high"),
    [
        ("a handful of grapes", "Grapes, 1 handful (40 g)", 15, 60),
        ("2 handfuls of blueberries", "Blueberries, 2 handfuls (80 g)", 30, 70),
        ("a big handful of cherries", "Cherries, 1 large handful", 25, 60),
        ("a handful of almonds", "Almonds, 1 handful", 120, 200),  # the row's own handful
    ],
)
def test_a_handful_is_a_handful_not_the_usual_portion(
    text: str, food: str, low: float, high: float
) -> None:
    assert foods_of(text)[0].startswith(food)
    (kcal,) = _kcal_of(text)
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("ordered a pizza", "Pizza, 4 slices"),  # a whole one for one person
        ("half a pizza", "Pizza, 2 slices"),
        ("pizza", "Pizza, 2 slices"),  # the usual portion
        ("a slice of pizza", "Pizza, 1 slice"),
        ("tonkotsu ramen", "Tonkotsu ramen"),  # a flavour right before the dish names it
    ],
)
def test_a_pizza_counted_by_its_name_is_a_whole_one(text: str, food: str) -> None:
    (logged,) = foods_of(text)
    assert logged.startswith(food)


def test_slices_said_in_a_dishs_name_are_slices() -> None:
    (pepperoni,) = foods_of("2 slices of pepperoni pizza")
    assert pepperoni.startswith("Pepperoni pizza, 2 slices")
    (whole,) = foods_of("a pepperoni pizza")
    assert whole.startswith("Pepperoni pizza, 1 pizza")


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("2 more of those cokes", "2 cans"),
        ("two more beers", "2 bottles"),
        ("3 of those cookies", "3 cookies"),
        ("2 extra eggs", "2 large"),
    ],
)
def test_more_of_the_same_counts_what_was_said(text: str, amount: str) -> None:
    (logged,) = foods_of(text)
    assert logged.split(", ", 1)[1].startswith(amount)


def test_avocado_toast_has_its_avocado() -> None:
    """A slice of sourdough (about 150 kcal) with half an avocado and a drizzle of oil."""
    (kcal,) = _kcal_of("avocado toast")
    assert 250 <= kcal <= 350


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("half a cup of oats", 130, 170),  # dry oats, as measured for a bowl
        ("oats for breakfast", 130, 200),
        ("a cup of oatmeal", 140, 190),  # porridge is measured cooked
    ],
)
def test_oats_are_measured_dry_and_porridge_cooked(text: str, low: float, high: float) -> None:
    (kcal,) = _kcal_of(text)
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "food", "low", "high"),
    [
        ("club sandwich at the cafe", "Club sandwich", 450, 700),  # three slices, two fillings
        ("veggie stir fry", "Stir-fried vegetables", 80, 200),
    ],
)
def test_a_dish_the_table_names_has_its_own_figures(
    text: str, food: str, low: float, high: float
) -> None:
    assert foods_of(text)[0].startswith(food)
    (kcal,) = _kcal_of(text)
    assert low <= kcal <= high


def test_a_night_at_the_club_is_no_sandwich() -> None:
    assert foods_of("went to the club") == []


def test_a_food_named_as_the_portion_of_another_is_not_eaten_too() -> None:
    # "roll" names bread rolls, but "a roll of X" is how much of X
    assert names("3 rolls of sushi") == ["Sushi"]
    assert foods_of("3 rolls of sushi") == ["Sushi, 3 pieces"]
    assert names("bread rolls and sushi") == ["Bread roll", "Sushi"]


def test_a_plural_name_said_in_the_singular() -> None:
    assert names("a butter cracker") == names("2 butter crackers")
    assert len(names("a butter cracker")) == 1
