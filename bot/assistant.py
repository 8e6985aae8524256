"""The conversation core: Telegram-free, shared by the bot, the terminal chat and the tests.

One message goes: planner -> validated actions -> (merge the day's check-in, make sure named
supplements exist) -> ONE `POST /ingest` -> `GET /today` -> one reply. Questions go through
reads and, when the planner needs it, one more planner call to word the answer. Every failure
of the service or the LLM becomes a clear reply from render.py; nothing is silently dropped.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal

import httpx
from sqlalchemy.ext.asyncio import AsyncSession

from bot import callbacks, render
from bot.agent_api.actions import Action, CheckinUpsert, WeightLog
from bot.agent_api.client import AgentApiClient, new_http_client
from bot.agent_api.errors import (
    AgentApiError,
    InvalidRequest,
)
from bot.agent_api.views import TodayView
from bot.config import Settings
from bot.drafts import is_retry, merge_revision
from bot.keys import find_key
from bot.linking import AccountCommands
from bot.planner.base import (
    Plan,
    PlanContext,
    Planner,
    PlannerError,
    PlannerUnavailable,
    ReadRequest,
    ReadResult,
    Turn,
)
from bot.planner.offline.planner import MAX_CHARS as OFFLINE_MAX_CHARS
from bot.plausibility import Concern, check
from bot.replies import Button, Reply, toast
from bot.store import repo
from bot.store.crypto import KeyCipher
from bot.store.db import make_engine, make_sessionmaker
from bot.store.migrate import migrate
from bot.store.models import Account, Draft, DraftStatus, TurnRole, utcnow
from bot.sync.outbox import Delivered, decode, decode_actions, wire

if TYPE_CHECKING:  # bot.media brings in openai, which the offline core does without
    from bot.planner.media import Media

log = logging.getLogger(__name__)

RATING_FIELDS = {"mood": "mood", "energy": "energy", "sleep": "sleep_quality"}


def _storable(text: str) -> str:
    """`text` as every store and the service can take it: a lone surrogate (valid in a Python
    string and in Telegram's JSON, not in UTF-8) becomes U+FFFD, a surrogate pair becomes its
    character, and NUL, which PostgreSQL text refuses, is dropped."""
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace").replace("\x00", "")


def _needs_llm(kind: str) -> Reply:
    return Reply(render.voice_needs_llm() if kind == "voice" else render.photo_needs_llm())


class Assistant(AccountCommands):
    """The conversation: free text, voice, photos, buttons, and what is waiting to sync."""

    media: Media | None = None  # voice and photo models; set by create_assistant

    async def aclose(self) -> None:
        if self.media is not None:
            await self.media.aclose()
        await super().aclose()

    # --- buttons -------------------------------------------------------------------------

    async def on_button(
        self,
        *,
        user_id: int,
        chat_id: int,
        data: str,
        now: dt.datetime | None = None,
        shown: bool = True,
        update_id: int | None = None,
    ) -> Reply:
        """A tapped inline button; `data` is untrusted (anyone can forge it).

        `shown` says whether the button is still on its message (a front end that cannot
        tell passes True). A button that is gone, or data no button of ours carries, changes
        nothing and is answered with a toast; so is a repeated tap on a finished draft.
        """
        tapped = callbacks.decode(data)
        if isinstance(tapped, callbacks.DraftButton):
            return await self._draft_button(
                user_id, chat_id, tapped, now, shown=shown, update_id=update_id
            )
        if not shown:
            return toast(render.button_inactive())
        if isinstance(tapped, callbacks.Forget):
            if tapped.confirm:
                return await self.forget(user_id=user_id)
            return Reply(render.forget_cancelled(), edit=True)
        if isinstance(tapped, callbacks.ConfirmMode):
            return await self.set_confirm_mode(user_id=user_id, enabled=tapped.enabled)
        if isinstance(tapped, callbacks.Rate):
            return await self.rate(
                user_id=user_id,
                chat_id=chat_id,
                field=tapped.field,
                value=tapped.value,
                now=now,
                update_id=update_id,
            )
        return toast(render.button_inactive())  # forged, or "later" (the reminders' own)

    async def rate(
        self,
        *,
        user_id: int,
        chat_id: int,
        field: str,
        value: int,
        now: dt.datetime | None = None,
        update_id: int | None = None,
    ) -> Reply:
        """A reminder button: write one check-in field, merged, with no LLM call."""
        linked = await self._linked(user_id)
        if isinstance(linked, Reply):
            return linked
        account, api = linked
        day = self._local_now(account, now).date()
        action = CheckinUpsert.model_validate(
            {"date": day, RATING_FIELDS[field]: value}, by_name=True
        )
        reply = await self._write(user_id, chat_id, api, [action], day, [], update_id=update_id)
        reply.html = render.rating_saved(field, value) + "\n\n" + reply.html
        reply.edit = True
        return reply

    # --- free text -----------------------------------------------------------------------

    async def handle_text(
        self,
        *,
        user_id: int,
        chat_id: int,
        text: str,
        now: dt.datetime | None = None,
        message_id: int | None = None,
        update_id: int | None = None,
    ) -> Reply:
        """A message: log it, propose it as a draft, or answer it. `message_id` (Telegram's)
        is kept with what it became, so that an edit of it can be matched later."""
        if find_key(text) is not None:  # a pasted key: linked, never planned, kept or echoed
            return await self.connect(user_id=user_id, chat_id=chat_id, api_key=text)
        text = _storable(text)
        notes: list[str] = []
        limit = self.settings.max_message_chars
        if len(text) > limit:
            text = text[:limit]
            # Without an LLM the built-in rules refuse anything over OFFLINE_MAX_CHARS outright
            # and say so; "I read the first N" would then be untrue.
            if self.llm is not None or limit <= OFFLINE_MAX_CHARS:
                notes.append(render.message_truncated(limit))
        # One session for everything the message needs to know before planning.
        async with self.sessionmaker() as session:
            found, fixing = await repo.get_account_with_draft(
                session=session, telegram_id=user_id, status=DraftStatus.FIXING, now=self.clock()
            )
            linked = self._usable(found)
            if isinstance(linked, Reply):
                return linked
            account, api = linked
            kept = None
            if is_retry(text):
                kept = await repo.latest_draft(
                    session=session, telegram_id=user_id, status=DraftStatus.RETRY, now=self.clock()
                )
            if kept is not None:
                await repo.resolve_draft(
                    session=session,
                    telegram_id=user_id,
                    draft_id=kept.id,
                    status=DraftStatus.CONFIRMED,
                    now=self.clock(),
                    from_statuses=(DraftStatus.RETRY,),
                )
                text = kept.text
                await session.commit()
        local = self._local_now(account, now)
        if not account.timezone:
            notes.append(render.no_timezone_hint())
        context = PlanContext(
            now=local,
            timezone=account.timezone or "UTC",
        )
        if fixing is not None:
            return await self._revise(user_id, chat_id, api, fixing, text, context)
        planned = await self._plan(user_id, text, context)
        if isinstance(planned, Reply):
            return planned
        plan, planner = planned
        reply = await self._carry_out(
            user_id,
            chat_id,
            api,
            text,
            context,
            plan,
            planner,
            notes,
            confirm=account.confirm_mode,
            message_id=message_id,
            update_id=update_id,
        )
        if self.llm is None and not plan.understood:
            reply.operator_note = render.OFFLINE_LLM_HINT
        return reply

    # --- edited messages -------------------------------------------------------------------

    async def handle_edit(
        self,
        *,
        user_id: int,
        chat_id: int,
        message_id: int,
        text: str,
        now: dt.datetime | None = None,
        update_id: int | None = None,
    ) -> Reply:
        """An edit of an earlier message. A draft made from it still under review takes the
        new text (re-planned, shown again with save / fix / drop); a logged message is never
        changed behind the person's back: they are told how to correct it. Anything else
        (a question, a message from before edits were tracked) is not acted on, since an
        edit of a message whose fate is unknown could log the same food twice."""
        if find_key(text) is not None:  # a key edited in: linked, never planned or kept
            return await self.connect(user_id=user_id, chat_id=chat_id, api_key=text)
        text = _storable(text)
        linked = await self._linked(user_id)
        if isinstance(linked, Reply):
            return linked
        account, api = linked
        local = self._local_now(account, now)
        async with self.sessionmaker() as session:
            draft = await repo.draft_from_message(
                session=session,
                telegram_id=user_id,
                message_id=message_id,
                statuses=(DraftStatus.PENDING, DraftStatus.FIXING),
                now=self.clock(),
            )
            item = None
            if draft is None:
                item = await repo.outbox_item_from_message(
                    session=session, telegram_id=user_id, message_id=message_id
                )
        if item is not None:
            return Reply(render.edit_of_logged(decode(item), local.date()))
        if draft is None:
            return Reply(render.edit_not_applied())
        context = PlanContext(now=local, timezone=account.timezone or "UTC")
        planned = await self._plan(user_id, text, context)
        if isinstance(planned, Reply):
            return planned
        plan, _ = planned
        if not plan.actions:
            await self._count_llm(user_id, context.today, plan)
            return Reply(render.edit_of_draft_not_understood())
        async with self.sessionmaker() as session:
            replaced = await repo.resolve_draft(
                session=session,
                telegram_id=user_id,
                draft_id=draft.id,
                status=DraftStatus.DISCARDED,
                now=self.clock(),
                from_statuses=(DraftStatus.PENDING, DraftStatus.FIXING),
            )
            await self._add_usage(session, user_id, context.today, plan)
            await session.commit()
        if replaced is None:  # saved or dropped meanwhile
            return Reply(render.edit_not_applied())
        try:
            concerns = await self._concerns(user_id, api, plan.actions)
        except AgentApiError:
            concerns = []
        reply = await self._propose(
            user_id, plan.actions, text, concerns, context.today, source_message_id=message_id
        )
        reply.html = render.edit_applied_to_draft() + "\n\n" + reply.html
        return reply

    # --- voice notes and photos -----------------------------------------------------------

    async def media_refusal(
        self,
        *,
        user_id: int,
        kind: Literal["voice", "photo"],
        duration: int | None = None,
        caption: str | None = None,
        chat_id: int | None = None,
        now: dt.datetime | None = None,
        update_id: int | None = None,
    ) -> Reply | None:
        """The reply instead of a voice note or photo; asked before it is downloaded.

        None means: download it and hand it over. Without a vision model a photo's caption is
        still read as text ("lunch: 2 eggs" logs the eggs), under a line saying the photo
        itself was not looked at.
        """
        if self.media is not None:
            checked = await self._media_check(user_id, kind, duration, now)
            return checked if isinstance(checked, Reply) else None
        linked = await self._linked(user_id)
        if isinstance(linked, Reply):
            return linked
        log.info("user %s sent a %s: refused, OPENAI_API_KEY is not set", user_id, kind)
        words = (caption or "").strip()
        if kind == "photo" and words and chat_id is not None:
            reply = await self.handle_text(
                user_id=user_id, chat_id=chat_id, text=words, now=now, update_id=update_id
            )
            reply.html = render.photo_caption_only() + "\n\n" + reply.html
            return reply
        return _needs_llm(kind)

    async def handle_voice(
        self,
        *,
        user_id: int,
        chat_id: int,
        audio: bytes,
        filename: str,
        duration: int | None,
        now: dt.datetime | None = None,
        update_id: int | None = None,
    ) -> Reply:
        """A voice note or audio file: transcribe it, show the words, handle them as text.

        As text, so drafts, confirm mode, "fix" and the outbox all apply to what was said.
        """
        checked = await self._media_check(user_id, "voice", duration, now)
        if isinstance(checked, Reply):
            return checked
        account, _, media = checked
        try:
            async with self.llm_slots:
                words = await media.transcribe(audio, filename)
        except PlannerError as exc:
            log.warning("transcription failed for user %s: %s", user_id, exc)
            return Reply(render.voice_failed())
        await self._count_llm(user_id, self._local_now(account, now).date(), Plan(llm_requests=1))
        if not words:
            return Reply(render.voice_empty())
        reply = await self.handle_text(
            user_id=user_id, chat_id=chat_id, text=words, now=now, update_id=update_id
        )
        reply.html = render.voice_transcript(words) + "\n\n" + reply.html
        return reply

    async def handle_photo(
        self,
        *,
        user_id: int,
        chat_id: int,
        image: bytes,
        caption: str | None,
        now: dt.datetime | None = None,
        update_id: int | None = None,
    ) -> Reply:
        """A meal photo: the vision model's estimate, always a draft (save / fix / drop)."""
        checked = await self._media_check(user_id, "photo", None, now)
        if isinstance(checked, Reply):
            return checked
        account, api, media = checked
        if len(image) > self.settings.max_photo_bytes:
            return Reply(render.photo_too_large(self.settings.max_photo_bytes))
        local = self._local_now(account, now)
        context = PlanContext(now=local, timezone=account.timezone or "UTC")
        try:
            async with self.llm_slots:
                plan = await media.estimate_photo(image, caption, context)
        except PlannerUnavailable as exc:
            log.warning("vision model unavailable for user %s: %s", user_id, exc)
            return Reply(render.photo_unavailable())
        except PlannerError as exc:
            log.warning("no usable photo estimate for user %s: %s", user_id, exc)
            return Reply(render.photo_failed())
        await self._count_llm(user_id, context.today, plan)
        if not plan.actions:
            return Reply(render.photo_no_food(plan.reply))
        try:
            concerns = await self._concerns(user_id, api, plan.actions)
        except AgentApiError:
            concerns = []
        note = media.note(caption)
        reply = await self._propose(user_id, plan.actions, note, concerns, context.today)
        reply.html = render.photo_estimate_head() + "\n\n" + reply.html
        return reply

    async def _media_check(
        self, user_id: int, kind: str, duration: int | None, now: dt.datetime | None
    ) -> tuple[Account, AgentApiClient, Media] | Reply:
        linked = await self._linked(user_id)
        if isinstance(linked, Reply):
            return linked
        account, api = linked
        if self.media is None:
            return _needs_llm(kind)
        limit = self.settings.max_voice_seconds
        if kind == "voice" and duration is not None and duration > limit:
            return Reply(render.voice_too_long(duration, limit))
        if not await self._llm_allowed(user_id, self._local_now(account, now).date()):
            return Reply(render.media_budget_reached())
        return account, api, self.media

    async def _plan(
        self,
        user_id: int,
        text: str,
        context: PlanContext,
        extra_history: Sequence[Turn] = (),
    ) -> tuple[Plan, Planner] | Reply:
        """Offline rules first; the LLM only when they did not understand everything.

        The remembered turns (plus `extra_history`, e.g. a draft being fixed) are read only
        when the LLM is asked: the offline rules do not use them. The caller adds the plan's
        LLM usage to the budget, in the transaction it writes anyway where it has one.
        """
        offline_plan = await self.offline.plan(text, context)
        usable_offline = offline_plan.understood and bool(
            offline_plan.actions or offline_plan.reads
        )
        if self.llm is None:
            return offline_plan, self.offline
        if self.settings.offline_fast_path and usable_offline:
            return offline_plan, self.offline
        history = await self._llm_inputs(user_id, context.today)
        if history is None:  # today's LLM budget is spent
            if usable_offline:
                return offline_plan, self.offline
            return Reply(render.llm_budget_reached())
        context = dataclasses.replace(context, history=[*history, *extra_history])
        try:
            async with self.llm_slots:
                plan = await self.llm.plan(text, context)
        except PlannerUnavailable as exc:
            log.warning("LLM unavailable for user %s: %s", user_id, exc)
            if usable_offline:
                return offline_plan, self.offline
            await self._keep_for_retry(user_id, text)
            return Reply(render.llm_unavailable())
        except PlannerError as exc:
            log.warning("LLM gave no usable plan for user %s: %s", user_id, exc)
            return Reply(render.llm_failed())
        return plan, self.llm

    async def _within_budget(self, session: AsyncSession, user_id: int, day: dt.date) -> bool:
        requests, tokens = await repo.get_llm_usage(
            session=session, telegram_id=user_id, local_date=day
        )
        return (
            requests < self.settings.llm_daily_requests and tokens < self.settings.llm_daily_tokens
        )

    async def _llm_allowed(self, user_id: int, day: dt.date) -> bool:
        async with self.sessionmaker() as session:
            return await self._within_budget(session, user_id, day)

    async def _llm_inputs(self, user_id: int, day: dt.date) -> list[Turn] | None:
        """What the LLM needs first, in one session: the remembered turns, or None when the
        person's LLM budget for `day` is spent."""
        async with self.sessionmaker() as session:
            if not await self._within_budget(session, user_id, day):
                return None
            if self.settings.history_turns == 0:
                return []
            turns = await repo.recent_turns(
                session=session, telegram_id=user_id, limit=self.settings.history_turns
            )
        return [Turn(role=t.role, text=t.text) for t in turns]  # type: ignore[arg-type]

    async def _add_usage(
        self, session: AsyncSession, user_id: int, day: dt.date, plan: Plan
    ) -> None:
        if plan.llm_requests:
            await repo.add_llm_usage(
                session=session,
                telegram_id=user_id,
                local_date=day,
                requests=plan.llm_requests,
                tokens=plan.prompt_tokens + plan.completion_tokens,
            )

    async def _count_llm(self, user_id: int, day: dt.date, plan: Plan) -> None:
        if plan.llm_requests == 0:
            return
        async with self.sessionmaker() as session:
            await self._add_usage(session, user_id, day, plan)
            await session.commit()

    async def _keep_for_retry(self, user_id: int, text: str) -> None:
        async with self.sessionmaker() as session:
            await repo.create_draft(
                session=session,
                telegram_id=user_id,
                actions=[],
                text=text,
                expires_at=self.clock() + dt.timedelta(hours=self.settings.draft_ttl_hours),
                now=self.clock(),
            )
            draft = await repo.latest_draft(
                session=session,
                telegram_id=user_id,
                status=DraftStatus.PENDING,
                now=self.clock(),
            )
            if draft is not None:
                draft.status = DraftStatus.RETRY
            await session.commit()

    async def _carry_out(
        self,
        user_id: int,
        chat_id: int,
        api: AgentApiClient,
        text: str,
        context: PlanContext,
        plan: Plan,
        planner: Planner,
        notes: list[str],
        *,
        confirm: bool = False,
        message_id: int | None = None,
        update_id: int | None = None,
    ) -> Reply:
        """Write, propose or answer what was planned; the exchange is kept as history."""
        if plan.actions:
            if plan.reply and not plan.understood:
                notes.append(render.esc(plan.reply))
            try:
                concerns = await self._concerns(user_id, api, plan.actions)
            except AgentApiError:
                concerns = []  # the write path reports the service's state
            if not concerns and not confirm:  # turns and LLM usage go in with the outbox item
                turns = self._exchange(text, plan, context.today)
                return await self._write(
                    user_id,
                    chat_id,
                    api,
                    plan.actions,
                    context.today,
                    notes,
                    turns=turns,
                    usage=plan,
                    source_message_id=message_id,
                    update_id=update_id,
                )
            await self._count_llm(user_id, context.today, plan)
            reply = await self._propose(
                user_id, plan.actions, text, concerns, context.today, source_message_id=message_id
            )
        else:
            reply = await self._answer(user_id, api, text, context, plan, planner, notes)
            await self._count_llm(user_id, context.today, plan)  # with the answer's request
        await self._remember(user_id, self._exchange(text, plan, context.today, reply))
        return reply

    async def _answer(
        self,
        user_id: int,
        api: AgentApiClient,
        text: str,
        context: PlanContext,
        plan: Plan,
        planner: Planner,
        notes: list[str],
    ) -> Reply:
        """A plan without actions: answer from reads, or say what the planner said."""
        parts: list[str] = []
        if plan.reads:
            results = [await self._read(api, r) for r in plan.reads]
            try:
                if planner is self.llm:
                    async with self.llm_slots:  # its usage is added to `plan`
                        answer = await planner.answer(text, context, plan, results)
                else:
                    answer = await planner.answer(text, context, plan, results)
            except PlannerError:
                answer = render.read_failed()
            parts.append(answer)
        elif plan.reply:
            parts.append(render.esc(plan.reply))
        else:
            parts.append(render.nothing_understood())
        parts.extend(notes)
        return Reply("\n\n".join(parts))

    # --- drafts: save / fix / drop ------------------------------------------------------

    async def _concerns(
        self, user_id: int, api: AgentApiClient, actions: Sequence[Action]
    ) -> list[Concern]:
        weights = [a for a in actions if isinstance(a, WeightLog)]
        if not weights:
            return check(actions, last_weight_kg=None)
        day = weights[0].date
        known, last_weight = self.weights.last(user_id, day)  # from this day's /today
        if not known:
            body = await api.weight(day - dt.timedelta(days=90), day)
            records = body.get("records") if isinstance(body, dict) else None
            values = [
                float(r["weightKg"])
                for r in records or []
                if isinstance(r, dict) and isinstance(r.get("weightKg"), int | float)
            ]
            last_weight = values[-1] if values else None
        return check(actions, last_weight_kg=last_weight)

    async def _propose(
        self,
        user_id: int,
        actions: Sequence[Action],
        text: str,
        concerns: Sequence[Concern],
        day: dt.date,
        *,
        source_message_id: int | None = None,
    ) -> Reply:
        """Show what was understood with save / fix / drop; nothing is written yet."""
        async with self.sessionmaker() as session:
            draft = await repo.create_draft(
                session=session,
                telegram_id=user_id,
                actions=wire(actions),
                text=text,
                expires_at=self.clock() + dt.timedelta(hours=self.settings.draft_ttl_hours),
                now=self.clock(),
                source_message_id=source_message_id,
            )
            await session.commit()
        save, fix, drop = render.draft_buttons()
        return Reply(
            render.draft(actions, concerns, day),
            buttons=[
                [
                    Button(save, callbacks.DraftButton("save", draft.id).encode()),
                    Button(fix, callbacks.DraftButton("fix", draft.id).encode()),
                    Button(drop, callbacks.DraftButton("drop", draft.id).encode()),
                ]
            ],
        )

    async def _draft_button(
        self,
        user_id: int,
        chat_id: int,
        tapped: callbacks.DraftButton,
        now: dt.datetime | None,
        *,
        shown: bool,
        update_id: int | None = None,
    ) -> Reply:
        if not shown:  # its message moved on (e.g. "fix" was tapped): never act on it
            return await self._draft_not_actionable(user_id, tapped.draft_id, shown=False)
        linked = await self._linked(user_id)
        if isinstance(linked, Reply):
            return linked
        account, api = linked
        day = self._local_now(account, now).date()
        verb = tapped.verb
        target = {
            "save": DraftStatus.CONFIRMED,
            "drop": DraftStatus.DISCARDED,
            "fix": DraftStatus.FIXING,
        }[verb]
        sources = (
            (DraftStatus.PENDING,) if verb == "fix" else (DraftStatus.PENDING, DraftStatus.FIXING)
        )
        async with self.sessionmaker() as session:
            draft = await repo.resolve_draft(
                session=session,
                telegram_id=user_id,
                draft_id=tapped.draft_id,
                status=target,
                now=self.clock(),
                from_statuses=sources,
            )
            await session.commit()
        if draft is None:
            return await self._draft_not_actionable(user_id, tapped.draft_id, shown=True)
        actions = decode_actions(draft.actions)
        if verb == "drop":
            return Reply(render.draft_dropped(), edit=True)
        if verb == "fix":
            return Reply(render.draft_fix_prompt(actions, day), edit=True)
        reply = await self._write(
            user_id,
            chat_id,
            api,
            actions,
            day,
            [],
            source_message_id=draft.source_message_id,
            update_id=update_id,
        )
        reply.edit = True
        return reply

    async def _draft_not_actionable(self, user_id: int, draft_id: int, *, shown: bool) -> Reply:
        """Why a draft's button did nothing: a toast that never un-says what happened.

        An expired draft's message still showing its buttons is edited to say so (and loses
        them); a draft that is not this person's is as good as a forged button.
        """
        async with self.sessionmaker() as session:
            draft = await repo.get_draft(session=session, telegram_id=user_id, draft_id=draft_id)
        if draft is None:
            return toast(render.button_inactive())
        if draft.status == DraftStatus.CONFIRMED:
            return toast(render.draft_already_saved())
        if not shown:
            return toast(render.button_inactive())
        live = draft.expires_at > self.clock()
        if draft.status == DraftStatus.DISCARDED:
            return toast(render.draft_already_dropped())
        if draft.status == DraftStatus.FIXING and live:
            return toast(render.draft_awaiting_fix())
        if draft.status in (DraftStatus.PENDING, DraftStatus.FIXING, DraftStatus.EXPIRED):
            return Reply(render.draft_gone(), edit=True)
        return toast(render.button_inactive())

    async def _revise(
        self,
        user_id: int,
        chat_id: int,
        api: AgentApiClient,
        draft: Draft,
        correction: str,
        context: PlanContext,
    ) -> Reply:
        """The person's correction of a draft: re-plan it and show the revised draft."""
        old = decode_actions(draft.actions)
        draft_turns = [
            Turn(role="user", text=draft.text[:1000]),
            Turn(role="assistant", text=render.draft_plain(old, context.today)),
        ]
        planned = await self._plan(user_id, correction, context, extra_history=draft_turns)
        if isinstance(planned, Reply):
            return planned
        plan, _ = planned
        if not plan.actions:
            await self._count_llm(user_id, context.today, plan)
            return Reply(render.draft_fix_not_understood())
        async with self.sessionmaker() as session:
            await repo.resolve_draft(
                session=session,
                telegram_id=user_id,
                draft_id=draft.id,
                status=DraftStatus.DISCARDED,
                now=self.clock(),
                from_statuses=(DraftStatus.FIXING,),
            )
            await self._add_usage(session, user_id, context.today, plan)
            await session.commit()
        revised = merge_revision(old, plan.actions)
        concerns = await self._concerns(user_id, api, revised)
        return await self._propose(
            user_id,
            revised,
            draft.text,
            concerns,
            context.today,
            source_message_id=draft.source_message_id,
        )

    async def _write(
        self,
        user_id: int,
        chat_id: int,
        api: AgentApiClient,
        actions: Sequence[Action],
        day: dt.date,
        notes: list[str],
        *,
        turns: Sequence[tuple[TurnRole, str]] = (),
        usage: Plan | None = None,
        source_message_id: int | None = None,
        update_id: int | None = None,
    ) -> Reply:
        """Store the actions, then deliver this person's waiting items now, in order.

        Whatever cannot be sent now stays stored and is synced by the background job, which
        tells the person when it is in; nothing they said is lost. `turns` (the exchange, for
        history) and `usage` (the plan's LLM usage, for the budget) are stored in the same
        transaction as the item.
        """
        async with self.sessionmaker() as session:
            item, claimed = await repo.enqueue_claimed(
                session=session,
                telegram_id=user_id,
                chat_id=chat_id,
                local_date=day,
                actions=wire(actions),
                worker_id=self.delivery.worker_id,
                now=self.clock(),
                notify_on_done=True,
                source_message_id=source_message_id,
                update_id=update_id,
            )
            if turns:
                await repo.append_turns(
                    session=session,
                    telegram_id=user_id,
                    turns=turns,
                    keep=self.settings.history_turns,
                )
            if usage is not None:
                await self._add_usage(session, user_id, day, usage)
            await session.commit()
        item_id = item.id
        if claimed:  # nothing of theirs was waiting: send it now, no claim round trip
            report = await self.delivery.deliver_claimed(item, api, list(actions))
        else:  # older items first, in order
            report = await self.delivery.deliver_for(user_id)
        mine = next((d for d in report.delivered if d.item_id == item_id), None)
        earlier = [a for d in report.delivered if d.item_id != item_id for a in d.actions]
        if earlier:
            notes.insert(0, render.also_synced(earlier, day))

        def with_earlier(html: str) -> Reply:
            # What landed of earlier messages is said here or nowhere: no other notice comes.
            return Reply(render.also_synced(earlier, day) + "\n\n" + html if earlier else html)

        refused = next((exc for i, exc in report.failed if i == item_id), None)
        if refused is not None:
            detail = refused.detail if isinstance(refused, InvalidRequest) else None
            return with_earlier(render.service_rejected(detail))
        if mine is None:
            if report.bad_key:
                return with_earlier(render.needs_reconnect_kept())
            if report.last_error is None:  # nothing failed: an earlier item is still in flight
                return with_earlier(render.saved_behind_earlier(actions, day))
            return with_earlier(render.saved_will_sync(actions, day, report.last_error))
        today: TodayView | None
        try:
            today = await api.today(day)
        except AgentApiError:
            today = None
        self.weights.note(user_id, day, today)
        return Reply(render.logged_and_summary(actions, today, day, "\n".join(notes) or None))

    async def synced_notice(self, done: Delivered) -> Reply:
        """The message telling a person that what they said earlier is now in their account."""
        account = await self._account(done.telegram_id)
        today = self._local_now(account, None).date()
        return Reply(render.synced(done.actions, today))

    async def status(self, *, user_id: int, now: dt.datetime | None = None) -> Reply:
        """`/status`: what is still waiting to reach the service."""
        account = await self._account(user_id)
        today = self._local_now(account, now).date()
        async with self.sessionmaker() as session:
            waiting = await repo.pending_outbox(session=session, telegram_id=user_id)
            items = [(item.local_date, decode(item), item.attempts) for item in waiting]
        if account is None or account.encrypted_key is None:
            return Reply(render.outbox_status_not_linked(items, today))
        return Reply(render.outbox_status(items, today))

    async def _read(self, api: AgentApiClient, request: ReadRequest) -> ReadResult:
        try:
            data = await _READS[request.route](api, request)
        except AgentApiError as exc:
            log.info("read %s failed: %s", request.route, exc)
            return ReadResult(request=request, data=None, error=render.read_failed())
        return ReadResult(request=request, data=data if isinstance(data, dict) else {"data": data})

    def _exchange(
        self, text: str, plan: Plan, today: dt.date, reply: Reply | None = None
    ) -> list[tuple[TurnRole, str]]:
        """One exchange as history turns (none when history is off): the message, and what
        was logged for actions, else the reply's text (needed only for a plan without any)."""
        if self.settings.history_turns == 0:
            return []
        said = render.logged_plain(plan.actions, today) if plan.actions else ""
        if not said and reply is not None:
            said = render.to_plain(reply.html)[:500]
        return [(TurnRole.USER, text[:1000]), (TurnRole.ASSISTANT, said)]

    async def _remember(self, user_id: int, turns: Sequence[tuple[TurnRole, str]]) -> None:
        if not turns:
            return
        async with self.sessionmaker() as session:
            await repo.append_turns(
                session=session,
                telegram_id=user_id,
                turns=turns,
                keep=self.settings.history_turns,
            )
            await session.commit()


async def _read_today(api: AgentApiClient, r: ReadRequest) -> Any:
    return await api.today_raw(r.date)


async def _read_nutrition(api: AgentApiClient, r: ReadRequest) -> Any:
    return await api.nutrition(r.date)


async def _read_weight(api: AgentApiClient, r: ReadRequest) -> Any:
    return await api.weight(r.from_, r.to)


async def _read_checkins(api: AgentApiClient, r: ReadRequest) -> Any:
    if r.from_ or r.to:
        return await api.checkins(start=r.from_, end=r.to)
    return await api.checkins(r.date)


async def _read_supplements(api: AgentApiClient, r: ReadRequest) -> Any:
    return await api.supplements(r.date)


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


async def create_assistant(
    settings: Settings,
    *,
    http: httpx.AsyncClient | None = None,
    llm: Planner | None = None,
    media: Media | None = None,
    cipher: KeyCipher | None = None,
    clock: Callable[[], dt.datetime] = utcnow,
) -> Assistant:
    """Build everything the core needs from settings, and bring the database up to date.

    `llm` overrides the planner built from settings (tests pass one pointed at a fake server);
    `media` likewise overrides the voice and photo models.
    """
    engine = make_engine(settings.database_url)
    await migrate(engine)
    cipher = cipher or KeyCipher(settings.encryption_keys())
    if len(settings.encryption_keys()) > 1:
        # An old key is still configured: re-encrypt every stored API key with the newest one,
        # so the old key can be removed at the next restart.
        async with make_sessionmaker(engine)() as session:
            rotated = await repo.rotate_encrypted_keys(session=session, cipher=cipher)
            await session.commit()
        log.info("re-encrypted %d stored API keys with the newest encryption key", rotated)
    if llm is None and settings.llm_enabled:
        from bot.planner.llm import build_llm_planner

        llm = build_llm_planner(settings)
    if media is None and settings.llm_enabled:
        from bot.planner.media import build_media

        media = build_media(settings)
    if llm is None:
        log.info(
            "no LLM (OPENAI_API_KEY is not set): built-in rules only; voice notes and photos "
            "are refused, a photo's caption is read as text"
        )
    assistant = Assistant(
        settings=settings,
        engine=engine,
        sessionmaker=make_sessionmaker(engine),
        cipher=cipher,
        http=http or new_http_client(timeout_seconds=settings.agent_api_timeout_seconds),
        planner=llm,
        clock=clock,
    )
    assistant.media = media
    return assistant


__all__ = ["Assistant", "create_assistant"]
