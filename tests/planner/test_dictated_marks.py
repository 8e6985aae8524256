"""Punctuation said as a word by voice typing ("period", "Punkt", "coma", "virgule",
"virgola") parts the items around it and is never a food, a symptom or a note; said next to a
number or as a noun ("on my period", "72 point 4") it keeps its meaning. A remark on how a
food looked, opened by "with", is no note either."""

from __future__ import annotations

import functools

import pytest

from bot.agent_api.actions import CheckinUpsert
from bot.planner.offline.planner import plan_text
from tests.planner.logged import context_at, food_entries_of

CONTEXT = context_at("Europe/Berlin", 13, 15)
_plan = functools.partial(plan_text, context=CONTEXT)


def _notes(text: str) -> list[str]:
    return [a.notes or "" for a in _plan(text).actions if isinstance(a, CheckinUpsert)]


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("a ham sandwich with cheddar period and an orange juice", 2),
        ("toast comma two eggs comma and a coffee full stop", 3),
        ("Schnitzel mit Pommes Punkt und ein Bier", 3),
        ("Brot mit Butter Komma ein Apfel", 2),
        ("tostada con tomate coma y un café", 2),
        ("steak frites virgule une bière point", 2),
        ("pasta al pomodoro punto e un bicchiere di vino", 2),
        ("panino col prosciutto virgola una mela", 2),
    ],
)
async def test_punctuation_said_as_a_word_parts_the_items(text: str, count: int) -> None:
    plan = _plan(text)
    assert len(food_entries_of(plan)) == count, plan.actions
    assert not _notes(text)
    assert plan.understood, plan.said


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("cramps all day, on my period", "period"),
        ("period cramps and a headache", "period"),
    ],
)
async def test_the_word_as_a_noun_stays_in_the_note(text: str, word: str) -> None:
    (note,) = _notes(text)
    assert word in note


@pytest.mark.parametrize(
    "text",
    [
        "margherita da sorbillo, col cornicione bello gonfio",
        "une baguette de la boulangerie, avec la mie bien gonflée",
    ],
)
async def test_a_remark_on_how_the_food_looked_is_no_note(text: str) -> None:
    plan = _plan(text)
    assert len(food_entries_of(plan)) == 1, plan.actions
    assert not _notes(text)


@pytest.mark.parametrize(
    "text",
    ["pizza, with a headache", "Pizza, mit Kopfschmerzen", "pasta, con dolor de cabeza"],
)
async def test_a_symptom_said_with_with_is_still_noted(text: str) -> None:
    assert _notes(text)
