"""Score a planner on labelled cases: `healthbot eval CASES.jsonl --planner offline|llm`.

A case is one JSON object a line (tests/data/README.md lists every field):

    {"id": "...", "text": "...", "now": "2026-11-22T08:15:00", "timezone": "Europe/Berlin",
     "expect": [ACTION, ...], "offline": true}

ACTION is a wire-shaped ingest action (as `to_wire` makes it), matched as bot/ops/matching.py
says: leniently where estimates vary, strictly where they must not, and `"expect": []` means
nothing may be written. `"offline": false` marks cases the offline planner does not claim to
handle (recipes, tickets, free phrasing).

A fully matching pair of actions is a true positive; precision, recall and F1 are counted
over actions, so an expected check-in `notes` text is part of F1 (it is a field of the
action); the report also counts the notes on their own line. A question's `reply` words are
not actions: they are scored on their own line ("replies"), from the answer the planner
gives after its reads are answered by an empty sandbox account. Cases tagged with a `kind`
are scored per kind too.

A case's `context` is what the person's account already holds. `last_weight` and
`day_ends_at` go to the `PlanContext`; `entries` and `recipes` answer the one read of a plan
that repeats a meal ("same breakfast as yesterday", "a serving of my chili"), shaped as the
service would answer it (bot/ops/eval_account.py), and the core's own code picks and copies
from it (`bot.core.personal.copy_into`), so what is scored is what the bot would log. A case
whose `context` the planner cannot take (a key no `PlanContext` field or read takes) is
skipped and counted, never scored as a failure. The report's last line is always
`overall: precision P recall R F1 F` over the evaluated cases.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

from rich.console import Console

from bot.agent_api.actions import Action, NutritionAddEntry, to_wire
from bot.config import Settings
from bot.core.personal import copy_into, settle_unit, unitless_index
from bot.kernel.readers import DEFAULT
from bot.ops.eval_account import Reader, account_read, empty_account
from bot.ops.eval_audit import audit, format_audit
from bot.ops.eval_cases import UnsupportedContext, load_cases, plan_context
from bot.ops.eval_llm import ModelTape
from bot.ops.eval_report import (
    Case,
    CaseResult,
    Counts,
    EvalReport,
    Skipped,
    format_report,
    wrong_kind,
)
from bot.ops.matching import field_results, pair_actions, value_matches
from bot.ops.progress import RunProgress, run_progress, terminal_console
from bot.planner.base import Plan, PlanContext, Planner
from bot.planner.sanity import sane
from bot.render import format as fmt
from bot.render import said as render_said

__all__ = [
    "Case",
    "CaseResult",
    "Counts",
    "EvalReport",
    "format_report",
    "load_cases",
    "main_eval",
    "plan_context",
    "run_eval",
]


async def run_eval(
    cases: Sequence[Case],
    planner: Planner,
    *,
    only_offline_claimed: bool = False,
    reader: Reader | None = None,
    tape: ModelTape | None = None,
    progress: RunProgress | None = None,
) -> EvalReport:
    """Plan every case (one at a time, so timings mean something) and score the actions.

    With a `reader`, a case that expects `reply` words gets its reads answered and the
    planner's answer judged; with a `tape`, the model's responses are recorded or replayed;
    `progress` hears of each case scored or skipped, with the requests and tokens it cost.
    """
    report = EvalReport(planner=planner.name, only_offline_claimed=only_offline_claimed)
    progress = progress or RunProgress()
    for case in _chosen(cases, only_offline_claimed):
        requests, tokens = await _eval_case(report, case, planner, reader, tape)
        progress.case_done(requests=requests, tokens=tokens)
    return report


def _chosen(cases: Sequence[Case], only_offline_claimed: bool) -> list[Case]:
    return [case for case in cases if case.offline or not only_offline_claimed]


async def _eval_case(
    report: EvalReport,
    case: Case,
    planner: Planner,
    reader: Reader | None,
    tape: ModelTape | None,
) -> tuple[int, int]:
    """Plan one case and add its score (or its skip) to `report`; the model requests and
    tokens it cost, a failed plan's included."""
    try:
        context = plan_context(case)
    except UnsupportedContext as exc:
        report.skipped.append(Skipped(case, exc.lacking))
        tally = report.kind(case)
        if tally is not None:
            tally.skipped += 1
        return 0, 0
    error = tape.begin(case) if tape is not None else None
    started = time.perf_counter()
    got: list[dict[str, Any]] = []
    answer: str | None = None
    plan: Plan | None = None
    requests = tokens = 0
    if error is None:
        try:
            plan = sane(await planner.plan(case.text, context))
            got = [to_wire(a) for a in _written(plan, case, context)]
            if case.reply and reader is not None:
                answer = await _answer(planner, case, context, plan, reader)
        except Exception as exc:  # a crashing planner is a failed case, not a failed eval
            error = f"{type(exc).__name__}: {exc}"
            requests = getattr(exc, "llm_requests", 0)
            tokens = getattr(exc, "llm_tokens", 0)
            report.llm_requests += requests
        if tape is not None:
            error = tape.end(case, plan) or error
    if plan is not None:
        report.llm_requests += plan.llm_requests
        report.prompt_tokens += plan.prompt_tokens
        report.completion_tokens += plan.completion_tokens
        requests += plan.llm_requests
        tokens += plan.prompt_tokens + plan.completion_tokens
    seconds = time.perf_counter() - started
    _score_case(report, case, got, error, seconds, answer, judged=reader is not None)
    return requests, tokens


