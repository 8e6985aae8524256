"""The callbacks PTB calls. Each translates Telegram <-> core only: no parsing, HTTP or SQL.

The core (`bot.assistant.Assistant`) and `bot.sync.reminders.Reminders` decide everything; here a
Telegram update becomes a core call and a `Reply` becomes Telegram messages.
"""

from __future__ import annotations

import datetime as dt
import logging
import traceback
from collections.abc import Sequence
from typing import Literal, Protocol

from telegram import (
    Audio,
    Bot,
    CallbackQuery,
    MaybeInaccessibleMessage,
    Message,
    PhotoSize,
    Update,
    Voice,
)
from telegram.constants import ChatType
from telegram.error import BadRequest, Forbidden, NetworkError, TelegramError
from telegram.ext import ApplicationHandlerStop, ContextTypes

from bot import callbacks, render
from bot.config import Settings
from bot.replies import Reply, toast
from bot.sync.journal import UpdateJournal
from bot.sync.outbox import Delivered, Delivery
from bot.sync.reminders import (
    CoreResources,
    RecipientBlocked,
    Reminders,
    Send,
    remaining_buttons,
)
from bot.telegram.journal import handle_earlier, replay
from bot.telegram.outgoing import buttons_of, edit_reply, send_reply, try_delete, typing

log = logging.getLogger(__name__)

Context = ContextTypes.DEFAULT_TYPE


class Core(CoreResources, Protocol):
    """The part of `bot.assistant.Assistant` the Telegram layer uses."""

    async def start(self, *, user_id: int) -> Reply: ...
    async def help(self, *, user_id: int) -> Reply: ...
    async def connect(self, *, user_id: int, chat_id: int, api_key: str) -> Reply: ...
    async def disconnect(self, *, user_id: int) -> Reply: ...
    async def forget_request(self, *, user_id: int) -> Reply: ...
    async def set_timezone(self, *, user_id: int, name: str) -> Reply: ...
    async def set_reminder(self, *, user_id: int, spec: str) -> Reply: ...
    async def today(self, *, user_id: int, now: dt.datetime | None = None) -> Reply: ...
    async def settings_view(self, *, user_id: int) -> Reply: ...
    async def handle_text(
        self,
        *,
        user_id: int,
        chat_id: int,
        text: str,
        now: dt.datetime | None = None,
        update_id: int | None = None,
        message_id: int | None = None,
    ) -> Reply: ...
    async def handle_edit(
        self,
        *,
        user_id: int,
        chat_id: int,
        message_id: int,
        text: str,
        now: dt.datetime | None = None,
        update_id: int | None = None,
    ) -> Reply: ...
    async def on_button(
        self,
        *,
        user_id: int,
        chat_id: int,
        data: str,
        now: dt.datetime | None = None,
        update_id: int | None = None,
        shown: bool = True,
    ) -> Reply: ...
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
    ) -> Reply | None: ...
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
    ) -> Reply: ...
    async def handle_photo(
        self,
        *,
        user_id: int,
        chat_id: int,
        image: bytes,
        caption: str | None,
        now: dt.datetime | None = None,
        update_id: int | None = None,
    ) -> Reply: ...
    async def status(self, *, user_id: int, now: dt.datetime | None = None) -> Reply: ...
    async def synced_notice(self, done: Delivered) -> Reply: ...
    async def aclose(self) -> None: ...

    @property
    def delivery(self) -> Delivery: ...


def reminder_sender(bot: Bot) -> Send:
    """How `Reminders.run_due` sends: as any reply, with a 403 turned into `RecipientBlocked`."""

    async def send(chat_id: int, reply: Reply) -> int:
        try:
            return await send_reply(bot, chat_id, reply)
        except Forbidden as exc:
            raise RecipientBlocked(chat_id) from exc

    return send


