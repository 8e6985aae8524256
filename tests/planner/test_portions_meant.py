"""A food named without an amount, or with a size or a serving word, is the portion people
mean where they are: a pot of yogurt, an Italian macchiato, a glass of latte macchiato, a
bowl of porridge, a slice of a pie, half a chicken, a cone of fries."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal


def _one(text: str, zone: str) -> tuple[str, float]:
    entries = understood_kcal(text, context_at(zone, 12))
    assert len(entries) == 1, entries
    return entries[0]


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("zum Nachtisch noch einen Joghurt", "Europe/Berlin"),
        ("de postre un yogur", "Europe/Madrid"),
        ("en dessert un yaourt", "Europe/Paris"),
        ("per merenda uno yogurt", "Europe/Rome"),
        ("had a yoghurt at my desk", "Europe/London"),
        ("grabbed a yogurt on the way", "America/Chicago"),
    ],
)
def test_a_yogurt_is_a_pot_not_a_cup(text: str, zone: str) -> None:
    """One yogurt is the pot or container it is sold in (125-170 g), not a 245 g cup."""
    name, kcal = _one(text, zone)
    assert "yogurt" in name.lower()
    assert 60 <= kcal <= 115


def test_a_cup_of_yogurt_is_still_the_cup() -> None:
    name, kcal = _one("a cup of plain yogurt", "America/Chicago")
    assert "cup" in name and 140 <= kcal <= 160


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("al bar un macchiato", "Europe/Rome"),
        ("a short mac at the cafe", "Australia/Melbourne"),
        ("un café macchiato", "Europe/Paris"),
        ("ein Espresso Macchiato", "Europe/Berlin"),
        ("tomé un macchiato", "Europe/Madrid"),
    ],
)
def test_a_macchiato_is_an_espresso_with_a_dash_of_milk(text: str, zone: str) -> None:
    name, kcal = _one(text, zone)
    assert "macchiato" in name.lower()
    assert kcal <= 25


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("ein Latte Macchiato", 130, 200),
        ("ein großer Latte Macchiato", 180, 250),
        ("un latte macchiato grande", 180, 250),
    ],
)
def test_a_latte_macchiato_is_a_glass(text: str, low: float, high: float) -> None:
    """A latte macchiato is served in a 0.3 l glass, a large one 0.4 l."""
    _, kcal = _one(text, "Europe/Berlin")
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("a big bowl of oatmeal", "America/Chicago"),
        ("eine Schüssel Haferbrei", "Europe/Berlin"),
        ("un bol de porridge", "Europe/Paris"),
        ("un cuenco de avena", "Europe/Madrid"),
        ("una ciotola di porridge", "Europe/Rome"),
    ],
)
def test_a_bowl_of_porridge_is_more_than_a_cup(text: str, zone: str) -> None:
    _, kcal = _one(text, zone)
    assert 190 <= kcal <= 330


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("a slice of chicken pot pie", 350, 500),
        ("one large slice of steak pie", 500, 700),
        ("une part de cheesecake", 360, 450),
        ("una fetta di cheesecake", 360, 450),
        ("ein Stück Käsekuchen", 360, 450),
    ],
)
def test_a_slice_is_a_slice(text: str, low: float, high: float) -> None:
    """A slice of a pie is a part of it, not the whole pie; a slice of cheesecake the
    bakery's slice."""
    _, kcal = _one(text, "Europe/London")
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("ein halbes Hähnchen vom Grill", "Europe/Berlin"),
        ("halbes Brathähnchen", "Europe/Vienna"),
        ("un demi poulet rôti", "Europe/Paris"),
        ("mezzo pollo arrosto", "Europe/Rome"),
        ("medio pollo asado", "Europe/Madrid"),
        ("half a rotisserie chicken", "America/Chicago"),
    ],
)
def test_half_a_chicken_is_half_the_bird(text: str, zone: str) -> None:
    _, kcal = _one(text, zone)
    assert 500 <= kcal <= 750


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("un cornet de frites", 500, 700),
        ("a cone of fries", 500, 700),
        ("3 taralli", 90, 160),
        ("3 mandazi", 450, 650),
        ("un cornetto al pistacchio", 280, 420),
        ("una porción de muzza", 250, 380),
    ],
)
def test_a_piece_or_cone_is_what_is_served(text: str, low: float, high: float) -> None:
    _, kcal = _one(text, "Europe/Brussels")
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "zone", "low", "high"),
    [
        ("medio pollo a la brasa", "America/Lima", 900, 1100),
        ("half a peruvian chicken", "America/New_York", 900, 1100),
        ("half a muffuletta", "America/Chicago", 1200, 1600),
        ("un cuarto de pollo a la brasa", "America/Lima", 450, 550),
    ],
)
def test_half_of_a_food_counted_in_quarters_is_two_quarters(
    text: str, zone: str, low: float, high: float
) -> None:
    """A food the table counts in quarters (a Peruvian chicken, a muffuletta): half of it
    is half the whole, not half of a quarter."""
    entries = understood_kcal(text, context_at(zone, 13))
    assert low <= entries[0][1] <= high, entries


