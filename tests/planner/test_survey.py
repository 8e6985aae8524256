"""The food table's second tier: USDA survey foods (survey_foods.csv), read after the curated
table and only where it names more of the message or the curated table names nothing."""

from __future__ import annotations

import datetime as dt
import importlib.util
import sys
from pathlib import Path

import pytest

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext
from bot.planner.offline.planner import plan_text
from bot.planner.offline.survey import survey_alias, survey_table, tiered_alias
from bot.planner.offline.table import food_table
from bot.planner.offline.text import Tokens, tokenize

ROOT = Path(__file__).resolve().parents[2]


def entries(text: str) -> list[tuple[str, float]]:
    plan = plan_text(text, PlanContext(now=dt.datetime(2026, 11, 22, 12, 0), timezone="UTC"))
    return [
        (a.entry.food or "", a.entry.calories or 0.0)
        for a in plan.actions
        if isinstance(a, NutritionAddEntry)
    ]


def test_the_survey_table_loads_with_its_checks_and_keeps_its_source() -> None:
    table = survey_table()
    assert table is not None
    assert len(table.foods) >= 4000
    assert len(table.foods) + len(food_table().foods) >= 5000
    assert {food.source for food in table.foods} == {"usda-fndds"}


def test_no_name_is_in_both_tiers() -> None:
    table = survey_table()
    assert table is not None
    assert not set(table.by_alias) & set(food_table().by_alias)


def test_the_curated_table_wins_a_name_of_the_same_length() -> None:
    tokens = Tokens(tokenize("chocolate milk"))
    found = tiered_alias(tokens, 0, food_table())
    assert found is not None and found[0].source != "usda-fndds"
    assert survey_alias(tokens, 0, longer_than=2) is None


def test_a_longer_survey_name_covers_more_of_the_words() -> None:
    tokens = Tokens(tokenize("almond butter and jelly sandwich"))
    found = tiered_alias(tokens, 0, food_table())
    assert found is not None and found[1] == 5
    assert [name for name, _kcal in entries("almond butter and jelly sandwich")] == [
        "Almond butter and jelly sandwich on white bread, 1 sandwich (112 g)"
    ]


@pytest.mark.parametrize(
    ("text", "name", "low", "high"),
    [
        ("grilled chicken breast 200g", "Grilled chicken breast, 200 g", 300, 360),
        ("a roasted chicken breast", "Chicken breast", 200, 300),
        ("fried rice", "Fried rice", 200, 300),
    ],
)
def test_how_a_food_was_made_does_not_make_it_a_survey_dish(
    text: str, name: str, low: float, high: float
) -> None:
    """A word such as "grilled" before a food the curated table knows describes that food; it
    does not fetch a survey dish that only shares those words ("with sauce, skin eaten")."""
    logged = entries(text)
    assert len(logged) == 1 and logged[0][0].startswith(name), logged
    assert low <= logged[0][1] <= high, logged


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("had a knish", "Knish"),
        ("kombucha tea", "Kombucha tea"),
        ("2 pierogies", "Pierogi"),
        ("a fried egg sandwich", "Fried egg sandwich"),
    ],
)
def test_foods_only_the_survey_knows_are_logged(text: str, name: str) -> None:
    logged = entries(text)
    assert len(logged) == 1 and logged[0][0].startswith(name), logged
    assert logged[0][1] > 0


def test_the_survey_never_guesses_a_typo() -> None:
    assert survey_alias(Tokens(tokenize("knosh")), 0) is None


def test_the_committed_file_is_what_the_script_writes(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location(
        "build_food_table", ROOT / "scripts" / "build_food_table.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_food_table"] = module
    spec.loader.exec_module(module)
    data = ROOT / "bot" / "planner" / "data"
    for name in ("foods.csv", "dishes.csv"):
        (tmp_path / name).write_text((data / name).read_text("utf-8"), "utf-8")
    assert module.main(["--usda", str(ROOT / "data" / "usda"), "--out", str(tmp_path)]) == 0
    for name in ("survey_foods.csv", "survey_measures.csv", "curated_measures.csv"):
        written = (tmp_path / name).read_text("utf-8")
        assert written == (data / name).read_text("utf-8"), name