def _still_shown(message: MaybeInaccessibleMessage, data: str) -> bool:
    """Whether the tapped button is still on its message, as Telegram last saw it.

    A message too old for Telegram to show the bot counts as shown: the core decides alone.
    """
    if not isinstance(message, Message):
        return True
    return any(button.callback == data for row in buttons_of(message) for button in row)


async def _answer(query: CallbackQuery, text: str | None) -> None:
    """Stop the button's spinner (with `text` as a toast); a query Telegram no longer takes,
    answered after a slow save, is not the person's problem."""
    try:
        await query.answer(text)
    except BadRequest as exc:
        log.info("callback query not answered: %s", exc)


def _who(update: Update) -> tuple[Message, int, int] | None:
    message, user = update.effective_message, update.effective_user
    if message is None or user is None:
        return None
    return message, user.id, message.chat_id


def _args(context: Context) -> str:
    return " ".join(context.args or [])


def _kind(message: Message) -> str | None:
    return next((kind for kind in render.NON_TEXT_KINDS if getattr(message, kind, None)), None)


# The audio API tells formats by extension, and wants .ogg where Telegram says .oga.
_AUDIO_EXTENSIONS = {
    "audio/ogg": ".ogg",
    "audio/mpeg": ".mp3",
    "audio/mp3": ".mp3",
    "audio/mp4": ".m4a",
    "audio/x-m4a": ".m4a",
    "audio/m4a": ".m4a",
    "audio/wav": ".wav",
    "audio/x-wav": ".wav",
    "audio/flac": ".flac",
    "audio/webm": ".webm",
}


def _audio_name(recording: Voice | Audio) -> str:
    if isinstance(recording, Audio) and recording.file_name:
        return recording.file_name
    stem = "voice" if isinstance(recording, Voice) else "audio"
    return stem + _AUDIO_EXTENSIONS.get(recording.mime_type or "", ".ogg")


def _seconds(recording: Voice | Audio) -> int | None:
    """The duration as the Bot API sent it (the `duration` property warns of a type change)."""
    value = recording.to_dict().get("duration")
    return int(value) if isinstance(value, int | float) else None


def _largest_photo(sizes: Sequence[PhotoSize], limit: int) -> PhotoSize | None:
    """The largest size of a photo that is at most `limit` bytes (unknown sizes count as 0)."""
    fitting = [size for size in sizes if (size.file_size or 0) <= limit]
    return max(fitting, key=lambda size: size.width * size.height, default=None)


async def _download(attachment: Voice | Audio | PhotoSize) -> bytes | None:
    """The file's bytes through the Bot API (getFile, then the file URL); None if that failed."""
    try:
        file = await attachment.get_file()
        return bytes(await file.download_as_bytearray())
    except (TelegramError, RuntimeError) as exc:  # RuntimeError: no file_path was given
        log.warning("could not download a file: %s", type(exc).__name__)
        return None