def _written(plan: Plan, case: Case, context: PlanContext) -> list[Action]:
    """What the assistant sends for `plan`: a repeat's copies from the case's account
    (nothing when nothing fits: the person is told so), and nothing while it still asks the
    person which unit a number was in (the actions wait behind "80 kg" / "80 lb" buttons) when
    neither their last weight nor where they are tells."""
    if plan.repeat is not None:
        return list(_repeated(plan, case, context))
    if plan.unit_question is not None:
        index = unitless_index(plan, plan.unit_question)
        settled = index is not None and settle_unit(
            plan, index, plan.unit_question, context.last_weight_kg, context.timezone
        )
        if not settled:
            return []
    return plan.actions


def _repeated(plan: Plan, case: Case, context: PlanContext) -> list[NutritionAddEntry]:
    """The entries the core copies for `plan.repeat` from the case's account, the plan then
    changed as the core changes it."""
    assert plan.repeat is not None
    zone = ZoneInfo(case.timezone)
    data = account_read(case.context, plan.repeat.read, context.today, zone)
    return copy_into(plan, plan.repeat, data, zone, context.day_ends_at)


async def _answer(
    planner: Planner, case: Case, context: PlanContext, plan: Plan, reader: Reader
) -> str:
    """What the person would read back: the answer from the reads, or the planner's reply."""
    if plan.reads:
        results = [await reader(request) for request in plan.reads]
        return fmt.to_plain(
            render_said.answer(await planner.answer(case.text, context, plan, results), DEFAULT)
        )
    return render_said.reply(plan.said, DEFAULT) or ""


def _score_case(
    report: EvalReport,
    case: Case,
    got: list[dict[str, Any]],
    error: str | None,
    seconds: float,
    answer: str | None = None,
    *,
    judged: bool = False,
) -> None:
    pairs = pair_actions(case.expect, got)
    tp = 0
    notes_found = 0
    matched: set[int] = set()  # expected actions fully matched
    failed_fields: list[list[str]] = []
    for i, j in pairs:
        action_type = str(case.expect[i].get("type"))
        results = field_results(case.expect[i], got[j])
        full = all(ok for _path, ok in results)
        failed_fields.append([path for path, ok in results if not ok])
        tp += full
        if full:
            matched.add(i)
        report.by_type.setdefault(action_type, Counts()).tp += full
        for path, ok in results:
            tally = report.fields.setdefault(f"{action_type}.{path}", [0, 0])
            tally[0] += ok
            tally[1] += 1
            notes_found += ok and action_type == "checkin.upsert" and path == "notes"
    expected = [
        action
        for index, action in enumerate(case.expect)
        if not action.get("optional") or index in matched
    ]
    for action in expected:
        report.by_type.setdefault(str(action.get("type")), Counts()).expected += 1
    for action in got:
        report.by_type.setdefault(str(action.get("type")), Counts()).predicted += 1
    counts = Counts(tp=tp, predicted=len(got), expected=len(expected))
    report.overall.add(counts)
    if case.offline:
        report.claimed.add(counts)
    reply_ok = None
    if case.reply and judged:
        reply_ok = error is None and value_matches(list(case.reply), answer or "")
    result = CaseResult(case, got, tp, error, seconds, answer, reply_ok, notes_found, len(expected))
    if result.wrote_wrong:
        result.wrong_kind = wrong_kind(len(got) - len(pairs), failed_fields)
    report.results.append(result)
    kind = report.kind(case)
    if kind is not None:
        kind.counts.add(counts)
        kind.cases += 1
        kind.passed += result.passed


