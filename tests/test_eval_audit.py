"""The grounding judge of a model's eval run: what it names, and what it lets pass."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any
from zoneinfo import ZoneInfo

from bot.ops.eval import _rules_names
from bot.ops.eval_audit import Audit, audit, format_audit
from bot.ops.eval_report import Case, CaseResult

NOW = dt.datetime(2026, 11, 22, 8, 15, tzinfo=ZoneInfo("UTC"))


def _result(
    text: str,
    got: list[dict[str, Any]],
    *,
    expect: list[dict[str, Any]] | None = None,
    seconds: float = 1.0,
    error: str | None = None,
    context: dict[str, Any] | None = None,
) -> CaseResult:
    case = Case("c", text, NOW, "UTC", expect or [], context=context or {})
    return CaseResult(case, got, 0, error=error, seconds=seconds)


def _food(name: str) -> dict[str, Any]:
    return {"type": "nutrition.add_entry", "date": "2026-11-22", "entry": {"food": name}}


async def _judge(results: Iterable[CaseResult], deadline: float | None = 45.0) -> Audit:
    return await audit(list(results), _rules_names, deadline)


async def test_a_food_the_message_never_names_is_found() -> None:
    found = await _judge([_result("thanks, that's all for today", [_food("banana")])])
    assert found.unnamed == ["c: 'banana'"]


async def test_a_food_named_in_the_message_or_in_the_rules_reading_passes() -> None:
    results = [
        _result("2 scrambled eggs and toast", [_food("Scrambled eggs"), _food("toast")]),
        # The rules read "Joghurt" as yogurt: the model's English name is grounded.
        _result("ein Joghurt mit Honig", [_food("Yogurt")]),
        # A repeat copies the person's own log.
        _result(
            "the usual", [_food("Oat porridge")], context={"entries": [{"food": "Oat porridge"}]}
        ),
    ]
    assert (await _judge(results)).findings == 0


async def test_names_carrying_record_figures_or_markup_are_found() -> None:
    got = [_food("carrot, 35kcal · P 9g"), _food("Bacon&34"), _food('{"food": "egg"}')]
    found = await _judge([_result("carrot, bacon and an egg", got)])
    assert len(found.debris) == 3


async def test_a_question_that_wrote_is_found() -> None:
    checkin = {"type": "checkin.upsert", "date": "2026-11-22", "energy": 4}
    found = await _judge([_result("can you tell me my protein so far?", [checkin])])
    assert found.questions == ["c: checkin.upsert"]


async def test_a_weight_must_be_said_in_kilograms_or_pounds() -> None:
    said_lb = {"type": "weight.log", "date": "2026-11-22", "weightKg": 80.7}
    unsaid = {"type": "weight.log", "date": "2026-11-22", "weightKg": 74.0}
    found = await _judge([_result("weighed 178 lb", [said_lb]), _result("weighed 178", [unsaid])])
    assert found.weights == ["c: 74.0 kg"]


async def test_a_late_case_and_an_over_long_request_are_found() -> None:
    results = [
        _result("2 eggs", [], seconds=50.2),
        _result(
            "2 eggs", [], error="ContextTooLong: the request would not fit the model's context"
        ),
    ]
    found = await _judge(results)
    assert (found.late, len(found.over_context)) == (["c: 50.2 s"], 1)
    assert (await _judge(results, deadline=None)).late == []


async def test_the_section_says_each_count_and_names_the_cases() -> None:
    lines = format_audit(await _judge([_result("hi", [_food("banana")])]))
    assert lines[1] == "grounding (1 findings):"
    assert "  names the message does not say: 1" in lines
    assert "    c: 'banana'" in lines
    assert "  questions that wrote: 0" in lines
