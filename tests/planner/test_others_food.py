"""Food someone else ate is never the person's, in the five languages: "my son had the
nuggets", "meine Frau hatte den Salat", "mi hija comió helado", "ma femme a pris la soupe",
"mio figlio ha mangiato i biscotti"; what the person had in the same message is logged."""

from __future__ import annotations

import pytest

from bot.kernel.readers import DEFAULT
from bot.kernel.said import Notice
from bot.planner.offline.planner import plan_text
from bot.render import said
from tests.planner.logged import context_at, food_entries

AT = context_at("Europe/Berlin", 20)


def foods(text: str) -> list[str]:
    return [e.entry.food.lower() for e in food_entries(text, AT)]


@pytest.mark.parametrize(
    ("text", "mine"),
    [
        ("my son had the nuggets and i had a burger", "burger"),
        ("I had soup, my husband ate the fries", "soup"),
        ("meine Frau hatte einen Salat, ich eine Suppe", "soup"),
        ("ich hatte eine Suppe, die Kinder Nudeln", "soup"),
        ("mi hija comió helado y yo un café", "coffee"),
        ("ma femme a pris la soupe, moi une pizza", "pizza"),
        ("mio figlio ha mangiato i biscotti e io un caffè", "coffee"),
        ("she had the steak, I had the salmon", "salmon"),
        ("I had an apple and Anna had the cake", "apple"),
    ],
)
def test_only_the_persons_own_food_is_logged(text: str, mine: str) -> None:
    (food,) = foods(text)
    assert mine in food


@pytest.mark.parametrize("text", ["my girlfriend had a pizza", "los niños comieron pizza"])
def test_a_message_about_someone_elses_food_writes_nothing(text: str) -> None:
    assert foods(text) == []


@pytest.mark.parametrize(
    "text", ["my wife and I had pizza", "me and Tom had pizza", "we had pizza", "Also had pizza"]
)
def test_food_the_person_ate_with_others_is_theirs(text: str) -> None:
    assert [f for f in foods(text) if "pizza" in f]


def test_a_food_named_like_a_person_word_is_food() -> None:
    assert foods("ein Kinder Bueno")


@pytest.mark.parametrize(
    ("text", "food", "whole"),
    [
        ("had a bite of my husband's cheesecake", "cheesecake", "1 cheesecake"),
        ("hab vom Kaiserschmarrn meiner Frau genascht", "kaiserschmarrn", "Kaiserschmarrn"),
        ("ho assaggiato il tiramisù di mia moglie", "tiramisu", "tiramisù"),
        ("j'ai goûté la tarte de ma femme", "tarte", "une tarte"),
    ],
)
def test_a_taste_of_someone_elses_food_is_a_share_of_it(text: str, food: str, whole: str) -> None:
    (tasted,) = food_entries(text, AT)
    (full,) = food_entries(whole, AT)
    assert food in tasted.entry.food.lower()
    assert (tasted.entry.calories or 0) < (full.entry.calories or 0)


def test_a_food_someone_made_is_eaten_whole() -> None:
    (entry,) = food_entries("had my mom's lasagna", AT)
    (full,) = food_entries("lasagna", AT)
    assert entry.entry.calories == full.entry.calories


@pytest.mark.parametrize("text", ["the family had tacos tonight", "die Familie hatte Tacos"])
def test_a_group_the_person_is_one_of_ate_with_them(text: str) -> None:
    assert [f for f in foods(text) if "taco" in f]


@pytest.mark.parametrize(
    "text",
    [
        "my husband had the lasagna",
        "meine Tochter hatte Pommes",
        "mi hijo comió pizza",
        "ma fille a pris une crêpe",
        "mia moglie ha mangiato il risotto",
    ],
)
def test_only_someone_elses_food_is_said_so_and_asks_what_the_person_had(text: str) -> None:
    plan = plan_text(text, AT)
    assert plan.actions == [] and plan.offer == []
    assert plan.said == [Notice.OTHERS_ATE]
    assert "someone else's" in said.reply(plan.said, DEFAULT)
