"""Score a planner on labelled cases: `healthbot eval CASES.jsonl --planner offline|llm`.

A case is one JSON object a line:

    {"id": "...", "text": "...", "now": "2026-11-22T08:15:00", "timezone": "Europe/Berlin",
     "expect": [ACTION, ...], "offline": true}

ACTION is a wire-shaped ingest action (as `to_wire` makes it), matched as bot/ops/matching.py
says: leniently where estimates vary, strictly where they must not, and `"expect": []` means
nothing may be written. `"offline": false` marks cases the offline planner does not claim to
handle (recipes, tickets, free phrasing).

A fully matching pair of actions is a true positive; precision, recall and F1 are counted
over actions. Field accuracy is counted over all paired actions, so it shows *which* field
a planner gets wrong. The report's last line is always `overall: precision P recall R F1 F`
over the evaluated cases.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bot.agent_api.actions import to_wire
from bot.ops.matching import field_results, pair_actions
from bot.planner.base import PlanContext, Planner


@dataclass(frozen=True)
class Case:
    """One labelled message."""

    id: str
    text: str
    now: dt.datetime  # aware, in `timezone`
    timezone: str
    expect: list[dict[str, Any]]
    offline: bool = True


@dataclass
class CaseResult:
    case: Case
    got: list[dict[str, Any]]
    true_positives: int
    error: str | None = None
    seconds: float = 0.0

    @property
    def passed(self) -> bool:
        return (
            self.error is None
            and self.true_positives == len(self.case.expect)
            and self.true_positives == len(self.got)
        )


@dataclass
class Counts:
    """True positives, predicted and expected actions; precision/recall/F1 derived."""

    tp: int = 0
    predicted: int = 0
    expected: int = 0

    @property
    def precision(self) -> float:
        if self.predicted:
            return self.tp / self.predicted
        return 1.0 if self.expected == 0 else 0.0

    @property
    def recall(self) -> float:
        if self.expected:
            return self.tp / self.expected
        return 1.0 if self.predicted == 0 else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def add(self, other: Counts) -> None:
        self.tp += other.tp
        self.predicted += other.predicted
        self.expected += other.expected


@dataclass
class EvalReport:
    planner: str
    results: list[CaseResult] = field(default_factory=list)
    by_type: dict[str, Counts] = field(default_factory=dict)
    fields: dict[str, list[int]] = field(default_factory=dict)  # key -> [correct, total]
    overall: Counts = field(default_factory=Counts)
    claimed: Counts = field(default_factory=Counts)  # the offline-claimed subset
    only_offline_claimed: bool = False
    llm_requests: int = 0


def load_cases(path: str | Path) -> list[Case]:
    """Read a JSONL file of cases; blank lines are skipped, a bad line names its number."""
    cases: list[Case] = []
    for number, line in enumerate(Path(path).read_text("utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            cases.append(_case(raw))
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}:{number}: not a valid case: {exc}") from exc
    return cases


def _case(raw: dict[str, Any]) -> Case:
    timezone = str(raw.get("timezone") or "UTC")
    now = dt.datetime.fromisoformat(str(raw["now"]))
    zone = ZoneInfo(timezone)
    now = now.replace(tzinfo=zone) if now.tzinfo is None else now.astimezone(zone)
    expect = raw.get("expect", [])
    if not isinstance(expect, list) or not all(isinstance(a, dict) for a in expect):
        raise TypeError("expect must be a list of objects")
    return Case(
        id=str(raw["id"]),
        text=str(raw["text"]),
        now=now,
        timezone=timezone,
        expect=expect,
        offline=bool(raw.get("offline", True)),
    )


# --- running -----------------------------------------------------------------------------


async def run_eval(
    cases: Sequence[Case], planner: Planner, *, only_offline_claimed: bool = False
) -> EvalReport:
    """Plan every case (one at a time, so timings mean something) and score the actions."""
    report = EvalReport(planner=planner.name, only_offline_claimed=only_offline_claimed)
    for case in cases:
        if only_offline_claimed and not case.offline:
            continue
        context = PlanContext(now=case.now, timezone=case.timezone)
        started = time.perf_counter()
        error = None
        got: list[dict[str, Any]] = []
        try:
            plan = await planner.plan(case.text, context)
            got = [to_wire(a) for a in plan.actions]
            report.llm_requests += plan.llm_requests
        except Exception as exc:  # a crashing planner is a failed case, not a failed eval
            error = f"{type(exc).__name__}: {exc}"
        seconds = time.perf_counter() - started
        _score_case(report, case, got, error, seconds)
    return report


def _score_case(
    report: EvalReport,
    case: Case,
    got: list[dict[str, Any]],
    error: str | None,
    seconds: float,
) -> None:
    pairs = pair_actions(case.expect, got)
    tp = 0
    for i, j in pairs:
        action_type = str(case.expect[i].get("type"))
        results = field_results(case.expect[i], got[j])
        full = all(ok for _path, ok in results)
        tp += full
        report.by_type.setdefault(action_type, Counts()).tp += full
        for path, ok in results:
            tally = report.fields.setdefault(f"{action_type}.{path}", [0, 0])
            tally[0] += ok
            tally[1] += 1
    for action in case.expect:
        report.by_type.setdefault(str(action.get("type")), Counts()).expected += 1
    for action in got:
        report.by_type.setdefault(str(action.get("type")), Counts()).predicted += 1
    counts = Counts(tp=tp, predicted=len(got), expected=len(case.expect))
    report.overall.add(counts)
    if case.offline:
        report.claimed.add(counts)
    report.results.append(CaseResult(case, got, tp, error, seconds))


def _line(label: str, counts: Counts) -> str:
    return (
        f"{label}: precision {counts.precision:.3f} recall {counts.recall:.3f} F1 {counts.f1:.3f}"
    )


def _short(value: Any, limit: int = 300) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def format_report(report: EvalReport) -> str:
    """Per type, per field, the failing cases, then the overall line (always last)."""
    evaluated = len(report.results)
    claimed = sum(r.case.offline for r in report.results)
    failed = [r for r in report.results if not r.passed]
    scope = "offline-claimed cases only" if report.only_offline_claimed else "all cases"
    lines = [f"planner {report.planner}: {evaluated} cases ({scope}), {len(failed)} failing"]
    if report.results:
        times = [r.seconds * 1000 for r in report.results]
        lines.append(
            f"time per case: mean {sum(times) / len(times):.2f} ms, max {max(times):.2f} ms"
        )
    if report.llm_requests:
        lines.append(f"LLM requests: {report.llm_requests}")
    lines += ["", "per action type:"]
    for action_type, c in sorted(report.by_type.items()):
        lines.append(
            f"  {action_type:<24} precision {c.precision:.3f} recall {c.recall:.3f} "
            f"(tp {c.tp}, predicted {c.predicted}, expected {c.expected})"
        )
    lines += ["", "field accuracy (paired actions):"]
    for key, (correct, total) in sorted(report.fields.items()):
        lines.append(f"  {key:<40} {correct / total:.3f} ({correct}/{total})")
    if failed:
        lines += ["", "failing cases:"]
    for r in failed:
        lines.append(f"- {r.case.id}: {_short(r.case.text, 120)}")
        lines.append(f"    expected: {_short(r.case.expect)}")
        lines.append(f"    got:      {_short(r.error or r.got)}")
    lines.append("")
    if not report.only_offline_claimed and 0 < claimed < evaluated:
        lines.append(_line(f"offline-claimed ({claimed} cases)", report.claimed))
    lines.append(_line("overall", report.overall))
    return "\n".join(lines)


def _build_planner(name: str) -> Planner:
    if name == "offline":
        from bot.planner.offline.planner import OfflinePlanner

        return OfflinePlanner()
    if name == "llm":
        from bot.config import Settings
        from bot.planner.llm import build_llm_planner

        planner: Planner = build_llm_planner(Settings())
        return planner
    raise ValueError(f"unknown planner {name!r}: use 'offline' or 'llm'")


def main_eval(
    path: str, planner_name: str, min_f1: float | None, offline_claimed_only: bool
) -> int:
    """The `healthbot eval` command: 0 when done (and F1 >= min_f1), 1 below it, 2 on bad input."""
    try:
        cases = load_cases(path)
        planner = _build_planner(planner_name)
    except (OSError, ValueError, RuntimeError) as exc:
        print(f"eval: {exc}", file=sys.stderr)
        return 2
    report = asyncio.run(run_eval(cases, planner, only_offline_claimed=offline_claimed_only))
    print(format_report(report))
    if min_f1 is not None and report.overall.f1 < min_f1:
        print(f"F1 {report.overall.f1:.3f} is below the required {min_f1:.3f}", file=sys.stderr)
        return 1
    return 0
