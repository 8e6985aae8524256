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
  bot/render/reading.py). Raising would throw away the valid part; saying nothing would silently
  drop the rest. A repair request that fails (server error, timeout) keeps the first round's
  valid calls the same way, saying the model failed (`RepairFailed`: not asking the person for
  other words).
- The request is over the model's context even without remembered turns -> `ContextTooLong`.

What real servers need (llama.cpp's and llama-cpp-python's as much as OpenAI):

- Tool calls replayed in the form they accept (bot/planner/tool_calls.py).
- Every request fits the model's context (`context_tokens`) with its answer, counted as the
  server counts (bot/planner/window.py): history is dropped to fit (conversation.py), a
  repair round is shortened or skipped, one that would not fit is never sent.
- Every request has a deadline (`request_timeout`, and `message_deadline` for all of a
  message's requests, the answer round included) and a bounded answer (`max_tokens`).
- Every request sent counts (bot/planner/usage.py).
- Model text that claims a write ("Logged: ...") when nothing was written is never shown
  (bot/planner/claims.py), nor text that quotes the system prompt.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

import openai
from openai.types.chat import (
    ChatCompletionMessage,
    ChatCompletionMessageParam,
)

from bot.config import Settings
from bot.kernel.answers import Answer
from bot.planner.base import (
    ContextTooLong,
    Plan,
    PlanContext,
    PlannerError,
    PlannerFailed,
    PlannerTimedOut,
    ReadResult,
)
from bot.planner.client import ChatRequests, openai_client
from bot.planner.conversation import first_messages, read_results
from bot.planner.outcome import (
    Outcome,
    answer_of,
    guarded,
    plan_of,
    question_of,
    repaired,
    text_plan,
)
from bot.planner.prompt import render_system_prompt, tools_json
from bot.planner.tool_calls import (
    MAX_QUOTED_ARGUMENTS,
    Call,
    assistant_turn,
    message_text,
    parse_calls,
    repair_results,
)
from bot.planner.tool_schemas import tool_specs
from bot.planner.usage import Usage
from bot.planner.window import Window

__all__ = [
    "LlmPlanner",
    "LlmState",
    "build_llm_planner",
]

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LlmState:
    """`Plan.state` of an LLM plan: what `answer()` needs to continue the conversation.

    `messages` is what the first request sent (system, history, the person's text); `calls`
    are the valid calls, replayed as one clean assistant turn (a repair round's detour is
    left out, so the answer request stays short and unambiguous).
    """

    messages: tuple[ChatCompletionMessageParam, ...]
    calls: tuple[Call, ...]
    deadline: float = math.inf  # the event loop's clock: when the message's time is up


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
        bounded_tools: bool = False,
    ) -> None:
        self.client = client
        self.model = model
        self.max_history = max_history
        self.max_tokens = max_tokens
        self.request_timeout = request_timeout  # None: the client's own timeout
        self.message_deadline = message_deadline  # None: no deadline beyond each request's
        # A server that makes a grammar of the tools gets their lengths bounded (tool_schemas).
        specs = tool_specs(bounded=bounded_tools)
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
        # Every request is held to the context, as the server counts (calibrated by its
        # reports for as long as the planner lives).
        self.window = Window(
            context_tokens=context_tokens, answer_tokens=max_tokens or 0, tools=tools_json(specs)
        )

    @property
    def context_tokens(self) -> int:
        """The model's context, as every request is held to it (`window`)."""
        return self.window.context_tokens

    async def aclose(self) -> None:
        """Close the OpenAI client (the planner owns it when `build_llm_planner` made it)."""
        await self.client.close()

    async def plan(self, text: str, context: PlanContext) -> Plan:
        usage = Usage()
        deadline = self._deadline(context)
        try:
            messages = self._messages(text, context)
            try:
                message = await self._complete(messages, usage, "auto", deadline)
            except ContextTooLong:
                # The server counts more than estimated: once more without remembered turns,
                # unless none were sent (the same request would be refused the same way).
                context = dataclasses.replace(context, history=())
                shorter = self._messages(text, context)
                if shorter == messages:
                    raise
                _log.info("the LLM context was exceeded; asking again without history")
                messages = shorter
                message = await self._complete(messages, usage, "auto", deadline)
            calls = parse_calls(message, context, text)
            if not calls:
                return guarded(text_plan(message, usage), messages)
            valid = [c for c in calls if c.error is None]
            outcome = Outcome(valid, question=question_of(message))
            if len(valid) < len(calls):
                outcome = await self._repair(
                    messages, message, calls, text, context, usage, deadline
                )
            state = LlmState(tuple(messages), tuple(outcome.valid), deadline)
            return guarded(plan_of(outcome, state, usage), messages)
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
        replayed = [*state.messages, assistant_turn(None, state.calls)]
        empty: list[ChatCompletionMessageParam] = [
            {"role": "tool", "tool_call_id": c.id, "content": ""} for c in state.calls
        ]
        spare = self.window.spare([*replayed, *empty])  # what the results may take
        messages = [*replayed, *read_results(state.calls, results, spare)]
        usage = Usage()
        try:
            message = await self._complete(messages, usage, "none", state.deadline)
        finally:
            usage.stamp(plan)
        return answer_of(message, plan, state.messages)

    def _deadline(self, context: PlanContext) -> float:
        """When the message's time is up: the caller's (`context.llm_deadline`, a wait for
        a model slot included) or `message_deadline` from now."""
        own = math.inf
        if self.message_deadline is not None:
            own = asyncio.get_running_loop().time() + self.message_deadline
        return own if context.llm_deadline is None else min(own, context.llm_deadline)

    def _messages(self, text: str, context: PlanContext) -> list[ChatCompletionMessageParam]:
        """The first request's messages, fitted to the context."""
        system = render_system_prompt(context)
        return first_messages(
            system, text, context, max_history=self.max_history, window=self.window
        )

    async def _repair(
        self,
        messages: list[ChatCompletionMessageParam],
        message: ChatCompletionMessage,
        calls: list[Call],
        text: str,
        context: PlanContext,
        usage: Usage,
        deadline: float,
    ) -> Outcome:
        """One more request with each call's result; keep what is valid from both rounds.

        When the request itself fails, or cannot fit the context even shortened, the first
        round's valid calls are kept (and the failure raised only if there are none).
        """
        valid = [c for c in calls if c.error is None]
        failed = [c for c in calls if c.error is not None]
        _log.info("repairing tool calls: %s", "; ".join(f"{c.name}: {c.error}" for c in failed))
        retry = self._repair_request(messages, message, calls)
        if retry is None:
            if not valid:
                raise PlannerFailed("the repair round would not fit the model's context")
            _log.warning(
                "the repair round would not fit the model's context, keeping the valid calls"
            )
            return Outcome(valid, failed, model_failed=True)
        try:
            second = await self._complete(retry, usage, "auto", deadline)
        except PlannerError as exc:
            if not valid:
                raise
            _log.warning("the repair request failed, keeping the valid calls: %s", exc)
            return Outcome(valid, failed, model_failed=True)
        again = parse_calls(second, context, text, taken={c.id for c in calls})
        return repaired(valid, failed, again, second)

    def _repair_request(
        self,
        messages: list[ChatCompletionMessageParam],
        message: ChatCompletionMessage,
        calls: list[Call],
    ) -> list[ChatCompletionMessageParam] | None:
        """The repair round's messages (the first request's, the model's turn replayed, each
        call's result) within the context, or None when they cannot be.

        A runaway answer can be longer than the whole context: its text is then left out,
        and an invalid call's long arguments are replayed as `{}`, their result saying so and
        quoting their start. Valid calls are replayed as they were.
        """
        turn = assistant_turn(message_text(message.content), calls)
        retry = [*messages, turn, *repair_results(calls)]
        if self.window.fits(retry):
            return retry
        short = [_shortened(call) for call in calls]
        retry = [*messages, assistant_turn(None, short), *repair_results(short)]
        return retry if self.window.fits(retry) else None

    async def _complete(
        self,
        messages: Iterable[ChatCompletionMessageParam],
        usage: Usage,
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
        if not self.window.fits(sent):  # a server would refuse it: never sent
            raise ContextTooLong("the request would not fit the model's context")
        completion = await self.requests.complete(
            sent,
            tool_choice=tool_choice,
            seconds=timeout,
            on_send=lambda: usage.sent(lambda: self.window.estimate(sent)),
            deadline=None if deadline == math.inf else deadline,
        )
        usage.add(completion)
        self.window.reported(sent, getattr(getattr(completion, "usage", None), "prompt_tokens", 0))
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


def _shortened(call: Call) -> Call:
    """An invalid call whose arguments are too long to send back, replayed as `{}` (they are
    cut so that they are no JSON object) with an error that says why."""
    if call.error is None or len(call.arguments) <= MAX_QUOTED_ARGUMENTS:
        return call
    error = f"{call.error}; its arguments were {len(call.arguments)} characters, far too long"
    return dataclasses.replace(call, arguments=call.arguments[:MAX_QUOTED_ARGUMENTS], error=error)


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
        bounded_tools=not settings.llm_is_openai,
    )
