"""What a model's eval run wrote that no person said: a judge apart from the planner's own.

`healthbot eval --planner llm` scores the model against each case's expected actions; this
module looks at the same writes from another side, the one a person sees in their account,
with rules that share no code with the planner's grounding (bot/planner/grounding.py):

- a food or supplement whose name shares no word with the message, with the names the
  built-in rules read in it ("Joghurt" is read as yogurt), or with the names in the case's
  account (a repeat copies them): written from nothing the person said;
- a name carrying markup, JSON or the figures of the bot's own record line ("— 412 kcal ·
  P 11 g");
- a write for a question that expects none ("how much protein so far?");
- a weight whose figure is not in the message, in kilograms or pounds;
- a case over the message's deadline, and a request refused as over the model's context.

Each is counted and named in the report's "grounding" section; a clean run says zeros.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.ops.eval_report import CaseResult
from bot.planner.reader.normalize import fold

_WORD = re.compile(r"[^\W\d_]{3,}")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
# Markup, JSON, entity debris, and the figures of the bot's record line: never in a name.
_DEBRIS = re.compile(r"[{}<>\[\]\\|]|&#?\w*;?\d|\bkcal\b|·|\bP \d|\bnull\b|\"")
_LB_PER_KG = 2.20462
_FOOD_TYPES = {"nutrition.add_entry"}
_NAME_TYPES = {"supplements.add_item", "supplements.mark_taken", "supplements.toggle"}
_WEIGHT_TYPES = {"weight.log", "weight.set_goal"}

RulesNames = Callable[[CaseResult], Awaitable[Iterable[str]]]


@dataclass
class Audit:
    """Every finding, as "case id: what" lines, by kind; `deadline` is the message deadline
    the run was judged against (None: not judged)."""

    unnamed: list[str] = field(default_factory=list)
    debris: list[str] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)
    weights: list[str] = field(default_factory=list)
    late: list[str] = field(default_factory=list)
    over_context: list[str] = field(default_factory=list)
    deadline: float | None = None

    @property
    def findings(self) -> int:
        return sum(
            len(kind)
            for kind in (
                self.unnamed,
                self.debris,
                self.questions,
                self.weights,
                self.late,
                self.over_context,
            )
        )


def words(text: str) -> set[str]:
    """The folded words of three letters or more, a plural's final "s" dropped."""
    return {w.rstrip("s") for w in _WORD.findall(fold(text))}


def _names(got: Sequence[dict[str, Any]]) -> list[str]:
    names = [str(a.get("entry", {}).get("food", "")) for a in got if a.get("type") in _FOOD_TYPES]
    return names + [str(a.get("name", "")) for a in got if a.get("type") in _NAME_TYPES]


def _account_names(context: Any) -> list[str]:
    """The "food" and "name" values anywhere in a case's account (what a repeat copies)."""
    if isinstance(context, dict):
        found = [str(v) for k, v in context.items() if k in ("food", "name") and v]
        return found + [n for v in context.values() for n in _account_names(v)]
    if isinstance(context, list):
        return [n for v in context for n in _account_names(v)]
    return []


def _said_numbers(text: str) -> list[float]:
    return [float(n.replace(",", ".")) for n in _NUMBER.findall(text)]


def _weight_said(kg: float, text: str) -> bool:
    return any(abs(n - kg) <= 0.15 or abs(n - kg * _LB_PER_KG) <= 0.3 for n in _said_numbers(text))


def _is_question(result: CaseResult) -> bool:
    return result.case.text.rstrip().endswith("?") and not result.case.expect


async def audit(
    results: Sequence[CaseResult], rules_names: RulesNames, deadline: float | None = None
) -> Audit:
    """Judge each case's writes; `rules_names` gives the names the built-in rules read in a
    case's message (only asked for a case whose names the message's words do not cover)."""
    found = Audit(deadline=deadline)
    for result in results:
        case_id, text = result.case.id, result.case.text
        if deadline is not None and result.seconds > deadline:
            found.late.append(f"{case_id}: {result.seconds:.1f} s")
        if result.error and "context" in result.error.lower():
            found.over_context.append(f"{case_id}: {result.error}")
        if _is_question(result) and result.got:
            kinds = ", ".join(sorted({str(a.get("type")) for a in result.got}))
            found.questions.append(f"{case_id}: {kinds}")
        names = _names(result.got)
        found.debris += [f"{case_id}: {name!r}" for name in names if _DEBRIS.search(name)]
        said = words(text) | {w for n in _account_names(result.case.context) for w in words(n)}
        loose = [n for n in names if not words(n) & said]
        if loose:
            said |= {w for n in await rules_names(result) for w in words(n)}
            found.unnamed += [f"{case_id}: {n!r}" for n in loose if not words(n) & said]
        for action in result.got:
            kg = action.get("weightKg", action.get("goalKg"))
            if action.get("type") in _WEIGHT_TYPES and isinstance(kg, int | float):
                if not _weight_said(float(kg), text):
                    found.weights.append(f"{case_id}: {kg} kg")
    return found


def format_audit(found: Audit) -> list[str]:
    """The report's "grounding" section: each kind's count, then the cases it names."""
    deadline = f" (deadline {found.deadline:.0f} s)" if found.deadline is not None else ""
    kinds = [
        ("names the message does not say", found.unnamed),
        ("names with markup or record figures", found.debris),
        ("questions that wrote", found.questions),
        ("weights the message does not say", found.weights),
        (f"cases over the deadline{deadline}", found.late),
        ("requests over the model's context", found.over_context),
    ]
    lines = ["", f"grounding ({found.findings} findings):"]
    for label, items in kinds:
        lines.append(f"  {label}: {len(items)}")
        lines += [f"    {item}" for item in items]
    return lines
