"""What a person sends in a private chat: text, edits of it, voice notes, photos, the rest.

Voice notes and photos are downloaded only once the core agreed to take them.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import AsyncIterator, Sequence
from typing import TYPE_CHECKING

from telegram import Audio, Message, PhotoSize, Update, Voice
from telegram.error import TelegramError

from bot.config import Settings
from bot.kernel.metrics import Metrics
from bot.kernel.replies import Reply
from bot.render import media
from bot.render import telegram as render_telegram
from bot.telegram.handlers.incoming import Context, Who, who_sent
from bot.telegram.outgoing import send_reply, try_delete, typing

if TYPE_CHECKING:
    from bot.core.assistant import Assistant

log = logging.getLogger(__name__)


def _kind(message: Message) -> str | None:
    return next(
        (kind for kind in render_telegram.NON_TEXT_KINDS if getattr(message, kind, None)), None
    )


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


class Messages:
    """The handlers of messages, bound to the core that reads them."""

    def __init__(
        self, assistant: Assistant, settings: Settings, metrics: Metrics | None = None
    ) -> None:
        self.assistant = assistant
        self.settings = settings
        self.metrics = metrics or Metrics()

    async def text(self, update: Update, context: Context) -> None:
        """Free text: log it or answer it (the core decides)."""
        if not (who := who_sent(update)) or (text := who.message.text) is None:
            return
        async with self._counted() as counted:
            async with typing(context.bot, who.chat_id, after=self.settings.typing_after_seconds):
                reply = await self.assistant.handle_text(
                    user_id=who.user_id,
                    chat_id=who.chat_id,
                    text=text,
                    message_id=who.message.message_id,
                    update_id=update.update_id,
                )
            await send_reply(context.bot, who.chat_id, reply)
            counted.append(reply)
        await self.assistant.told(reply)

    @contextlib.asynccontextmanager
    async def _counted(self) -> AsyncIterator[list[Reply]]:
        """Counts the message in the metrics once its reply (appended to the list) is sent:
        by that reply's outcome and the seconds since its handling began; "failed" when no
        reply went out."""
        began = time.monotonic()
        sent: list[Reply] = []
        try:
            yield sent
        finally:
            outcome = sent[0].outcome if sent else "failed"
            self.metrics.message(outcome, time.monotonic() - began)

    async def edited_text(self, update: Update, context: Context) -> None:
        """An edit of an earlier text: a draft under review takes it; nothing logged changes."""
        if not (who := who_sent(update)) or (text := who.message.text) is None:
            return
        async with typing(context.bot, who.chat_id, after=self.settings.typing_after_seconds):
            reply = await self.assistant.handle_edit(
                user_id=who.user_id,
                chat_id=who.chat_id,
                message_id=who.message.message_id,
                text=text,
                update_id=update.update_id,
            )
        if reply.delete_user_message:
            await try_delete(context.bot, who.chat_id, who.message.message_id)
        await send_reply(context.bot, who.chat_id, reply)
        await self.assistant.told(reply)

    async def voice(self, update: Update, context: Context) -> None:
        """Voice notes and audio: the core may refuse first (no download), else transcribe."""
        if not (who := who_sent(update)):
            return
        if not (recording := who.message.voice or who.message.audio):
            return
        duration = _seconds(recording)
        async with self._counted() as counted:
            async with typing(context.bot, who.chat_id, after=self.settings.typing_after_seconds):
                reply = await self.assistant.media_refusal(
                    user_id=who.user_id, kind="voice", duration=duration, update_id=update.update_id
                )
                if reply is None:
                    reply = await self._transcribed(recording, who, duration, update.update_id)
            await send_reply(context.bot, who.chat_id, reply)
            counted.append(reply)
        await self.assistant.told(reply)

    async def photo(self, update: Update, context: Context) -> None:
        """A photo: the core may refuse first (no download), else it becomes a meal draft."""
        if not (who := who_sent(update)) or not who.message.photo:
            return
        async with self._counted() as counted:
            async with typing(context.bot, who.chat_id, after=self.settings.typing_after_seconds):
                reply = await self.assistant.media_refusal(
                    user_id=who.user_id,
                    kind="photo",
                    caption=who.message.caption,
                    chat_id=who.chat_id,
                    update_id=update.update_id,
                )
                if reply is None:
                    reply = await self._estimated(who, update.update_id)
            await send_reply(context.bot, who.chat_id, reply)
            counted.append(reply)
        await self.assistant.told(reply)

    async def _transcribed(
        self, recording: Voice | Audio, who: Who, duration: int | None, update_id: int
    ) -> Reply:
        audio = await _download(recording)
        if audio is None:
            return Reply(
                media.media_download_failed(await self.assistant.reader(user_id=who.user_id))
            )
        return await self.assistant.handle_voice(
            user_id=who.user_id,
            chat_id=who.chat_id,
            audio=audio,
            filename=_audio_name(recording),
            duration=duration,
            update_id=update_id,
        )

    async def _estimated(self, who: Who, update_id: int) -> Reply:
        limit = self.settings.max_photo_bytes
        size = _largest_photo(who.message.photo, limit)
        if size is None:
            return Reply(
                media.photo_too_large(limit, await self.assistant.reader(user_id=who.user_id))
            )
        image = await _download(size)
        if image is None:
            return Reply(
                media.media_download_failed(await self.assistant.reader(user_id=who.user_id))
            )
        return await self.assistant.handle_photo(
            user_id=who.user_id,
            chat_id=who.chat_id,
            image=image,
            caption=who.message.caption,
            update_id=update_id,
        )

    async def non_text(self, update: Update, context: Context) -> None:
        """Stickers, photos, voice, locations, files...: a friendly hint to use words."""
        if who := who_sent(update):
            reader = await self.assistant.reader(user_id=who.user_id)
            reply = Reply(render_telegram.non_text_hint(_kind(who.message), reader))
            await send_reply(context.bot, who.chat_id, reply)