# --- the command ----------------------------------------------------------------------------


def main_eval(
    path: str,
    planner_name: str,
    min_f1: float | None,
    offline_claimed_only: bool,
    *,
    record: str | None = None,
    replay: str | None = None,
    settings: Settings | None = None,
    bar: Console | None = None,
) -> int:
    """The `healthbot eval` command: 0 when done (and F1 >= min_f1), 1 below it, 2 on bad input.

    `record`/`replay` (LLM planner only) write the model's responses to a file or score the
    ones a file holds (bot/ops/eval_llm.py). With the LLM planner a progress bar is drawn on
    `bar`, by default on stderr when it is a terminal (bot/ops/progress.py); the offline
    planner scores a case in about a millisecond, so its runs end before a bar would say
    anything, and it has no requests or tokens to count.
    """
    try:
        if (record or replay) and planner_name != "llm":
            raise ValueError("--record and --replay go with --planner llm")
        if record and replay:
            raise ValueError("use --record or --replay, not both")
        cases = load_cases(path)
        if planner_name == "llm" and bar is None:
            bar = terminal_console()
        runs = _Run(planner_name, offline_claimed_only, record, replay, settings, bar)
        report = asyncio.run(_run(cases, runs))
    except (OSError, ValueError, RuntimeError) as exc:
        print(f"eval: {exc}", file=sys.stderr)
        return 2
    print(format_report(report))
    if min_f1 is not None and report.overall.f1 < min_f1:
        print(f"F1 {report.overall.f1:.3f} is below the required {min_f1:.3f}", file=sys.stderr)
        return 1
    return 0


@dataclass(frozen=True)
class _Run:
    """The command's flags, and where to draw its progress bar (None: nowhere)."""

    planner_name: str
    offline_claimed_only: bool
    record: str | None
    replay: str | None
    settings: Settings | None
    bar: Console | None


async def _run(cases: Sequence[Case], run: _Run) -> EvalReport:
    async with AsyncExitStack() as stack:
        planner, tape = _build_planner(run.planner_name, run.record, run.replay, run.settings)
        aclose = getattr(planner, "aclose", None)
        if aclose is not None:
            stack.push_async_callback(aclose)
        if tape is not None:
            stack.callback(tape.close)
        reader = None
        if any(c.reply for c in cases):
            reader = await stack.enter_async_context(empty_account())
        total = len(_chosen(cases, run.offline_claimed_only))
        with run_progress(total, console=run.bar, label="eval") as progress:
            report = await run_eval(
                cases,
                planner,
                only_offline_claimed=run.offline_claimed_only,
                reader=reader,
                tape=tape,
                progress=progress,
            )
    if run.planner_name == "llm":
        deadline = run.settings.llm_message_deadline_seconds if run.settings else None
        report.grounding = format_audit(await audit(report.results, _rules_names, deadline))
    return report


async def _rules_names(result: CaseResult) -> list[str]:
    """The names the built-in rules give the foods and supplements of a case's message."""
    from bot.planner.offline.planner import OfflinePlanner

    plan = await OfflinePlanner().plan(result.case.text, plan_context(result.case))
    return [name for action in plan.actions if (name := _name_of(action))]


def _name_of(action: Action) -> str | None:
    if isinstance(action, NutritionAddEntry):
        return action.entry.food
    name = getattr(action, "name", None)
    return name if isinstance(name, str) else None


def _build_planner(
    name: str, record: str | None, replay: str | None, settings: Settings | None
) -> tuple[Planner, ModelTape | None]:
    if name == "offline":
        from bot.planner.offline.planner import OfflinePlanner

        return OfflinePlanner(), None
    if name == "llm":
        from bot.ops.eval_llm import AsTheBotPlans, recording_planner, replaying_planner
        from bot.planner.llm import build_llm_planner

        settings = settings if settings is not None else Settings()
        if record:
            return recording_planner(settings, record)
        if replay:
            return replaying_planner(settings, replay)
        return AsTheBotPlans(build_llm_planner(settings)), None
    raise ValueError(f"unknown planner {name!r}: use 'offline' or 'llm'")
