"""From words to a plan: the built-in rules first, the LLM when they fall short, within budget.

Each person has a daily LLM budget (requests and tokens, `LLM_DAILY_*`); what a plan used
(`spent_by`) is counted by the caller in the unit of work it stores anyway, or by `count` when
it stores nothing.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

from bot.agent_api.actions import Action, Entry, NutritionAddEntry
from bot.core.person import Person, Refused
from bot.core.resources import Resources
from bot.kernel.readers import DEFAULT as DEFAULT_READER
from bot.kernel.readers import Reader
from bot.kernel.refusals import Reason
from bot.kernel.said import Notice
from bot.planner.base import (
    ContextTooLong,
    Plan,
    PlanContext,
    Planner,
    PlannerError,
    PlannerTimedOut,
    PlannerUnavailable,
    Turn,
)
from bot.planner.sanity import sane
from bot.render import model, portions
from bot.store import Spent

log = logging.getLogger(__name__)


@dataclass
class Planning:
    """Plans messages and keeps each person's LLM use within their daily budget."""

    res: Resources

    async def plan(
        self,
        person: Person,
        text: str,
        context: PlanContext,
        extra_history: Sequence[Turn] = (),
        notes: list[str] | None = None,
    ) -> tuple[Plan, Planner]:
        """The plan of a message (`_planned`), its foods' amounts in the person's words
        (`in_their_words`): what they read in the reply is what the service keeps."""
        plan, planner = await self._planned(person, text, context, extra_history, notes)
        return in_their_words(plan, person.reader), planner

    async def _planned(
        self,
        person: Person,
        text: str,
        context: PlanContext,
        extra_history: Sequence[Turn],
        notes: list[str] | None,
    ) -> tuple[Plan, Planner]:
        """Offline rules first; the LLM only when they did not understand everything.

        The remembered turns (plus `extra_history`, e.g. a draft being fixed) are read only
        when the LLM is asked: the offline rules do not use them. Every plan passes
        `sane` (bot/planner/sanity.py) before it is returned: nothing malformed is written.
        LLM_MESSAGE_DEADLINE_SECONDS runs from here: a wait for a model slot counts, and a
        message still waiting when it passes is treated as the model being slow.

        When the model gives no usable plan (unavailable, too slow, no usable answer) and
        the rules understood the whole message (a plan with actions or reads, nothing left
        unplaced: only when OFFLINE_FAST_PATH is off, as it skips the model for these), the
        rules' plan is used and one line saying so is added to `notes`. Otherwise raises
        `Refused`: the budget is spent, the model is down or slow (the message is kept for
        "retry"), the message is too long for the model (not kept: a retry could never
        work), or it gave no usable answer.
        """
        res = self.res
        # The message's time for the model starts now: a wait for a model slot counts.
        deadline = asyncio.get_running_loop().time() + res.settings.llm_message_deadline_seconds
        rules = _Rules(sane(await res.offline.plan(text, context)), notes, person.reader)
        # "The usual" and "same as yesterday" are copied from the person's own log, never
        # from what a model remembers.
        repeat = rules.plan.repeat is not None
        if res.llm is None or repeat or (res.settings.offline_fast_path and rules.usable):
            return rules.plan, res.offline
        history = await self._llm_inputs(person, context.today)
        if history is None:  # today's LLM budget is spent
            if rules.usable:
                return rules.plan, res.offline
            raise Refused(Reason.MODEL_BUDGET_SPENT, person.reader)
        context = dataclasses.replace(
            context, history=[*history, *extra_history], llm_deadline=deadline
        )
        try:
            plan = await self._measured(res.llm, text, context, deadline)
        except PlannerError as exc:
            refused = Refused(_failure(person.user_id, exc), person.reader)
            if rules.usable:
                return rules.instead(exc, slow=isinstance(exc, PlannerTimedOut)), res.offline
            await self._refuse(person.user_id, text, context.today, exc, refused)
        return model_or_rules(person.user_id, sane(plan), rules, res.llm, res.offline)

    async def _measured(
        self, llm: Planner, text: str, context: PlanContext, deadline: float
    ) -> Plan:
        """The model's plan (`_in_slot`), its request counted in the bot's metrics: ok, timeout
        or error, the seconds it took (a wait for a slot included), the tokens it used."""
        metrics, began = self.res.metrics, time.monotonic()
        try:
            plan = await self._in_slot(llm, text, context, deadline)
        except PlannerError as exc:
            outcome = "timeout" if isinstance(exc, PlannerTimedOut) else "error"
            metrics.llm(outcome, time.monotonic() - began, prompt=exc.llm_tokens)
            raise
        metrics.llm("ok", time.monotonic() - began, plan.prompt_tokens, plan.completion_tokens)
        return plan

    async def _refuse(
        self, user_id: int, text: str, day: dt.date, exc: PlannerError, refused: Refused
    ) -> NoReturn:
        """No usable plan from the model and none from the rules: count what the attempt
        cost, keep a message the model could not take for "retry", and say why."""
        await self.count(
            user_id, day, Plan(llm_requests=exc.llm_requests, prompt_tokens=exc.llm_tokens)
        )
        if isinstance(exc, PlannerUnavailable):
            await self._keep_for_retry(user_id, text)
        raise refused from exc

    @staticmethod
    def _checked(user_id: int, plan: Plan, rules: _Rules) -> Plan | None:
        """The model's plan as it is used, or None when the rules' plan stands instead (the
        model's is unusable, or contradicts what the rules fully understood); what the
        model cost is then carried by the rules' plan."""
        if plan.actions and _asks_only(rules.plan):
            # A question never writes: what a model proposes for one was not said.
            log.warning("the model's plan for user %s writes for a question; not written", user_id)
            plan.actions = []
            if not plan.reads:
                plan.understood = False
        if rules.plan.amends and plan.actions:
            # A correction of an earlier message: the model's extra is offered, as the
            # rules' difference is, and written only once the person saves it.
            plan.offer, plan.actions = plan.actions, []
        unusable = not (plan.understood or plan.actions or plan.reads or plan.is_question)
        if rules.usable and not unusable and _contradicts(plan, rules.plan):
            log.warning(
                "the model's plan for user %s writes nothing of what the rules read; "
                "the rules' plan is used",
                user_id,
            )
            unusable = True
        if not (unusable and rules.usable):
            return plan
        rules.plan.prompt_tokens += plan.prompt_tokens
        rules.plan.completion_tokens += plan.completion_tokens
        rules.plan.llm_requests += plan.llm_requests
        return None

    async def _in_slot(
        self, planner: Planner, text: str, context: PlanContext, deadline: float
    ) -> Plan:
        """`planner.plan` once a model slot is free; no later than `deadline` (the event
        loop's clock), past which it is `PlannerTimedOut` as a slow model is."""
        slots = self.res.llm_slots
        try:
            async with asyncio.timeout_at(deadline):
                await slots.acquire()
        except TimeoutError as exc:
            raise PlannerTimedOut("no model slot came free before the message's deadline") from exc
        try:
            return await planner.plan(text, context)
        finally:
            slots.release()

    async def allowed(self, user_id: int, day: dt.date) -> bool:
        """Whether the person may still use the LLM on `day`."""
        return self._fits(*await self.res.store.messages.usage(user_id, day))

    async def count(self, user_id: int, day: dt.date, plan: Plan) -> None:
        """Count what `plan` used, in a transaction of its own (nothing else is written)."""
        spent = spent_by(plan)
        if spent is not None:
            await self.res.store.messages.add_usage(user_id, day, spent)

    def _fits(self, requests: int, tokens: int) -> bool:
        """Whether a day with this much LLM use leaves budget for another request."""
        settings = self.res.settings
        return requests < settings.llm_daily_requests and tokens < settings.llm_daily_tokens

    async def _llm_inputs(self, person: Person, day: dt.date) -> list[Turn] | None:
        """What the LLM needs first: the remembered turns, or None when the person's LLM
        budget for `day` is spent (known from the account read, else read here)."""
        settings = self.res.settings
        used = person.llm_used if day == person.today else None
        if used is None:
            if not await self.allowed(person.user_id, day):
                return None
        elif not self._fits(*used):
            return None
        if settings.history_turns == 0:
            return []
        turns = await self.res.store.messages.recent_turns(
            person.user_id, limit=settings.history_turns
        )
        return [Turn(role=role, text=text) for role, text in turns]  # type: ignore[arg-type]

    async def _keep_for_retry(self, user_id: int, text: str) -> None:
        """Keep a message the LLM could not take, so "retry" can plan it again later."""
        res = self.res
        expires_at = res.clock() + dt.timedelta(hours=res.settings.draft_ttl_hours)
        await res.store.messages.keep_for_retry(
            user_id, text, expires_at=expires_at, now=res.clock()
        )