class Handlers:
    """Every handler, bound to the core it talks to; `build_application` registers them."""

    def __init__(
        self,
        assistant: Core,
        reminders: Reminders,
        settings: Settings,
        journal: UpdateJournal,
    ) -> None:
        self.assistant = assistant
        self.reminders = reminders
        self.settings = settings
        self.journal = journal

    async def _send(self, context: Context, chat_id: int, reply: Reply) -> None:
        await send_reply(context.bot, chat_id, reply)

    # --- gates (groups -2 and -1) ---------------------------------------------------------

    async def drop_duplicates(self, update: Update, context: Context) -> None:
        """Process an update Telegram delivered twice only once (the id is kept in the store)."""
        if not await self.journal.claim(update.update_id):
            log.info("update %s seen before; dropped", update.update_id)
            raise ApplicationHandlerStop
        await handle_earlier(self.journal, update, context.application)

    async def finish(self, update: Update, context: Context) -> None:
        """The last group: the update was handled, so it is never replayed after a restart."""
        await self.journal.handled(update.update_id)

    async def gate(self, update: Update, context: Context) -> None:
        """Refuse people outside ALLOWED_TELEGRAM_USER_IDS; note that a blocked person is back."""
        user, chat = update.effective_user, update.effective_chat
        allowed = self.settings.allowed_telegram_user_ids
        if allowed and (user is None or user.id not in allowed):
            log.info("refused user %s (not allowed)", user.id if user else None)
            if update.callback_query is not None:
                await update.callback_query.answer(render.to_plain(render.not_allowed()))
            elif chat is not None and chat.type == ChatType.PRIVATE:
                await self._send(context, chat.id, Reply(render.not_allowed()))
            await self.finish(update, context)
            raise ApplicationHandlerStop
        if user is not None:
            await self.reminders.resume_if_blocked(user_id=user.id)

    # --- commands -------------------------------------------------------------------------

    async def start(self, update: Update, context: Context) -> None:
        """/start: what the bot does and how to link."""
        if who := _who(update):
            await self._send(context, who[2], await self.assistant.start(user_id=who[1]))

    async def help(self, update: Update, context: Context) -> None:
        """/help: what the bot understands."""
        if who := _who(update):
            await self._send(context, who[2], await self.assistant.help(user_id=who[1]))

    async def connect(self, update: Update, context: Context) -> None:
        """/connect KEY in a private chat: delete the message carrying the key, then link."""
        if not (who := _who(update)):
            return
        message, user_id, chat_id = who
        if not context.args:
            await self._send(
                context,
                chat_id,
                await self.assistant.connect(user_id=user_id, chat_id=chat_id, api_key=""),
            )
            return
        await self._link(context, message, user_id, _args(context))

    async def _link(self, context: Context, message: Message, user_id: int, key: str) -> None:
        """Delete the message carrying a key first (whatever checking the key does, it leaves
        the chat at once), then link it and answer."""
        chat_id = message.chat_id
        await try_delete(context.bot, chat_id, message.message_id)
        async with typing(context.bot, chat_id):
            reply = await self.assistant.connect(user_id=user_id, chat_id=chat_id, api_key=key)
        await self._send(context, chat_id, reply)

    async def pasted_key(self, update: Update, context: Context) -> None:
        """A message with something shaped like an API key in it, without /connect: in a
        private chat, deleted and linked as /connect would; elsewhere, refused and deleted."""
        if not (who := _who(update)):
            return
        message, user_id, _ = who
        if message.chat.type != ChatType.PRIVATE:
            await self.connect_in_group(update, context)
            return
        await self._link(context, message, user_id, message.text or message.caption or "")

    async def connect_in_group(self, update: Update, context: Context) -> None:
        """/connect outside a private chat: refuse, and delete the key where the bot may."""
        if who := _who(update):
            await try_delete(context.bot, who[2], who[0].message_id)
            await self._send(context, who[2], Reply(render.connect_in_group()))

    async def disconnect(self, update: Update, context: Context) -> None:
        """/disconnect: forget the key."""
        if who := _who(update):
            await self._send(context, who[2], await self.assistant.disconnect(user_id=who[1]))

    async def forget(self, update: Update, context: Context) -> None:
        """/forget: ask to confirm deleting everything stored about the person."""
        if who := _who(update):
            await self._send(context, who[2], await self.assistant.forget_request(user_id=who[1]))

    async def today(self, update: Update, context: Context) -> None:
        """/today: the day's summary."""
        if who := _who(update):
            async with typing(context.bot, who[2]):
                reply = await self.assistant.today(user_id=who[1])
            await self._send(context, who[2], reply)

    async def timezone(self, update: Update, context: Context) -> None:
        """/timezone NAME."""
        if who := _who(update):
            reply = await self.assistant.set_timezone(user_id=who[1], name=_args(context))
            await self._send(context, who[2], reply)

    async def remind(self, update: Update, context: Context) -> None:
        """/remind HH:MM | off."""
        if who := _who(update):
            reply = await self.assistant.set_reminder(user_id=who[1], spec=_args(context))
            await self._send(context, who[2], reply)

    async def settings_command(self, update: Update, context: Context) -> None:
        """/settings."""
        if who := _who(update):
            await self._send(context, who[2], await self.assistant.settings_view(user_id=who[1]))

    async def status(self, update: Update, context: Context) -> None:
        """/status: what is still waiting to sync."""
        if who := _who(update):
            await self._send(context, who[2], await self.assistant.status(user_id=who[1]))

    async def unknown_command(self, update: Update, context: Context) -> None:
        """Any other /command in a private chat."""
        if who := _who(update):
            await self._send(context, who[2], Reply(render.unknown_command()))

    async def private_only(self, update: Update, context: Context) -> None:
        """A command in a group: health data stays in private chats."""
        if who := _who(update):
            await self._send(context, who[2], Reply(render.private_only()))

    # --- messages -------------------------------------------------------------------------

    async def text(self, update: Update, context: Context) -> None:
        """Free text: log it or answer it (the core decides)."""
        if not (who := _who(update)) or (text := who[0].text) is None:
            return
        message, user_id, chat_id = who
        async with typing(context.bot, chat_id):
            reply = await self.assistant.handle_text(
                user_id=user_id,
                chat_id=chat_id,
                text=text,
                message_id=message.message_id,
                update_id=update.update_id,
            )
        await self._send(context, chat_id, reply)

    async def edited_text(self, update: Update, context: Context) -> None:
        """An edit of an earlier text: a draft under review takes it; nothing logged changes."""
        if not (who := _who(update)) or (text := who[0].text) is None:
            return
        message, user_id, chat_id = who
        async with typing(context.bot, chat_id):
            reply = await self.assistant.handle_edit(
                user_id=user_id, chat_id=chat_id, message_id=message.message_id, text=text
            )
        if reply.delete_user_message:
            await try_delete(context.bot, chat_id, message.message_id)
        await self._send(context, chat_id, reply)

    async def voice(self, update: Update, context: Context) -> None:
        """Voice notes and audio: the core may refuse first (no download), else transcribe."""
        if not (who := _who(update)) or not (recording := who[0].voice or who[0].audio):
            return
        _, user_id, chat_id = who
        duration = _seconds(recording)
        async with typing(context.bot, chat_id):
            reply = await self.assistant.media_refusal(
                user_id=user_id, kind="voice", duration=duration
            )
            if reply is None:
                reply = await self._transcribed(
                    recording, user_id, chat_id, duration, update.update_id
                )
        await self._send(context, chat_id, reply)

    async def photo(self, update: Update, context: Context) -> None:
        """A photo: the core may refuse first (no download), else it becomes a meal draft."""
        if not (who := _who(update)) or not who[0].photo:
            return
        message, user_id, chat_id = who
        async with typing(context.bot, chat_id):
            reply = await self.assistant.media_refusal(
                user_id=user_id,
                kind="photo",
                caption=message.caption,
                chat_id=chat_id,
                update_id=update.update_id,
            )
            if reply is None:
                reply = await self._estimated(message, user_id, chat_id, update.update_id)
        await self._send(context, chat_id, reply)

    async def _transcribed(
        self,
        recording: Voice | Audio,
        user_id: int,
        chat_id: int,
        duration: int | None,
        update_id: int,
    ) -> Reply:
        audio = await _download(recording)
        if audio is None:
            return Reply(render.media_download_failed())
        return await self.assistant.handle_voice(
            user_id=user_id,
            chat_id=chat_id,
            audio=audio,
            filename=_audio_name(recording),
            duration=duration,
            update_id=update_id,
        )

    async def _estimated(
        self, message: Message, user_id: int, chat_id: int, update_id: int
    ) -> Reply:
        limit = self.settings.max_photo_bytes
        size = _largest_photo(message.photo, limit)
        if size is None:
            return Reply(render.photo_too_large(limit))
        image = await _download(size)
        if image is None:
            return Reply(render.media_download_failed())
        return await self.assistant.handle_photo(
            user_id=user_id,
            chat_id=chat_id,
            image=image,
            caption=message.caption,
            update_id=update_id,
        )

    async def non_text(self, update: Update, context: Context) -> None:
        """Stickers, photos, voice, locations, files...: a friendly hint to use words."""
        if who := _who(update):
            await self._send(context, who[2], Reply(render.non_text_hint(_kind(who[0]))))

    async def button(self, update: Update, context: Context) -> None:
        """An inline button: "later" goes to the reminders, everything else to the core.

        The query is answered once the outcome is known: with a toast when the tap changes
        nothing (the message stays as it is), else plainly and the reply is sent.
        """
        query, user = update.callback_query, update.effective_user
        if query is None or user is None or query.data is None or query.message is None:
            return
        chat_id, message_id = query.message.chat.id, query.message.message_id
        try:
            reply = await self._tapped(
                context, query.message, query.data, user.id, update.update_id
            )
        except Exception:
            await _answer(query, None)  # the error handler tells the person
            raise
        await _answer(query, reply.toast)
        if reply.toast is not None:
            return
        if reply.edit:
            await edit_reply(context.bot, chat_id, message_id, reply)
        else:
            await self._send(context, chat_id, reply)

    async def _tapped(
        self,
        context: Context,
        message: MaybeInaccessibleMessage,
        data: str,
        user_id: int,
        update_id: int,
    ) -> Reply:
        """What a tap does; a rating keeps the other rating rows (and "later") on its message."""
        tapped = callbacks.decode(data)
        shown = _still_shown(message, data)
        if isinstance(tapped, callbacks.Snooze):
            if not shown:
                return toast(render.button_inactive())
            return await self.reminders.snooze(user_id=user_id)
        async with typing(context.bot, message.chat.id):
            reply = await self.assistant.on_button(
                user_id=user_id,
                chat_id=message.chat.id,
                data=data,
                shown=shown,
                update_id=update_id,
            )
        if isinstance(tapped, callbacks.Rate) and isinstance(message, Message):
            if reply.edit and not reply.buttons:
                reply.buttons = remaining_buttons(buttons_of(message), tapped)
        return reply

    # --- the reminder job and errors --------------------------------------------------------

    async def reminder_job(self, context: Context) -> None:
        """Every 30 s: send the reminders that are due now (the schedule is in the database)."""
        await self.reminders.run_due(self.reminders.clock(), reminder_sender(context.bot))

    async def outbox_job(self, context: Context) -> None:
        """Every few seconds: send what is waiting in the outbox; tell people when it synced."""

        async def notify(done: Delivered) -> None:
            await send_reply(context.bot, done.chat_id, await self.assistant.synced_notice(done))

        await self.assistant.delivery.run_due(notify)

    async def journal_job(self, context: Context) -> None:
        """Every few seconds: replay updates a process that died had received but not handled."""
        await replay(self.journal, context.application.update_queue, context.bot)

    async def on_error(self, update: object, context: Context) -> None:
        """Log with the Telegram user id only (never text or keys); tell the person kindly."""
        error = context.error
        user_id = (
            update.effective_user.id
            if isinstance(update, Update) and update.effective_user
            else None
        )
        name = type(error).__name__
        if isinstance(error, NetworkError):
            log.warning("Telegram unreachable while serving user %s: %s", user_id, name)
            return
        if isinstance(error, Forbidden):  # they blocked the bot: nothing to fix, nobody to tell
            log.warning("not delivered to user %s: they blocked or removed the bot", user_id)
            return
        # Frames only: an exception's message may quote what the person wrote.
        frames = "".join(traceback.format_tb(error.__traceback__)) if error else ""
        log.error("update from user %s failed: %s\n%s", user_id, name, frames.rstrip())
        if not isinstance(update, Update):
            return
        chat = update.effective_chat
        if chat is None:
            return
        try:
            await self._send(context, chat.id, Reply(render.internal_error()))
        except TelegramError:
            log.warning("could not tell user %s about the failure", user_id)
