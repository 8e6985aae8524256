"""Voice notes and photos: checked before download, then transcribed or estimated.

A voice note becomes words, handled as text (so drafts, confirm mode and the outbox apply to
what was said); a photo becomes a meal draft (save / fix / drop). Both need the media models
(`OPENAI_API_KEY`) and count against the person's daily LLM budget.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.core.drafts import Drafts
from bot.core.person import Incoming, Person, Refused, resolve
from bot.core.planning import Planning, in_their_words
from bot.core.resources import Resources
from bot.core.writing import Writing
from bot.kernel.refusals import Reason, VoiceTooLong
from bot.kernel.replies import Reply
from bot.planner.base import Plan, PlannerError, PlannerUnavailable
from bot.render import media as render_media
from bot.render import said as render_said

if TYPE_CHECKING:  # the media models bring in openai, which the offline core does without
    from bot.planner.media import Media

log = logging.getLogger(__name__)


def needs_model(kind: str) -> Reason:
    """Why a voice note or photo is refused when no media model is set up."""
    return Reason.VOICE_NEEDS_MODEL if kind == "voice" else Reason.PHOTO_NEEDS_MODEL


@dataclass
class MediaJourneys:
    """What happens to a voice note or a photo before and after it is downloaded."""

    res: Resources
    planning: Planning
    writing: Writing
    drafts: Drafts

    async def check(
        self, user_id: int, kind: str, duration: int | None, now: dt.datetime | None
    ) -> tuple[Person, Media]:
        """The person and the models, or `Refused` with why the media is not taken."""
        person = await resolve(self.res, user_id, now)
        if self.res.media is None:
            raise Refused(needs_model(kind), person.reader)
        limit = self.res.settings.max_voice_seconds
        if kind == "voice" and duration is not None and duration > limit:
            raise Refused(VoiceTooLong(duration, limit), person.reader)
        if not await self.planning.allowed(user_id, person.today):
            raise Refused(Reason.MEDIA_BUDGET_SPENT, person.reader)
        return person, self.res.media

    async def transcribe(
        self,
        user_id: int,
        audio: bytes,
        filename: str,
        duration: int | None,
        now: dt.datetime | None,
    ) -> str:
        """The words of a voice note (the caller handles them as text)."""
        person, media = await self.check(user_id, "voice", duration, now)
        try:
            async with self.res.llm_slots:
                words = await media.transcribe(audio, filename)
        except PlannerError as exc:
            log.warning("transcription failed for user %s: %s", user_id, exc)
            raise Refused(Reason.VOICE_FAILED, person.reader) from exc
        await self.planning.count(user_id, person.today, Plan(llm_requests=1))
        if not words:
            raise Refused(Reason.VOICE_EMPTY, person.reader)
        return words

    async def photo(
        self,
        user_id: int,
        chat_id: int,
        image: bytes,
        caption: str | None,
        now: dt.datetime | None,
    ) -> Reply:
        """A meal photo: the vision model's estimate, always a draft (save / fix / drop)."""
        person, media = await self.check(user_id, "photo", None, now)
        if len(image) > self.res.settings.max_photo_bytes:
            return Reply(
                render_media.photo_too_large(self.res.settings.max_photo_bytes, person.reader)
            )
        try:
            async with self.res.llm_slots:
                plan = await media.estimate_photo(image, caption, person.context())
        except PlannerError as exc:  # the requests sent count, failed or not
            await self.planning.count(user_id, person.today, Plan(llm_requests=exc.llm_requests))
            if isinstance(exc, PlannerUnavailable):
                log.warning("vision model unavailable for user %s: %s", user_id, exc)
                return Reply(render_media.photo_unavailable(person.reader), outcome="refused")
            log.warning("no usable photo estimate for user %s: %s", user_id, exc)
            return Reply(render_media.photo_failed(person.reader), outcome="refused")
        await self.planning.count(user_id, person.today, plan)
        plan = in_their_words(plan, person.reader)  # the portions in their words
        if not plan.actions:
            why = render_said.reply(plan.said, person.reader)
            return Reply(render_media.photo_no_food(why, person.reader), outcome="not_understood")
        concerns = await self.writing.concerns_or_none(person, plan.actions)
        said = Incoming(person, chat_id)
        reply = await self.drafts.propose(said, plan.actions, media.note(caption), concerns)
        reply.html = render_media.photo_estimate_head(person.reader) + "\n\n" + reply.html
        reply.outcome = "drafted"
        return reply