def in_their_words(plan: Plan, reader: Reader) -> Plan:
    """`plan` with each food's amount in the reader's words ("Brötchen, 2 Brötchen",
    bot/render/portions.py): the entries it writes, offers and amends, and the names of
    those the model estimated. An English reader's plan is returned as it is; so is every
    name (the planners name foods in the person's words already)."""
    if reader.language == "en":
        return plan
    return dataclasses.replace(
        plan,
        actions=_worded(plan.actions, reader),
        offer=_worded(plan.offer, reader),
        amends=_worded(plan.amends, reader),
        estimates=[portions.food_text(name, reader) for name in plan.estimates],
    )


def _worded(actions: Sequence[Action], reader: Reader) -> list[Action]:
    """`actions`, each food entry's amount in the reader's words."""
    return [
        action.model_copy(update={"entry": _entry_worded(action.entry, reader)})
        if isinstance(action, NutritionAddEntry)
        else action
        for action in actions
    ]


def _entry_worded(entry: Entry, reader: Reader) -> Entry:
    return entry.model_copy(update={"food": portions.food_text(entry.food, reader)})


def spent_by(plan: Plan) -> Spent | None:
    """What `plan` used of the person's LLM budget, to count; None when it used none."""
    if not plan.llm_requests:
        return None
    return (plan.llm_requests, plan.prompt_tokens + plan.completion_tokens)


