"""A message, from words to a reply: plan it, then write it, propose it, or answer it.

One message goes: planner -> validated actions -> (merge the day's check-in, make sure named
supplements exist) -> ONE `POST /ingest` -> `GET /today` -> one reply. Questions go through
reads and, when the planner needs it, one more planner call to word the answer. Every
failure of the service or the LLM becomes a clear reply from render; nothing is dropped.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.agent_api.client import AgentApiClient
from bot.agent_api.errors import AgentApiError, InvalidRequest
from bot.core.drafts import UNDER_REVIEW, Drafts
from bot.core.person import Incoming, Refused
from bot.core.personal import Personal, lead_in
from bot.core.planning import Planning
from bot.core.readers import learn_weight_unit
from bot.core.resources import Resources
from bot.core.revisions import is_retry
from bot.core.writing import Writing
from bot.kernel.readers import Reader
from bot.kernel.replies import Reply
from bot.planner.base import Plan, PlanContext, Planner, PlannerError, ReadRequest, ReadResult
from bot.planner.offline.planner import MAX_CHARS as OFFLINE_MAX_CHARS
from bot.render import accounts, conversation, model, ops, reading
from bot.render import drafts as render_drafts
from bot.render import format as fmt
from bot.render import said as render_said
from bot.store import Draft, OutboxStatus
from bot.sync.items import decode

log = logging.getLogger(__name__)


def storable(text: str) -> str:
    """`text` as every store and the service can take it: a lone surrogate (valid in a Python
    string and in Telegram's JSON, not in UTF-8) becomes U+FFFD, a surrogate pair becomes its
    character, and NUL, which PostgreSQL text refuses, is dropped."""
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace").replace("\x00", "")


@dataclass
class Conversation:
    """Free text and edits of it."""

    res: Resources
    planning: Planning
    writing: Writing
    drafts: Drafts

    def trimmed(self, text: str, said: Incoming) -> str:
        """The part of a message the core reads, with a note when it was cut."""
        limit = self.res.settings.max_message_chars
        if len(text) <= limit:
            return text
        # Without an LLM the built-in rules refuse anything over OFFLINE_MAX_CHARS outright
        # and say so; "I read the first N" would then be untrue.
        if self.res.llm is not None or limit <= OFFLINE_MAX_CHARS:
            said.notes.append(conversation.message_truncated(limit, said.person.reader))
        return text[:limit]

    async def message(self, said: Incoming, text: str, fixing: Draft | None) -> Reply:
        """A message (already `storable` and `trimmed`): log it, propose it, or answer it.
        `fixing` is the draft waiting for a correction, which the message then is."""
        text = await self._retried(said.user_id, text)
        if not said.person.account.timezone:
            said.notes.append(accounts.no_timezone_hint(said.person.reader))
        if fixing is not None:
            return await self.drafts.revise(said, fixing, text)
        waiting = await self.drafts.mention_waiting(said)  # said under this reply, whatever it is
        try:
            reply = await self._planned(said, text)
        except Refused as refused:
            if waiting is not None:
                refused.under.append(waiting)
            raise
        if waiting is not None:
            reply.html += "\n\n" + waiting
        return reply

    async def _planned(self, said: Incoming, text: str) -> Reply:
        context = said.person.context()
        plan, planner = await self.planning.plan(said.person, text, context, notes=said.notes)
        repeated = await Personal(self.drafts).settle(said, text, context, plan)
        reply = await self._carry_out(said, text, context, plan, planner)
        if repeated is not None:
            reply.html = lead_in(reply.html, repeated, plan, said.today, said.person.reader)
        if self.res.llm is None and not plan.understood:
            reply.operator_note = ops.LLM_HINT
        return reply

    async def _retried(self, user_id: int, text: str) -> str:
        """ "retry" stands for the message the LLM could not take earlier, if one is kept."""
        if not is_retry(text):
            return text
        kept = await self.res.store.messages.take_retry(user_id, now=self.res.clock())
        return text if kept is None else kept

    async def edit(self, said: Incoming, text: str) -> Reply:
        """An edit of an earlier message. A draft made from it still under review takes the
        new text; a logged message, or one still waiting to sync, is never changed behind the
        person's back: they are told which it is and how to correct it. Anything else (a
        question, a message from before edits were tracked) is not acted on: an edit of a
        message whose fate is unknown could log the same food twice."""
        assert said.message_id is not None
        draft, item = await self.res.store.messages.from_message(
            said.user_id, said.message_id, statuses=UNDER_REVIEW, now=self.res.clock()
        )
        if item is not None and item.status == OutboxStatus.DONE:
            return Reply(render_drafts.edit_of_logged(decode(item), said.today, said.person.reader))
        if item is not None and item.status == OutboxStatus.FAILED:
            return Reply(render_drafts.edit_of_refused(said.person.reader))
        if item is not None:  # still on its way: it goes in as first sent
            return Reply(render_drafts.edit_of_queued(decode(item), said.today, said.person.reader))
        if draft is None:
            return Reply(render_drafts.edit_not_applied(said.person.reader))
        return await self.drafts.edited(said, draft, text)

    async def _carry_out(
        self, said: Incoming, text: str, context: PlanContext, plan: Plan, planner: Planner
    ) -> Reply:
        """Write, propose or answer what was planned; the exchange is kept as history."""
        writing, today = self.writing, said.today
        told = render_said.reply(plan.said, said.person.reader)
        if plan.amends:  # "actually it was 3 eggs": the difference from what was logged
            await self.planning.count(said.user_id, today, plan)
            reply = await self.drafts.amend(said, text, plan.amends)
        elif plan.actions:
            if told and not plan.understood:
                said.notes.append(fmt.esc(told))
            if plan.estimated():
                said.notes.append(reading.estimated(plan.estimated(), said.person.reader))
            await learn_weight_unit(self.res, said, text, plan.actions)
            concerns = await writing.concerns_or_none(said.person, plan.actions)
            if not concerns and not said.person.account.confirm_mode:
                # The exchange and the LLM usage go in with the outbox item.
                turns = writing.exchange(text, plan, saved=True)
                written = await writing.write(
                    said, plan.actions, turns=turns, usage=plan, source_message_id=said.message_id
                )
                written.outcome = "logged"
                return written
            await self.planning.count(said.user_id, today, plan)
            reply = await self.drafts.propose(
                said,
                plan.actions,
                text,
                concerns,
                source_message_id=said.message_id,
                estimated=plan.estimated(),
            )
            reply.outcome = "drafted"
        elif plan.offer:  # a guess ("🍕": a slice of pizza?), saved only if the person says so
            await self.planning.count(said.user_id, today, plan)
            reply = await self.drafts.propose(
                said, plan.offer, text, [], source_message_id=said.message_id
            )
            if told:
                reply.html = f"{fmt.esc(told)}\n{reply.html}"
            reply.outcome = "drafted"
        else:
            reply = await self._answer(said, text, context, plan, planner)
            await self.planning.count(said.user_id, today, plan)  # with the answer's request
            reply.outcome = "answered" if plan.understood else "not_understood"
        await writing.remember(said.user_id, writing.exchange(text, plan, saved=False))
        return reply

    async def _answer(
        self, said: Incoming, text: str, context: PlanContext, plan: Plan, planner: Planner
    ) -> Reply:
        """A plan without actions: answer from reads, or say what the planner said."""
        parts: list[str] = []
        told = render_said.reply(plan.said, said.person.reader)
        if plan.reads:
            reads = [on_their_day(r, said.today) for r in plan.reads]
            results = [await read(said.person.api, r, said.person.reader) for r in reads]
            try:
                if planner is self.res.llm:
                    async with self.res.llm_slots:  # its usage is added to `plan`
                        answer = await planner.answer(text, context, plan, results)
                else:
                    answer = await planner.answer(text, context, plan, results)
                parts.append(render_said.answer(answer, said.person.reader))
            except PlannerError:  # the model's failure, not the service's
                parts.append(model.llm_answer_failed(said.person.reader))
            if told and not plan.understood and not plan.is_question:
                parts.append(fmt.esc(told))  # what of the message was left out
        elif told:
            parts.append(fmt.esc(told))
        else:
            parts.append(conversation.nothing_understood(said.person.reader))
        parts.extend(said.notes)
        return Reply("\n\n".join(parts))


# Day views: read without a date, the service shows its own today in the person's time zone,
# which is not yet theirs before their day ends (`/dayend`, 03:00 by default).
_DAY_VIEWS = frozenset({"today", "nutrition", "supplements"})


def on_their_day(request: ReadRequest, today: dt.date) -> ReadRequest:
    """`request` with the person's own day where it reads a day view and names no day."""
    if request.route not in _DAY_VIEWS or request.date or request.from_ or request.to:
        return request
    return request.model_copy(update={"date": today})


