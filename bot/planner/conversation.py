"""The conversation the model sees, fitted to its context.

The first request is the system prompt and one user turn: the person's clock, the
remembered turns as a record, their new message. Remembered turns are one record in the
person's turn ("person:" and "app:" lines, marked as earlier), not assistant turns: a model
shown its "own" past "Logged: ..." lines learns to write them instead of calling a tool. An
app line says only what was done ("logged 2 foods", bot/planner/recap.py). They are dropped,
oldest first, until the request fits the model's context (`context_tokens`); a message that
does not fit alone is `ContextTooLong`. The answer round's read results share what is left.

Counting loads the tokenizer (bot/planner/prompt.py), so a cheap upper bound is tried first.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence

from openai.types.chat import ChatCompletionMessageParam

from bot.planner.base import ContextTooLong, PlanContext, ReadRequest, ReadResult, Turn
from bot.planner.prompt import constant_tokens, count_tokens, user_content
from bot.planner.recap import recap_line
from bot.planner.tool_calls import OK, Call

__all__ = [
    "first_messages",
    "prompt_estimate",
    "read_results",
    "room",
]

MAX_RESULT_CHARS = 4000  # one read result sent back to the model (~1,000 tokens)
MIN_RESULT_CHARS = 400  # ... and at least this, however small the context
MAX_TURN_CHARS = 2000  # one remembered turn
# Servers count more tokens than tiktoken's cl100k for the same request: their chat
# templates render the tools verbosely and their tokenizers differ. Measured against
# llama.cpp's and llama-cpp-python's servers: 1.26x and 1.58x for the same requests.
CONSTANT_MARGIN = 1.6
TEXT_MARGIN = 1.6  # the conversation's text: the same, to be safe with any tokenizer
MESSAGE_OVERHEAD = 8  # a message's role and delimiters in a chat template


def first_messages(
    system: str, text: str, context: PlanContext, *, max_history: int, room: int
) -> tuple[list[ChatCompletionMessageParam], int]:
    """The first request's messages, the remembered turns fitted to `room` tokens (see
    `room`), and the tokens left over.

    Turns are dropped oldest first until it fits; a message that does not fit alone is
    `ContextTooLong`.
    """
    turns = list(context.history)[-max_history:] if max_history > 0 else []
    lines = [_record_line(turn) for turn in turns]
    current = user_content(text, context)
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


def room(system: str, *, tools_tokens: int, context_tokens: int, answer_tokens: int) -> int:
    """Tokens of the context left for the conversation after the constant parts and the
    answer (`max_tokens`); the system prompt's count is cached by its text."""
    constant = (constant_tokens(system) + tools_tokens) * CONSTANT_MARGIN
    return int(context_tokens - constant - answer_tokens - 2 * MESSAGE_OVERHEAD)


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


def _cheap_cost(current: str, lines: Sequence[str]) -> int:
    """An upper bound of the user turn's tokens without counting them: no token is shorter
    than a byte, so the UTF-8 length (with the margin) is never below the true count."""
    size = len(current.encode()) + sum(len(line.encode()) + 1 for line in lines) + 80
    return math.ceil(size * TEXT_MARGIN) + MESSAGE_OVERHEAD


def prompt_estimate(messages: Iterable[ChatCompletionMessageParam], tools_tokens: int) -> int:
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