def _failure(user_id: int, exc: PlannerError) -> Reason:
    """Why the model gave no plan, logged: too long for the model (a retry could never
    work), the model down or slow (the message is kept for "retry"), or no usable answer."""
    if isinstance(exc, ContextTooLong):
        log.warning("message too long for the LLM for user %s: %s", user_id, exc)
        return Reason.MODEL_TOO_LONG
    if isinstance(exc, PlannerUnavailable):
        log.warning("LLM unavailable for user %s: %s", user_id, exc)
        slow = isinstance(exc, PlannerTimedOut)
        return Reason.MODEL_SLOW if slow else Reason.MODEL_UNAVAILABLE
    log.warning("LLM gave no usable plan for user %s: %s", user_id, exc)
    return Reason.MODEL_FAILED


def model_or_rules(
    user_id: int, plan: Plan, rules: _Rules, model: Planner, offline: Planner
) -> tuple[Plan, Planner]:
    """The model's plan as it is used (checked against the rules' reading), and the planner
    that answers its questions; else the rules' plan and the rules."""
    used = Planning._checked(user_id, plan, rules)
    if used is None:
        return rules.instead(None, slow=False), offline
    return used, model


async def forced(
    model: Planner, offline: Planner, text: str, context: PlanContext
) -> tuple[Plan, Planner]:
    """How a message is planned with the model forced (OFFLINE_FAST_PATH off) and nothing
    else in the way (no budget, model slot or history): a repeat is the rules', the model's
    plan is checked against the rules' reading, and the rules stand in when the model fails
    and they understood the whole message. What `healthbot eval --planner llm` scores."""
    rules = _Rules(sane(await offline.plan(text, context)), None, DEFAULT_READER)
    if rules.plan.repeat is not None:
        return rules.plan, offline
    try:
        plan = await model.plan(text, context)
    except PlannerError as exc:
        if not rules.usable:
            raise
        return rules.instead(exc, slow=isinstance(exc, PlannerTimedOut)), offline
    return model_or_rules(0, sane(plan), rules, model, offline)


def _asks_only(rules: Plan) -> bool:
    """Whether the rules read the message as a question and nothing to log in it."""
    if rules.actions or rules.offer or rules.repeat is not None:
        return False
    return bool(rules.reads) or rules.is_question or Notice.UNKNOWN_QUESTION in rules.said


def _contradicts(model: Plan, rules: Plan) -> bool:
    """Whether the model's plan shares no kind of write with a plan the rules fully
    understood: "took vitamin D" that a small model answers by logging eggs copied from
    the history. Where both write the same kinds, the model's reading (amounts, names)
    stands; where the rules only read, nothing is decided here."""
    if not rules.actions or model.is_question:
        return False
    kinds = {type(action) for action in rules.actions}
    return not any(type(action) in kinds for action in model.actions)


@dataclass
class _Rules:
    """The built-in rules' plan of a message, and what using it instead of the model's
    means: the lines said about it go to `notes`."""

    plan: Plan
    notes: list[str] | None
    reader: Reader

    @property
    def usable(self) -> bool:
        """The rules understood the whole message: actions or reads, nothing unplaced."""
        return self.plan.understood and bool(self.plan.actions or self.plan.reads)

    def instead(self, exc: PlannerError | None, slow: bool) -> Plan:
        """The rules' plan, carrying the requests a failed model attempt cost."""
        if exc is not None:
            self.plan.llm_requests += exc.llm_requests
            self.plan.prompt_tokens += exc.llm_tokens
        if self.notes is not None:
            self.notes.append(model.used_rules_instead(slow, self.reader))
        return self.plan
