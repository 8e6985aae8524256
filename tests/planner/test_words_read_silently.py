"""Words that say where, how hastily, from whose kitchen or with which verb a food was eaten
are read without a word back to the person, in the five languages: the food is logged and the
reply never says it "couldn't place" them; a word about a recipe sends the message to a model
instead of logging a food spelled like it."""

from __future__ import annotations

import pytest

from bot.kernel.said import Notice, Unplaced
from bot.planner.offline.planner import plan_text
from tests.planner.logged import context_at, food_entries, understood_kcal

ROME = context_at("Europe/Rome", 13)


def _one_food(text: str) -> tuple[str, float]:
    (entry,) = understood_kcal(text, ROME)
    return entry


@pytest.mark.parametrize(
    ("text", "food", "low", "high"),
    [
        ("fish tacos from the little place by the pier", "taco", 250, 800),
        ("a burrito at rosa's", "burrito", 400, 900),
        ("pancakes at my neighbour's", "pancake", 150, 700),
        ("eine Currywurst bei Kalle", "currywurst", 300, 800),
        ("halbes Hendl auf der Kirmes", "chicken", 400, 900),
        ("tamales de mi tía", "tamal", 200, 900),
        ("una tortilla en casa de mi tía", "tortilla", 100, 600),
        ("gâteau au chocolat de ma belle-mère", "cake", 150, 600),
        ("Kuchen von meiner Schwiegermutter", "cake", 150, 600),
        ("lasagne della suocera", "lasagna", 250, 800),
        ("un trancio di pizza da Gigi", "pizza", 200, 600),
        ("Mensa: Linsensuppe", "lin", 200, 600),
        ("cantine : un steak haché", "patty", 150, 400),
    ],
)
def test_where_and_whose_a_food_was_had_is_read(
    text: str, food: str, low: float, high: float
) -> None:
    name, kcal = _one_food(text)
    assert food in name.lower() and low <= kcal <= high, (name, kcal)


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("a wrap on the run", "wrap"),
        ("ein Döner im Stehen", "doner"),
        ("ein Brötchen schnell zwischendurch", "roll"),
        ("una empanada de prisa", "empanada"),
        ("comida ligera: una ensalada", "ensalada"),
        ("une part de quiche vite fait", "quiche"),
        ("un dîner léger, une soupe", "soup"),
        ("un tramezzino in piedi", "tramezzino"),
        ("cena leggera, un minestrone", "minestrone"),
        ("ein leichtes Mittagessen, Gemüsesuppe", "soup"),
    ],
)
def test_haste_and_lightness_are_read(text: str, food: str) -> None:
    name, _kcal = _one_food(text)
    assert food in name.lower(), name


@pytest.mark.parametrize(
    ("text", "food", "count"),
    [
        ("scoffed 2 sausage rolls", "sausage roll", "2"),
        ("hab 3 Krapfen verputzt", "donut", "3"),
        ("Currywurst weggeputzt", "currywurst", ""),
        ("2 Berliner reingepfiffen", "", "2"),
        ("me tragué una hamburguesa", "hamburger", ""),
        ("j'ai boulotté une crêpe", "crêpe", ""),
        ("ho divorato 2 cornetti", "croissant", "2"),
    ],
)
def test_a_slang_verb_of_eating_neither_hides_nor_is_named(
    text: str, food: str, count: str
) -> None:
    name, kcal = _one_food(text)
    assert food in name.lower() and count in name and kcal > 0, name


def test_a_name_after_a_food_is_its_place_but_alone_it_is_asked_about() -> None:
    assert [n for n, _k in understood_kcal("a coffee from the wobbly owl", ROME)] == [
        "Coffee, 1 cup (240 ml)"
    ]
    plan = plan_text("from the wobbly owl", ROME)
    assert not plan.actions
    assert any(isinstance(s, Unplaced) and s.words for s in plan.said), plan.said


@pytest.mark.parametrize(
    "text",
    ["mi dai la ricetta del tiramisù?", "la recette des crêpes de ma grand-mère"],
)
def test_a_recipe_is_for_a_model_never_a_food(text: str) -> None:
    plan = plan_text(text, ROME)
    assert not food_entries(text, ROME)
    assert Notice.NEEDS_MODEL in plan.said


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("nachos, no regrets", "nacho"),
        ("Bratwurst im Brötchen, echt lecker", "bratwurst"),
        ("una arepa, riquísima", "arepa"),
        ("un croque-monsieur, un délice", "croque"),
        ("un cannolo, buonissimo", "cannol"),
        ("2 tacos, so stuffed", "taco"),
        ("Schweinshaxe, jetzt pappsatt", "schweinshaxe"),
        ("tagliatelle al ragù, sto scoppiando", "tagliatelle"),
    ],
)
def test_how_much_it_was_enjoyed_is_read(text: str, food: str) -> None:
    name, _kcal = _one_food(text)
    assert food in name.lower(), name


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("a sausage roll after the concert", "sausage roll"),
        ("2 beers watching the footy", "beer"),
        ("Bratwurst nach dem Training", "bratwurst"),
        ("Laugenbrezel vormittags", "pretzel"),
        ("Waffel im Biergarten", "waffle"),
        ("un taco al pastor después del partido", "taco"),
        ("una arepa a media tarde", "arepa"),
        ("un croissant en sortant du boulot", "croissant"),
        ("una piadina dopo la partita", "piadina"),
    ],
)
def test_when_and_around_what_it_was_had_is_read(text: str, food: str) -> None:
    name, _kcal = _one_food(text)
    assert food in name.lower(), name


def test_a_light_food_is_not_a_light_meal() -> None:
    """ "Light" said of a meal is how it was; said of a drink it may be what it is, and is
    asked about rather than dropped."""
    plan = plan_text("cerveza ligera", ROME)
    assert any(isinstance(s, Unplaced) and s.words for s in plan.said), plan.said


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("a hot dog at the county fair", "hot dog"),
        ("a pasty on the tram", "pasty"),
        ("a bacon roll on nights", "bacon"),
        ("Currywurst in der Frühschicht", "currywurst"),
        ("des chips à l'apéro", "chip"),
        ("olive all'aperitivo", "olive"),
    ],
)
def test_the_occasion_a_food_was_had_at_is_read(text: str, food: str) -> None:
    name, _kcal = _one_food(text)
    assert food in name.lower(), name
