"""What an eval run counted, and the report it prints (the overall line always last)."""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Case:
    """One labelled message (tests/data/README.md describes every field)."""

    id: str
    text: str
    now: dt.datetime  # aware, in `timezone`
    timezone: str
    expect: list[dict[str, Any]]
    offline: bool = True
    kind: str | None = None
    reply: tuple[str, ...] = ()  # words the answer to a question must contain
    context: Mapping[str, Any] = field(default_factory=dict)  # what the account already holds

    @property
    def expected_notes(self) -> list[Any]:
        """The check-in notes this case expects written (a text, or a list of texts)."""
        return [
            a["notes"]
            for a in self.expect
            if a.get("type") == "checkin.upsert" and a.get("notes") is not None
        ]


# How a case wrote wrong, the worst first: an entry the person never said (no expected action
# pairs with it), a paired one with the wrong food, date, amount read or rating, or a paired one
# right in every field but an estimated figure outside the writer's range (calories, macros).
WRONG_KINDS = ("not said", "wrong thing", "estimate")
ESTIMATED_FIELDS = frozenset(
    f"entry.{key}" for key in ("calories", "protein", "carbs", "fat", "fiber", "sugar")
)


def wrong_kind(unpaired: int, failed_fields: Sequence[Sequence[str]]) -> str | None:
    """The worst way a case wrote wrong, from its unpaired predictions and each paired
    prediction's failing fields (an empty list for a pair that matched)."""
    if unpaired:
        return WRONG_KINDS[0]
    failing = [set(fields) for fields in failed_fields if fields]
    if not failing:
        return None
    if any(fields - ESTIMATED_FIELDS for fields in failing):
        return WRONG_KINDS[1]
    return WRONG_KINDS[2]


