"""A flavour said with a product is which one it is, never foods of its own; a filling of a
dish, a name the table holds and a flavour said alone are read as before."""

from __future__ import annotations

import functools

import pytest

from tests.planner.logged import context_at, named_kcal

logged = functools.partial(named_kcal, context=context_at("Europe/London", 15, 0), lower=True)


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("salt & vinegar crisps", "crisps"),
        ("un pot de glace cookies and cream", "glace"),
        ("ein Proteinriegel cookies and cream", "protein"),
        ("cookies n cream ice cream after dinner", "ice cream"),
    ],
)
async def test_the_flavour_is_no_food_of_its_own(text: str, food: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert food in entries[0][0]


async def test_a_stated_figure_goes_to_the_flavoured_product() -> None:
    (entry,) = logged("protein bar cookies & cream. label says 180 cal")
    assert entry[1] == 180


@pytest.mark.parametrize(
    ("text", "food"),
    [("cheese and onion sandwich", "cheese and onion"), ("walkers cheese and onion", "walkers")],
)
async def test_a_name_or_a_filling_with_the_flavour_stays(text: str, food: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert food in entries[0][0]


async def test_a_flavour_said_alone_is_what_it_says() -> None:
    assert len(logged("had cookies and cream")) == 2


@pytest.mark.parametrize(
    ("text", "bags"),
    [("3 packets of salt and vinegar crisps", 3), ("a bag of cookies n cream pretzels", 0)],
)
async def test_an_amount_before_the_flavour_is_the_products(text: str, bags: int) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    # a bag of crisps is 25-35 g, 120-180 kcal
    assert bags == 0 or 120 * bags <= entries[0][1] <= 180 * bags, entries


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("une gaufre à la fraise", "gaufre à la fraise"),
        ("una brioche al cioccolato", "brioche al cioccolato"),
        ("2 muffins aux pommes", "muffins aux pommes"),
        ("un donut al pistacchio", "donut al pistacchio"),
        ("un muffin sabor fresa", "muffin sabor fresa"),
    ],
)
async def test_a_sweets_flavour_said_after_it_is_part_of_it(text: str, food: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert food in entries[0][0]


@pytest.mark.parametrize(
    "text",
    ["un croissant au jambon", "une gaufre au nutella", "un pancake au sirop d'érable"],
)
async def test_what_fills_or_tops_a_sweet_is_still_counted(text: str) -> None:
    entries = logged(text)
    plain = logged(text.split(" a")[0].split(" au")[0])
    assert sum(kcal for _name, kcal in entries) > sum(kcal for _name, kcal in plain), entries


@pytest.mark.parametrize(
    "text",
    [
        "une glace deux boules, fraise et pistache",
        "un helado de dos bolas, chocolate y fresa",
        "un gelato, due gusti: fragola e limone",
        "ice cream, two scoops, strawberry and chocolate",
    ],
)
async def test_the_flavours_listed_after_an_ice_cream_are_part_of_it(text: str) -> None:
    entries = logged(text)
    assert len(entries) == 1, entries
    assert "ice cream" in entries[0][0] or "gelato" in entries[0][0].lower()


@pytest.mark.parametrize(
    "text", ["ice cream and strawberries", "ice cream, a banana", "gelato, 2 biscotti"]
)
async def test_a_food_had_beside_an_ice_cream_stays(text: str) -> None:
    assert len(logged(text)) == 2, logged(text)


@pytest.mark.parametrize(
    ("text", "entries"),
    [("un gelato, cono grande", 1), ("gelato, 2 coppette", 2), ("un gelato, un gelato", 2)],
)
async def test_what_an_ice_cream_was_served_in_is_no_second_one(text: str, entries: int) -> None:
    assert len(logged(text)) == entries, logged(text)
