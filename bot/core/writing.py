"""Writing what a person said: stored first, delivered in order, answered with their day.

Every write goes through the outbox (bot/sync/outbox.py): the actions are stored with the
exchange (history) and the LLM usage in one transaction, then sent; what cannot be sent now
is synced later and the person is told when it is in. Also here: `/status` (what is still
waiting), the "synced" notice, the reminder's rating buttons, and the plausibility check
that turns an odd value into a draft.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from bot.agent_api.actions import Action, CheckinUpsert, WeightLog
from bot.agent_api.errors import AgentApiError, InvalidRequest
from bot.agent_api.views import TodayView
from bot.core.person import Incoming, Person, account_of, local_today, reader_of
from bot.core.planning import Planning, spent_by
from bot.core.resources import Resources
from bot.kernel import callbacks
from bot.kernel.plausibility import Concern, check
from bot.kernel.replies import Reply
from bot.planner.base import Plan
from bot.planner.drinks import alcoholic_entry
from bot.planner.recap import recap
from bot.render import checkins, conversation
from bot.store import Message, TurnRole
from bot.sync.items import Delivered, DeliveryReport, decode, decode_actions, wire


@dataclass
class Writing:
    """Stores and delivers actions, and says what became of them."""

    res: Resources
    planning: Planning

    async def write(
        self,
        said: Incoming,
        actions: Sequence[Action],
        *,
        turns: Sequence[tuple[TurnRole, str]] = (),
        usage: Plan | None = None,
        source_message_id: int | None = None,
    ) -> Reply:
        """Store the actions, then deliver this person's waiting items now, in order.

        `turns` (the exchange, for history) and `usage` (the plan's LLM usage, for the
        budget) go in the same transaction as the item, and so does marking the update
        handled: once stored, the message is never replayed into a second write.
        """
        res, person = self.res, said.person
        message = Message(
            person.user_id,
            said.chat_id,
            person.today,
            wire(actions),
            source_message_id=source_message_id,
            update_id=said.update_id,
        )
        item, claimed = await res.store.messages.record(
            message,
            worker_id=res.delivery.worker_id,
            now=res.clock(),
            turns=turns if res.settings.history_turns > 0 else (),
            spent=None if usage is None else spent_by(usage),
        )
        if said.update_id is not None:
            res.handled.mark(said.update_id)
        if claimed:  # nothing of theirs was waiting: send it now, no claim round trip
            report = await res.delivery.deliver_claimed(item, person.api, list(actions))
        else:  # older items first, in order
            report = await res.delivery.deliver_for(person.user_id)
        return await self._outcome(said, item.id, actions, report)

    async def _outcome(
        self, said: Incoming, item_id: int, actions: Sequence[Action], report: DeliveryReport
    ) -> Reply:
        """What the person reads after a write: logged with their day, or why it waits.

        Every branch names what landed (`report.delivered`), so the reply settles it all.
        """
        reply = await self._worded(said, item_id, actions, report)
        reply.settles = tuple(d.item_id for d in report.delivered)
        return reply

    async def _worded(
        self, said: Incoming, item_id: int, actions: Sequence[Action], report: DeliveryReport
    ) -> Reply:
        day, reader = said.today, said.person.reader
        mine = next((d for d in report.delivered if d.item_id == item_id), None)
        earlier = [a for d in report.delivered if d.item_id != item_id for a in d.actions]
        if earlier:
            said.notes.insert(0, conversation.also_synced(earlier, day, reader))

        def with_earlier(html: str) -> Reply:
            # What landed of earlier messages is said here or nowhere: no other notice comes.
            return Reply(
                conversation.also_synced(earlier, day, reader) + "\n\n" + html if earlier else html
            )

        refused = next((exc for i, exc in report.failed if i == item_id), None)
        if refused is not None:
            detail = refused.detail if isinstance(refused, InvalidRequest) else None
            return with_earlier(conversation.service_rejected(detail, reader))
        if mine is None:
            if report.bad_key:
                return with_earlier(conversation.needs_reconnect_kept(reader))
            if report.last_error is None:  # nothing failed: an earlier item is still in flight
                return with_earlier(conversation.saved_behind_earlier(actions, day, reader))
            return with_earlier(
                conversation.saved_will_sync(actions, day, report.last_error, reader)
            )
        today: TodayView | None
        try:
            today = await said.person.api.today(day)
        except AgentApiError:
            today = None
        self.res.weights.note(said.user_id, day, today)
        return Reply(
            conversation.logged_and_summary(
                actions, today, day, "\n".join(said.notes) or None, reader
            )
        )

    async def rate(self, said: Incoming, field: callbacks.RatedField, value: int) -> Reply:
        """A reminder button: write one check-in field, merged, with no LLM call."""
        action = CheckinUpsert.model_validate(
            {"date": said.today, callbacks.CHECKIN_FIELDS[field]: value}, by_name=True
        )
        reply = await self.write(said, [action])
        reply.html = checkins.rating_saved(field, value, said.person.reader) + "\n\n" + reply.html
        reply.edit = True
        return reply

    async def concerns(self, person: Person, actions: Sequence[Action]) -> list[Concern]:
        """What looks implausible in `actions` (a weight far from the last one, ...).

        The last weight comes from this day's `/today` when it was read recently, else from
        the weight history; a failing read raises `AgentApiError` (the caller decides).
        """
        weights = [a for a in actions if isinstance(a, WeightLog)]
        if not weights:
            return check(actions, last_weight_kg=None, is_alcohol=alcoholic_entry)
        day = weights[0].date
        known, last_weight = self.res.weights.last(person.user_id, day)
        if not known:
            body = await person.api.weight(day - dt.timedelta(days=90), day)
            records = body.get("records") if isinstance(body, dict) else None
            values = [
                float(r["weightKg"])
                for r in records or []
                if isinstance(r, dict) and isinstance(r.get("weightKg"), int | float)
            ]
            last_weight = values[-1] if values else None
        return check(actions, last_weight_kg=last_weight, is_alcohol=alcoholic_entry)

    async def concerns_or_none(self, person: Person, actions: Sequence[Action]) -> list[Concern]:
        """`concerns`, or none when the service cannot be read (the write reports its state)."""
        try:
            return await self.concerns(person, actions)
        except AgentApiError:
            return []

    def exchange(self, text: str, plan: Plan, *, saved: bool) -> list[tuple[TurnRole, str]]:
        """One exchange as history turns (none when history is off): the message, and a
        recap of what was done (bot/planner/recap.py), its actions `saved` or only drafted;
        never the reply, whose entry lines a model would copy."""
        if self.res.settings.history_turns == 0:
            return []
        return [(TurnRole.USER, text[:1000]), (TurnRole.ASSISTANT, recap(plan, saved=saved))]

    async def remember(self, user_id: int, turns: Sequence[tuple[TurnRole, str]]) -> None:
        if not turns:
            return
        await self.res.store.messages.remember(user_id, turns, keep=self.res.settings.history_turns)

    async def status(self, *, user_id: int, now: dt.datetime | None = None) -> Reply:
        """`/status`: what is still waiting to reach the service, and the drafts still
        waiting for the person."""
        account = await account_of(self.res, user_id)
        today = local_today(self.res, account, now)
        at = self.res.clock()
        waiting, drafts = await self.res.store.messages.waiting(user_id, now=at)
        items = [(item.local_date, decode(item), item.attempts) for item in waiting]
        reader = reader_of(self.res, user_id, account)
        if account is None or account.encrypted_key is None:
            return Reply(conversation.outbox_status_not_linked(items, today, reader))
        shown = [(decode_actions(d.actions), at - d.created_at) for d in drafts]
        return Reply(conversation.outbox_status(items, today, reader, shown))

    async def synced_notice(self, done: Delivered) -> Reply:
        """The message telling a person that what they said earlier is now in their account."""
        account = await account_of(self.res, done.telegram_id)
        today = local_today(self.res, account, None)
        reader = reader_of(self.res, done.telegram_id, account)
        return Reply(conversation.synced(done.actions, today, reader))
