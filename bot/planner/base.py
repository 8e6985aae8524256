"""The planner contract: a person's text in, a `Plan` out.

A planner never talks to the health service, and never words a reply. It says what to write
(`actions`), what to read (`reads`) and what it understood or could not, as data (`said`,
bot/kernel/said.py). The assistant does the I/O, and when reads were made it asks the planner
once more for an answer from their results (`answer`: numbers and the period they cover, or
the model's own words, bot/kernel/answers.py). bot/render/said.py words both.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from bot.agent_api.actions import CHECKIN_SCALE, Action, NutritionAddEntry
from bot.kernel.answers import Answer
from bot.kernel.days import MIDNIGHT, lived_day
from bot.kernel.said import Said

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
    """What one read returned (`data`), or why it failed (`error`, worded by the core)."""

    request: ReadRequest
    data: dict[str, Any] | None
    error: str | None = None


@dataclass(frozen=True)
class Turn:
    """One line of the remembered conversation."""

    role: Literal["user", "assistant"]
    text: str


@dataclass(frozen=True)
class Repeat:
    """Log again what the person logged before ("same breakfast as yesterday", "again", "my
    usual coffee", "a serving of my chili"): the entries of `read` that `meal` or `food`
    pick, or their recipe named `recipe` times `servings`, logged on `date`.

    `meal` is "breakfast", "lunch" or "dinner" (by when the entries were logged), "last" (the
    last message's entries) or None (every entry naming `food`). `said` is how the person put
    it, for the reply ("the same breakfast as yesterday"). The core reads, picks and writes
    (bot/core/personal.py, bot/planner/offline/usual.py): no second planner call.
    """

    read: ReadRequest
    date: dt.date
    said: str
    meal: Literal["breakfast", "lunch", "dinner", "last"] | None = None
    food: str | None = None
    recipe: str | None = None
    servings: float = 1.0


@dataclass(frozen=True)
class PlanContext:
    """What a planner may know besides the text: the person's local clock and recent turns.

    `today` is the day the person is living (bot/kernel/days.py): before `day_ends_at` it is still
    the previous calendar date, so "a pizza" at 01:30 and "yesterday" are dated by it, never
    by `now.date()`. `last_weight_kg` is their latest weight when the core knew it without a
    read (a number without a unit is read in its light); None: unknown, not "none".
    """

    now: dt.datetime  # timezone-aware, in the person's timezone
    timezone: str
    history: Sequence[Turn] = ()
    checkin_scale: tuple[int, int] = CHECKIN_SCALE
    day_ends_at: dt.time = MIDNIGHT
    last_weight_kg: float | None = None
    # The event loop's time by which the model must have answered the message, set when the
    # message started planning (a wait for a model slot counts); None: from the model's start.
    llm_deadline: float | None = None
    language: str = "en"  # the language the person reads replies in (bot/kernel/readers.py)

    @property
    def today(self) -> dt.date:
        return lived_day(self.now, self.day_ends_at)

    @property
    def weekday(self) -> str:
        return self.now.strftime("%A")


@dataclass
class Plan:
    """The planner's decision for one message.

    `said` is what the planner has to tell the person, as data (bot/kernel/said.py): a
    clarifying question in the model's words when `is_question`, small talk, or what it could
    not place and why; the assistant words it (bot/render/said.py) and escapes it.
    `understood` is False when the planner could not make sense of (part of) the text; the
    offline planner's fast path uses it to decide whether the LLM must look at the message.
    `state` is private to the planner that made the plan (e.g. the LLM transcript needed by
    `answer`). `offer` holds actions the planner only guesses ("🍕": a slice of pizza?): they
    are shown with save / fix / drop and written only when the person saves them.
    """

    actions: list[Action] = field(default_factory=list)
    offer: list[Action] = field(default_factory=list)
    reads: list[ReadRequest] = field(default_factory=list)
    said: list[Said] = field(default_factory=list)
    is_question: bool = False
    understood: bool = True
    # A weight said without a unit that could be kg or lb ("I'm at 80"): its `WeightLog`
    # holds the number as kg until the core settles it (bot/core/personal.py).
    unit_question: float | None = None
    repeat: Repeat | None = None  # "the usual": what to copy, once `reads` are answered
    # "actually it was 3 eggs": what an earlier message should have said, in full. Nothing
    # is written from it; the core offers the difference from what was logged as a draft.
    amends: list[Action] = field(default_factory=list)
    # Foods logged with the model's own estimate of their figures (the entries' names): the
    # food table knew none of them and the person stated none. The reply says so.
    estimates: list[str] = field(default_factory=list)
    llm_requests: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    state: Any = None

    def estimated(self) -> list[str]:
        """`estimates` still among the actions (an entry refused as malformed is not)."""
        foods = {a.entry.food for a in self.actions if isinstance(a, NutritionAddEntry)}
        return [food for food in dict.fromkeys(self.estimates) if food in foods]


class PlannerError(Exception):
    """Base for every planner failure. The message is for logs, never shown to a person.

    `llm_requests` counts the model requests the failed attempt sent and `llm_tokens` their
    tokens, as the server reported them or, for a request it never answered, as estimated
    when it was sent (they count against the person's daily budget like any other).
    """

    llm_requests: int = 0
    llm_tokens: int = 0


class PlannerUnavailable(PlannerError):
    """The LLM could not be reached: connection error, timeout, 5xx, rate limit."""


class PlannerFailed(PlannerError):
    """The LLM answered, but not with anything usable, even after a repair round."""


class PlannerTimedOut(PlannerUnavailable):
    """The model took longer than a request's timeout or the message's deadline."""


class ContextTooLong(PlannerFailed):
    """The request does not fit the model's context window (the server's 400 says so, or
    the planner's own count does). Trying it again can never work; a shorter one may."""


class Planner(Protocol):
    """Turns a person's text into a `Plan`; see the module docstring."""

    name: str

    async def plan(self, text: str, context: PlanContext) -> Plan: ...

    async def answer(
        self, text: str, context: PlanContext, plan: Plan, results: Sequence[ReadResult]
    ) -> Answer: ...
