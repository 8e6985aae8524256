"""Updates read leniently: no update, whatever it holds, stops the bot from taking the next one.

PTB reads a `getUpdates` answer whole (`Update.de_list`): one update it cannot read (a date no
float holds, a field of the wrong shape) fails the answer, the poller logs it and asks again
with the same offset, and Telegram sends the same answer back, about twenty times a second,
for good: nobody is answered again, and a restart changes nothing. `ReceivingBot` reads such an
answer again update by update (`read_update`), putting an `Unreadable` stand-in where PTB
failed, so the offset moves past it. The stand-in is journaled and handled like any update: its
handler fails with PTB's error (`Gates.unreadable`), so the error handler logs it once and
apologises where the update names a chat, and the last group marks it finished. The webhook
reads its bodies the same way (bot/telegram/webhook.py).
"""

from __future__ import annotations

import json
import logging
from typing import Any

from telegram import Bot, Chat, Update, User
from telegram.error import TelegramError
from telegram.ext import ExtBot

from bot.telegram.liveness import PollingRequest, json_text

ID_BOUND = 2**63  # Telegram's ids are 64-bit signed; the store's columns too


def is_id(value: object) -> bool:
    """Whether `value` is a Telegram id: an integer the store can hold (not a float, a bool)."""
    return type(value) is int and -ID_BOUND <= value < ID_BOUND


class Unreadable(Update):
    """Stands in for an update PTB could not read: its id (so it is confirmed and journaled),
    who sent it and in which chat when those can be told, the error, and the JSON as received."""

    __slots__ = ("_chat", "_sender", "error", "payload")

    def __init__(
        self,
        update_id: int,
        *,
        error: Exception,
        payload: str,
        sender: User | None = None,
        chat: Chat | None = None,
    ) -> None:
        super().__init__(update_id=update_id)
        with self._unfrozen():
            self.error = error
            self.payload = payload
            self._sender = sender
            self._chat = chat

    @classmethod
    def of(cls, data: dict[str, Any], error: Exception) -> Unreadable:
        """The stand-in for Telegram's update `data` (its `update_id` an id)."""
        sender = chat = None
        for content in data.values():  # an update carries one object: a message, a query ...
            if isinstance(content, dict):
                sender = _user(content.get("from")) or _user(content.get("user"))
                message = content.get("message")
                chat = _chat(content.get("chat")) or (
                    _chat(message.get("chat")) if isinstance(message, dict) else None
                )
                break
        payload = json_text(data) or json.dumps({"update_id": data["update_id"]})
        return cls(data["update_id"], error=error, payload=payload, sender=sender, chat=chat)

    @property
    def effective_user(self) -> User | None:
        return self._sender

    @property
    def effective_chat(self) -> Chat | None:
        return self._chat

    def to_json(self, *args: Any, **kwargs: Any) -> str:
        """The update as Telegram sent it (for the journal)."""
        return self.payload


def _user(data: object) -> User | None:
    if isinstance(data, dict) and is_id(data.get("id")):
        return User(id=data["id"], first_name="", is_bot=data.get("is_bot") is True)
    return None


def _chat(data: object) -> Chat | None:
    if isinstance(data, dict) and is_id(data.get("id")) and isinstance(data.get("type"), str):
        return Chat(id=data["id"], type=data["type"])
    return None


def read_update(data: object, bot: Bot) -> Update | None:
    """PTB's update for Telegram's JSON `data`, or an `Unreadable` stand-in where PTB fails to
    read it; None when `data` is not an update at all (no object, or no integer `update_id`)."""
    if not isinstance(data, dict) or not is_id(data.get("update_id")):
        return None
    try:
        update = Update.de_json(data, bot)
        if isinstance(bot, ExtBot):
            bot.insert_callback_data(update)
    except Exception as exc:  # whatever PTB raises on a shape it does not expect
        return Unreadable.of(data, exc)
    return update


class _AnswerReadAgain(logging.Filter):
    """Drops PTB's CRITICAL line for an answer it could not read: `ReceivingBot` reads it
    again and each update that fails is logged once, where it is handled; PTB's line would
    also quote every update of the answer, what people wrote included."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("Error while parsing updates")


_BOT_LOG = logging.getLogger("telegram.ext.ReceivingBot")
_BOT_LOG.addFilter(_AnswerReadAgain())


class ReceivingBot(ExtBot[Any]):
    """PTB's bot, whose `get_updates` reads an answer PTB cannot read whole update by update.

    The fast path is PTB's own; only an answer that fails it is read again, from the JSON that
    `polling` (the `getUpdates` request) kept of it."""

    __slots__ = ("_polling",)
    _LOGGER = _BOT_LOG

    def __init__(self, *, polling: PollingRequest, **kwargs: Any) -> None:
        super().__init__(get_updates_request=polling, **kwargs)
        self._polling = polling

    async def get_updates(self, *args: Any, **kwargs: Any) -> tuple[Update, ...]:
        try:
            return await super().get_updates(*args, **kwargs)
        except TelegramError:
            raise  # Telegram's or the network's: PTB's poller waits and asks again
        except Exception:
            answer = self._polling.answer
            if not answer:  # not an update's fault: PTB's poller logs it
                raise
            read = (read_update(data, self) for data in answer)
            return tuple(update for update in read if update is not None)
