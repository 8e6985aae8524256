"""What people in each country call what they eat and drink: local names, slang, chains and
brands find their own food, at a figure near what that food has, and never a food whose name
is only a letter or two away."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import plan_text


def logged(text: str) -> list[tuple[str, float]]:
    """(food, kcal) of each entry the offline planner would log for a message."""
    plan = plan_text(text, PlanContext(now=dt.datetime(2026, 11, 22, 12, 0), timezone="UTC"))
    return [
        (a.entry.food, a.entry.calories or 0.0)
        for a in plan.actions
        if isinstance(a, NutritionAddEntry)
    ]


def one(text: str) -> tuple[str, float]:
    entries = logged(text)
    assert len(entries) == 1, entries
    return entries[0]


@pytest.mark.parametrize(
    ("said", "word", "low", "high"),
    [
        # beers by brand, light beers by theirs
        ("two coors lights", "light", 150, 260),
        ("a michelob ultra after golf", "light", 70, 130),
        ("3 pints of carling", "beer", 500, 900),
        ("una estrella galicia bien fría", "beer", 100, 200),
        ("un leffe en terrasse", "belgian", 180, 300),
        ("a duvel", "belgian", 180, 300),
        ("ein glas rotwein", "wine", 90, 160),
        ("deux verres de blanc", "wine", 180, 320),
        ("un bicchiere di rosso a cena", "wine", 90, 160),
        ("a glass of strongbow", "cider", 80, 300),
    ],
)
def test_beer_and_wine_by_the_names_ordered_at_the_bar(
    said: str, word: str, low: float, high: float
) -> None:
    food, kcal = one(said)
    assert word in food.lower() and low <= kcal <= high


@pytest.mark.parametrize(
    ("said", "word", "low", "high"),
    [
        ("a cup of chai with my breakfast", "chai", 50, 120),
        ("2 cutting chai", "chai", 100, 240),
        ("one filter kaapi", "filter coffee", 60, 130),
        ("a short black", "espresso", 0, 10),
        ("ein kleiner Brauner", "cortado", 20, 60),
        ("a greek frappe this morning", "frapp", 60, 140),
        ("a dunkin coolatta", "coolatta", 250, 450),
        ("un carajillo con los amigos", "carajillo", 50, 110),
        ("un caffè corretto", "carajillo", 50, 110),
    ],
)
def test_coffee_and_tea_as_each_country_makes_them(
    said: str, word: str, low: float, high: float
) -> None:
    food, kcal = one(said)
    assert word in food.lower() and low <= kcal <= high


def test_a_chai_latte_at_a_coffee_shop_is_still_the_big_sweet_one() -> None:
    _, kcal = one("grande chai tea latte")
    assert kcal > 200


@pytest.mark.parametrize(
    ("said", "word", "low", "high"),
    [
        ("a costco dog", "costco", 500, 650),
        ("grabbed a footlong", "footlong", 650, 950),
        ("bag of takis", "takis", 120, 180),
        ("2 packets of quavers", "quavers", 150, 200),
        ("a bag of scampi fries at the pub", "scampi fries", 110, 160),
        ("4 jaffa cakes", "jaffa", 150, 220),
        ("2 chocolate hobnobs with a cuppa", "hobnob", 160, 210),
        ("5 choc hobnobs", "chocolate hobnob", 420, 500),
        ("2 hobnobs", "hobnob", 110, 160),
        ("4 petits beurre au goûter", "petit beurre", 120, 170),
        ("3 gocciole a colazione", "gocciole", 120, 170),
        ("2 carrés de chocolat noir", "chocolate", 80, 110),
        ("a custard cream", "custard cream", 40, 75),
        ("a rich tea", "rich tea", 30, 50),
        ("3 parle g", "parle", 60, 110),
        ("a bowl of lucky charms", "cereal", 120, 200),
        ("a quest bar", "quest", 170, 230),
    ],
)
def test_snacks_and_chains_by_their_own_names(
    said: str, word: str, low: float, high: float
) -> None:
    food, kcal = logged(said)[0]
    assert word in food.lower() and low <= kcal <= high


@pytest.mark.parametrize(
    ("said", "word", "low", "high"),
    [
        ("2 Schinkenbrote zum Abendbrot", "ham", 300, 480),
        ("ein Wurstbrot", "sausage", 180, 320),
        ("zwei Weißwürste mit süßem Senf", "weißw", 300, 500),
        ("eine Bockwurst", "bockwurst", 220, 320),
        ("ein Franzbrötchen", "franzbr", 280, 380),
        ("Erdäpfelsalat als Beilage", "potato", 150, 260),
        ("ein Laugencroissant", "laugencroissant", 250, 330),
        ("une tartine le matin", "jam", 180, 280),
        ("des boulets à la liégeoise", "meatballs", 450, 700),
        ("une religieuse au café", "religieuse", 250, 350),
        ("une queue de castor", "beavertail", 400, 600),
        ("un cornetto alla crema", "cornetto", 280, 380),
        ("un trancio di pizza al volo", "pizza", 250, 420),
        ("2 supplì", "suppl", 380, 520),
        ("una napolitana de chocolate", "pain au chocolat", 220, 320),
        ("3 magdalenas", "magdalena", 380, 520),
        ("una porra con el café", "porra", 180, 280),
        ("un sándwich de miga", "miga", 180, 280),
        ("un lomito completo", "lomito", 600, 900),
        ("2 vada pav", "vada pav", 480, 680),
        ("a plate of pani puri", "pani puri", 200, 320),
        ("3 pooris", "puri", 240, 360),
        ("3 laddus", "ladoo", 450, 650),
        ("a chicken parmi and a pint", "parmi", 900, 1300),
        ("a bacon sarnie", "bacon", 350, 500),
        ("two yorkshire puddings", "yorkshire", 150, 260),
        ("one lamington", "lamington", 180, 260),
    ],
)
def test_dishes_and_bakery_by_their_local_names(
    said: str, word: str, low: float, high: float
) -> None:
    food, kcal = logged(said)[0]
    assert word in food.lower() and low <= kcal <= high


def test_idli_is_counted_one_by_one_beside_its_sambar() -> None:
    entries = logged("3 idlis and a bowl of sambhar")
    idli, sambar = entries
    assert "idli" in idli[0].lower() and 130 <= idli[1] <= 220
    assert "sambar" in sambar[0].lower()


@pytest.mark.parametrize(
    ("said", "not_this"),
    [
        ("unas sabritas", "sofritas"),
        ("un canelé", "spices"),
        ("un montadito de lomo", "cheese"),
        ("a cervelat", "beer"),
        ("una coppa di granita", "granola"),
        ("nimbu pani", "bread"),
        ("bhel puri", "potato"),
        ("un carajillo", "caramel"),
        ("a dunkin coolatta", "schnitzel"),
        ("un corretto", "goat"),
    ],
)
def test_a_local_name_is_no_typo_of_another_food(said: str, not_this: str) -> None:
    assert all(not_this not in food.lower() for food, _ in logged(said))


def test_a_football_ground_is_no_pastry() -> None:
    foods = [food for food, _ in logged("un choripán en la cancha")]
    assert len(foods) == 1 and foods[0].startswith("Choripán")


def test_a_choucroute_in_france_is_the_dish_not_the_cabbage() -> None:
    _, kcal = one("une choucroute")
    assert kcal > 500


def test_a_uk_flapjack_is_an_oat_bar_and_a_medialuna_a_croissant() -> None:
    assert "oat" in one("a flapjack")[0].lower()
    assert "croissant" in one("3 medialunas de manteca")[0].lower()


def test_weighing_oneself_in_spanish_logs_no_fish() -> None:
    assert logged("me he pesado esta mañana: 68,5 kg") == []


@pytest.mark.parametrize(
    ("said", "word", "low", "high"),
    [
        ("a boerie roll", "boerewors", 350, 550),
        ("3 puff puffs", "puff", 250, 350),
        ("a plate of party jollof", "jollof", 400, 600),
        ("two castle lagers", "beer", 250, 350),
        ("2 pandebonos", "pandebono", 280, 400),
        ("4 sopapillas", "sopaipilla", 600, 760),
        ("a servo pie", "meat pie", 380, 520),
        ("a sausage sizzle", "sausage", 250, 350),
        ("a malta guinness", "malt", 120, 250),
        ("una caguama", "caguama", 400, 600),
        ("ein Weißbier", "wheat beer", 180, 280),
        ("bhindi masala", "bhindi", 100, 200),
        ("aloo sabzi", "sabzi", 100, 200),
    ],
)
def test_staples_further_afield_by_their_own_names(
    said: str, word: str, low: float, high: float
) -> None:
    food, kcal = one(said)
    assert word in food.lower() and low <= kcal <= high


@pytest.mark.parametrize(
    "said",
    [
        "a turkey sandwich from wawa",
        "2 slices of pepperoni pizza from the costco",
        "ein Fischbrötchen von Nordsee",
        "a meat pie from the servo",
        "a muffin at woolies",
    ],
)
def test_the_chain_a_food_came_from_is_read_with_it(said: str) -> None:
    plan = plan_text(said, PlanContext(now=dt.datetime(2026, 11, 22, 12, 0), timezone="UTC"))
    assert plan.understood and len(logged(said)) == 1


def test_a_name_after_from_is_where_the_food_came_from_and_alone_is_asked_about() -> None:
    context = PlanContext(now=dt.datetime(2026, 11, 22), timezone="UTC")
    plan = plan_text("a muffin from the zorblax", context)
    assert plan.understood and len(logged("a muffin from the zorblax")) == 1
    assert not plan_text("from the zorblax", context).understood


@pytest.mark.parametrize(
    ("said", "word", "low", "high"),
    [
        ("an oreo blizzard", "blizzard", 450, 700),
        ("two krispy kremes", "krispy", 330, 430),
        ("3 olive garden breadsticks", "breadstick", 360, 480),
        ("a handful of aloo bhujia", "bhujia", 130, 210),
        ("2 kachoris", "kachori", 420, 580),
        ("ein Backfisch", "backfisch", 350, 500),
        ("3 tacos de suadero", "tacos", 420, 600),
        ("una tlayuda", "tlayuda", 650, 950),
        ("2 molletes", "mollete", 500, 700),
        ("une galette saucisse", "galette", 430, 620),
        ("un café gourmand", "gourmand", 280, 420),
        ("una frittatina di pasta", "frittatina", 320, 480),
        ("a tuna mayo sarnie", "tuna", 330, 500),
        ("un sandwich jambon fromage", "ham and cheese", 300, 460),
        ("un diabolo menthe", "diabolo", 80, 140),
    ],
)
def test_chain_items_street_food_and_cafe_orders(
    said: str, word: str, low: float, high: float
) -> None:
    food, kcal = one(said)
    assert word in food.lower() and low <= kcal <= high


@pytest.mark.parametrize(
    ("said", "not_this"),
    [
        ("black coffee, it was bitter", "beer"),
        ("chips with malt vinegar", "malt drink"),
        ("a latte, I switched from dairy milk to oat milk", "chocolate"),
        ("un yaourt grec", "kebab"),
        ("a mixture of nuts and raisins", "bhujia"),
        ("2 uova al tegamino e una fetta di pane", "merendina"),
        ("una pizza con i miei ragazzi, baci", "perugina"),
        ("un trancio di salmone", "pizza"),
        ("a cup of tea with Stella", "beer"),
    ],
)
def test_an_everyday_word_is_no_brand(said: str, not_this: str) -> None:
    assert all(not_this not in food.lower() for food, _ in logged(said))


@pytest.mark.parametrize(
    ("said", "word", "low", "high"),
    [
        ("una ración de callos", "callos", 350, 550),
        ("una ración de rabo de toro", "rabo", 450, 750),
        ("un flamenquín", "flamenqu", 500, 800),
        ("una crema de calabacín", "cream soup", 100, 220),
        ("tinga de pollo", "tinga", 220, 380),
        ("cochinita pibil", "cochinita", 350, 550),
        ("una empanada gallega", "gallega", 320, 520),
        ("un bo bun", "bo bun", 450, 750),
        ("scaloppine al marsala", "scaloppine", 300, 460),
        ("una ensalada de arroz", "rice salad", 380, 580),
        ("ein Schnitzelbrötchen", "schnitzel", 450, 650),
        ("eine Käsekrainer", "krainer", 300, 460),
        ("Buchteln mit Vanillesauce", "buchteln", 380, 580),
        ("a slice of engadiner nusstorte", "nusstorte", 300, 460),
    ],
)
def test_home_and_restaurant_dishes_by_their_local_names(
    said: str, word: str, low: float, high: float
) -> None:
    food, kcal = logged(said)[0]
    assert word in food.lower() and low <= kcal <= high


@pytest.mark.parametrize(
    "said",
    [
        "merluza a la plancha con ensalada",
        "un petto di pollo alla griglia",
        "salmone al forno",
        "eine Bratwurst vom Grill",
        "filet de cabillaud au four",
        "chicken off the grill",
    ],
)
def test_how_a_food_was_cooked_said_after_it_is_read_with_it(said: str) -> None:
    plan = plan_text(said, PlanContext(now=dt.datetime(2026, 11, 22, 12, 0), timezone="UTC"))
    assert plan.understood and logged(said)


@pytest.mark.parametrize(
    ("said", "word", "low", "high"),
    [
        ("a chicken spice bag", "spice bag", 800, 1200),
        ("3 poppadoms", "poppadom", 160, 230),
        ("a jeera rice", "pilau", 320, 480),
        ("2 yorkies", "yorkie", 420, 560),
        ("a lion bar", "lion", 170, 230),
        ("a toasted special", "toasted special", 380, 520),
        ("a can of dark fruits", "cider", 100, 300),
        ("a curry chip", "curry chips", 550, 750),
        ("an oat so simple pot", "porridge", 180, 260),
        ("a g and slimline tonic", "tonic", 0, 10),
    ],
)
def test_uk_and_irish_takeaway_and_sweet_shop_names(
    said: str, word: str, low: float, high: float
) -> None:
    entries = [(food, kcal) for food, kcal in logged(said) if word in food.lower()]
    assert entries and low <= entries[0][1] <= high


@pytest.mark.parametrize(
    ("said", "word", "low", "high"),
    [
        ("two dollar slices", "new york", 500, 700),
        ("a sausage kolache", "kolache", 150, 260),
        ("3 spam musubis", "musubi", 850, 1150),
        ("6 pieces of lumpia", "lumpia", 450, 650),
        ("a mango dragonfruit refresher", "refresher", 70, 140),
        ("3 malasadas", "malasada", 750, 1000),
        ("a venti nitro cold brew", "coffee", 0, 15),
        ("a plate of red beans and rice", "red beans", 350, 550),
    ],
)
def test_us_regional_and_coffee_shop_names(said: str, word: str, low: float, high: float) -> None:
    food, kcal = one(said)
    assert word in food.lower() and low <= kcal <= high


@pytest.mark.parametrize(
    ("said", "word", "low", "high"),
    [
        ("un jambon-beurre", "ham", 400, 600),
        ("pan tumaca para desayunar", "toast", 200, 320),
        ("3 caguamas", "beer", 1200, 1700),
        ("tramezzino tonno e carciofi", "tuna", 220, 340),
        ("a slice of banana bread from the cafe", "banana bread", 280, 420),
    ],
)
def test_local_dish_names_show_what_the_dish_is(
    said: str, word: str, low: float, high: float
) -> None:
    food, kcal = logged(said)[0]
    assert word in food.lower() and low <= kcal <= high


@pytest.mark.parametrize(
    ("said", "word", "low", "high"),
    [
        ("2 plain dosas", "dosa", 280, 400),
        ("an onion uttapam", "uttapam", 200, 300),
        ("a bowl of khichdi", "khichdi", 280, 400),
        ("2 rasgullas", "rasgulla", 150, 240),
        ("a piece of kaju katli", "sweets", 100, 160),
        ("a matka kulfi", "kulfi", 130, 200),
        ("a bowl of dahi", "yogurt", 100, 200),
        ("veg manchurian", "manchurian", 350, 550),
        ("a golden gaytime", "gaytime", 200, 300),
        ("a caramello koala", "koala", 60, 90),
        ("a pot of vb", "beer", 80, 300),
        ("a completo chileno", "completo", 500, 700),
        ("2 temaki", "hand roll", 330, 470),
        ("poutine with extra cheese curds", "poutine", 700, 1000),
    ],
)
def test_indian_australian_and_chilean_everyday_names(
    said: str, word: str, low: float, high: float
) -> None:
    food, kcal = logged(said)[0]
    assert word in food.lower() and low <= kcal <= high


@pytest.mark.parametrize(
    ("said", "word", "low", "high"),
    [
        ("une part de fraisier", "fraisier", 280, 420),
        ("des oeufs à la neige", "flottante", 220, 340),
        ("un kinder egg", "kinder", 90, 130),
        ("des rillettes sur du pain", "rillettes", 90, 150),
        ("une bavette à l'échalote", "bavette", 260, 400),
        ("un ti punch", "punch", 90, 150),
        ("une boréale", "beer", 100, 200),
        ("une barre tendre", "granola", 90, 150),
        ("des pâtes aux fruits de mer", "seafood pasta", 450, 700),
        ("des moelleux au chocolat", "lava cake", 400, 1000),
    ],
)
def test_french_belgian_and_quebec_names(said: str, word: str, low: float, high: float) -> None:
    food, kcal = logged(said)[0]
    assert word in food.lower() and low <= kcal <= high


@pytest.mark.parametrize(
    ("said", "word", "low", "high"),
    [
        ("un lágrima", "lágrima", 60, 120),
        ("3 tequeños", "tequeños", 250, 350),
        ("unos patacones", "patacones", 250, 350),
        ("un chaufa de pollo", "chaufa", 550, 750),
        ("2 salteñas", "salteña", 650, 900),
        ("un chivito al plato", "chivito", 800, 1100),
        ("un vaso de pulque", "pulque", 100, 200),
        ("2 bolillos", "bolillo", 380, 500),
        ("eine Fassbrause", "fassbrause", 70, 130),
        ("ein Softeis", "soft serve", 180, 280),
        ("ein Schäufele mit Kloß", "schäufele", 650, 950),
    ],
)
def test_latin_american_and_german_regional_names(
    said: str, word: str, low: float, high: float
) -> None:
    food, kcal = logged(said)[0]
    assert word in food.lower() and low <= kcal <= high


@pytest.mark.parametrize(
    "said",
    [
        "un zumo de naranja natural",
        "una cerveza bien fría",
        "una tarta de queso casera",
        "un gâteau au chocolat fait maison",
        "una torta fatta in casa",
    ],
)
def test_made_at_home_or_served_cold_said_after_the_food_is_read_with_it(said: str) -> None:
    plan = plan_text(said, PlanContext(now=dt.datetime(2026, 11, 22, 12, 0), timezone="UTC"))
    assert plan.understood and len(logged(said)) == 1


def test_a_cold_word_after_a_comma_stays_with_the_next_food() -> None:
    assert [food.split(",")[0] for food, _ in logged("coffee, iced tea")] == [
        "Coffee",
        "Iced tea",
    ]


@pytest.mark.parametrize(
    ("said", "word", "low", "high"),
    [
        ("un latte caldo", "milk", 120, 180),
        ("un panino alla mortadella", "mortadella", 350, 500),
        ("2 bollos de leche", "bun", 380, 500),
        ("un cappuccino e un pasticcino", "pastry", 200, 320),
    ],
)
def test_italian_and_spanish_words_that_mean_something_else_in_english(
    said: str, word: str, low: float, high: float
) -> None:
    entries = [(food, kcal) for food, kcal in logged(said) if word in food.lower()]
    assert entries and low <= entries[0][1] <= high


@pytest.mark.parametrize(
    ("said", "word", "low", "high"),
    [
        ("2 Knoppers", "knoppers", 240, 310),
        ("eine Capri-Sonne", "juice", 60, 130),
        ("eine Müllermilch", "chocolate milk", 150, 300),
        ("3 toffifee", "toffifee", 110, 150),
        ("un phoskitos", "snack cake", 150, 250),
        ("un kinder brioss", "brioss", 90, 130),
        ("2 danoninos", "petits suisses", 100, 160),
        ("a corny bar", "granola", 90, 150),
    ],
)
def test_supermarket_brands_of_germany_spain_france_and_italy(
    said: str, word: str, low: float, high: float
) -> None:
    food, kcal = logged(said)[0]
    assert word in food.lower() and low <= kcal <= high


def test_a_corny_joke_is_no_cereal_bar() -> None:
    assert all("granola" not in food.lower() for food, _ in logged("a corny joke and a coffee"))


def test_picking_up_food_logs_no_biscuit_bar() -> None:
    assert all("pick up" not in food.lower() for food, _ in logged("picked up a sandwich"))
    assert all("pick up" not in food.lower() for food, _ in logged("pick up a sandwich"))


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("ein Jever", "beer"),
        ("2 Stiegl", "beer"),
        ("una Alhambra", "beer"),
        ("una Nastro Azzurro", "beer"),
        ("une Grimbergen", "belgian"),
        ("un Cynar", "amaro"),
    ],
)
def test_regional_beers_and_bitters_by_brand(said: str, word: str) -> None:
    assert word in one(said)[0].lower()


def test_absolut_in_german_is_no_vodka() -> None:
    assert all("vodka" not in food.lower() for food, _ in logged("die Pizza war absolut lecker"))
