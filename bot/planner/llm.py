"""The LLM planner: Chat Completions with tools, on OpenAI or any OpenAI-compatible server.

Request budget: a pure logging message costs exactly **one** request, as each request makes
the person wait and costs money. A second one happens only when (a) some tool calls were
unusable, for one repair round, or (b) reads were made and `answer()` turns their results
into words.

How failures surface, so the assistant can say something true:

- The server could not be used (connection, timeout, rate limit, 5xx, a configuration
  problem) -> `PlannerUnavailable`, as bot/planner/client.py translates it.
- The response was neither text nor tool calls (no choices, empty message) -> `PlannerFailed`;
  so is one cut off at `max_tokens` (finish_reason "length") before a tool call was complete,
  logged as such for the operator. Its complete tool calls are used when they validate.
- Some tool calls were invalid (bad JSON, failed validation, unknown tool): one repair round
  that returns the tool results ("ok" or what was wrong). What is still invalid afterwards
  does **not** raise: the plan keeps every valid action from both rounds, sets
  `understood=False` and says which tool areas could not be read (`PartlyUnread`, worded by
  bot/render/llm.py). Raising would throw away the valid part; saying nothing would silently
  drop the rest. A repair request that fails (server error, timeout) keeps the first round's
  valid calls the same way, saying the model failed (`RepairFailed`: not asking the person for
  other words).
- The request is over the model's context even without remembered turns -> `ContextTooLong`.

What real servers need (llama.cpp's and llama-cpp-python's as much as OpenAI):

- An assistant turn replayed with tool calls has `content: ""`, never null or absent, and
  arguments that are JSON: a call whose arguments were not is replayed as `{}`, its tool
  result saying what was wrong.
- The conversation fits the model's context (`context_tokens`): remembered turns are
  dropped, oldest first, until it does. They are one record in the person's turn ("person:"
  and "app:" lines), not assistant turns: a model shown its "own" past "Logged: ..." lines
  learns to write them instead of calling a tool.
- Every request has a deadline (`request_timeout`, and `message_deadline` for all of a
  message's requests, the answer round included) and a bounded answer (`max_tokens`).
- Every request sent counts (`Plan.llm_requests`, or `PlannerError.llm_requests` on a
  failure), a retried and a failed one too.
- Model text that claims a write ("Logged: ...") when nothing was written is never shown.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import openai
from openai.types.chat import (
    ChatCompletionMessage,
    ChatCompletionMessageParam,
)

from bot.config import Settings
from bot.kernel.answers import Answer
from bot.kernel.said import ModelWords, Notice, PartlyUnread, RepairFailed, Said
from bot.planner.base import (
    ContextTooLong,
    Plan,
    PlanContext,
    PlannerError,
    PlannerFailed,
    PlannerTimedOut,
    ReadRequest,
    ReadResult,
    Turn,
)
from bot.planner.client import ChatRequests, openai_client
from bot.planner.prompt import (
    constant_tokens,
    count_tokens,
    load_template,
    quotes_system_prompt,
    render_system_prompt,
    tools_json,
    user_content,
)
from bot.planner.tools import ToolCallError, ToolOutput, read_tool_call, tool_area, tool_specs

__all__ = [
    "LlmPlanner",
    "LlmState",
    "build_llm_planner",
]

_log = logging.getLogger(__name__)

MAX_RESULT_CHARS = 4000  # one read result sent back to the model (~1,000 tokens)
MIN_RESULT_CHARS = 400  # ... and at least this, however small the context
MAX_TURN_CHARS = 2000  # one remembered turn
MAX_QUOTED_ARGUMENTS = 300  # invalid arguments quoted back in a repair round
_OK = "ok"
# Servers count more tokens than tiktoken's cl100k for the same request: their chat
# templates render the tools verbosely and their tokenizers differ. Measured against
# llama.cpp's and llama-cpp-python's servers: 1.26x and 1.58x for the same requests.
CONSTANT_MARGIN = 1.6
TEXT_MARGIN = 1.6  # the conversation's text: the same, to be safe with any tokenizer
MESSAGE_OVERHEAD = 8  # a message's role and delimiters in a chat template
# A reply that says it wrote something: "Logged: ...", a record line copied ("app: Logged:
# ..."), "I've saved ...", "... has been added".
_DONE = r"(?:logged|saved|added|recorded|tracked|stored)"  # not "Noted!", an acknowledgement
_NOT_A_LIST = r"(?!\s+(?:entries|entry|items|meals|foods)\b)"  # "Saved entries can't be..."
_CLAIMS_WRITE = re.compile(
    rf"^\W*(?:app\s*:\s*)?(?:{_DONE}|logging|saving|adding)\b{_NOT_A_LIST}"
    r"|\bI(?:'ve|\s+have|\s+just|'m)?\s+(?:just\s+|also\s+)?(?:logging|saving|adding|"
    r"logged|saved|added|recorded|tracked|noted|stored)\b"
    r"|\bI(?:'ll|\s+will)\s+(?:log|save|add|record|note)\s+(?:that|this|these|those|them|your)\b"
    rf"|\b(?:has|have)\s+been\s+{_DONE}\b",
    re.IGNORECASE | re.MULTILINE,
)
# ... and, when no read was made, a report of a write in other words: "2 eggs logged.",
# "Got it, logged 2 eggs", "Your breakfast is saved" ("isn't tracked" is not one).
# ("tracked" is left out here: "food and weight are tracked" says what the app can do.)
_NOT = r"(?<!n't\s)(?<!not\s)(?<!never\s)"
_SAID = r"(?:logged|saved|added|recorded|stored)"
_REPORTS_WRITE = re.compile(
    rf"{_NOT}\b(?:is|are|was|were)\s+(?:now\s+|all\s+)?{_SAID}\b"
    rf"|{_NOT}\b{_SAID}(?:\s*[!\u2705\u2714]|\.|\s*$)"
    rf"|{_NOT}\b{_SAID}\s+(?:to|for|in|on)\s+(?:today|your|the)\b"
    rf"|(?:[,;:\u2013\u2014]|\s-)\s*{_SAID}\b{_NOT_A_LIST}",
    re.IGNORECASE | re.MULTILINE,
)
# The same in German, Spanish, French and Italian, which the prompt lets a model answer in:
# a label ("Eingetragen: 2 Eier", "Registrado: ..."), the first person ("Ich habe ...
# gespeichert", "He anotado ...", "J'ai ajouté ...", "Ho registrato ..."), and, when no read
# was made, a report ("2 Eier gespeichert.", "Tu desayuno fue registrado", "... a été
# enregistré", "... è stato aggiunto"); negated ones ("nicht eingetragen", "no registrado",
# "pas enregistré", "non aggiunto") claim nothing.
_DONE_INTL = (
    r"(?:eingetragen|gespeichert|registrad[oa]s?|anotad[oa]s?|enregistr[ée]e?s?|ajout[ée]e?s?"
    r"|registrat[oaie]|aggiunt[oaie])"
)
_NOT_INTL = r"(?<!nicht\s)(?<!nichts\s)(?<!no\s)(?<!pas\s)(?<!rien\s)(?<!non\s)(?<!jamais\s)"
_CLAIMS_WRITE_INTL = re.compile(
    rf"^\W*(?:app\s*:\s*)?{_DONE_INTL}\b"
    r"|\b(?:ich\s+)?(?:habe|hab)\b(?![^.!?\n]*\b(?:nicht|nichts|kein\w*)\b)[^.!?\n]{0,60}"
    r"\b(?:eingetragen|gespeichert)\b"
    r"|(?<!no\s)\b(?:he|hemos)\s+(?:registrado|anotado|añadido)\b"
    r"|\bj['\u2019]ai\s+(?:bien\s+)?(?:enregistré|ajouté|noté)"
    r"|(?<!non\s)\bho\s+(?:registrato|aggiunto|segnato)\b",
    re.IGNORECASE | re.MULTILINE,
)
_REPORTS_WRITE_INTL = re.compile(
    rf"{_NOT_INTL}\b{_DONE_INTL}(?:\s*[!\u2705\u2714]|\.|\s*$)"
    r"|(?<!n['\u2019])\b(?:wurden?|ist|sind|fue|fueron|ha\s+sido|han\s+sido|a\s+été|ont\s+été|est|sont"
    rf"|è\s+stat[oaie]|sono\s+stat[ie])\s+(?:\w+\s+){{0,3}}?{_NOT_INTL}{_DONE_INTL}\b",
    re.IGNORECASE | re.MULTILINE,
)
_QUESTION = re.compile(r"[^.!?\n]*\?")  # a sentence asking, which claims nothing


@dataclass(frozen=True)
class _Call:
    """One tool call as the model made it, and what it became (outputs or an error)."""

    id: str
    name: str
    arguments: str
    outputs: tuple[ToolOutput, ...] = ()
    error: str | None = None
    estimates: tuple[str, ...] = ()  # foods whose figures are the model's own


@dataclass(frozen=True)
class LlmState:
    """`Plan.state` of an LLM plan: what `answer()` needs to continue the conversation.

    `messages` is what the first request sent (system, history, the person's text); `calls`
    are the valid calls, replayed as one clean assistant turn (a repair round's detour is
    left out, so the answer request stays short and unambiguous).
    """

    messages: tuple[ChatCompletionMessageParam, ...]
    calls: tuple[_Call, ...]
    deadline: float = math.inf  # the event loop's clock: when the message's time is up
    spare_tokens: int = 0  # what is left of the context for the answer round's results


@dataclass
class _Usage:
    requests: int = 0
    answered_prompt_tokens: int = 0  # as the servers reported them
    completion_tokens: int = 0

    # The estimate of requests the server never reported (deadline, timeout, no `usage`),
    # counted only when read: counting needs the tokenizer, which most runs never load.
    unreported: list[Callable[[], int]] = field(default_factory=list)
    _pending: Callable[[], int] | None = None  # the latest request sent, until its answer

    def sent(self, estimate: Callable[[], int]) -> None:
        """One more request went out (counted whether or not it succeeds), its prompt
        counted at `estimate()` unless the server says how many tokens it really took: a
        request the bot gives up on (deadline, timeout) was still worked on by the server."""
        self.requests += 1
        if self._pending is not None:
            self.unreported.append(self._pending)
        self._pending = estimate

    def add(self, completion: Any) -> None:
        usage = getattr(completion, "usage", None)
        prompt = getattr(usage, "prompt_tokens", None) if usage is not None else None
        if prompt:  # the server's own figure replaces the estimate (local ones may omit it)
            self.answered_prompt_tokens += prompt
            self.completion_tokens += getattr(usage, "completion_tokens", 0) or 0
        elif self._pending is not None:
            self.unreported.append(self._pending)
        self._pending = None

    @property
    def prompt_tokens(self) -> int:
        pending = [self._pending] if self._pending is not None else []  # sent, never answered
        return self.answered_prompt_tokens + sum(e() for e in [*self.unreported, *pending])

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

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
    model_failed: bool = False  # the repair request failed: `failed` were never fixed


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
        max_tokens: int | None = 512,
        request_timeout: float | None = None,
        message_deadline: float | None = None,
        context_tokens: int = 128_000,
        max_tokens_field: str = "max_tokens",
    ) -> None:
        self.client = client
        self.model = model
        self.max_history = max_history
        self.max_tokens = max_tokens
        self.request_timeout = request_timeout  # None: the client's own timeout
        self.message_deadline = message_deadline  # None: no deadline beyond each request's
        self.context_tokens = context_tokens
        specs = tool_specs()
        # Model, tools, temperature (None: leave it to the server, some models refuse 0) and
        # max_tokens are the same in every request: encoded once, here; the tools' size too.
        self.requests = ChatRequests(
            client,
            model,
            specs,
            temperature=temperature,
            parallel_tool_calls=True,
            max_tokens=max_tokens,
            max_tokens_field=max_tokens_field,
        )
        self._tools_tokens = constant_tokens(tools_json(specs))

    async def aclose(self) -> None:
        """Close the OpenAI client (the planner owns it when `build_llm_planner` made it)."""
        await self.client.close()

    async def plan(self, text: str, context: PlanContext) -> Plan:
        usage = _Usage()
        deadline = self._deadline(context)
        try:
            messages, spare = self._messages(text, context)
            try:
                message = await self._complete(messages, usage, "auto", deadline)
            except ContextTooLong:
                # The server counts more than estimated: once more without remembered turns,
                # unless none were sent (the same request would be refused the same way).
                context = dataclasses.replace(context, history=())
                shorter, spare = self._messages(text, context)
                if shorter == messages:
                    raise
                _log.info("the LLM context was exceeded; asking again without history")
                messages = shorter
                message = await self._complete(messages, usage, "auto", deadline)
            calls = _parse_calls(message, context, text)
            if not calls:
                return _guarded(_text_plan(message, usage), messages)
            valid = [c for c in calls if c.error is None]
            outcome = _Outcome(valid, question=_question(message))
            if len(valid) < len(calls):
                outcome = await self._repair(
                    messages, message, calls, text, context, usage, deadline
                )
            state = LlmState(tuple(messages), tuple(outcome.valid), deadline, spare)
            return _guarded(_plan_of(outcome, state, usage), messages)
        except PlannerError as exc:
            exc.llm_requests, exc.llm_tokens = usage.requests, usage.tokens
            raise

    async def answer(
        self, text: str, context: PlanContext, plan: Plan, results: Sequence[ReadResult]
    ) -> Answer:
        """Turn read results into an answer: the one extra request a question costs.

        The usage is added to `plan`'s counters, also when the request fails. Sends the
        tools again with `tool_choice="none"`: servers that check a transcript's tool calls
        against the declared tools accept it, and OpenAI's prompt cache reuses the
        identical prefix. Read results share what is left of the context.
        """
        state = plan.state
        if not isinstance(state, LlmState) or not plan.reads:
            raise PlannerFailed("answer() needs a plan with reads made by the LLM planner")
        by_request = {result.request: result for result in results}
        room = _result_chars(state.spare_tokens, len(state.calls))
        tool_messages: list[ChatCompletionMessageParam] = []
        for call in state.calls:
            reads = [output for output in call.outputs if isinstance(output, ReadRequest)]
            content = _result_text(by_request.get(reads[0]), room) if reads else _OK
            tool_messages.append({"role": "tool", "tool_call_id": call.id, "content": content})
        messages = [*state.messages, _assistant_turn(None, state.calls), *tool_messages]
        usage = _Usage()
        try:
            message = await self._complete(messages, usage, "none", state.deadline)
        finally:
            usage.stamp(plan)
        content = _text(message.content).strip()
        if not content:
            raise PlannerFailed("the LLM returned no text for the answer")
        if quotes_system_prompt(content, _system_text(state.messages)):
            _log.warning("the LLM's answer quoted the system prompt; replaced by a refusal")
            return Notice.PROMPT_REFUSED
        if not plan.actions and _claims_write(content, read=True):
            _log.warning("the LLM's answer claimed a write that was not made; replaced")
            return Notice.CLAIMED_WRITE
        return ModelWords(content)

    def _deadline(self, context: PlanContext) -> float:
        """When the message's time is up: the caller's (`context.llm_deadline`, a wait for
        a model slot included) or `message_deadline` from now."""
        own = math.inf
        if self.message_deadline is not None:
            own = asyncio.get_running_loop().time() + self.message_deadline
        return own if context.llm_deadline is None else min(own, context.llm_deadline)

    def _messages(
        self, text: str, context: PlanContext
    ) -> tuple[list[ChatCompletionMessageParam], int]:
        """The first request's messages, fitted to the context, and the tokens left over.

        System prompt first, then one user turn: the person's clock, the remembered turns
        as a record, their message. Turns are dropped oldest first until it fits; a
        message that does not fit alone is `ContextTooLong`.
        """
        system = render_system_prompt(context)
        turns = list(context.history)[-self.max_history :] if self.max_history > 0 else []
        lines = [_record_line(turn) for turn in turns]
        current = user_content(text, context)
        room = self._room(system)
        cost = _cheap_cost(current, lines)
        if cost > room:  # the cheap bound does not settle it: count
            cost = _text_cost(current)
            if cost > room:
                raise ContextTooLong(f"the message alone needs ~{cost} of {room} tokens")
            counted = [_text_cost(line) for line in lines]
            while lines and cost + sum(counted) > room:
                lines.pop(0)
                counted.pop(0)
            cost += sum(counted)
        content = user_content(text, context, _record(lines)) if lines else current
        messages: list[ChatCompletionMessageParam] = [
            {"role": "system", "content": system},
            {"role": "user", "content": content},
        ]
        return messages, room - cost

    def _room(self, system: str) -> int:
        """Tokens of the context left for the conversation after the constant parts and the
        answer (`max_tokens`); the system prompt's count is cached by its text."""
        constant = (constant_tokens(system) + self._tools_tokens) * CONSTANT_MARGIN
        answer = self.max_tokens or 0
        return int(self.context_tokens - constant - answer - 2 * MESSAGE_OVERHEAD)

    async def _repair(
        self,
        messages: list[ChatCompletionMessageParam],
        message: ChatCompletionMessage,
        calls: list[_Call],
        text: str,
        context: PlanContext,
        usage: _Usage,
        deadline: float,
    ) -> _Outcome:
        """One more request with each call's result; keep what is valid from both rounds.

        Counted as repaired only when the second round adds a new valid call and no invalid
        one: a model that merely repeats its good calls has not fixed the bad ones. When the
        request itself fails, the first round's valid calls are kept (and the failure raised
        only if there are none).
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
                "content": repair.substitute(error=_repair_error(c), tool=c.name),
            }
            for c in calls
        ]
        retry = [*messages, _assistant_turn(_text(message.content), calls), *results]
        try:
            second = await self._complete(retry, usage, "auto", deadline)
        except PlannerError as exc:
            if not valid:
                raise
            _log.warning("the repair request failed, keeping the valid calls: %s", exc)
            return _Outcome(valid, failed, model_failed=True)
        again = _parse_calls(second, context, text, taken={c.id for c in calls})
        new_valid = _not_repeated(valid, [c for c in again if c.error is None])
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
        tool_choice: Literal["auto", "none"],
        deadline: float,
    ) -> ChatCompletionMessage:
        timeout = self.request_timeout
        if deadline != math.inf:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise PlannerTimedOut("the message's deadline for the LLM passed")
            timeout = left if timeout is None else min(timeout, left)
        sent = list(messages)
        completion = await self.requests.complete(
            sent,
            tool_choice=tool_choice,
            seconds=timeout,
            on_send=lambda: usage.sent(lambda: _prompt_estimate(sent, self._tools_tokens)),
            deadline=None if deadline == math.inf else deadline,
        )
        usage.add(completion)
        choices = getattr(completion, "choices", None)
        if not choices or not isinstance(choices, list):
            raise PlannerFailed("the LLM response had no choices")
        message = getattr(choices[0], "message", None)
        if not isinstance(message, ChatCompletionMessage):  # a lenient parse left it out
            raise PlannerFailed("the LLM response's choice had no message")
        if getattr(choices[0], "finish_reason", None) == "length":
            self._cut_off(message, tool_choice)
        return message

    def _cut_off(self, message: ChatCompletionMessage, tool_choice: str) -> None:
        """An answer cut off at `max_tokens`: said to the operator. Its complete tool calls
        are still used when they validate (an incomplete one fails validation and is
        repaired); with none, a plan has nothing usable (its text is a fragment)."""
        calls = isinstance(message.tool_calls, list) and bool(message.tool_calls)
        _log.warning(
            "the LLM's answer was cut off at LLM_MAX_TOKENS (%s tokens)%s; raise "
            "LLM_MAX_TOKENS if this recurs",
            self.max_tokens,
            ", its complete tool calls are used" if calls else "",
        )
        if tool_choice == "auto" and not calls:
            raise PlannerFailed(
                f"the LLM's answer was cut off at LLM_MAX_TOKENS ({self.max_tokens} tokens) "
                "before a tool call was complete"
            )


def _parse_calls(
    message: ChatCompletionMessage,
    context: PlanContext,
    text: str,
    taken: set[str] | None = None,
) -> list[_Call]:
    """Every tool call of a message, validated; foods valued against the table and what the
    person's `text` states (bot/planner/valued.py).

    Ids are made unique, also against the first round's (`taken`): some servers omit ids or
    count from call_0 in every response, and `answer()` replays calls of both rounds.
    """
    calls: list[_Call] = []
    used = set(taken or ())
    tool_calls = message.tool_calls if isinstance(message.tool_calls, list) else []
    for tool_call in tool_calls:
        function = _field(tool_call, "function")  # some servers leave out "type"
        custom = _field(tool_call, "custom")  # a free-text tool: we never offer one
        if function is not None:
            name, arguments = _field(function, "name"), _field(function, "arguments")
        elif custom is not None:
            name, arguments = _field(custom, "name"), _field(custom, "input")
        else:  # neither: refused below as an unknown tool
            name, arguments = "", ""
        name, arguments = name if isinstance(name, str) else "", _arguments_text(arguments)
        given = _field(tool_call, "id")
        fresh = not isinstance(given, str) or not given or given in used
        call_id = _fresh_id(used) if fresh else given
        used.add(call_id)
        try:
            parsed = read_tool_call(name, arguments, context, text)
        except ToolCallError as exc:
            calls.append(_Call(call_id, name, arguments, error=str(exc)))
        else:
            outputs = tuple(parsed.outputs)
            calls.append(_Call(call_id, name, arguments, outputs, estimates=parsed.estimates))
    return calls


def _not_repeated(first: Sequence[_Call], second: Sequence[_Call]) -> list[_Call]:
    """The second round's valid calls without what the first round's already do, output by
    output: a model that sends the whole meal again with the fixed item ("eggs" was ok,
    "toast" was not; then "eggs and toast") must not log the eggs twice."""
    done = Counter(output.model_dump_json(by_alias=True) for c in first for output in c.outputs)
    kept: list[_Call] = []
    for call in second:
        outputs = []
        for output in call.outputs:
            key = output.model_dump_json(by_alias=True)
            if done[key] > 0:
                done[key] -= 1
            else:
                outputs.append(output)
        if len(outputs) == len(call.outputs):
            kept.append(call)
        elif outputs:
            kept.append(dataclasses.replace(call, outputs=tuple(outputs)))
    return kept


def _field(value: Any, name: str) -> Any:
    """A field of a response part, a model or (leniently parsed) a dict; None if absent."""
    return value.get(name) if isinstance(value, dict) else getattr(value, name, None)


def _arguments_text(arguments: Any) -> str:
    """A call's arguments as JSON text: some servers send an object instead of a string,
    or null."""
    if isinstance(arguments, str):
        return arguments
    if arguments is None:
        return ""
    try:
        return json.dumps(arguments, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(arguments)


def _text(content: Any) -> str:
    """A message's text: a string, or the text parts some servers send as a list."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = (_field(part, "text") for part in content)
        return "".join(part for part in parts if isinstance(part, str))
    return ""


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
    """The plan, with model text that quotes the system prompt replaced by a short refusal."""
    system = _system_text(messages)
    if any(isinstance(s, ModelWords) and quotes_system_prompt(s.text, system) for s in plan.said):
        _log.warning("the LLM's reply quoted the system prompt; replaced by a refusal")
        plan.said = [Notice.PROMPT_REFUSED]
        plan.is_question = False
    return plan


def _text_plan(message: ChatCompletionMessage, usage: _Usage) -> Plan:
    """No tool call: chit-chat, a clarifying question, or a refusal, in the model's words.

    Text that claims a write ("Logged: 2 eggs") is a model imitating the app without calling
    a tool: nothing was saved, so it is replaced, and the plan is not understood (the
    assistant may then use its built-in rules' plan).
    """
    content = (_text(message.content) or _text(message.refusal)).strip()
    if not content:
        raise PlannerFailed("the LLM returned neither text nor tool calls")
    if _claims_write(content):
        _log.warning("the LLM's reply claimed a write without a tool call; replaced")
        return usage.stamp(Plan(said=[Notice.CLAIMED_WRITE], understood=False))
    return usage.stamp(Plan(said=[ModelWords(content)], is_question=content.endswith("?")))


def _claims_write(text: str, *, read: bool = False) -> bool:
    """Whether `text` says something was saved. `read`: the model was given read results,
    whose report of past entries ("Lunch was logged at 12:40.") is not a claim."""
    said = _QUESTION.sub("", text)
    if _CLAIMS_WRITE.search(said) or _CLAIMS_WRITE_INTL.search(said):
        return True
    return not read and bool(_REPORTS_WRITE.search(said) or _REPORTS_WRITE_INTL.search(said))


def _plan_of(outcome: _Outcome, state: LlmState, usage: _Usage) -> Plan:
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


def _question(message: ChatCompletionMessage) -> str | None:
    """The model's text beside tool calls, kept only when it asks the person something.

    Anything else there is narration ("Logging your oatmeal!") that would repeat the
    assistant's own summary of what was logged.
    """
    text = _text(message.content).strip()
    return text if text.endswith("?") and not _claims_write(text) else None


def _assistant_turn(content: str | None, calls: Sequence[_Call]) -> ChatCompletionMessageParam:
    """A model's turn replayed: content "" (llama-cpp-python refuses null with a 500, and a
    missing key as well), arguments as JSON (llama.cpp's server refuses the whole request
    otherwise: a call whose arguments were not a JSON object goes back as `{}`)."""
    return {
        "role": "assistant",
        "content": content or "",
        "tool_calls": [
            {
                "id": c.id,
                "type": "function",
                "function": {"name": c.name, "arguments": _replayable(c.arguments)},
            }
            for c in calls
        ],
    }


def _repair_error(call: _Call) -> str:
    """What was wrong with a call, for the model; arguments replayed as `{}` are quoted
    here, so the model still sees what it sent."""
    if _replayable(call.arguments) == call.arguments:
        return str(call.error)
    return f"{call.error}; you sent: {call.arguments[:MAX_QUOTED_ARGUMENTS]}"


def _replayable(arguments: str) -> str:
    try:
        parsed = json.loads(arguments)
    except (json.JSONDecodeError, TypeError):  # not JSON, empty, or missing
        return "{}"
    return arguments if isinstance(parsed, dict) else "{}"


def _record_line(turn: Turn) -> str:
    who = "person" if turn.role == "user" else "app"
    return f"{who}: {' '.join(turn.text[:MAX_TURN_CHARS].split())}"


def _record(lines: Sequence[str]) -> str:
    return "Earlier in this chat (a record; app lines are what it did then):\n" + "\n".join(lines)


def _cheap_cost(current: str, lines: Sequence[str]) -> int:
    """An upper bound of the user turn's tokens without counting them: no token is shorter
    than a byte, so the UTF-8 length (with the margin) is never below the true count."""
    size = len(current.encode()) + sum(len(line.encode()) + 1 for line in lines) + 80
    return math.ceil(size * TEXT_MARGIN) + MESSAGE_OVERHEAD


def _prompt_estimate(messages: Iterable[ChatCompletionMessageParam], tools_tokens: int) -> int:
    """A request's prompt tokens as the context check reckons them (tiktoken with the margin
    local servers' templates add), for a request the server never answers with `usage`."""
    text = "".join(str(m.get("content") or "") for m in messages)
    return math.ceil((count_tokens(text) + tools_tokens) * TEXT_MARGIN)


def _text_cost(text: str) -> int:
    return math.ceil(count_tokens(text) * TEXT_MARGIN) + 1


def _result_chars(spare_tokens: int, calls: int) -> int:
    """How long one read result may be so that the answer round still fits the context."""
    share = spare_tokens / max(calls, 1) / TEXT_MARGIN * 3  # ~3 characters a token of JSON
    return max(MIN_RESULT_CHARS, min(MAX_RESULT_CHARS, int(share)))


def _result_text(result: ReadResult | None, limit: int = MAX_RESULT_CHARS) -> str:
    """A read result for the model: compact JSON, cut to `limit` characters."""
    if result is None:
        return "error: this read was not made"
    if result.error is not None or result.data is None:
        return f"error: {result.error or 'no data'}"
    text = json.dumps(result.data, ensure_ascii=False, separators=(",", ":"), default=str)
    if len(text) > limit:
        text = text[:limit] + "...(truncated)"
    return text


def build_llm_planner(settings: Settings, client: openai.AsyncOpenAI | None = None) -> LlmPlanner:
    """The production planner, on a client built from settings (see `openai_client`), or on
    `client` (the eval records and replays through its own): either way with every setting
    the bot uses (answer bound and its field, context size, timeouts)."""
    return LlmPlanner(
        client or openai_client(settings),
        settings.openai_model,
        max_history=settings.history_turns,
        temperature=settings.llm_temperature,
        max_tokens=settings.llm_max_tokens,
        request_timeout=settings.llm_request_timeout_seconds,
        message_deadline=settings.llm_message_deadline_seconds,
        context_tokens=settings.llm_context_limit,
        # OpenAI's own API takes max_completion_tokens (its newer models refuse max_tokens);
        # OpenAI-compatible servers know max_tokens.
        max_tokens_field="max_completion_tokens" if settings.llm_is_openai else "max_tokens",
    )
