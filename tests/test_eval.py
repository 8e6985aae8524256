"""The eval's scoring rules on tiny hand-made cases, and the offline planner's bar on the
shipped cases (CI fails below it)."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.agent_api.actions import parse_action
from bot.ops.eval import Case, format_report, load_cases, main_eval, run_eval
from bot.ops.matching import pair_actions, value_matches
from bot.planner.base import Plan, PlanContext, ReadResult
from bot.planner.offline.planner import OfflinePlanner

CASES = Path(__file__).parent / "data" / "eval_cases.jsonl"
# The documented bar: F1 on the cases the offline planner claims ("offline" not false).
OFFLINE_CLAIMED_MIN_F1 = 0.9
NOW = dt.datetime(2026, 11, 22, 8, 15, tzinfo=dt.UTC)


class ScriptedPlanner:
    """Returns the wire actions it was given for each text."""

    name = "scripted"

    def __init__(self, script: dict[str, list[dict[str, Any]]]) -> None:
        self.script = script

    async def plan(self, text: str, context: PlanContext) -> Plan:
        if text == "boom":
            raise RuntimeError("planner crashed")
        return Plan(actions=[parse_action(a) for a in self.script.get(text, [])])

    async def answer(
        self, text: str, context: PlanContext, plan: Plan, results: Sequence[ReadResult]
    ) -> str:
        return ""


def case(text: str, expect: list[dict[str, Any]], offline: bool = True) -> Case:
    return Case(id=text, text=text, now=NOW, timezone="UTC", expect=expect, offline=offline)


def entry(food: str, calories: float, date: str = "2026-11-22") -> dict[str, Any]:
    return {
        "type": "nutrition.add_entry",
        "date": date,
        "entry": {"food": food, "calories": calories, "protein": 1, "carbs": 1, "fat": 1},
    }


# --- single values ---------------------------------------------------------------------


def test_string_matches_when_contained_case_insensitively() -> None:
    assert value_matches("oat", "Oatmeal, 1 cup cooked")
    assert not value_matches("eggs", "Oatmeal")


def test_number_matches_exactly_or_by_range() -> None:
    assert value_matches(72.4, 72.4)
    assert not value_matches(72.4, 72.41)
    assert value_matches({"min": 100, "max": 200}, 150)
    assert value_matches({"min": 100}, 10_000)
    assert not value_matches({"min": 100, "max": 200}, 201)
    assert not value_matches({"min": 1}, "150")
    assert not value_matches(1, True)


def test_list_needs_every_expected_item() -> None:
    assert value_matches(["oats", "milk"], ["100 g oats", "200 ml milk", "chia"])
    assert not value_matches(["oats", "honey"], ["100 g oats"])


# --- pairing and counting ---------------------------------------------------------------


async def score(cases: list[Case], script: dict[str, list[dict[str, Any]]]) -> Any:
    return await run_eval(cases, ScriptedPlanner(script))


async def test_fields_left_out_are_not_checked_even_nested() -> None:
    expect = [{"type": "nutrition.add_entry", "entry": {"food": "egg"}}]
    report = await score([case("eggs", expect)], {"eggs": [entry("Eggs, 2 large", 143)]})
    assert report.overall.f1 == 1.0
    assert set(report.fields) == {"nutrition.add_entry.entry.food"}


async def test_a_wrong_nested_field_fails_the_pair_and_shows_in_field_accuracy() -> None:
    expect = [
        {"type": "nutrition.add_entry", "date": "2026-11-22", "entry": {"calories": {"max": 100}}}
    ]
    report = await score([case("eggs", expect)], {"eggs": [entry("Eggs", 143)]})
    assert (report.overall.tp, report.overall.precision, report.overall.recall) == (0, 0.0, 0.0)
    assert report.fields["nutrition.add_entry.entry.calories"] == [0, 1]
    assert report.fields["nutrition.add_entry.date"] == [1, 1]


async def test_spurious_action_on_expect_nothing_drops_precision_only() -> None:
    good = case("eggs", [{"type": "nutrition.add_entry", "entry": {"food": "egg"}}])
    chit = case("hi", [])
    report = await score(
        [good, chit],
        {
            "eggs": [entry("Eggs", 143)],
            "hi": [{"type": "weight.log", "date": "2026-11-22", "weightKg": 70}],
        },
    )
    assert report.overall.precision == 0.5
    assert report.overall.recall == 1.0
    assert report.by_type["weight.log"].predicted == 1
    assert [r.case.id for r in report.results if not r.passed] == ["hi"]


async def test_expect_nothing_and_nothing_written_is_perfect() -> None:
    report = await score([case("hi", [])], {})
    assert (report.overall.precision, report.overall.recall, report.overall.f1) == (1, 1, 1)


def test_pairing_is_by_type_then_best_fields() -> None:
    expected = [
        {"type": "nutrition.add_entry", "entry": {"food": "toast"}},
        {"type": "nutrition.add_entry", "entry": {"food": "egg"}},
        {"type": "weight.log", "weightKg": 70},
    ]
    got = [entry("Eggs", 143), {"type": "weight.log", "weightKg": 70}, entry("Toast", 80)]
    assert sorted(pair_actions(expected, got)) == [(0, 2), (1, 0), (2, 1)]


async def test_per_type_precision_and_recall() -> None:
    expect = [
        {"type": "nutrition.add_entry", "entry": {"food": "egg"}},
        {"type": "supplements.mark_taken", "name": "zinc"},
    ]
    report = await score([case("mix", expect)], {"mix": [entry("Eggs", 143)]})
    assert report.by_type["nutrition.add_entry"].precision == 1.0
    assert report.by_type["supplements.mark_taken"].recall == 0.0
    assert report.overall.recall == 0.5


async def test_a_crashing_planner_fails_its_case_not_the_eval() -> None:
    report = await score([case("boom", [{"type": "weight.log"}]), case("hi", [])], {})
    failing = [r for r in report.results if not r.passed]
    assert [r.case.id for r in failing] == ["boom"]
    assert "planner crashed" in (failing[0].error or "")


async def test_offline_claimed_filter() -> None:
    cases = [case("hi", []), case("recipe", [{"type": "recipes.upsert"}], offline=False)]
    report = await run_eval(cases, ScriptedPlanner({}), only_offline_claimed=True)
    assert [r.case.id for r in report.results] == ["hi"]


async def test_report_lists_failures_and_ends_with_the_overall_line() -> None:
    cases = [
        case("eggs", [{"type": "nutrition.add_entry", "entry": {"food": "egg"}}]),
        case("recipe", [{"type": "recipes.upsert", "name": "oats"}], offline=False),
    ]
    report = await score(cases, {"eggs": [entry("Eggs", 143)]})
    text = format_report(report)
    lines = text.splitlines()
    assert lines[-1] == "overall: precision 1.000 recall 0.500 F1 0.667"
    assert lines[-2].startswith("offline-claimed (1 cases): precision 1.000 recall 1.000")
    assert "- recipe: recipe" in text
    assert "recipes.upsert" in text


# --- files and the CLI entry ---------------------------------------------------------------


def test_load_cases_localises_now_and_reads_the_offline_flag(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    rows = [
        {
            "id": "a",
            "text": "x",
            "now": "2026-11-22T00:30:00",
            "timezone": "Europe/Berlin",
            "expect": [],
        },
        {
            "id": "b",
            "text": "y",
            "now": "2026-11-22T00:30:00",
            "timezone": "UTC",
            "expect": [],
            "offline": False,
        },
    ]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n\n")
    a, b = load_cases(path)
    assert a.now.utcoffset() == dt.timedelta(hours=1) and a.now.hour == 0
    assert (a.offline, b.offline) == (True, False)


def test_load_cases_names_the_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    path.write_text('{"id": "a", "text": "x", "now": "2026-11-22T08:00:00", "expect": []}\n{oops\n')
    with pytest.raises(ValueError, match=":2:"):
        load_cases(path)


def test_main_eval_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cases.jsonl"
    row = {
        "id": "w",
        "text": "72.4 kg",
        "now": "2026-11-22T08:00:00",
        "timezone": "UTC",
        "expect": [{"type": "weight.log", "date": "2026-11-22", "weightKg": 72.4}],
    }
    path.write_text(json.dumps(row) + "\n")
    assert main_eval(str(path), "offline", 0.9, False) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "overall: precision 1.000 recall 1.000 F1 1.000"
    )
    row["expect"] = [{"type": "weight.log", "weightKg": 99}]
    path.write_text(json.dumps(row) + "\n")
    assert main_eval(str(path), "offline", 0.9, False) == 1
    assert main_eval(str(path), "nonsense", None, False) == 2
    assert main_eval(str(tmp_path / "missing.jsonl"), "offline", None, False) == 2


# --- the shipped cases -----------------------------------------------------------------


def test_shipped_cases_cover_the_required_ground() -> None:
    cases = load_cases(CASES)
    assert len(cases) >= 90
    assert len({c.id for c in cases}) == len(cases)
    types = {a["type"] for c in cases for a in c.expect}
    assert types >= {
        "nutrition.add_entry",
        "nutrition.set_goals",
        "checkin.upsert",
        "weight.log",
        "weight.set_goal",
        "supplements.mark_taken",
        "recipes.upsert",
        "support.create_ticket",
    }
    assert sum(1 for c in cases if not c.expect) >= 15  # questions, chit-chat, injections
    assert any(len(c.text) >= 10_000 for c in cases)


async def test_offline_planner_meets_the_bar_on_the_cases_it_claims() -> None:
    report = await run_eval(load_cases(CASES), OfflinePlanner(), only_offline_claimed=True)
    assert report.overall.f1 >= OFFLINE_CLAIMED_MIN_F1, format_report(report)
