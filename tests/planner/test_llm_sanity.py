"""Nothing malformed is written, whichever planner made the plan (bot/planner/sanity.py)."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.agent_api.actions import (
    CheckinUpsert,
    Entry,
    NutritionAddEntry,
    NutritionSetGoals,
    SupplementMarkTaken,
    WeightLog,
    WeightSetGoal,
)
from bot.kernel.readers import DEFAULT
from bot.kernel.said import Malformed, MalformedKind
from bot.planner.base import Plan
from bot.planner.sanity import check_actions, clean_name, sane
from bot.render import reading
from tests.fixtures.worded import named, worded

DAY = dt.date(2026, 11, 22)


def food(name: str, kcal: float, p: float = 0, c: float = 0, f: float = 0) -> NutritionAddEntry:
    entry = Entry(food=name, calories=kcal, protein=p, carbs=c, fat=f)
    return NutritionAddEntry(date=DAY, entry=entry)


@pytest.mark.parametrize(
    ("name", "clean"),
    [
        ('oatmeal, 1 cup cooked"}, {', "oatmeal, 1 cup cooked"),
        ("**Oatmeal**, 1 cup", "Oatmeal, 1 cup"),
        ("<b>Eggs</b>, 2 large", "Eggs, 2 large"),
        ('"Big Mac"', "Big Mac"),
        ('Pizza, 12" slice', "Pizza, 12 in slice"),
        ("Café crème, 1 cup", "Café crème, 1 cup"),
        ("Ben & Jerry's, 1 pint", "Ben & Jerry's, 1 pint"),
        ('"}, {', None),
        ("123", None),
    ],
)
def test_names_lose_markup_and_json_debris(name: str, clean: str | None) -> None:
    assert clean_name(name) == clean


def test_macros_that_cannot_make_the_calories_are_refused() -> None:
    junk = food("Oatmeal", 8, p=10)  # 40 kcal of protein in 8 kcal
    edge = food("Chicken breast", 100, p=30)  # 120 kcal: within 25% + 20 kcal
    beer = food("Beer, 1 pint", 210, c=18)  # alcohol: fewer macros than calories is fine
    unknown = food("Kebab", 600)  # macros unknown
    checked = named(check_actions([junk, edge, beer, unknown]))
    assert checked.actions == [edge, beer, unknown]
    assert checked.refused == ['"Oatmeal"']


def test_label_values_with_fiber_and_everyday_drinks_are_kept() -> None:
    """A label's carbs include fiber and sugar alcohols; drinks may have no macros at all."""
    kept = [
        food("Fiber One cereal, 2/3 cup", 90, p=3, c=34, f=1.5),  # 18 g of it fiber
        food("Low-carb tortilla", 70, p=5, c=19, f=3),  # 15 g fiber
        food("Diet Coke, 330 ml", 0),
        food("Water, 500 ml", 0),
        food("Black coffee", 2, p=0.3),
        food("Beer, 330 ml", 150, p=1.6, c=13),
        food("Protein shake", 140, p=25, c=5, f=2),
    ]
    checked = named(check_actions(kept))
    assert checked.actions == kept and checked.refused == []


def test_calories_of_zero_beside_macros_are_filled_from_them() -> None:
    (fixed,) = check_actions([food("Protein shake", 0, p=25, c=5, f=2)]).actions
    assert isinstance(fixed, NutritionAddEntry) and fixed.entry.calories == 138


def test_values_outside_the_rules_ranges_are_refused() -> None:
    actions = [
        WeightLog(date=DAY, weight_kg=720 / 2),
        WeightLog(date=DAY, weight_kg=72.4),
        WeightSetGoal(goal_kg=12),
        NutritionSetGoals(calories=50_000),
        NutritionSetGoals(calories=2000, protein=150),
        food("Everything", 25_000),
    ]
    checked = named(check_actions(actions))
    # A huge entry is not malformed: it is kept, for the plausibility check to ask about.
    assert checked.actions == [actions[1], actions[4], actions[5]]
    assert len(checked.refused) == 3


def test_a_supplement_name_of_debris_is_repaired_or_refused() -> None:
    good = SupplementMarkTaken(date=DAY, name='Vitamin D"}')
    bad = SupplementMarkTaken(date=DAY, name='"}]')
    checked = named(check_actions([good, bad]))
    assert [a.name for a in checked.actions if isinstance(a, SupplementMarkTaken)] == ["Vitamin D"]
    assert checked.refused == ["a supplement"]


def test_a_plan_with_a_refused_action_says_so_and_is_not_understood() -> None:
    kept = food("Toast", 80, p=3, c=15, f=1)
    plan = worded(sane(Plan(actions=[food('"}{', 100), kept])))
    assert plan.actions == [kept] and not plan.understood
    assert plan.reply == reading.left_out_malformed(
        [Malformed(MalformedKind.UNREADABLE_FOOD)], DEFAULT
    )
    clean = worded(Plan(actions=[kept]))
    assert sane(clean) is clean and clean.understood and clean.reply is None


def test_a_checkin_that_says_nothing_is_not_written() -> None:
    # A small model answered "¿cuánto pesaba la semana pasada?" with every field null.
    day = dt.date(2026, 9, 14)
    empty = CheckinUpsert(date=day, notes="  ")
    rated = CheckinUpsert(date=day, mood=4)
    plan = sane(Plan(actions=[empty, rated]))
    assert plan.actions == [rated] and plan.understood
    assert sane(Plan(actions=[CheckinUpsert(date=day)])).actions == []