@pytest.mark.parametrize(
    ("text", "zone", "low", "high"),
    [
        ("had 3 fried dumplings", "America/Jamaica", 500, 750),
        ("a fried dumpling for breakfast", "America/Port_of_Spain", 150, 260),
        ("6 dumplings", "America/Chicago", 200, 330),  # the filled Asian ones elsewhere
        ("a jamaican beef patty", "America/New_York", 350, 500),
    ],
)
def test_caribbean_dumplings_and_patties(text: str, zone: str, low: float, high: float) -> None:
    """In the Caribbean a dumpling is the flour dumpling (~200 kcal fried), and a Jamaican
    patty is a pastry, not a burger patty."""
    entries = understood_kcal(text, context_at(zone, 9))
    assert low <= sum(kcal for _, kcal in entries if "umpling" in _ or "atty" in _) <= high, entries


@pytest.mark.parametrize(
    ("text", "zone", "low", "high"),
    [
        ("chai and a chapati", "Africa/Nairobi", 100, 160),
        ("a chai please", "Africa/Kampala", 100, 160),
        ("chai", "Asia/Kolkata", 60, 100),  # India's small cup
        ("a plain tea", "Asia/Colombo", 25, 60),
        ("a plain tea", "Europe/London", 0, 5),
    ],
)
def test_tea_as_it_is_served_there(text: str, zone: str, low: float, high: float) -> None:
    """Kenya's chai is a mug of milky sweet tea; Sri Lanka's plain tea has sugar in it."""
    entries = understood_kcal(text, context_at(zone, 16))
    tea = [kcal for name, kcal in entries if "chai" in name.lower() or "tea" in name.lower()]
    assert len(tea) == 1 and low <= tea[0] <= high, entries


@pytest.mark.parametrize(
    ("text", "zone", "low", "high"),
    [
        ("beans and chips for tea", "Europe/London", 100, 200),
        ("half a tin of beans", "Australia/Sydney", 140, 220),
        ("a jacket potato with beans", "Europe/Dublin", 450, 600),
        ("a cup of beans", "America/Chicago", 200, 250),  # the cooked pulses elsewhere
    ],
)
def test_beans_in_the_uk_are_baked_beans(text: str, zone: str, low: float, high: float) -> None:
    entries = understood_kcal(text, context_at(zone, 18))
    beans = [kcal for name, kcal in entries if "beans" in name.lower()]
    assert len(beans) == 1 and low <= beans[0] <= high, entries


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("un gelato al limone", "Europe/Rome"),
        ("una coppetta di gelato", "Europe/Rome"),
        ("had a gelato", "Europe/Rome"),
        ("ein Gelato", "Europe/Berlin"),
        ("un gelato", "Europe/Paris"),
    ],
)
def test_a_gelato_is_the_italian_cup(text: str, zone: str) -> None:
    """A gelato is the coppetta of two flavours (~120 g), not a US half cup of ice cream."""
    name, kcal = _one(text, zone)
    assert "gelato" in name.lower() and 200 <= kcal <= 280


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("a cena una mozzarella di bufala", 280, 420),
        ("una burrata con pomodorini", 250, 360),
        ("eine Burrata", 250, 360),
        ("une burrata", 250, 360),
        ("una burrata entera", 250, 360),
        ("a burrata", 250, 360),
    ],
)
def test_a_mozzarella_or_burrata_counted_is_the_ball(text: str, low: float, high: float) -> None:
    """One mozzarella or burrata is the 125 g ball it is sold as, not a 30 g serving."""
    entries = understood_kcal(text, context_at("Europe/Rome", 20))
    cheese = [kcal for name, kcal in entries if "mozzarella" in name.lower() or "urrata" in name]
    assert len(cheese) == 1 and low <= cheese[0] <= high, entries


@pytest.mark.parametrize(
    "text", ["a chicken fillet roll", "2 chicken fillet rolls", "breakfast roll"]
)
def test_a_chicken_fillet_roll_is_no_breakfast_roll(text: str) -> None:
    """The Irish chicken fillet roll (~700 kcal) is not the 900 kcal breakfast roll."""
    name, kcal = _one(text, "Europe/Dublin")
    per_roll = kcal / (2 if text.startswith("2") else 1)
    if "chicken" in text:
        assert "Chicken fillet roll" in name and 600 <= per_roll <= 780
    else:
        assert 850 <= per_roll <= 950
