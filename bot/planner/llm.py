"""The LLM planner: Chat Completions with tools, on OpenAI or any OpenAI-compatible server.

Request budget: a pure logging message costs exactly **one** request, as each request makes
the person wait and costs money. A second one happens only when (a) some tool calls were
unusable, for one repair round, or (b) reads were made and `answer()` turns their results
into words.

How failures surface, so the assistant can say something true:

- The server could not be used (connection, timeout, rate limit, 5xx, a configuration
  problem) -> `PlannerUnavailable`, as bot/planner/client.py translates it.
- The response was neither text nor tool calls (no choices, empty message) -> `PlannerFailed`.
- Some tool calls were invalid (bad JSON, failed validation, unknown tool): one repair round
  that returns the tool results ("ok" or what was wrong). What is still invalid afterwards
  does **not** raise: the plan keeps every valid action from both rounds, sets
  `understood=False` and a reply (bot/render/llm.py) naming what could not be read. Raising
  would throw away the valid part; saying nothing would silently drop the rest.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import openai
from openai.types.chat import (
    ChatCompletionMessage,
    ChatCompletionMessageParam,
)

from bot.config import Settings
from bot.planner.base import (
    Plan,
    PlanContext,
    PlannerFailed,
    ReadRequest,
    ReadResult,
)
from bot.planner.client import ChatRequests, openai_client
from bot.planner.prompt import load_template, quotes_system_prompt, render_system_prompt
from bot.planner.tools import ToolCallError, ToolOutput, parse_tool_call, tool_area, tool_specs
from bot.render import llm

__all__ = [
    "LlmPlanner",
    "LlmState",
    "build_llm_planner",
]

_log = logging.getLogger(__name__)

MAX_RESULT_CHARS = 4000  # one read result sent back to the model (~1,000 tokens)
MAX_TURN_CHARS = 2000  # one remembered turn
_OK = "ok"


@dataclass(frozen=True)
class _Call:
    """One tool call as the model made it, and what it became (outputs or an error)."""

    id: str
    name: str
    arguments: str
    outputs: tuple[ToolOutput, ...] = ()
    error: str | None = None

    @property
    def key(self) -> tuple[str, ...]:
        """Identity of what the call does, to spot a call the repair round merely repeated."""
        return tuple(output.model_dump_json(by_alias=True) for output in self.outputs)


@dataclass(frozen=True)
class LlmState:
    """`Plan.state` of an LLM plan: what `answer()` needs to continue the conversation.

    `messages` is what the first request sent (system, history, the person's text); `calls`
    are the valid calls, replayed as one clean assistant turn (a repair round's detour is
    left out, so the answer request stays short and unambiguous).
    """

    messages: tuple[ChatCompletionMessageParam, ...]
    calls: tuple[_Call, ...]


@dataclass
class _Usage:
    requests: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0

    def add(self, completion: Any) -> None:
        self.requests += 1
        usage = getattr(completion, "usage", None)
        if usage is not None:  # local servers often leave it out
            self.prompt_tokens += usage.prompt_tokens or 0
            self.completion_tokens += usage.completion_tokens or 0

    def stamp(self, plan: Plan) -> Plan:
        """Add these counters to a plan's (a plan reports every request it cost)."""
        plan.llm_requests += self.requests
        plan.prompt_tokens += self.prompt_tokens
        plan.completion_tokens += self.completion_tokens
        return plan


@dataclass
class _Outcome:
    valid: list[_Call]
    failed: list[_Call] = field(default_factory=list)
    question: str | None = None


class LlmPlanner:
    """Plans with one tool-calling request per message; see the module docstring."""

    name = "llm"

    def __init__(
        self,
        client: openai.AsyncOpenAI,
        model: str,
        *,
        max_history: int = 6,
        temperature: float | None = 0,
    ) -> None:
        self.client = client
        self.model = model
        self.max_history = max_history
        # Model, tools and temperature (None: leave it to the server, some models refuse 0)
        # are the same in every request: encoded once, here.
        self.requests = ChatRequests(
            client, model, tool_specs(), temperature=temperature, parallel_tool_calls=True
        )

    async def aclose(self) -> None:
        """Close the OpenAI client (the planner owns it when `build_llm_planner` made it)."""
        await self.client.close()

    async def plan(self, text: str, context: PlanContext) -> Plan:
        usage = _Usage()
        messages = self._messages(text, context)
        message = await self._complete(messages, usage, tool_choice="auto")
        calls = _parse_calls(message, context)
        if not calls:
            return _guarded(_text_plan(message, usage), messages)
        outcome = _Outcome([c for c in calls if c.error is None], question=_question(message))
        if any(c.error is not None for c in calls):
            outcome = await self._repair(messages, message, calls, context, usage)
        return _guarded(_plan_of(outcome, messages, usage), messages)

    async def answer(
        self, text: str, context: PlanContext, plan: Plan, results: Sequence[ReadResult]
    ) -> str:
        """Turn read results into an answer: the one extra request a question costs.

        The usage is added to `plan`'s counters. Sends the tools again with
        `tool_choice="none"`: servers that check a transcript's tool calls against the
        declared tools accept it, and OpenAI's prompt cache reuses the identical prefix.
        """
        state = plan.state
        if not isinstance(state, LlmState) or not plan.reads:
            raise PlannerFailed("answer() needs a plan with reads made by the LLM planner")
        by_request = {result.request: result for result in results}
        tool_messages: list[ChatCompletionMessageParam] = []
        for call in state.calls:
            reads = [output for output in call.outputs if isinstance(output, ReadRequest)]
            content = _result_text(by_request.get(reads[0])) if reads else _OK
            tool_messages.append({"role": "tool", "tool_call_id": call.id, "content": content})
        messages = [*state.messages, _assistant_turn(None, state.calls), *tool_messages]
        usage = _Usage()
        message = await self._complete(messages, usage, tool_choice="none")
        usage.stamp(plan)
        content = (message.content or "").strip()
        if not content:
            raise PlannerFailed("the LLM returned no text for the answer")
        if quotes_system_prompt(content, _system_text(state.messages)):
            _log.warning("the LLM's answer quoted the system prompt; replaced by a refusal")
            return llm.prompt_refused()
        return content

    def _messages(self, text: str, context: PlanContext) -> list[ChatCompletionMessageParam]:
        messages: list[ChatCompletionMessageParam] = [
            {"role": "system", "content": render_system_prompt(context)}
        ]
        turns = list(context.history)[-self.max_history :] if self.max_history > 0 else []
        for turn in turns:
            content = turn.text[:MAX_TURN_CHARS]
            if turn.role == "user":
                messages.append({"role": "user", "content": content})
            else:
                messages.append({"role": "assistant", "content": content})
        messages.append({"role": "user", "content": text})
        return messages

    async def _repair(
        self,
        messages: list[ChatCompletionMessageParam],
        message: ChatCompletionMessage,
        calls: list[_Call],
        context: PlanContext,
        usage: _Usage,
    ) -> _Outcome:
        """One more request with each call's result; keep what is valid from both rounds.

        Counted as repaired only when the second round adds a new valid call and no invalid
        one: a model that merely repeats its good calls has not fixed the bad ones.
        """
        valid = [c for c in calls if c.error is None]
        failed = [c for c in calls if c.error is not None]
        _log.info("repairing tool calls: %s", "; ".join(f"{c.name}: {c.error}" for c in failed))
        repair = load_template("repair.md")
        results: list[ChatCompletionMessageParam] = [
            {"role": "tool", "tool_call_id": c.id, "content": _OK}
            if c.error is None
            else {
                "role": "tool",
                "tool_call_id": c.id,
                "content": repair.substitute(error=c.error, tool=c.name),
            }
            for c in calls
        ]
        retry = [*messages, _assistant_turn(message.content, calls), *results]
        second = await self._complete(retry, usage, tool_choice="auto")
        again = _parse_calls(second, context, taken={c.id for c in calls})
        seen = {c.key for c in valid}
        new_valid = [c for c in again if c.error is None and c.key not in seen]
        new_failed = [c for c in again if c.error is not None]
        still_failed = [] if new_valid and not new_failed else new_failed or failed
        if still_failed:
            _log.warning(
                "tool calls still invalid after repair: %s",
                "; ".join(f"{c.name}: {c.error}" for c in still_failed),
            )
        question = _question(second) if not again else None
        return _Outcome(valid + new_valid, still_failed, question)

    async def _complete(
        self,
        messages: Iterable[ChatCompletionMessageParam],
        usage: _Usage,
        *,
        tool_choice: Literal["auto", "none"],
    ) -> ChatCompletionMessage:
        completion = await self.requests.complete(messages, tool_choice=tool_choice)
        usage.add(completion)
        choices = getattr(completion, "choices", None)
        if not choices:
            raise PlannerFailed("the LLM response had no choices")
        return choices[0].message


def _parse_calls(
    message: ChatCompletionMessage, context: PlanContext, taken: set[str] | None = None
) -> list[_Call]:
    """Every tool call of a message, validated.

    Ids are made unique, also against the first round's (`taken`): some servers omit ids or
    count from call_0 in every response, and `answer()` replays calls of both rounds.
    """
    calls: list[_Call] = []
    used = set(taken or ())
    for tool_call in message.tool_calls or []:
        function = getattr(tool_call, "function", None)  # some servers leave out "type"
        custom = getattr(tool_call, "custom", None)  # a free-text tool: we never offer one
        if function is not None:
            name, arguments = function.name, function.arguments
        elif custom is not None:
            name, arguments = custom.name, custom.input
        else:  # neither: refused below as an unknown tool
            name, arguments = "", ""
        call_id = tool_call.id if tool_call.id and tool_call.id not in used else _fresh_id(used)
        used.add(call_id)
        try:
            outputs = tuple(parse_tool_call(name, arguments, context))
        except ToolCallError as exc:
            calls.append(_Call(call_id, name, arguments, error=str(exc)))
        else:
            calls.append(_Call(call_id, name, arguments, outputs))
    return calls


def _fresh_id(used: set[str]) -> str:
    number = len(used)
    while f"call_{number}" in used:
        number += 1
    return f"call_{number}"


def _system_text(messages: Sequence[ChatCompletionMessageParam]) -> str:
    first = messages[0] if messages else None
    content = first.get("content") if isinstance(first, dict) else None
    return content if isinstance(content, str) else ""


def _guarded(plan: Plan, messages: Sequence[ChatCompletionMessageParam]) -> Plan:
    """The plan, with a reply that quotes the system prompt replaced by a short refusal."""
    if plan.reply and quotes_system_prompt(plan.reply, _system_text(messages)):
        _log.warning("the LLM's reply quoted the system prompt; replaced by a refusal")
        plan.reply = llm.prompt_refused()
        plan.is_question = False
    return plan


def _text_plan(message: ChatCompletionMessage, usage: _Usage) -> Plan:
    """No tool call: chit-chat, a clarifying question, or a refusal, in the model's words."""
    content = (message.content or message.refusal or "").strip()
    if not content:
        raise PlannerFailed("the LLM returned neither text nor tool calls")
    return usage.stamp(Plan(reply=content, is_question=content.endswith("?")))


def _plan_of(outcome: _Outcome, messages: list[ChatCompletionMessageParam], usage: _Usage) -> Plan:
    actions = [o for c in outcome.valid for o in c.outputs if not isinstance(o, ReadRequest)]
    reads = [o for c in outcome.valid for o in c.outputs if isinstance(o, ReadRequest)]
    reads = list(dict.fromkeys(reads))  # the same read asked twice is made once
    reply, understood = outcome.question, True
    if outcome.failed:
        understood = False
        if reply is None:
            reply = (
                llm.llm_partly_understood([tool_area(c.name) for c in outcome.failed])
                if actions or reads
                else llm.LLM_NOT_UNDERSTOOD
            )
    plan = Plan(
        actions=actions,
        reads=reads,
        reply=reply,
        is_question=outcome.question is not None,
        understood=understood,
        state=LlmState(tuple(messages), tuple(outcome.valid)),
    )
    return usage.stamp(plan)


def _question(message: ChatCompletionMessage) -> str | None:
    """The model's text beside tool calls, kept only when it asks the person something.

    Anything else there is narration ("Logging your oatmeal!") that would repeat the
    assistant's own summary of what was logged.
    """
    text = (message.content or "").strip()
    return text if text.endswith("?") else None


def _assistant_turn(content: str | None, calls: Sequence[_Call]) -> ChatCompletionMessageParam:
    return {
        "role": "assistant",
        "content": content,
        "tool_calls": [
            {
                "id": c.id,
                "type": "function",
                "function": {"name": c.name, "arguments": c.arguments},
            }
            for c in calls
        ],
    }


def _result_text(result: ReadResult | None) -> str:
    """A read result for the model: compact JSON, cut to `MAX_RESULT_CHARS`."""
    if result is None:
        return "error: this read was not made"
    if result.error is not None or result.data is None:
        return f"error: {result.error or 'no data'}"
    text = json.dumps(result.data, ensure_ascii=False, separators=(",", ":"), default=str)
    if len(text) > MAX_RESULT_CHARS:
        text = text[:MAX_RESULT_CHARS] + "...(truncated)"
    return text


def build_llm_planner(settings: Settings) -> LlmPlanner:
    """The production planner, on a client built from settings (see `openai_client`)."""
    return LlmPlanner(
        openai_client(settings), settings.openai_model, max_history=settings.history_turns
    )
