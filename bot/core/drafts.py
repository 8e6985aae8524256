"""Drafts: actions shown with save / fix / drop before anything is written.

A draft is made in confirm mode, for a value that looks implausible, for a photo's estimate,
and for an edit of a message still under review. "Fix" takes a free-text correction, merged
into the draft by `bot.core.revisions.merge_revision`. A button acts once: a late or repeated
tap is answered with a toast that never un-says what happened.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.agent_api.actions import Action, Entry, NutritionAddEntry
from bot.agent_api.errors import AgentApiError
from bot.core.person import Incoming, Refused
from bot.core.planning import Planning, spent_by
from bot.core.resources import Resources
from bot.core.revisions import added_by_correction, amounts, food_key, merge_revision
from bot.core.writing import Writing
from bot.kernel import callbacks
from bot.kernel.plausibility import Concern
from bot.kernel.readers import Reader
from bot.kernel.refusals import Reason
from bot.kernel.replies import Reply, toast
from bot.planner.base import Plan, Turn
from bot.planner.recap import recap_actions
from bot.render import conversation, drafts, keyboards
from bot.store import Draft, DraftStatus
from bot.sync.items import decode_actions, wire

UNDER_REVIEW = (DraftStatus.PENDING, DraftStatus.FIXING)
_TARGETS = {"save": DraftStatus.CONFIRMED, "drop": DraftStatus.DISCARDED, "fix": DraftStatus.FIXING}


@dataclass
class Drafts:
    """Proposes drafts and carries out their buttons and corrections."""

    res: Resources
    planning: Planning
    writing: Writing

    async def stored(
        self,
        said: Incoming,
        actions: Sequence[Action],
        text: str,
        *,
        source_message_id: int | None = None,
        alternatives: bool = False,
    ) -> int:
        """Keep `actions` as a pending draft of `text`, for buttons to act on; its id.
        `alternatives`: the actions are choices, one of which a button logs (a product's
        amounts), so the draft is never recalled as waiting to be saved whole."""
        res = self.res
        draft = await res.store.drafts.keep(
            said.user_id,
            wire(actions),
            text,
            expires_at=res.clock() + dt.timedelta(hours=res.settings.draft_ttl_hours),
            now=res.clock(),
            source_message_id=source_message_id,
            mentioned=alternatives,
        )
        return draft.id

    async def propose(
        self,
        said: Incoming,
        actions: Sequence[Action],
        text: str,
        concerns: Sequence[Concern],
        *,
        source_message_id: int | None = None,
        fixable: bool = True,
        estimated: Sequence[str] = (),
    ) -> Reply:
        """Show what was understood with save / fix / drop; nothing is written yet.
        `estimated` names the foods that carry the model's estimate (`Plan.estimated`)."""
        draft_id = await self.stored(said, actions, text, source_message_id=source_message_id)
        return Reply(
            drafts.draft(actions, concerns, said.today, estimated, reader=said.person.reader),
            buttons=keyboards.draft_keyboard(draft_id, said.person.reader, fixable=fixable),
            shown=self.shown_as(said.user_id, draft_id),
        )

    def shown_as(self, user_id: int, draft_id: int) -> Callable[[int], Awaitable[None]]:
        """What keeps the message a draft is shown as, for whatever replaces the draft."""

        async def shown(message_id: int) -> None:
            await self.res.store.drafts.shown(user_id, draft_id, message_id)

        return shown

    async def amend(self, said: Incoming, text: str, amends: Sequence[Action]) -> Reply:
        """ "actually it was 3 eggs" after "2 eggs": the service cannot change an entry, so
        the difference from what today's entries hold is offered as a draft (save or drop);
        less than was logged can only be changed in the app, and the person is told so."""
        try:
            body = await said.person.api.nutrition(said.today)
        except AgentApiError:
            return Reply(drafts.correction_unreadable(said.person.reader))
        raw = body.get("entries") if isinstance(body, dict) else None
        logged = [e for e in raw or [] if isinstance(e, dict) and isinstance(e.get("food"), str)]
        added: list[Action] = []
        refusal: str | None = None
        for action in amends:
            if not isinstance(action, NutritionAddEntry):
                continue
            key = food_key(action.entry.food)
            same = [e for e in logged if food_key(e["food"]) == key]
            if not same:
                refusal = refusal or drafts.correction_of_nothing_logged(said.person.reader)
                continue
            extra = added_by_correction(same[-1], action)
            if not extra:
                refusal = refusal or drafts.correction_to_less(same[-1]["food"], said.person.reader)
                continue
            said_food, logged_food = action.entry.food, same[-1]["food"]
            counts = amounts(logged_food, said_food)
            name = drafts.difference_food(said_food, logged_food, counts, said.person.reader)
            entry = Entry(food=name, **extra)
            added.append(NutritionAddEntry(date=action.date, entry=entry))
        if not added:
            return Reply(refusal or drafts.correction_of_nothing_logged(said.person.reader))
        reply = await self.propose(
            said, added, text, [], source_message_id=said.message_id, fixable=False
        )
        reply.html = drafts.difference_draft(added, said.today, said.person.reader)
        return reply

    async def mention_waiting(self, said: Incoming) -> str | None:
        """A line on the drafts still waiting that no reply has mentioned, said once."""
        if not said.person.draft_unmentioned:
            return None
        waiting = await self.res.store.drafts.mention_waiting(said.user_id, now=self.res.clock())
        if not waiting:
            return None
        shown = [decode_actions(d.actions) for d in waiting]
        return drafts.draft_still_open(shown, said.today, said.person.reader)

    async def tapped(self, said: Incoming, tapped: callbacks.DraftButton) -> Reply:
        """Save, fix or drop a draft still on its message; once only."""
        verb = tapped.verb
        sources = (DraftStatus.PENDING,) if verb == "fix" else UNDER_REVIEW
        draft = await self.res.store.drafts.resolve(
            said.user_id,
            tapped.draft_id,
            _TARGETS[verb],
            now=self.res.clock(),
            from_statuses=sources,
        )
        if draft is None:
            return await self.not_actionable(
                said.user_id, tapped.draft_id, shown=True, reader=said.person.reader
            )
        actions = decode_actions(draft.actions)
        if verb == "drop":
            return Reply(drafts.draft_dropped(said.person.reader), edit=True)
        if verb == "fix":
            return Reply(
                drafts.draft_fix_prompt(actions, said.today, said.person.reader), edit=True
            )
        reply = await self.writing.write(said, actions, source_message_id=draft.source_message_id)
        reply.edit = True
        return reply

    async def not_actionable(
        self, user_id: int, draft_id: int, *, shown: bool, reader: Reader
    ) -> Reply:
        """Why a draft's button did nothing: a toast that never un-says what happened.

        An expired draft's message still showing its buttons is edited to say so (and loses
        them); a draft that is not this person's is as good as a forged button.
        """
        draft = await self.res.store.drafts.get(user_id, draft_id)
        inactive = toast(conversation.button_inactive(reader))
        if draft is None:
            return inactive
        if draft.status == DraftStatus.CONFIRMED:
            return toast(drafts.draft_already_saved(reader))
        if draft.status == DraftStatus.REPLACED:
            return toast(drafts.draft_already_replaced(reader))
        if not shown:
            return inactive
        live = draft.expires_at > self.res.clock()
        if draft.status == DraftStatus.DISCARDED:
            return toast(drafts.draft_already_dropped(reader))
        if draft.status == DraftStatus.FIXING and live:
            return toast(drafts.draft_awaiting_fix(reader))
        if draft.status in (DraftStatus.PENDING, DraftStatus.FIXING, DraftStatus.EXPIRED):
            return Reply(drafts.draft_gone(reader), edit=True)
        return inactive

    async def revise(self, said: Incoming, draft: Draft, correction: str) -> Reply:
        """The person's correction of a draft: re-plan it and show the revised draft."""
        old = decode_actions(draft.actions)
        shown = [
            Turn(role="user", text=draft.text[:1000]),
            Turn(role="assistant", text=recap_actions("drafted", old)),
        ]
        plan = await self._replan(said, correction, Reason.FIX_NOT_UNDERSTOOD, shown)
        await self._retire(said, draft, plan, (DraftStatus.FIXING,))
        revised = merge_revision(old, plan.actions)
        concerns = await self.writing.concerns(said.person, revised)
        foods = {a.entry.food for a in revised if isinstance(a, NutritionAddEntry)}
        return await self.propose(
            said,
            revised,
            draft.text,
            concerns,
            source_message_id=draft.source_message_id,
            estimated=[food for food in plan.estimated() if food in foods],
        )

    async def edited(self, said: Incoming, draft: Draft, text: str) -> Reply:
        """An edit of the message a draft under review came from: the draft takes the new
        text, planned afresh, unless it was saved or dropped meanwhile."""
        plan = await self._replan(said, text, Reason.EDIT_NOT_UNDERSTOOD)
        if await self._retire(said, draft, plan, UNDER_REVIEW) is None:
            return Reply(drafts.edit_not_applied(said.person.reader))
        concerns = await self.writing.concerns_or_none(said.person, plan.actions)
        reply = await self.propose(
            said,
            plan.actions,
            text,
            concerns,
            source_message_id=said.message_id,
            estimated=plan.estimated(),
        )
        reply.html = drafts.edit_applied_to_draft(said.person.reader) + "\n\n" + reply.html
        if draft.shown_message_id is not None and draft.status == DraftStatus.PENDING:
            # A draft being fixed already lost its buttons to the "what should I change?".
            reply.retire.append((draft.shown_message_id, drafts.draft_replaced(said.person.reader)))
        return reply

    async def _replan(
        self, said: Incoming, text: str, not_understood: Reason, history: Sequence[Turn] = ()
    ) -> Plan:
        """A plan with actions for `text`, or `Refused` with `not_understood`."""
        context = said.person.context()
        plan, _ = await self.planning.plan(said.person, text, context, extra_history=history)
        if not plan.actions:
            await self.planning.count(said.user_id, said.today, plan)
            raise Refused(not_understood, said.person.reader)
        return plan

    async def _retire(
        self, said: Incoming, draft: Draft, plan: Plan, sources: Sequence[DraftStatus]
    ) -> Draft | None:
        """Retire the draft a new one replaces, counting the plan's LLM use in the same step."""
        spent = spent_by(plan)
        return await self.res.store.drafts.resolve(
            said.user_id,
            draft.id,
            DraftStatus.REPLACED,
            now=self.res.clock(),
            from_statuses=sources,
            spent=None if spent is None else (said.today, spent),
        )
