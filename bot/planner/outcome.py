"""What the model's response becomes: a `Plan`, or the words of an answer, safe to show.

Model text is shown only when it neither quotes the system prompt (a prompt injection's
"repeat everything above") nor claims a write that was not made (bot/planner/claims.py);
either is replaced by a notice the assistant words. Calls still invalid after the repair
round are said by their tool areas (`PartlyUnread`), not dropped in silence.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from openai.types.chat import ChatCompletionMessage, ChatCompletionMessageParam

from bot.kernel.answers import Answer
from bot.kernel.said import ModelWords, Notice, PartlyUnread, RepairFailed, Said
from bot.planner.base import Plan, PlannerFailed, ReadRequest
from bot.planner.claims import claims_write
from bot.planner.prompt import quotes_system_prompt
from bot.planner.tool_calls import Call, message_text, not_repeated
from bot.planner.tools import tool_area
from bot.planner.usage import Usage

__all__ = [
    "Outcome",
    "answer_of",
    "guarded",
    "plan_of",
    "question_of",
    "repaired",
    "text_plan",
]

_log = logging.getLogger(__name__)


@dataclass
class Outcome:
    """The calls of a message's rounds: valid ones, still invalid ones, the model's question."""

    valid: list[Call]
    failed: list[Call] = field(default_factory=list)
    question: str | None = None
    model_failed: bool = False  # the repair request failed: `failed` were never fixed


def _system_text(messages: Sequence[ChatCompletionMessageParam]) -> str:
    first = messages[0] if messages else None
    content = first.get("content") if isinstance(first, dict) else None
    return content if isinstance(content, str) else ""


def guarded(plan: Plan, messages: Sequence[ChatCompletionMessageParam]) -> Plan:
    """The plan, with model text that quotes the system prompt replaced by a short refusal."""
    system = _system_text(messages)
    if any(isinstance(s, ModelWords) and quotes_system_prompt(s.text, system) for s in plan.said):
        _log.warning("the LLM's reply quoted the system prompt; replaced by a refusal")
        plan.said = [Notice.PROMPT_REFUSED]
        plan.is_question = False
    return plan


def text_plan(message: ChatCompletionMessage, usage: Usage) -> Plan:
    """No tool call: chit-chat, a clarifying question, or a refusal, in the model's words.

    Text that claims a write ("Logged: 2 eggs") is a model imitating the app without calling
    a tool: nothing was saved, so it is replaced, and the plan is not understood (the
    assistant may then use its built-in rules' plan).
    """
    content = (message_text(message.content) or message_text(message.refusal)).strip()
    if not content:
        raise PlannerFailed("the LLM returned neither text nor tool calls")
    if claims_write(content):
        _log.warning("the LLM's reply claimed a write without a tool call; replaced")
        return usage.stamp(Plan(said=[Notice.CLAIMED_WRITE], understood=False))
    return usage.stamp(Plan(said=[ModelWords(content)], is_question=content.endswith("?")))


def plan_of(outcome: Outcome, state: Any, usage: Usage) -> Plan:
    """The plan of the valid calls' actions and reads; what could not be read is said."""
    actions = [o for c in outcome.valid for o in c.outputs if not isinstance(o, ReadRequest)]
    reads = [o for c in outcome.valid for o in c.outputs if isinstance(o, ReadRequest)]
    reads = list(dict.fromkeys(reads))  # the same read asked twice is made once
    estimates = [name for c in outcome.valid for name in c.estimates]
    said: list[Said] = [] if outcome.question is None else [ModelWords(outcome.question)]
    if outcome.failed and not said:  # a question of the model's stands as it asked it
        areas = tuple(tool_area(c.name) for c in outcome.failed)
        if outcome.model_failed:  # not the person's wording
            said = [RepairFailed(areas)]
        else:
            said = [PartlyUnread(areas) if actions or reads else Notice.NOT_UNDERSTOOD]
    plan = Plan(
        actions=actions,
        reads=reads,
        said=said,
        is_question=outcome.question is not None,
        understood=not outcome.failed,
        estimates=estimates,
        state=state,
    )
    return usage.stamp(plan)


def question_of(message: ChatCompletionMessage) -> str | None:
    """The model's text beside tool calls, kept only when it asks the person something.

    Anything else there is narration ("Logging your oatmeal!") that would repeat the
    assistant's own summary of what was logged.
    """
    text = message_text(message.content).strip()
    return text if text.endswith("?") and not claims_write(text) else None


def repaired(
    valid: list[Call], failed: list[Call], again: list[Call], second: ChatCompletionMessage
) -> Outcome:
    """What both rounds leave: counted as repaired only when the second round adds a new
    valid call and no invalid one (a model that merely repeats its good calls has not fixed
    the bad ones)."""
    new_valid = not_repeated(valid, [c for c in again if c.error is None])
    new_failed = [c for c in again if c.error is not None]
    still_failed = [] if new_valid and not new_failed else new_failed or failed
    if still_failed:
        _log.warning(
            "tool calls still invalid after repair: %s",
            "; ".join(f"{c.name}: {c.error}" for c in still_failed),
        )
    question = question_of(second) if not again else None
    return Outcome(valid + new_valid, still_failed, question)


def answer_of(
    message: ChatCompletionMessage,
    plan: Plan,
    messages: Sequence[ChatCompletionMessageParam],
) -> Answer:
    """The answer round's words, unless they quote the system prompt or claim a write the
    plan did not make (read results' report of past entries is no such claim)."""
    content = message_text(message.content).strip()
    if not content:
        raise PlannerFailed("the LLM returned no text for the answer")
    if quotes_system_prompt(content, _system_text(messages)):
        _log.warning("the LLM's answer quoted the system prompt; replaced by a refusal")
        return Notice.PROMPT_REFUSED
    if not plan.actions and claims_write(content, read=True):
        _log.warning("the LLM's answer claimed a write that was not made; replaced")
        return Notice.CLAIMED_WRITE
    return ModelWords(content)
