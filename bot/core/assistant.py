"""The core's one door: what the Telegram bot and the terminal call, and nothing else.

Each public method names a thing a person did; the work is done by the journeys behind it
(accounts, conversation, drafts, media, writing), which share one `Resources`. A journey
that cannot go on raises `Refused`; here it becomes the reply that says why, worded for the
person's reader as it is handed to the front end.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any, Literal, ParamSpec, TypeVar

from bot.agent_api.views import MeView
from bot.core.accounts import Accounts
from bot.core.conversation import Conversation, storable
from bot.core.drafts import Drafts
from bot.core.insights import Insights
from bot.core.later import Later
from bot.core.media import MediaJourneys, needs_model
from bot.core.person import (
    Incoming,
    Refused,
    resolve,
    resolve_with_fixing,
)
from bot.core.personal import Personal
from bot.core.planning import Planning
from bot.core.products import Products, means_amount, product_code
from bot.core.readers import Readers
from bot.core.resources import Resources
from bot.core.writing import Writing
from bot.kernel import callbacks
from bot.kernel.keys import find_key
from bot.kernel.readers import Reader
from bot.kernel.replies import Reply, toast
from bot.planner.offline.questions import chart_days
from bot.products import code_in_text, codes_in_photo
from bot.render import conversation
from bot.render import media as render_media
from bot.sync.outbox import Delivered

if TYPE_CHECKING:  # the media models bring in openai, which the offline core does without
    pass

log = logging.getLogger(__name__)
# Buttons of a draft (a message's reading, a unit asked for, a product's amount), and every
# button that acts: a tap on a draft's button whose message moved on must never act.
_DRAFTED = callbacks.DraftButton | callbacks.UnitChoice | callbacks.ProductAmount
_ACTED = _DRAFTED | callbacks.Rate

P = ParamSpec("P")
R = TypeVar("R")


def answers(
    journey: Callable[P, Awaitable[R]],
) -> Callable[P, Coroutine[Any, Any, R | Reply]]:
    """`journey`, with a `Refused` turned into the reply that says why."""

    @functools.wraps(journey)
    async def answered(*args: P.args, **kwargs: P.kwargs) -> R | Reply:
        try:
            return await journey(*args, **kwargs)
        except Refused as refused:
            reply = refused.reply
            reply.outcome = "refused"
            return reply

    return answered


class Preferences:
    """A person's settings, one door: /timezone, /remind, /dayend, /settings and its buttons."""

    def __init__(self, accounts: Accounts, readers: Readers) -> None:
        self._accounts = accounts
        self._readers = readers

    async def set_language(
        self, *, user_id: int, code: str, tapped: bool = False, edit: bool = False
    ) -> Reply:
        """`/language de` (alone: the current one and buttons), or a language button
        (`tapped`; `edit`: in /settings)."""
        return await self._readers.language(user_id=user_id, code=code, tapped=tapped, edit=edit)

    async def set_units(
        self, *, user_id: int, word: str, tapped: bool = False, edit: bool = False
    ) -> Reply:
        """`/units lb` (alone: the current ones and buttons), or a unit button (`tapped`;
        `edit`: in /settings)."""
        return await self._readers.units(user_id=user_id, word=word, tapped=tapped, edit=edit)

    async def set_timezone(self, *, user_id: int, name: str) -> Reply:
        return await self._accounts.set_timezone(user_id=user_id, name=name)

    async def set_reminder(self, *, user_id: int, spec: str) -> Reply:
        return await self._accounts.set_reminder(user_id=user_id, spec=spec)

    async def set_day_end(self, *, user_id: int, spec: str, edit: bool = False) -> Reply:
        return await self._accounts.set_day_end(user_id=user_id, spec=spec, edit=edit)

    async def settings_view(self, *, user_id: int, edit: bool = False) -> Reply:
        return await self._accounts.settings_view(user_id=user_id, edit=edit)

    async def set_confirm_mode(self, *, user_id: int, enabled: bool) -> Reply:
        return await self._accounts.set_confirm_mode(user_id=user_id, enabled=enabled)

    async def set_weekly_summary(self, *, user_id: int, enabled: bool) -> Reply:
        return await self._accounts.set_weekly_summary(user_id=user_id, enabled=enabled)


