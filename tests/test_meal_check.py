"""The USDA meal check (bench/meals.py) runs on its set and gives shares in 0..1; its scoring
rules on hand-made reads."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from bench.meals import MEALS, Meal, Read, load_meals, run, score

DEV = MEALS.parent / "meals_usda_dev.jsonl"


def _codes(path: Path) -> set[str]:
    lines = path.read_text("utf-8").splitlines()
    return {f["food_code"] for line in lines if line for f in json.loads(line)["foods"]}


def test_the_scorer_runs_on_ten_meals() -> None:
    figures = run(limit=10)
    assert figures["meals"] == 10
    for key in (
        "coverage",
        "whole_meal",
        "calories_within_20pct",
        "carbs_within_7_5g",
        "baseline_calories_within_20pct",
        "baseline_carbs_within_7_5g",
    ):
        assert 0.0 <= figures[key] <= 1.0, key
    assert figures["whole_meal"] <= figures["coverage"]
    assert figures["ms_p50"] > 0


def test_the_set_is_whole() -> None:
    meals = load_meals(MEALS)
    assert len(meals) == 600
    assert len({m.id for m in meals}) == 600
    assert all(1 <= m.foods <= 3 and m.calories >= 50 and m.text for m in meals)


def test_the_development_set_shares_no_food_with_the_check() -> None:
    dev = load_meals(DEV)
    assert len(dev) == 600
    assert not _codes(DEV) & _codes(MEALS)
    assert not {m.text for m in dev} & {m.text for m in load_meals(MEALS)}


def test_the_scorer_names_the_file_it_read() -> None:
    assert run(limit=2, path=DEV)["file"] == "tests/data/meals_usda_dev.jsonl"


def test_bands_and_baseline() -> None:
    now = dt.datetime(2026, 11, 22, 13, tzinfo=dt.UTC)
    meals = [
        Meal("a", "x", now, foods=2, calories=500, carbs=50),
        Meal("b", "y", now, foods=1, calories=300, carbs=30),
    ]
    reads = [
        Read(entries=2, calories=590, carbs=57, ms=1.0),  # within 20% and 7.5 g
        Read(entries=0, calories=0, carbs=0, ms=1.0),  # nothing logged: misses both
    ]
    figures = score(meals, reads)
    assert figures["coverage"] == 0.5
    assert figures["whole_meal"] == 0.5
    assert figures["calories_within_20pct"] == 0.5
    assert figures["carbs_within_7_5g"] == 0.5
    # the baseline answers 400 kcal / 40 g for both: 500 is 20% off (in), 300 is 33% off
    assert figures["baseline_calories_within_20pct"] == 0.5
    assert figures["baseline_carbs_within_7_5g"] == 0.0
