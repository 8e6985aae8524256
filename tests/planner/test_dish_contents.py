"""A composed meal and what it is made of, said after it, are one entry: the ingredients
listed after a bowl, a burrito, a pizza or a plate are never logged again beside it. A side,
a drink, a snack or anything with an amount of its own stays its own entry."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

AT_LUNCH = context_at("Europe/London", 13)


def logged(text: str) -> list[tuple[str, float]]:
    return named_kcal(text, AT_LUNCH, lower=True)


@pytest.mark.parametrize(
    ("text", "dish", "low", "high"),
    [
        ("burrito bowl - steak, brown rice, pinto beans, corn salsa", "bowl", 450, 900),
        ("un burrito de pollo, con arroz, frijoles y queso", "burrito", 450, 900),
        ("una piadina, prosciutto e mozzarella", "piadina", 400, 800),
        ("un poke con tonno, riso e edamame", "poke", 400, 900),
        ("une pizza, jambon et champignons", "pizza", 700, 1500),
        ("ein Döner mit Hähnchen, Zwiebeln und Tomaten", "doner", 600, 1100),
        ("a ham sandwich on granary bread with butter", "sandwich", 250, 500),
    ],
)
def test_a_meal_and_its_listed_ingredients_are_one_entry(
    text: str, dish: str, low: float, high: float
) -> None:
    got = logged(text)
    assert len(got) == 1, got
    name, kcal = got[0]
    assert dish in name
    assert low <= kcal <= high


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("2 tacos, rice and beans", 3),  # sides beside the tacos
        ("chicken sandwich, fries and a diet coke", 3),
        ("a burger and ice cream", 2),
        ("pizza, salad and a beer", 3),
        ("omelette, toast and orange juice", 3),
        ("a bowl of rice, chicken and broccoli", 3),  # a bowl of rice is no meal
        ("un plato de arroz, pollo y brócoli", 3),
        ("a sandwich and a bagel", 2),
        ("a ham sandwich and a turkey sub", 2),
        ("a burrito, and a small bag of chips", 2),
        ("Schnitzel mit Pommes", 2),
        ("un bon stoemp et deux saucisses", 2),
        ("milanesa con ensalada de tomate", 2),
    ],
)
def test_a_side_a_drink_or_a_snack_stays_its_own_entry(text: str, count: int) -> None:
    got = logged(text)
    assert len(got) == count, got


@pytest.mark.parametrize(
    ("text", "foods"),
    [
        ("breakfast plate: 3 eggs, 2 sausages and toast", ["egg", "sausage", "toast"]),
        ("Frühstücksteller: 2 Eier, 3 Scheiben Speck und Toast", ["egg", "bacon", "toast"]),
    ],
)
def test_a_meal_heading_counted_parts_is_those_parts(text: str, foods: list[str]) -> None:
    got = logged(text)
    assert len(got) == len(foods), got
    for (name, _kcal), food in zip(got, foods, strict=True):
        assert food in name
    assert not any("plate" in name or "breakfast" in name for name, _ in got)


@pytest.mark.parametrize(
    "text",
    [
        "protein shake, 2 scoops of whey isolate with water",
        "un batido de proteínas con agua",
        "Proteinshake mit Wasser",
        "un shaker de whey avec de l'eau",
    ],
)
def test_water_a_drink_was_made_with_is_no_entry(text: str) -> None:
    got = logged(text)
    assert got, got
    assert not any(name.startswith("water") for name, _ in got), got


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("a sausage and bacon butty", 300, 600),
        ("ham & cheese butty", 250, 600),
        ("a bacon and egg sarnie", 250, 600),
    ],
)
def test_a_sarnie_named_by_its_fillings_is_one_sandwich(text: str, low: float, high: float) -> None:
    got = logged(text)
    assert len(got) == 1, got
    assert low <= got[0][1] <= high


def test_a_frittata_of_eggs_is_the_frittata() -> None:
    got = logged("una frittata di 4 uova con spinaci")
    assert len(got) == 1, got
    assert "frittata" in got[0][0]


@pytest.mark.parametrize(
    ("text", "dish"),
    [
        ("a fry up, the lot. beans and all", "breakfast"),
        ("ein Döner gestern Nacht. Zwiebeln und alles", "doner"),
        ("un burrito enorme. frijoles y todo", "burrito"),
    ],
)
def test_what_a_meal_had_and_all_is_part_of_it(text: str, dish: str) -> None:
    got = logged(text)
    assert len(got) == 1, got
    assert dish in got[0][0]


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("3 tacos: 2 de pollo y uno de carnitas", [("pollo", 2), ("carnitas", 1)]),
        ("deux crêpes, une au sucre et une au nutella", [("sucre", 1), ("nutella", 1)]),
    ],
)
def test_kinds_counted_after_a_filled_dish_are_those_dishes(
    text: str, kinds: list[tuple[str, int]]
) -> None:
    got = logged(text)
    assert len(got) == len(kinds), got
    for (name, _kcal), (filling, count) in zip(got, kinds, strict=True):
        assert filling in name
        assert f", {count} " in name


def test_kinds_that_do_not_make_up_the_count_leave_the_dish() -> None:
    got = logged("2 piadine, una al crudo e una alla nutella")
    assert got and "piadin" in got[0][0] and ", 2 " in got[0][0], got


@pytest.mark.parametrize(
    "text", ["tacos de pollo y una coca", "una piadina al prosciutto e una birra"]
)
def test_a_drink_after_a_filled_dish_is_no_filling(text: str) -> None:
    got = logged(text)
    assert len(got) == 2, got


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("fish and chips, lemon", ["fish and chips"]),
        ("pollo asado con arroz y limón", ["pollo asado", "arroz"]),
        ("une sole meunière, persil et citron", ["sole"]),
        ("ein Schnitzel, Pommes und Zitrone", ["schnitzel", "pommes"]),
        ("branzino con patate e prezzemolo", ["branzino", "patate"]),
    ],
)
def test_a_garnish_said_with_a_food_is_no_entry(text: str, kept: list[str]) -> None:
    entries = logged(text)
    assert len(entries) == len(kept), entries
    assert all(word in name for word, (name, _kcal) in zip(kept, entries, strict=True)), entries


@pytest.mark.parametrize("text", ["a lemon", "salmon and 2 lemons", "una limonata e un limone"])
def test_a_lemon_eaten_as_such_is_logged(text: str) -> None:
    assert any("lemon" in name for name, _kcal in logged(text)), logged(text)


@pytest.mark.parametrize(
    "text",
    [
        "ulster fry with soda bread and potato bread",
        "full english with black pudding, fried bread and toast",
        "un full breakfast avec toast",
    ],
)
def test_a_cooked_breakfasts_bread_is_on_its_plate(text: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert "breakfast" in entries[0][0]


@pytest.mark.parametrize(
    "text", ["full english and a slice of toast", "breakfast burrito and toast", "2 eggs and toast"]
)
def test_toast_said_on_its_own_beside_a_breakfast_stays(text: str) -> None:
    assert any("toast" in name for name, _kcal in logged(text)), logged(text)