@dataclass
class CaseResult:
    case: Case
    got: list[dict[str, Any]]
    true_positives: int
    error: str | None = None
    seconds: float = 0.0
    answer: str | None = None  # the words a question got, when the case expects some
    reply_ok: bool | None = None  # None: no reply expected
    notes_found: int = 0  # expected check-in notes found in a paired check-in
    expected: int | None = None  # expected actions counted (optional ones only when matched)
    wrong_kind: str | None = None  # how it wrote wrong, one of WRONG_KINDS (None: it did not)

    @property
    def wrote_wrong(self) -> bool:
        """Something was written that the person did not say (an action no expected one pairs)."""
        return self.error is None and len(self.got) > self.true_positives

    @property
    def passed(self) -> bool:
        expected = len(self.case.expect) if self.expected is None else self.expected
        return (
            self.error is None
            and self.true_positives == expected
            and self.true_positives == len(self.got)
            and self.reply_ok is not False
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
class KindTally:
    """One kind of case: its action counts, and how many cases passed or were skipped."""

    counts: Counts = field(default_factory=Counts)
    cases: int = 0
    passed: int = 0
    skipped: int = 0


@dataclass
class Skipped:
    """A case not run: the planner cannot be given these keys of its `context` yet."""

    case: Case
    lacking: tuple[str, ...]


@dataclass
class EvalReport:
    planner: str
    results: list[CaseResult] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    by_type: dict[str, Counts] = field(default_factory=dict)
    by_kind: dict[str, KindTally] = field(default_factory=dict)
    fields: dict[str, list[int]] = field(default_factory=dict)  # key -> [correct, total]
    overall: Counts = field(default_factory=Counts)
    claimed: Counts = field(default_factory=Counts)  # the offline-claimed subset
    only_offline_claimed: bool = False
    llm_requests: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    grounding: list[str] = field(default_factory=list)  # lines of bot/ops/eval_audit.py

    def kind(self, case: Case) -> KindTally | None:
        if case.kind is None:
            return None
        return self.by_kind.setdefault(case.kind, KindTally())

    @property
    def replies(self) -> tuple[int, int]:
        """(answers holding every expected word, questions that expect words)."""
        judged = [r.reply_ok for r in self.results if r.reply_ok is not None]
        return sum(judged), len(judged)

    @property
    def notes(self) -> tuple[int, int]:
        """(expected check-in notes written, expected check-in notes)."""
        expected = sum(len(r.case.expected_notes) for r in self.results)
        return sum(r.notes_found for r in self.results), expected


def _line(label: str, counts: Counts) -> str:
    return (
        f"{label}: precision {counts.precision:.3f} recall {counts.recall:.3f} F1 {counts.f1:.3f}"
    )


def _short(value: Any, limit: int = 300) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _ratio(label: str, part: tuple[int, int], what: str) -> str:
    found, total = part
    return f"{label}: {found}/{total} {what} ({found / total:.3f})"


def format_report(report: EvalReport) -> str:
    """Per type, per kind, per field, the failing cases, then the overall line (always last)."""
    failed = [r for r in report.results if not r.passed]
    lines = _heading(report, failed)
    lines += _per_type(report)
    lines += _per_kind(report)
    lines += _per_field(report)
    lines += _failing(failed)
    lines += report.grounding
    lines += _totals(report)
    return "\n".join(lines)


def _heading(report: EvalReport, failed: Sequence[CaseResult]) -> list[str]:
    """What was run and what it cost: cases, skips, time per case, LLM requests."""
    scope = "offline-claimed cases only" if report.only_offline_claimed else "all cases"
    lines = [
        f"planner {report.planner}: {len(report.results)} cases ({scope}), {len(failed)} failing"
    ]
    if report.skipped:
        lines.append(_skipped_line(report.skipped))
    if report.results:
        lines.append(_outcomes_line(report.results))
        times = [r.seconds * 1000 for r in report.results]
        lines.append(
            f"time per case: mean {sum(times) / len(times):.2f} ms, max {max(times):.2f} ms"
        )
    if report.llm_requests:
        lines.append(
            f"LLM requests: {report.llm_requests} "
            f"(tokens: {report.prompt_tokens} prompt, {report.completion_tokens} completion)"
        )
    return lines


def _per_type(report: EvalReport) -> list[str]:
    lines = ["", "per action type:"]
    for action_type, c in sorted(report.by_type.items()):
        lines.append(
            f"  {action_type:<24} precision {c.precision:.3f} recall {c.recall:.3f} "
            f"(tp {c.tp}, predicted {c.predicted}, expected {c.expected})"
        )
    return lines


def _per_kind(report: EvalReport) -> list[str]:
    if not report.by_kind:
        return []
    lines = ["", "per kind (weakest first):"]
    ranked = sorted(report.by_kind.items(), key=lambda kv: (kv[1].counts.f1, kv[0]))
    for kind, tally in ranked:
        skipped = f", {tally.skipped} skipped" if tally.skipped else ""
        if not tally.cases:
            lines.append(f"  {kind:<16} not run{skipped}")
            continue
        lines.append(
            f"  {kind:<16} F1 {tally.counts.f1:.3f}  "
            f"{tally.passed}/{tally.cases} cases pass{skipped}"
        )
    return lines


def _per_field(report: EvalReport) -> list[str]:
    """Each field's accuracy over the paired actions, then the notes and replies judged."""
    lines = ["", "field accuracy (paired actions):"]
    for key, (correct, total) in sorted(report.fields.items()):
        lines.append(f"  {key:<40} {correct / total:.3f} ({correct}/{total})")
    _, notes_total = report.notes
    _, replies_total = report.replies
    if notes_total or replies_total:
        lines.append("")
    if notes_total:
        lines.append(_ratio("check-in notes", report.notes, "expected notes written"))
    if replies_total:
        lines.append(_ratio("replies", report.replies, "answers hold the expected words"))
    return lines


def _failing(failed: Sequence[CaseResult]) -> list[str]:
    lines = ["", "failing cases:"] if failed else []
    for r in failed:
        kind = f" [{r.case.kind}]" if r.case.kind else ""
        lines.append(f"- {r.case.id}{kind}: {_short(r.case.text, 120)}")
        lines.append(f"    expected: {_short(r.case.expect)}")
        lines.append(f"    got:      {_short(r.error or r.got)}")
        if r.reply_ok is False:
            lines.append(f"    answer:   {_short(r.answer or '', 200)}")
            lines.append(f"    must say: {_short(list(r.case.reply))}")
    return lines


def _totals(report: EvalReport) -> list[str]:
    """The offline-claimed subset's line where it differs from the whole, then the overall."""
    evaluated = len(report.results)
    claimed = sum(r.case.offline for r in report.results)
    lines = [""]
    if not report.only_offline_claimed and 0 < claimed < evaluated:
        lines.append(_line(f"offline-claimed ({claimed} cases)", report.claimed))
    lines.append(_line("overall", report.overall))
    return lines


def _outcomes_line(results: Sequence[CaseResult]) -> str:
    """Cases wholly right, cases that wrote data the person did not say, the rest (missed)."""
    right = sum(r.passed for r in results)
    wrong = sum(r.wrote_wrong for r in results)
    total = len(results)
    kinds = Counter(r.wrong_kind for r in results if r.wrote_wrong)
    said = {
        "not said": "an entry nobody said",
        "wrong thing": "the wrong food, date, amount or rating",
        "estimate": "only a figure outside the writer's range",
    }
    how = "; ".join(f"{kinds[k]} {said[k]}" for k in WRONG_KINDS if kinds[k])
    return (
        f"cases: {right} right ({right / total:.1%}), {wrong} wrote wrong data "
        f"({wrong / total:.1%}), {total - right - wrong} only missed something"
        + (f"\nwrote wrong: {how}" if how else "")
    )


def _skipped_line(skipped: Sequence[Skipped]) -> str:
    keys = Counter(key for s in skipped for key in s.lacking)
    per_key = ", ".join(f"{key} {n}" for key, n in sorted(keys.items()))
    return (
        f"skipped {len(skipped)} cases: the planner cannot be given their context yet "
        f"(cases per key: {per_key})"
    )