async def read(api: AgentApiClient, request: ReadRequest, reader: Reader) -> ReadResult:
    """One of the planner's reads, answered from the service (a failure is said, not raised).

    Public so the eval answers a question's reads exactly as a conversation does."""
    try:
        data = await _READS[request.route](api, request)
    except InvalidRequest as exc:  # the question as read was wrong, not the service
        log.info("read %s refused: %s", request.route, exc)
        return ReadResult(request=request, data=None, error=conversation.read_refused(reader))
    except AgentApiError as exc:
        log.info("read %s failed: %s", request.route, exc)
        return ReadResult(request=request, data=None, error=conversation.read_failed(reader))
    return ReadResult(request=request, data=data if isinstance(data, dict) else {"data": data})


async def _read_today(api: AgentApiClient, r: ReadRequest) -> Any:
    return await api.today_raw(r.date)


async def _read_nutrition(api: AgentApiClient, r: ReadRequest) -> Any:
    period = _period(r)
    if period is not None:
        return await _read_days(period, api.nutrition)
    return await api.nutrition(r.date)


async def _read_weight(api: AgentApiClient, r: ReadRequest) -> Any:
    return await api.weight(r.from_, r.to)


async def _read_checkins(api: AgentApiClient, r: ReadRequest) -> Any:
    if r.from_ or r.to:
        return await api.checkins(start=r.from_, end=r.to)
    return await api.checkins(r.date)


