"""The planner contract: a person's text in, a `Plan` out.

A planner never talks to the health service. It says what to write (`actions`), what to read
(`reads`) and what to say (`reply`). The assistant does the I/O, and when reads were made it
asks the planner once more to turn their results into an answer (`answer`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from bot.agent_api.actions import CHECKIN_SCALE, Action

ReadRoute = Literal["today", "nutrition", "weight", "checkins", "supplements", "recipes", "support"]


class ReadRequest(BaseModel):
    """One GET of the agent API. `date` selects a day view, `from`/`to` a history range."""

    model_config = ConfigDict(populate_by_name=True, frozen=True, extra="forbid")

    route: ReadRoute
    date: dt.date | None = None
    from_: dt.date | None = Field(default=None, alias="from")
    to: dt.date | None = None


@dataclass(frozen=True)
class ReadResult:
    """What one read returned (`data`), or why it failed (`error`, already worded for a person)."""

    request: ReadRequest
    data: dict[str, Any] | None
    error: str | None = None


@dataclass(frozen=True)
class Turn:
    """One line of the remembered conversation."""

    role: Literal["user", "assistant"]
    text: str


@dataclass(frozen=True)
class PlanContext:
    """What a planner may know besides the text: the person's local clock and recent turns."""

    now: dt.datetime  # timezone-aware, in the person's timezone
    timezone: str
    history: Sequence[Turn] = ()
    checkin_scale: tuple[int, int] = CHECKIN_SCALE

    @property
    def today(self) -> dt.date:
        return self.now.date()

    @property
    def weekday(self) -> str:
        return self.now.strftime("%A")


@dataclass
class Plan:
    """The planner's decision for one message.

    `reply` is the planner's own words in plain text (a clarifying question when `is_question`,
    an answer to chit-chat, or an honest "I did not understand"); the assistant escapes it.
    `understood` is False when the planner could not make sense of (part of) the text; the
    offline planner's fast path uses it to decide whether the LLM must look at the message.
    `state` is private to the planner that made the plan (e.g. the LLM transcript needed by
    `answer`).
    """

    actions: list[Action] = field(default_factory=list)
    reads: list[ReadRequest] = field(default_factory=list)
    reply: str | None = None
    is_question: bool = False
    understood: bool = True
    llm_requests: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    state: Any = None


class PlannerError(Exception):
    """Base for every planner failure. The message is for logs, never shown to a person."""


class PlannerUnavailable(PlannerError):
    """The LLM could not be reached: connection error, timeout, 5xx, rate limit."""


class PlannerFailed(PlannerError):
    """The LLM answered, but not with anything usable, even after a repair round."""


class Planner(Protocol):
    """Turns a person's text into a `Plan`; see the module docstring."""

    name: str

    async def plan(self, text: str, context: PlanContext) -> Plan: ...

    async def answer(
        self, text: str, context: PlanContext, plan: Plan, results: Sequence[ReadResult]
    ) -> str: ...
