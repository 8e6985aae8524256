"""The model's context window: whether a request fits it, as the server counts.

Every request is held to it before it is sent (the first, the one without history, a repair
round, an answer round): its prompt (the messages, the tool calls they replay, the tool
schemas) plus the answer's bound (`max_tokens`) within LLM_CONTEXT_TOKENS. A server refuses a
request over its context with a 400, and the person would have waited for nothing.

The prompt is reckoned two ways, and the larger is used:

- cl100k tokens times `TEXT_MARGIN`: servers count more than tiktoken for the same request
  (their chat templates render the tools verbosely, their tokenizers differ; measured
  against llama.cpp's and llama-cpp-python's servers: 1.26x and 1.58x);
- calibrated by the server itself: its `usage.prompt_tokens` of a request it answered, per
  byte of that request, the highest of the recent ones, times `SAFETY`. A server whose
  tokenizer counts more than the margin allows is met the next time, not refused again.

Counting loads the tokenizer (bot/planner/prompt.py), so a cheap upper bound is tried
first: no token is shorter than a byte, so a request's UTF-8 length bounds its count.
"""

from __future__ import annotations

import json
import math
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

from bot.planner.prompt import constant_tokens, count_tokens

__all__ = ["MESSAGE_OVERHEAD", "TEXT_MARGIN", "Window"]

TEXT_MARGIN = 1.6  # a server's tokens per cl100k token, at most, as measured (see above)
SAFETY = 1.1  # over the highest tokens per byte a server reported
MESSAGE_OVERHEAD = 8  # a message's role and delimiters in a chat template
RECENT = 16  # reports kept for calibration


class Window:
    """One model's context: `context_tokens`, of which each answer may take `answer_tokens`;
    `tools` is the tool schemas' JSON, sent with every request. Calibrated by what the server
    reports (`reported`), for as long as the planner lives."""

    def __init__(self, *, context_tokens: int, answer_tokens: int, tools: str) -> None:
        self.context_tokens = context_tokens
        self.answer_tokens = answer_tokens
        self._tools_tokens = constant_tokens(tools)
        self._tools_bytes = len(tools.encode())
        self._per_byte: deque[float] = deque(maxlen=RECENT)

    def fits(self, messages: Iterable[Mapping[str, Any]]) -> bool:
        return self.spare(messages) >= 0

    def spare(self, messages: Iterable[Mapping[str, Any]]) -> int:
        """Tokens left in the context after the request and its answer (below 0: over);
        an upper bound of what the request takes when that already settles it."""
        texts = _texts(messages)
        left = self.context_tokens - self.answer_tokens
        cheap = max(self._cheap(texts), self._calibrated(texts))
        if cheap <= left:
            return left - cheap
        return left - max(self._counted(texts), self._calibrated(texts))

    def estimate(self, messages: Iterable[Mapping[str, Any]]) -> int:
        """A request's prompt tokens as the server would count them at most (the tokenizer is
        loaded): for a request it never answered with `usage`."""
        texts = _texts(messages)
        return max(self._counted(texts), self._calibrated(texts))

    def reported(self, messages: Iterable[Mapping[str, Any]], prompt_tokens: object) -> None:
        """The server answered a request saying it took `prompt_tokens` (None, 0 or anything
        but a positive count: it did not say)."""
        if isinstance(prompt_tokens, int) and not isinstance(prompt_tokens, bool):
            size = self._bytes(_texts(messages))
            if prompt_tokens > 0 and size > 0:
                self._per_byte.append(prompt_tokens / size)

    def _bytes(self, texts: list[str]) -> int:
        return self._tools_bytes + sum(len(text.encode()) for text in texts)

    def _calibrated(self, texts: list[str]) -> int:
        if not self._per_byte:
            return 0
        return math.ceil(self._bytes(texts) * max(self._per_byte) * SAFETY)

    def _cheap(self, texts: list[str]) -> int:
        system, rest = texts[0], texts[1:]
        size = sum(len(text.encode()) for text in rest)
        raw = constant_tokens(system) + self._tools_tokens + size
        return math.ceil(raw * TEXT_MARGIN) + MESSAGE_OVERHEAD * len(texts)

    def _counted(self, texts: list[str]) -> int:
        system, rest = texts[0], texts[1:]
        raw = constant_tokens(system) + self._tools_tokens + sum(count_tokens(t) for t in rest)
        return math.ceil(raw * TEXT_MARGIN) + MESSAGE_OVERHEAD * len(texts)


def _texts(messages: Iterable[Mapping[str, Any]]) -> list[str]:
    """What of each message the server reads: its content, and the tool calls it replays
    (one text a message; the first is the system prompt's, counted by its cache)."""
    texts = []
    for message in messages:
        content = message.get("content")
        text = content if isinstance(content, str) else json.dumps(content or "")
        calls = message.get("tool_calls")
        if calls:
            text += json.dumps(list(calls), ensure_ascii=False, separators=(",", ":"))
        texts.append(text)
    return texts or [""]
