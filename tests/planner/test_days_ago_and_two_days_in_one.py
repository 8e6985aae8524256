"""A day said as so many days ago in each language, and two days in one message: each food
is written to the day said before it, none folded into another day's dish."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from tests.planner.logged import context_at, food_entries

SUNDAY = dt.date(2026, 11, 22)


def days_back(text: str) -> list[tuple[int, str]]:
    """(days before Sunday 22 November, the food's name lower-cased) for each entry."""
    return [
        ((SUNDAY - e.date).days, e.entry.food.lower())
        for e in food_entries(text, context_at("Europe/Rome", 12))
    ]


@pytest.mark.parametrize(
    ("text", "back", "food"),
    [
        ("il y a 4 jours une quiche", 4, "quiche"),
        ("il y a deux jours un kebab", 2, "kebab"),
        ("tre giorni fa un tiramisù", 3, "tiramis"),
        ("un giorno fa una focaccia", 1, "focaccia"),
        ("a couple of days ago a brownie", 2, "brownie"),
        ("hace cinco días unas croquetas", 5, "croquet"),
        ("vor fünf Tagen ein Schnitzel", 5, "schnitzel"),
    ],
)
def test_so_many_days_ago_dates_the_food(text: str, back: int, food: str) -> None:
    [(got_back, name)] = days_back(text)
    assert got_back == back and food in name


@pytest.mark.parametrize(
    ("text", "first", "second"),
    [
        ("yesterday a burrito bowl and today cheese", "burrito", "cheese"),
        ("gestern ein Sandwich und heute Tomaten", "sandwich", "tomato"),
        ("ieri un'insalata e oggi tonno", "insalata", "tuna"),
        ("hier une salade et aujourd hui du jambon", "salade", "ham"),
        ("ayer una ensalada y hoy aguacate", "ensalada", "avocado"),
    ],
)
def test_a_food_said_for_another_day_is_not_part_of_the_dish_before_it(
    text: str, first: str, second: str
) -> None:
    """The second food is an ingredient a dish may hold, but it was eaten on another day."""
    logged = days_back(text)
    assert [back for back, _ in logged] == [1, 0]
    assert first in logged[0][1] and second in logged[1][1]


@pytest.mark.parametrize(
    ("text", "dish"),
    [
        ("raclette ieri sera con gli amici, tanto formaggio", "raclette"),
        ("fondue gestern Abend mit Freunden, viel Käse", "fondue"),
        ("burrito bowl yesterday, chicken and rice", "burrito bowl"),
    ],
)
def test_a_day_said_right_after_a_dish_still_dates_it_with_what_it_held(
    text: str, dish: str
) -> None:
    """The day dates the dish; the cheese, the chicken and rice listed after are its own."""
    [(back, name)] = days_back(text)
    assert back == 1 and dish in name


@pytest.mark.parametrize(
    ("text", "back"),
    [
        ("friday's dinner was a curry", 2),
        ("wednesdays lunch: a wrap", 4),
        ("over the weekend a kebab", 1),
        ("letztes Wochenende eine Currywurst", 1),
        ("el fin de semana pasado unos churros", 1),
        ("le week-end dernier une crêpe", 1),
        ("stanotte una piadina", 1),  # said at noon: the night before
        ("cette nuit un croque-monsieur", 1),
    ],
)
def test_a_weekdays_meal_and_the_last_weekend_date_the_food(text: str, back: int) -> None:
    """On Sunday 22 November: Friday's dinner was two days ago; the last weekend's food is
    written to its Saturday, the day before."""
    [(got_back, _name)] = days_back(text)
    assert got_back == back


def test_a_weekday_said_as_a_habit_dates_nothing() -> None:
    [(back, _name)] = days_back("fridays are pizza night, had a slice")
    assert back == 0


@pytest.mark.parametrize(
    "text", ["last night a kebab", "heute Nacht noch eine Currywurst", "cette nuit une crêpe"]
)
def test_last_night_said_after_midnight_is_the_night_still_lived(text: str) -> None:
    """At 01:30 the person's day (it ends at 03:00) is still Saturday: "last night" is this
    night, Saturday's; said at noon it is the night before."""
    ends_at_three = dict(day_ends_at=dt.time(3))
    night = food_entries(text, replace(context_at("Europe/Berlin", 1, 30), **ends_at_three))
    noon = food_entries(text, replace(context_at("Europe/Berlin", 12), **ends_at_three))
    assert [e.date for e in night] == [dt.date(2026, 11, 21)]
    assert [e.date for e in noon] == [dt.date(2026, 11, 21)]
