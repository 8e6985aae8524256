"""A food the table knows, said beside words that are no food (a place, a person, a time,
what the person was doing), is logged; a month inside a food's name asks nothing."""

from __future__ import annotations

import functools

import pytest

from bot.planner.base import Plan
from bot.planner.offline.planner import OfflinePlanner
from tests.planner.logged import context_at, named_kcal

BERLIN_LUNCH = context_at("Europe/Berlin", 13, 15)
# Each entry's name, in lower case, and its calories.
entries = functools.partial(named_kcal, context=BERLIN_LUNCH, lower=True)


async def plan_of(text: str) -> Plan:
    return await OfflinePlanner().plan(text, BERLIN_LUNCH)


@pytest.mark.parametrize(
    ("text", "food", "low", "high"),
    [
        ("ein Stück Apfelstrudel bei Tante Erika", "apfelstrudel", 200, 450),
        ("un croissant chez ma mère", "croissant", 150, 350),
        ("a bagel during the meeting", "bagel", 200, 400),
        ("a burrito on the train", "burrito", 400, 900),
        ("pasta mit Freunden", "pasta", 300, 700),
    ],
)
async def test_a_food_before_a_place_or_a_person_is_logged(
    text: str, food: str, low: float, high: float
) -> None:
    got = entries(text)
    assert len(got) == 1 and food in got[0][0] and low <= got[0][1] <= high, got


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("una empanada viendo la tele", "empanada"),
        ("tre supplì tornando dal lavoro", "suppl"),
        ("a banana while driving", "banana"),
    ],
)
async def test_a_food_before_what_the_person_was_doing_is_logged(text: str, food: str) -> None:
    got = entries(text)
    assert len(got) == 1 and food in got[0][0], got


async def test_a_place_named_for_a_food_is_not_eaten() -> None:
    got = entries("a pizza place sandwich")
    assert len(got) == 1 and "sandwich" in got[0][0], got


async def test_an_unknown_word_after_a_food_still_logs_nothing_of_it() -> None:
    plan = await plan_of("chicken zorbluk")
    assert not plan.actions and not plan.understood


@pytest.mark.parametrize("text", ["a mars bar", "ate a Mars bar", "mi sono mangiato un mars"])
async def test_a_candy_bar_named_like_a_month_is_logged(text: str) -> None:
    got = entries(text)
    assert len(got) == 1 and 200 <= got[0][1] <= 300, got


@pytest.mark.parametrize("text", ["calories in march", "protein im März"])
async def test_a_month_alone_is_still_asked_about(text: str) -> None:
    plan = await plan_of(text)
    assert not plan.actions and plan.reads, plan


@pytest.mark.parametrize(
    ("text", "kind", "low", "high"),
    [
        ("a glass of milk (skimmed)", "skim", 60, 110),
        ("un bicchiere di latte (scremato)", "skim", 60, 110),
        ("2 slices of bread (wholemeal)", "whole", 120, 220),
        ("1 cup of greek yogurt (nonfat) and a banana", "nonfat", 100, 220),
    ],
)
async def test_a_kind_in_brackets_after_a_food_is_read_as_said_before_it(
    text: str, kind: str, low: float, high: float
) -> None:
    got = entries(text)
    assert got and kind in got[0][0] and low <= got[0][1] <= high, got


async def test_an_unknown_word_in_brackets_still_logs_nothing_of_it() -> None:
    plan = await plan_of("chicken (zorbluk)")
    assert not plan.actions and not plan.understood


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("sushi mit meiner besten Freundin", "sushi"),
        ("una paella con nuestros amigos", "paella"),
        ("une raclette avec les collègues", "raclette"),
        ("lasagne dalla nonna", "lasagna"),
        ("2 eggs with the kids", "eggs"),
    ],
)
async def test_who_it_was_eaten_with_is_read_and_not_named_back(text: str, food: str) -> None:
    plan = await plan_of(text)
    got = entries(text)
    assert len(got) == 1 and food in got[0][0] and plan.understood, (got, plan.said)


@pytest.mark.parametrize(
    ("text", "count"), [("pizza con papas fritas", 2), ("torta della nonna", 1)]
)
async def test_a_food_named_like_a_person_is_still_a_food(text: str, count: int) -> None:
    assert len(entries(text)) == count


@pytest.mark.parametrize("text", ["went to burger king", "lunch was pizza hut"])
async def test_a_chain_named_as_a_place_logs_no_food_of_its_name(text: str) -> None:
    assert entries(text) == []


async def test_a_chain_named_as_a_place_leaves_the_food_eaten_there() -> None:
    got = entries("the only place open was taco bell so i had a bean burrito")
    assert len(got) == 1 and "burrito" in got[0][0] and 250 <= got[0][1] <= 450, got


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("zum Frühstück ein Müsli gehabt", "muesli"),
        ("ein Apfel genascht", "apple"),
        ("un churro jajaja", "churro"),
        ("deux croissants mdr", "croissant"),
        ("una brioche ahahah", "brioche"),
    ],
)
async def test_a_verb_or_a_laugh_after_a_food_leaves_it_logged(text: str, food: str) -> None:
    got = entries(text)
    assert len(got) == 1 and food in got[0][0], got


@pytest.mark.parametrize("text", ["ein Croissant?", "une pomme ?", "coffee?"])
async def test_a_food_alone_asked_about_is_answered_not_logged(text: str) -> None:
    plan = await plan_of(text)
    assert not plan.actions and not plan.reads and plan.said, plan


async def test_asking_whether_a_food_was_logged_reads_the_day() -> None:
    plan = await plan_of("did I log my coffee?")
    assert not plan.actions and plan.reads, plan
