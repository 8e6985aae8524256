"""The conversation the model sees, fitted to its context.

The first request is the system prompt and one user turn: the person's clock, the
remembered turns as a record, their new message. Remembered turns are one record in the
person's turn ("person:" and "app:" lines, marked as earlier), not assistant turns: a model
shown its "own" past "Logged: ..." lines learns to write them instead of calling a tool. An
app line says only what was done ("logged 2 foods", bot/planner/recap.py). They are dropped,
oldest first, until the request fits the model's context (`context_tokens`); a message that
does not fit alone is `ContextTooLong` (bot/planner/window.py counts). The answer round's
read results share what is left.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from openai.types.chat import ChatCompletionMessageParam

from bot.planner.base import ContextTooLong, PlanContext, ReadRequest, ReadResult, Turn
from bot.planner.prompt import user_content
from bot.planner.recap import recap_line
from bot.planner.tool_calls import OK, Call
from bot.planner.window import TEXT_MARGIN, Window

__all__ = [
    "first_messages",
    "read_results",
]

MAX_RESULT_CHARS = 4000  # one read result sent back to the model (~1,000 tokens)
MIN_RESULT_CHARS = 400  # ... and at least this, however small the context
MAX_TURN_CHARS = 2000  # one remembered turn


def first_messages(
    system: str, text: str, context: PlanContext, *, max_history: int, window: Window
) -> list[ChatCompletionMessageParam]:
    """The first request's messages, the remembered turns fitted to the model's `window`.

    Turns are dropped oldest first until it fits; a message that does not fit alone is
    `ContextTooLong`.
    """
    turns = list(context.history)[-max_history:] if max_history > 0 else []
    lines = [_record_line(turn) for turn in turns]
    while True:
        record = _record(lines) if lines else ""
        messages: list[ChatCompletionMessageParam] = [
            {"role": "system", "content": system},
            {"role": "user", "content": user_content(text, context, record)},
        ]
        spare = window.spare(messages)
        if spare >= 0:
            return messages
        if not lines:
            raise ContextTooLong(f"the message alone is ~{-spare} tokens over the context")
        lines.pop(0)


def read_results(
    calls: Sequence[Call], results: Sequence[ReadResult], spare_tokens: int
) -> list[ChatCompletionMessageParam]:
    """The answer round's tool results: each call's read result, sharing `spare_tokens`;
    "ok" for a call that read nothing."""
    by_request = {result.request: result for result in results}
    limit = _result_chars(spare_tokens, len(calls))
    messages: list[ChatCompletionMessageParam] = []
    for call in calls:
        reads = [output for output in call.outputs if isinstance(output, ReadRequest)]
        content = _result_text(by_request.get(reads[0]), limit) if reads else OK
        messages.append({"role": "tool", "tool_call_id": call.id, "content": content})
    return messages


def _record_line(turn: Turn) -> str:
    """A remembered turn: the person's words, or what the app did (never its reply, whose
    entry lines a small model copies as food names: bot/planner/recap.py)."""
    if turn.role != "user":
        return f"app: {recap_line(turn.text)}"
    return f"person: {' '.join(turn.text[:MAX_TURN_CHARS].split())}"


RECORD_HEAD = "Earlier in this chat (already handled; a record, not what to log now):"
RECORD_TAIL = "Their new message:"


def _record(lines: Sequence[str]) -> str:
    return "\n".join([RECORD_HEAD, *lines, RECORD_TAIL])


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
