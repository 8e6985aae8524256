"""From words to a plan: the built-in rules first, the LLM when they fall short, within budget.

Each person has a daily LLM budget (requests and tokens, `LLM_DAILY_*`); what a plan used is
added by the caller in the transaction it writes anyway, or by `count` when it writes nothing.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from bot.core.person import Person, Refused
from bot.core.resources import Resources
from bot.kernel.replies import Reply
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
from bot.render import llm
from bot.store import repo
from bot.store.direct import Tx
from bot.store.models import DraftStatus

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
        res, user_id = self.res, person.user_id
        # The message's time for the model starts now: a wait for a model slot counts.
        deadline = asyncio.get_running_loop().time() + res.settings.llm_message_deadline_seconds
        offline_plan = sane(await res.offline.plan(text, context))
        usable_offline = offline_plan.understood and bool(
            offline_plan.actions or offline_plan.reads
        )
        if res.llm is None:
            return offline_plan, res.offline
        if res.settings.offline_fast_path and usable_offline:
            return offline_plan, res.offline
        history = await self._llm_inputs(person, context.today)
        if history is None:  # today's LLM budget is spent
            if usable_offline:
                return offline_plan, res.offline
            raise Refused(Reply(llm.llm_budget_reached()))
        context = dataclasses.replace(
            context, history=[*history, *extra_history], llm_deadline=deadline
        )

        def instead(exc: PlannerError | None, slow: bool) -> tuple[Plan, Planner]:
            """The rules' plan, carrying the requests the model cost."""
            if exc is not None:
                offline_plan.llm_requests += exc.llm_requests
                offline_plan.prompt_tokens += exc.llm_tokens
            if notes is not None:
                notes.append(llm.used_rules_instead(slow))
            return offline_plan, res.offline

        try:
            plan = await self._in_slot(res.llm, text, context, deadline)
        except PlannerError as exc:
            # Too long for the model (a retry could never work), the model down or slow
            # (the message is kept for "retry"), or no usable answer.
            slow = isinstance(exc, PlannerTimedOut)
            if isinstance(exc, ContextTooLong):
                log.warning("message too long for the LLM for user %s: %s", user_id, exc)
                said = llm.llm_message_too_long()
            elif isinstance(exc, PlannerUnavailable):
                log.warning("LLM unavailable for user %s: %s", user_id, exc)
                said = llm.llm_slow() if slow else llm.llm_unavailable()
            else:
                log.warning("LLM gave no usable plan for user %s: %s", user_id, exc)
                said = llm.llm_failed()
            if usable_offline:
                return instead(exc, slow)
            await self.count(
                user_id,
                context.today,
                Plan(llm_requests=exc.llm_requests, prompt_tokens=exc.llm_tokens),
            )
            if isinstance(exc, PlannerUnavailable):
                await self._keep_for_retry(user_id, text)
            raise Refused(Reply(said)) from exc
        plan = sane(plan)
        if offline_plan.amends and plan.actions:
            # A correction of an earlier message: the model's extra is offered, as the
            # rules' difference is, and written only once the person saves it.
            plan.offer, plan.actions = plan.actions, []
        unusable = not (plan.understood or plan.actions or plan.reads or plan.is_question)
        if usable_offline and not unusable and _contradicts(plan, offline_plan):
            log.warning(
                "the model's plan for user %s writes nothing of what the rules read; "
                "the rules' plan is used",
                user_id,
            )
            unusable = True
        if unusable and usable_offline:
            offline_plan.prompt_tokens += plan.prompt_tokens
            offline_plan.completion_tokens += plan.completion_tokens
            offline_plan.llm_requests += plan.llm_requests
            return instead(None, slow=False)
        return plan, res.llm

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
        async with self.res.sessionmaker() as session:
            return await self._within_budget(session, user_id, day)

    async def add_usage(
        self,
        user_id: int,
        day: dt.date,
        plan: Plan,
        *,
        session: AsyncSession | None = None,
        tx: Tx | None = None,
    ) -> None:
        """Count what `plan` used of the person's budget, in the caller's transaction (a
        session, or `tx` on the driver beside a message's outbox item)."""
        if not plan.llm_requests:
            return
        tokens = plan.prompt_tokens + plan.completion_tokens
        if tx is not None:
            repo.add_llm_usage_later(
                tx=tx,
                telegram_id=user_id,
                local_date=day,
                requests=plan.llm_requests,
                tokens=tokens,
            )
        else:
            assert session is not None
            await repo.add_llm_usage(
                session=session,
                telegram_id=user_id,
                local_date=day,
                requests=plan.llm_requests,
                tokens=tokens,
            )

    async def count(self, user_id: int, day: dt.date, plan: Plan) -> None:
        """Count what `plan` used, in a transaction of its own (nothing else is written)."""
        if plan.llm_requests == 0:
            return
        async with self.res.sessionmaker() as session:
            await self.add_usage(user_id, day, plan, session=session)
            await session.commit()

    async def _within_budget(self, session: AsyncSession, user_id: int, day: dt.date) -> bool:
        requests, tokens = await repo.get_llm_usage(
            session=session, telegram_id=user_id, local_date=day
        )
        return self._fits(requests, tokens)

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
        turns = await repo.read_recent_turns(
            direct=self.res.direct, telegram_id=person.user_id, limit=settings.history_turns
        )
        return [Turn(role=role, text=text) for role, text in turns]  # type: ignore[arg-type]

    async def _keep_for_retry(self, user_id: int, text: str) -> None:
        """Keep a message the LLM could not take, so "retry" can plan it again later."""
        res = self.res
        async with res.sessionmaker() as session:
            await repo.create_draft(
                session=session,
                telegram_id=user_id,
                actions=[],
                text=text,
                expires_at=res.clock() + dt.timedelta(hours=res.settings.draft_ttl_hours),
                now=res.clock(),
            )
            draft = await repo.latest_draft(
                session=session,
                telegram_id=user_id,
                status=DraftStatus.PENDING,
                now=res.clock(),
            )
            if draft is not None:
                draft.status = DraftStatus.RETRY
            await session.commit()


def _contradicts(model: Plan, rules: Plan) -> bool:
    """Whether the model's plan shares no kind of write with a plan the rules fully
    understood: "took vitamin D" that a small model answers by logging eggs copied from
    the history. Where both write the same kinds, the model's reading (amounts, names)
    stands; where the rules only read, nothing is decided here."""
    if not rules.actions or model.is_question:
        return False
    kinds = {type(action) for action in rules.actions}
    return not any(type(action) in kinds for action in model.actions)


def _spent(exc: PlannerError) -> Plan:
    """What a failed attempt cost, as a plan that writes nothing, to be counted."""
    return Plan(llm_requests=exc.llm_requests, prompt_tokens=exc.llm_tokens)