async def _read_supplements(api: AgentApiClient, r: ReadRequest) -> Any:
    period = _period(r)
    if period is not None:
        return await _read_days(period, api.supplements)
    return await api.supplements(r.date)


# The service shows food and supplements a day at a time: a read over a period reads each of
# its days, at most DAY_READS_MAX (the latest), a few at a time.
DAY_READS_MAX = 31
_DAY_READS_AT_ONCE = 4


def _period(r: ReadRequest) -> tuple[dt.date, dt.date] | None:
    """The first and last day `r` reads, an end left open a week from the other, at most
    DAY_READS_MAX days (the latest); None when it names neither end (a read of one day)."""
    week = dt.timedelta(days=6)
    if r.to is not None:
        end = r.to
    elif r.from_ is not None:
        end = r.from_ + week
    else:
        return None
    start = max(r.from_ or end - week, end - dt.timedelta(days=DAY_READS_MAX - 1))
    return start, end


async def _read_days(
    period: tuple[dt.date, dt.date], read_day: Callable[[dt.date], Awaitable[Any]]
) -> dict[str, Any]:
    """`{"from", "to", "days": [each day's view, with its "date"]}` for the days of `period`
    (`_period`)."""
    start, end = period
    gate = asyncio.Semaphore(_DAY_READS_AT_ONCE)

    async def one(day: dt.date) -> dict[str, Any]:
        async with gate:
            body = await read_day(day)
        body = body if isinstance(body, dict) else {}
        return {**body, "date": body.get("date") or day.isoformat()}

    days = [start + dt.timedelta(days=n) for n in range((end - start).days + 1)]
    views = await asyncio.gather(*(one(day) for day in days))
    return {"from": start.isoformat(), "to": end.isoformat(), "days": list(views)}


async def _read_recipes(api: AgentApiClient, r: ReadRequest) -> Any:
    return await api.recipes()


async def _read_support(api: AgentApiClient, r: ReadRequest) -> Any:
    return await api.support()


_READS = {
    "today": _read_today,
    "nutrition": _read_nutrition,
    "weight": _read_weight,
    "checkins": _read_checkins,
    "supplements": _read_supplements,
    "recipes": _read_recipes,
    "support": _read_support,
}
