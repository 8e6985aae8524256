"""What a message's LLM requests cost: requests sent, prompt and completion tokens.

Every request sent counts (`Plan.llm_requests`, or `PlannerError.llm_requests` on a
failure), a retried and a failed one too: a request the bot gives up on was still worked
on by the server. The server's own token figures are used where it reports them, an
estimate where it does not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.planner.base import Plan

__all__ = ["Usage"]


@dataclass
class Usage:
    """The counters of one message's requests (or of `answer()`'s)."""

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
