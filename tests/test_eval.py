"""The eval's scoring rules on tiny hand-made cases, its recorded LLM mode against the fake
OpenAI server, and the offline planner's bars on the shipped cases (CI fails below them)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bot.agent_api.actions import parse_action
from bot.kernel.answers import Answer
from bot.kernel.said import ModelWords
from bot.ops.eval import Case, format_report, load_cases, main_eval, plan_context, run_eval
from bot.ops.matching import pair_actions, value_matches
from bot.planner.base import Plan, PlanContext, PlannerFailed, ReadRequest, ReadResult
from bot.planner.offline.planner import OfflinePlanner
from tests.fixtures.core import make_settings
from tests.fixtures.openai import FakeOpenAI

CASES = Path(__file__).parent / "data" / "eval_cases.jsonl"
HELDOUT = Path(__file__).parent / "data" / "eval_heldout.jsonl"
# Written by someone who had not read the rules, in the five languages and US units; the rules
# are never tuned to it, so a failure here shows its summary only, never its cases.
NEWWRITER = Path(__file__).parent / "data" / "eval_newwriter.jsonl"
# The documented bars (README "Evaluating the understanding"; the Makefile's EVAL_*_MIN_F1):
# F1 on the development cases the offline planner claims ("offline" not false), on all of
# them, and on the held-out file.
OFFLINE_CLAIMED_MIN_F1 = 0.95
ALL_CASES_MIN_F1 = 0.85
HELDOUT_MIN_F1 = 0.85
NEWWRITER_MIN_F1 = 0.79
# The later development sets, each by another writer, each tuned on after it was scored once as
# written (tests/data/README.md): what was tuned on them is kept, a little below today's F1.
LATER_DEVELOPMENT_MIN_F1 = {
    "eval_dev2.jsonl": 0.96,
    "eval_dev3.jsonl": 0.92,
    "eval_dev4.jsonl": 0.92,
    "eval_dev5.jsonl": 0.90,
    "eval_dev6.jsonl": 0.94,
    "eval_dev7.jsonl": 0.94,
    "eval_dev8.jsonl": 0.70,
}
NOW = dt.datetime(2026, 11, 22, 8, 15, tzinfo=dt.UTC)


class ScriptedPlanner:
    """Returns the wire actions it was given for each text."""

    name = "scripted"

    def __init__(self, script: dict[str, list[dict[str, Any]]]) -> None:
        self.script = script

    async def plan(self, text: str, context: PlanContext) -> Plan:
        if text == "boom":
            raise RuntimeError("planner crashed")
        if text == "model gave up":
            failed = PlannerFailed("no usable answer")
            failed.llm_requests = 3
            raise failed
        return Plan(actions=[parse_action(a) for a in self.script.get(text, [])])

    async def answer(
        self, text: str, context: PlanContext, plan: Plan, results: Sequence[ReadResult]
    ) -> Answer:
        return ModelWords("")


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


async def test_requests_of_a_failed_plan_are_counted() -> None:
    report = await score([case("model gave up", [{"type": "weight.log"}])], {})
    assert report.llm_requests == 3


async def test_a_malformed_entry_is_scored_as_the_bot_would_send_it() -> None:
    """The bot refuses an entry whose name is only JSON debris; the eval scores that refusal."""
    report = await score([case("junk", [])], {"junk": [entry('"}, {', 166)]})
    assert report.results[0].passed


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


async def test_report_counts_cases_right_wrong_and_only_missed() -> None:
    """Wrong data (a write the person did not ask for) is told apart from a mere miss."""
    cases = [
        case("eggs", [{"type": "nutrition.add_entry", "entry": {"food": "egg"}}]),
        case("hi", []),
        case("toast", [{"type": "nutrition.add_entry", "entry": {"food": "toast"}}]),
        case("mix", [{"type": "weight.log"}, {"type": "supplements.mark_taken"}]),
    ]
    got = {
        "eggs": [entry("Eggs", 143)],
        "hi": [{"type": "weight.log", "date": "2026-11-22", "weightKg": 70}],
        "mix": [{"type": "weight.log", "date": "2026-11-22", "weightKg": 70}],
    }
    report = await score(cases, got)
    assert [r.wrote_wrong for r in report.results] == [False, True, False, False]
    assert (
        "cases: 1 right (25.0%), 1 wrote wrong data (25.0%), 2 only missed something"
        in format_report(report).splitlines()
    )


async def test_report_tells_how_each_case_wrote_wrong() -> None:
    """An entry nobody said, the wrong food, and a right food at another estimate are told apart,
    the worst way first when a case has several."""
    egg = {
        "type": "nutrition.add_entry",
        "entry": {"food": "egg", "calories": {"min": 60, "max": 100}},
    }
    cases = [
        case("phantom", [egg]),
        case("wrong food", [egg]),
        case("estimate", [egg]),
        case("both", [egg]),
    ]
    got = {
        "phantom": [entry("Egg", 78), entry("Mango", 99)],
        "wrong food": [entry("Toast", 80)],
        "estimate": [entry("Egg", 150)],
        "both": [entry("Eggs", 300), entry("Bacon", 40)],
    }
    report = await score(cases, got)
    assert [r.wrong_kind for r in report.results] == [
        "not said",
        "wrong thing",
        "estimate",
        "not said",
    ]
    assert (
        "wrote wrong: 2 an entry nobody said; 1 the wrong food, date, amount or rating; "
        "1 only a figure outside the writer's range" in format_report(report).splitlines()
    )


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
    assert len(cases) >= 500
    kinds = Counter(c.kind for c in cases if c.kind)
    assert sum(kinds.values()) >= 200
    assert set(kinds) == {
        "own-numbers", "dishes", "time-words", "unitless-weight", "fillers", "supplements",
        "portions", "questions", "notes", "exercise", "emoji", "usual", "day-boundary",
        "llm-lenient", "mixed", "corrections",
    }  # fmt: skip
    assert min(kinds.values()) >= 10, kinds
    assert sum(1 for c in cases if c.reply) >= 10
    assert sum(1 for c in cases if c.expected_notes) >= 10


def test_people_text_cases_share_no_message_with_the_held_out_set() -> None:
    """The held-out set judges whether what is tuned on these cases generalises."""
    development = {c.text.casefold() for c in load_cases(CASES) if c.kind}
    held_out = {c.text.casefold() for c in load_cases(HELDOUT)}
    shared = development & held_out
    assert not shared, sorted(shared)  # only the texts in both, never the rest


async def test_offline_planner_meets_the_bar_on_the_cases_it_claims() -> None:
    report = await run_eval(load_cases(CASES), OfflinePlanner(), only_offline_claimed=True)
    assert report.overall.f1 >= OFFLINE_CLAIMED_MIN_F1, format_report(report)


async def test_offline_planner_meets_the_bar_on_all_development_cases() -> None:
    report = await run_eval(load_cases(CASES), OfflinePlanner())
    assert report.overall.f1 >= ALL_CASES_MIN_F1, format_report(report)


async def test_offline_planner_meets_the_bar_on_the_held_out_cases() -> None:
    report = await run_eval(load_cases(HELDOUT), OfflinePlanner())
    assert report.overall.f1 >= HELDOUT_MIN_F1, format_report(report)


async def test_offline_planner_meets_the_bar_on_the_new_writers_cases() -> None:
    report = await run_eval(load_cases(NEWWRITER), OfflinePlanner())
    lines = format_report(report).splitlines()
    summary = "\n".join([*lines[:2], lines[-1]])  # never the cases: nobody tunes to them
    assert report.overall.f1 >= NEWWRITER_MIN_F1, summary


@pytest.mark.parametrize(("name", "bar"), sorted(LATER_DEVELOPMENT_MIN_F1.items()))
async def test_offline_planner_keeps_what_was_tuned_on_the_later_sets(
    name: str, bar: float
) -> None:
    report = await run_eval(load_cases(CASES.parent / name), OfflinePlanner())
    assert report.overall.f1 >= bar, format_report(report)


async def test_an_optional_addition_counts_only_when_logged_right() -> None:
    coffee = {"type": "nutrition.add_entry", "entry": {"food": "coffee", "calories": {"max": 90}}}
    milk = {
        "type": "nutrition.add_entry",
        "optional": True,
        "entry": {"food": "milk", "calories": {"max": 60}},
    }
    scripts = {
        "folded": [entry("Coffee with oat milk", 45)],
        "split": [entry("Coffee", 2), entry("Oat milk, 30 ml", 14)],
        "glass": [entry("Coffee", 2), entry("Oat milk, 1 glass (240 ml)", 115)],
    }
    for text, f1 in (("folded", 1.0), ("split", 1.0), ("glass", 2 / 3)):
        report = await score([case(text, [coffee, milk])], scripts)
        assert report.overall.f1 == pytest.approx(f1), text
        assert report.results[0].passed == (f1 == 1.0)
    assert "nutrition.add_entry.optional" not in report.fields


@dataclasses.dataclass
class AskingPlan(Plan):
    unit_question: float | None = None


class UnitAskingPlanner(ScriptedPlanner):
    """Logs "95" as kg but asks which unit it was, as a planner unsure of the unit does."""

    async def plan(self, text: str, context: PlanContext) -> Plan:
        plan = await super().plan(text, context)
        return AskingPlan(actions=plan.actions, unit_question=95.0)


async def test_nothing_is_written_while_the_unit_is_asked() -> None:
    weight = {"type": "weight.log", "date": "2026-11-22", "weightKg": 95}
    report = await run_eval([case("at 95", [])], UnitAskingPlanner({"at 95": [weight]}))
    assert report.results[0].got == [] and report.overall.f1 == 1.0


# --- notes, replies, kinds and context ------------------------------------------------------


def test_a_list_of_words_matches_a_free_text_holding_each() -> None:
    assert value_matches(["headache", "lunch"], "Headache since lunch")
    assert not value_matches(["headache", "dizzy"], "Headache since lunch")


def checkin(notes: str, mood: int = 3) -> dict[str, Any]:
    return {"type": "checkin.upsert", "date": "2026-11-22", "mood": mood, "notes": notes}


async def test_expected_notes_count_in_f1_and_on_their_own_line() -> None:
    expect = [{"type": "checkin.upsert", "notes": "headache"}]
    cases = [case("head", expect), case("sick", [{"type": "checkin.upsert", "notes": "sick"}])]
    report = await score(cases, {"head": [checkin("Headache all day")], "sick": [checkin("")]})
    assert report.notes == (1, 2)
    assert report.overall.tp == 1 and report.overall.f1 == 0.5
    assert "check-in notes: 1/2 expected notes written (0.500)" in format_report(report)


class AnsweringPlanner(ScriptedPlanner):
    """Asks for one read and answers with what the read returned."""

    async def plan(self, text: str, context: PlanContext) -> Plan:
        return Plan(reads=[ReadRequest(route="nutrition", date=context.today)], is_question=True)

    async def answer(
        self, text: str, context: PlanContext, plan: Plan, results: Sequence[ReadResult]
    ) -> Answer:
        return ModelWords(f"<b>{results[0].data}</b>")


async def test_a_question_is_judged_on_the_answer_to_its_reads() -> None:
    async def reader(request: ReadRequest) -> ReadResult:
        return ReadResult(request=request, data={"said": "Nothing logged on that day"})

    ok = dataclasses.replace(case("ok", []), reply=("nothing",))
    wrong = dataclasses.replace(case("wrong", []), reply=("protein",))
    report = await run_eval([ok, wrong], AnsweringPlanner({}), reader=reader)
    assert [r.reply_ok for r in report.results] == [True, False]
    assert report.results[0].answer == "{'said': 'Nothing logged on that day'}"
    text = format_report(report)
    assert "replies: 1/2 answers hold the expected words (0.500)" in text
    assert "- wrong: wrong" in text and 'must say: ["protein"]' in text
    assert report.overall.f1 == 1.0  # replies are not actions: F1 is about writes


async def test_replies_are_not_judged_without_an_account_to_read() -> None:
    report = await run_eval([dataclasses.replace(case("q", []), reply=("x",))], ScriptedPlanner({}))
    assert report.replies == (0, 0) and report.results[0].passed


async def test_each_kind_is_scored_weakest_first() -> None:
    good = dataclasses.replace(case("eggs", [{"type": "nutrition.add_entry"}]), kind="dishes")
    bad = dataclasses.replace(case("hi", []), kind="fillers")
    untagged = case("x", [])
    report = await score(
        [good, bad, untagged], {"eggs": [entry("Eggs", 143)], "hi": [entry("Hi", 1)]}
    )
    assert report.by_kind["dishes"].counts.f1 == 1.0
    assert (report.by_kind["fillers"].cases, report.by_kind["fillers"].passed) == (1, 0)
    lines = format_report(report).splitlines()
    start = lines.index("per kind (weakest first):")
    assert lines[start + 1].split()[:3] == ["fillers", "F1", "0.000"]
    assert lines[start + 2].split()[:3] == ["dishes", "F1", "1.000"]


def test_context_goes_to_the_planner_context_fields_that_exist() -> None:
    @dataclasses.dataclass(frozen=True)
    class LaterContext(PlanContext):
        day_ends_at: dt.time = dt.time(0, 0)
        last_weight_kg: float | None = None

    row = case("a pizza", [])
    lb = dataclasses.replace(
        row, context={"day_ends_at": "03:00", "last_weight": {"value": 178, "unit": "lb"}}
    )
    made = plan_context(lb, LaterContext)
    assert isinstance(made, LaterContext)
    assert (made.day_ends_at, made.last_weight_kg) == (dt.time(3, 0), 80.74)
    assert plan_context(row, LaterContext).now == NOW


async def test_a_case_whose_context_the_planner_cannot_take_is_skipped_and_counted() -> None:
    stack = dataclasses.replace(
        case("took my usual stack", [{"type": "supplements.mark_taken"}]),
        kind="supplements",
        context={"stack": [{"name": "Vitamin D"}]},  # no PlanContext field or read takes it
    )
    report = await score([stack, case("hi", [])], {})
    assert [r.case.id for r in report.results] == ["hi"]
    assert report.overall.f1 == 1.0  # not scored as a failure
    assert report.by_kind["supplements"].skipped == 1
    text = format_report(report)
    assert "skipped 1 cases: the planner cannot be given their context yet" in text
    assert "stack 1" in text and "supplements      not run, 1 skipped" in text


# --- "the usual": a repeat is copied from the case's own account -----------------------------

YESTERDAY = [
    {"date": "2026-11-21", "time": "08:05", "food": "Oatmeal with banana", "calories": 320,
     "protein": 10, "carbs": 58, "fat": 6},
    {"date": "2026-11-21", "time": "08:05", "food": "Flat white", "calories": 110,
     "protein": 6, "carbs": 9, "fat": 6},
    {"date": "2026-11-21", "time": "13:10", "food": "Chicken wrap", "calories": 520,
     "protein": 32, "carbs": 48, "fat": 20},
]  # fmt: skip
CHILI = {"name": "Chili", "servings": 4, "perServing": {"calories": 450, "protein": 32,
         "carbs": 38, "fat": 16}}  # fmt: skip


def usual_case(text: str, expect: list[dict[str, Any]], **context: Any) -> Case:
    now = dt.datetime(2026, 11, 22, 9, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    return Case(
        id=text,
        text=text,
        now=now,
        timezone="Europe/Berlin",
        expect=expect,
        kind="usual",
        context=context,
    )


def copied(food: str, calories: float, **more: float) -> dict[str, Any]:
    return {
        "type": "nutrition.add_entry",
        "date": "2026-11-22",
        "entry": {"food": food, "calories": calories, **more},
    }


async def test_a_usual_case_is_scored_on_the_entries_copied_from_its_context() -> None:
    breakfast = usual_case(
        "same breakfast as yesterday",
        [copied("Oatmeal with banana", 320, protein=10), copied("Flat white", 110)],
        entries=YESTERDAY,
    )
    serving = usual_case(
        "2 servings of my chili", [copied("Chili", 900, protein=64)], recipes=[CHILI]
    )
    report = await run_eval([breakfast, serving], OfflinePlanner())
    assert not report.skipped
    assert [r.passed for r in report.results] == [True, True], format_report(report)
    assert report.by_kind["usual"].counts.f1 == 1.0


async def test_a_wrong_copy_fails_a_usual_case() -> None:
    """The lunch is not the breakfast: a case expecting the wrap fails, and an account with
    nothing logged that morning writes nothing."""
    wrong = usual_case(
        "same breakfast as yesterday", [copied("Chicken wrap", 520)], entries=YESTERDAY
    )
    empty = usual_case(
        "same breakfast as yesterday", [copied("Oatmeal with banana", 320)], entries=YESTERDAY[2:]
    )
    report = await run_eval([wrong, empty], OfflinePlanner())
    assert [r.passed for r in report.results] == [False, False]
    assert [len(r.got) for r in report.results] == [2, 0]
    assert report.overall.tp == 0


async def test_again_repeats_only_the_latest_message_of_the_day() -> None:
    today = [
        {**YESTERDAY[1], "date": "2026-11-22", "time": "07:30"},
        {**YESTERDAY[0], "date": "2026-11-22", "time": "08:40"},
    ]
    again = usual_case("again", [copied("Oatmeal with banana", 320)], entries=today)
    report = await run_eval([again], OfflinePlanner())
    assert report.results[0].passed and len(report.results[0].got) == 1


async def test_an_entry_says_when_it_was_logged_when_that_was_another_day() -> None:
    """A kebab logged at 00:30 for the evening before is that day's dinner when the day
    ends at 03:00; a soup added the next morning for that day (backdated) is no meal."""
    late = [
        {**YESTERDAY[2], "food": "Doner kebab", "time": None, "createdAt": "2026-11-21T23:30Z"},
        {**YESTERDAY[2], "food": "Tomato soup", "time": None, "createdAt": "2026-11-22T08:50Z"},
    ]
    dinner = usual_case(
        "same dinner as yesterday", [copied("Doner kebab", 520)], entries=late, day_ends_at="03:00"
    )
    report = await run_eval([dinner], OfflinePlanner())
    assert report.results[0].passed, format_report(report)
    assert len(report.results[0].got) == 1


def test_a_malformed_account_in_a_case_is_bad_input() -> None:
    bad = usual_case("again", [], entries=[{"date": "2026-11-22", "food": "Oatmeal"}])
    with pytest.raises(ValueError, match="bad context 'entries'"):
        plan_context(bad)


def test_load_cases_reads_kind_reply_and_context(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    row = {
        "id": "q",
        "kind": "questions",
        "text": "what did I eat?",
        "now": "2026-11-22T08:00:00",
        "expect": [],
        "reply": ["nothing"],
        "context": {"day_ends_at": "03:00"},
    }
    path.write_text(json.dumps(row) + "\n" + json.dumps({**row, "id": "b", "reply": 3}) + "\n")
    with pytest.raises(ValueError, match=r":2:.*reply"):
        load_cases(path)
    held_out = {**row, "id": "h-dish-pizza"} | {"kind": None}
    path.write_text(json.dumps(row) + "\n" + json.dumps(held_out) + "\n")
    loaded, untagged = load_cases(path)
    assert untagged.kind == "dish"  # the held-out id's h-<kind>- prefix
    assert (loaded.kind, loaded.reply, dict(loaded.context)) == (
        "questions",
        ("nothing",),
        {"day_ends_at": "03:00"},
    )


# --- the recorded LLM mode, end to end through the fake OpenAI server ------------------------

EGGS = {"food": "Eggs, 2 large", "calories": 143, "protein": 12.6, "carbs": 0.7, "fat": 9.5}


def _llm_cases(path: Path) -> None:
    rows = [
        ("eggs", "2 eggs", [{"type": "nutrition.add_entry", "entry": {"food": "egg"}}], None),
        (
            "weight",
            "72.4 kg, was 74.2 last week",
            [{"type": "weight.log", "date": "2026-11-22", "weightKg": 72.4}],
            None,
        ),
        ("chat", "hi there", [], None),
        ("q", "what did I eat today?", [], ["nothing"]),
    ]
    lines = []
    for id_, text, expect, reply in rows:
        row: dict[str, Any] = {"id": id_, "text": text, "now": "2026-11-22T08:15:00"}
        row |= {"timezone": "UTC", "expect": expect} | ({"reply": reply} if reply else {})
        lines.append(json.dumps(row))
    path.write_text("\n".join(lines) + "\n")


def _script(fake: FakeOpenAI) -> None:
    fake.reply_tool_calls([("log_food", {"date": "2026-11-22", "items": [EGGS]})])
    # The other weight the message says: recorded as said, scored as wrong.
    fake.reply_tool_calls([("weight_log", {"date": "2026-11-22", "weightKg": 74.2})])
    fake.reply_text("Hello! Tell me what you ate.", usage=(90, 7))
    fake.reply_tool_calls([("read", {"route": "nutrition", "date": "2026-11-22"})])
    fake.reply_text("You have logged nothing today yet.")


def test_recorded_llm_answers_score_the_same_when_replayed_without_a_server(
    fake_openai: FakeOpenAI, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases, tape = tmp_path / "cases.jsonl", tmp_path / "tape.jsonl"
    _llm_cases(cases)
    _script(fake_openai)
    live = make_settings(tmp_path, openai_api_key="test-key", openai_base_url=fake_openai.base_url)
    assert main_eval(str(cases), "llm", None, False, record=str(tape), settings=live) == 0
    recorded_report = capsys.readouterr().out
    assert len(fake_openai.chat_requests) == 5

    rows = [json.loads(line) for line in tape.read_text().splitlines()]
    assert [r["id"] for r in rows] == ["eggs", "weight", "chat", "q"]
    assert [c["name"] for c in rows[0]["tool_calls"][0]] == ["log_food"]
    assert json.loads(rows[0]["tool_calls"][0][0]["arguments"])["items"] == [EGGS]
    assert [r["requests"] for r in rows] == [1, 1, 1, 2]
    assert rows[2]["usage"] == {"prompt_tokens": 90, "completion_tokens": 7}
    assert "test-key" not in tape.read_text()

    fake_openai.reset()  # nothing scripted: a request now would get "ok", not the recording
    offline = make_settings(tmp_path, openai_api_key=None)
    assert main_eval(str(cases), "llm", None, False, replay=str(tape), settings=offline) == 0
    replayed_report = capsys.readouterr().out
    assert fake_openai.requests == []

    last = "overall: precision 0.500 recall 0.500 F1 0.500"
    assert recorded_report.splitlines()[-1] == replayed_report.splitlines()[-1] == last
    for report in (recorded_report, replayed_report):
        assert "replies: 1/1 answers hold the expected words" in report
        assert "- weight: 72.4 kg" in report
        assert "grounding (0 findings):" in report  # the judge of bot/ops/eval_audit.py ran


def test_replay_fails_a_case_the_recording_cannot_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases, tape = tmp_path / "cases.jsonl", tmp_path / "tape.jsonl"
    _llm_cases(cases)
    read_only = {"route": "nutrition", "date": "2026-11-22"}
    call = {"id": "c", "type": "function", "function": {"name": "read", "arguments": ""}}
    call["function"]["arguments"] = json.dumps(read_only)
    body = {
        "id": "x",
        "object": "chat.completion",
        "created": 0,
        "model": "m",
        "choices": [{"index": 0, "message": {"role": "assistant", "tool_calls": [call]}}],
    }
    rows = [
        {"id": "chat", "text": "changed text", "responses": []},
        {"id": "q", "text": "what did I eat today?", "responses": [{"status": 200, "body": body}]},
    ]
    tape.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    settings = make_settings(tmp_path, openai_api_key=None)
    assert main_eval(str(cases), "llm", None, False, replay=str(tape), settings=settings) == 0
    out = capsys.readouterr().out
    assert "got:      not in the recording" in out  # eggs, weight
    assert "got:      its text changed since it was recorded" in out  # chat
    assert "asked the model more than the recording holds" in out  # q: no answer recorded


def test_record_and_replay_need_the_llm_planner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = tmp_path / "cases.jsonl"
    _llm_cases(cases)
    assert main_eval(str(cases), "offline", None, False, replay=str(cases)) == 2
    assert "--planner llm" in capsys.readouterr().err


def test_a_recording_asks_the_model_as_the_bot_does(
    fake_openai: FakeOpenAI, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases, tape = tmp_path / "cases.jsonl", tmp_path / "tape.jsonl"
    _llm_cases(cases)
    _script(fake_openai)
    live = make_settings(
        tmp_path,
        openai_api_key="test-key",
        openai_base_url=fake_openai.base_url,
        llm_max_tokens=300,
    )
    assert main_eval(str(cases), "llm", None, False, record=str(tape), settings=live) == 0
    capsys.readouterr()
    # the answer bound and its field as the bot sends them to a server that is not OpenAI
    assert [r.get("max_tokens") for r in fake_openai.chat_requests] == [300] * 5
    assert all("max_completion_tokens" not in r for r in fake_openai.chat_requests)


def test_the_model_is_scored_as_the_bot_uses_it(
    fake_openai: FakeOpenAI, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A question never writes, whatever the model proposes, and where the model fails the
    rules stand in for a message they understood whole: the eval scores what is written."""
    cases = tmp_path / "cases.jsonl"
    rows = [
        ("q", "what did I eat today?", []),
        ("eggs", "2 eggs", [{"type": "nutrition.add_entry", "entry": {"food": "egg"}}]),
    ]
    cases.write_text(
        "\n".join(
            json.dumps({"id": i, "text": t, "now": "2026-11-22T08:15:00", "expect": e})
            for i, t, e in rows
        )
        + "\n"
    )
    said = {"said": "what did I eat today", "food": "what did I eat today"}
    fake_openai.reply_tool_calls([("log_food", {"date": "2026-11-22", "items": [EGGS | said]})])
    for _ in range(3):  # the model is down for the eggs: the request and its retries
        fake_openai.reply_error(503, "overloaded")
    live = make_settings(tmp_path, openai_api_key="test-key", openai_base_url=fake_openai.base_url)
    assert main_eval(str(cases), "llm", None, False, settings=live) == 0
    report = capsys.readouterr().out
    assert report.splitlines()[-1] == "overall: precision 1.000 recall 1.000 F1 1.000", report
    assert "questions that wrote: 0" in report
