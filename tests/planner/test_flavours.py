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