class Assistant:
    """What a front end may ask of the core. Every method takes the person's Telegram id.

    Built by the composition root (`bot.compose`); `resources` is what its journeys share,
    for the root and for tests, never for a front end.
    """

    def __init__(self, resources: Resources) -> None:
        self.resources = res = resources
        planning = Planning(res)
        self._writing = writing = Writing(res, planning)
        self._drafts = drafts = Drafts(res, planning, writing)
        self._conversation = Conversation(res, planning, writing, drafts)
        self._media = MediaJourneys(res, planning, writing, drafts)
        self._products = Products(res, writing, drafts)
        self._accounts = Accounts(res)
        self._readers = Readers(res, self._accounts)
        self._preferences = Preferences(self._accounts, self._readers)
        self._insights = Insights(res)
        self._later = Later(res)

    async def reader(self, *, user_id: int) -> Reader:
        """Whom a front end's own words to the person are for (a command it does not know,
        a sticker): their language and units."""
        return await self._accounts.reader(user_id)

    async def heard(self, *, user_id: int, code: str | None) -> None:
        """Telegram said the person's app speaks `code` (sent with each of their updates)."""
        await self._readers.heard(user_id=user_id, code=code)

    # --- commands ----------------------------------------------------------------------------

    async def start(self, *, user_id: int) -> Reply:
        return await self._accounts.start(user_id=user_id)

    async def help(self, *, user_id: int) -> Reply:
        return await self._accounts.help(user_id=user_id)

    async def connect(
        self,
        *,
        user_id: int,
        chat_id: int,
        api_key: str,
        key_message_deleted: bool = True,
        me: MeView | None = None,
    ) -> Reply:
        """Link a key (see `Accounts.connect`)."""
        return await self._accounts.connect(
            user_id=user_id,
            chat_id=chat_id,
            api_key=api_key,
            key_message_deleted=key_message_deleted,
            me=me,
        )

    async def disconnect(self, *, user_id: int) -> Reply:
        return await self._accounts.disconnect(user_id=user_id)

    async def forget_request(self, *, user_id: int) -> Reply:
        return await self._accounts.forget_request(user_id=user_id)

    @property
    def preferences(self) -> Preferences:
        """The person's settings (time zone, reminder, day end, confirm mode, weekly summary)."""
        return self._preferences

    @answers
    async def today(self, *, user_id: int, now: dt.datetime | None = None) -> Reply:
        return await self._accounts.today(user_id=user_id, now=now)

    @answers
    async def chart(self, *, user_id: int, days: int, now: dt.datetime | None = None) -> Reply:
        """/week, /month: the chart of the last `days` days."""
        return await self._insights.chart(user_id=user_id, days=days, now=now)

    async def status(self, *, user_id: int, now: dt.datetime | None = None) -> Reply:
        return await self._writing.status(user_id=user_id, now=now)

    async def synced_notice(self, done: Delivered) -> Reply:
        """What a person reads when a write that waited in the outbox landed."""
        return await self._writing.synced_notice(done)

    async def aclose(self) -> None:
        await self.resources.aclose()

    async def told(self, reply: Reply) -> None:
        """A front end sent `reply`: the person has heard of what it settles (a write that
        landed), so no "✅ Synced" follows for it, even after a crash (recorded within
        `bot.sync.items.TOLD_WAIT`; the front end need not wait for it)."""
        self.resources.delivery.told(reply.settles)

    @answers
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
        person, fixing = await resolve_with_fixing(self.resources, user_id, now)
        if fixing is None and (days := chart_days(text)) is not None:  # "how was my week?"
            return await self._insights.of(person, days)
        said = Incoming(person, chat_id, message_id=message_id, update_id=update_id)
        if fixing is not None and product_code(fixing) is not None:  # "another amount"
            if means_amount(text):
                return await self._products.amount(said, fixing, text)
            await self._products.set_aside(said, fixing)
            fixing = None
        if fixing is None and (code := code_in_text(text)) is not None:  # a typed barcode
            return await self._products.typed(said, code)
        text = self._conversation.trimmed(storable(text), said)
        return await self._conversation.message(said, text, fixing)

    @answers
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
        """An edit of an earlier message (see `Conversation.edit`)."""
        if find_key(text) is not None:  # a key edited in: linked, never planned or kept
            return await self.connect(user_id=user_id, chat_id=chat_id, api_key=text)
        person = await resolve(self.resources, user_id, now)
        said = Incoming(person, chat_id, message_id=message_id, update_id=update_id)
        return await self._conversation.edit(said, storable(text))

    @answers
    async def on_button(
        self,
        *,
        user_id: int,
        chat_id: int,
        data: str | callbacks.Callback | None,
        now: dt.datetime | None = None,
        shown: bool = True,
        update_id: int | None = None,
    ) -> Reply:
        """A tapped inline button; `data` is untrusted (anyone can forge it): its callback
        data, or what a front end already decoded it to (`callbacks.decode`).

        `shown` says whether the button is still on its message (a front end that cannot
        tell passes True). A button that is gone, or data no button of ours carries, changes
        nothing and is answered with a toast; so is a repeated tap on a finished draft.
        """
        tapped = callbacks.decode(data) if data is None or isinstance(data, str) else data
        if isinstance(tapped, _DRAFTED) and not shown:
            # Its message moved on (e.g. "fix" was tapped): never act on it.
            reader = await self.reader(user_id=user_id)
            return await self._drafts.not_actionable(
                user_id, tapped.draft_id, shown=False, reader=reader
            )
        if not shown:
            return toast(conversation.button_inactive(await self.reader(user_id=user_id)))
        if isinstance(tapped, callbacks.Snooze):
            return await self._later.snooze(user_id=user_id, now=now)
        if isinstance(tapped, callbacks.Forget):
            if tapped.confirm:
                return await self._accounts.forget(user_id=user_id)
            return await self._accounts.forget_cancelled(user_id=user_id)
        if isinstance(tapped, callbacks.ConfirmMode):
            prefs = self._preferences
            return await prefs.set_confirm_mode(user_id=user_id, enabled=tapped.enabled)
        if isinstance(tapped, callbacks.WeeklyToggle):
            return await self._preferences.set_weekly_summary(
                user_id=user_id, enabled=tapped.enabled
            )
        if isinstance(tapped, callbacks.LanguageChoice):
            return await self._preferences.set_language(
                user_id=user_id, code=tapped.language, tapped=True, edit=tapped.in_settings
            )
        if isinstance(tapped, callbacks.ShownUnit):
            return await self._preferences.set_units(
                user_id=user_id, word=tapped.unit, tapped=True, edit=tapped.in_settings
            )
        if isinstance(tapped, callbacks.DayEnd):
            spec = f"{tapped.hour:02d}:00"
            return await self._preferences.set_day_end(user_id=user_id, spec=spec, edit=True)
        if not isinstance(tapped, _ACTED):
            reader = await self.reader(user_id=user_id)
            return toast(conversation.button_inactive(reader))  # forged
        said = Incoming(await resolve(self.resources, user_id, now), chat_id, update_id=update_id)
        if isinstance(tapped, callbacks.DraftButton):
            return await self._drafts.tapped(said, tapped)
        if isinstance(tapped, callbacks.UnitChoice):
            return await Personal(self._drafts).unit_tapped(said, tapped)
        if isinstance(tapped, callbacks.ProductAmount):
            return await self._products.tapped(said, tapped)
        return await self._writing.rate(said, tapped.field, tapped.value)

    @answers
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

        None means: download it and hand it over. A photo is always taken from a linked person:
        it may show a barcode, read here without any model (`handle_photo`).
        """
        if kind == "photo":
            await resolve(self.resources, user_id, now)
            return None
        if self.resources.media is not None:
            await self._media.check(user_id, kind, duration, now)
            return None
        person = await resolve(self.resources, user_id, now)
        log.info("user %s sent a %s: refused, OPENAI_API_KEY is not set", user_id, kind)
        raise Refused(needs_model(kind), person.reader)

    async def _caption_only(
        self,
        user_id: int,
        chat_id: int,
        caption: str | None,
        now: dt.datetime | None,
        update_id: int | None,
    ) -> Reply:
        """A photo without a barcode and no vision model: its caption is still read as text
        ("lunch: 2 eggs" logs the eggs), under a line saying the photo itself was not
        looked at; without a caption, the refusal."""
        person = await resolve(self.resources, user_id, now)
        log.info("user %s sent a photo: not looked at, OPENAI_API_KEY is not set", user_id)
        words = (caption or "").strip()
        if not words:
            raise Refused(needs_model("photo"), person.reader)
        reply = await self.handle_text(
            user_id=user_id, chat_id=chat_id, text=words, now=now, update_id=update_id
        )
        reply.html = render_media.photo_caption_only(person.reader) + "\n\n" + reply.html
        return reply

    @answers
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
        words = await self._media.transcribe(user_id, audio, filename, duration, now)
        reply = await self.handle_text(
            user_id=user_id, chat_id=chat_id, text=words, now=now, update_id=update_id
        )
        reply.html = render_media.voice_transcript(words) + "\n\n" + reply.html
        return reply

    @answers
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
        """A photo: a packaged food's barcode in it is looked up (no model needed); any other
        photo is a meal, the vision model's estimate, always a draft (save / fix / drop)."""
        codes = await asyncio.to_thread(codes_in_photo, image)
        if codes:
            person = await resolve(self.resources, user_id, now)
            said = Incoming(person, chat_id, update_id=update_id)
            return await self._products.show(said, codes[0])
        if self.resources.media is None:
            return await self._caption_only(user_id, chat_id, caption, now, update_id)
        return await self._media.photo(user_id, chat_id, image, caption, now)


__all__ = ["Assistant", "Preferences"]
