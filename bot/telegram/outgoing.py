"""Turning the core's `Reply` into Telegram messages: HTML, inline keyboards, splitting, typing;
and the pace at which everything the bot sends goes out.

Kept apart from the handlers so the reminder job sends exactly the way a reply is sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import warnings
import weakref
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any, cast

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, LinkPreviewOptions, Message
from telegram.constants import ChatAction, ParseMode
from telegram.error import BadRequest, TelegramError
from telegram.ext import AIORateLimiter
from telegram.warnings import PTBUserWarning

from bot.kernel.replies import Button, Reply
from bot.telegram.ordering import waiting_to_send
from bot.telegram.split import split_html

log = logging.getLogger(__name__)

NO_PREVIEW = LinkPreviewOptions(is_disabled=True)  # summaries carry no links worth a card
NO_PREVIEW_JSON = NO_PREVIEW.to_dict()
MESSAGES_PER_SECOND = 30  # Telegram's overall limit for a bot's messages
# Added to each message's 1/30 s: 31 in a row leave over 1.03 s at least (a timer may fire up
# to 1 ms early), not 1 s, so requests that reach Telegram bunched by 30 ms of network or
# scheduling jitter still stay within 30 in any second (a message woken late does not bunch
# with the next: see `_Slots`; at 0.5 ms, before that, a loaded machine drew a 429). Costs 6 %
# of the pace (28.3 a second); a 429 costs the message Telegram's retry_after, a second or more.
PACE_MARGIN_SECONDS = 0.002
CHAT_ACTIONS_AT_ONCE = 8  # "typing…" requests in flight at once; more wait, or are dropped
RATE_LIMIT_RETRIES = 3  # times a 429 is waited out before the request gives up


def keyboard(buttons: list[list[Button]]) -> InlineKeyboardMarkup | None:
    """The inline keyboard for `buttons`, or None when there are none."""
    rows = [
        [InlineKeyboardButton(b.text, callback_data=b.callback) for b in row] for row in buttons
    ]
    rows = [row for row in rows if row]
    return InlineKeyboardMarkup(rows) if rows else None


def buttons_of(message: Message | None) -> list[list[Button]]:
    """The core's view of a message's inline keyboard (callback buttons only)."""
    markup = message.reply_markup if message is not None else None
    if markup is None:
        return []
    rows = [
        [Button(b.text, str(b.callback_data)) for b in row if b.callback_data is not None]
        for row in markup.inline_keyboard
    ]
    return [row for row in rows if row]


# A reply is sent with PTB's `Bot.do_api_request` and no return type: the same request, pace,
# 429 retries and errors as `Bot.send_message`, without building a `Message` of Telegram's
# answer (~70 µs of CPU a reply, most of PTB's part), which nothing reads but its id. PTB
# warns that `send_message` exists; that is known here.
warnings.filterwarnings("ignore", message=r"Please use 'Bot\.sendMessage'", category=PTBUserWarning)


async def send_reply(bot: Bot, chat_id: int, reply: Reply) -> int:
    """Send `reply` as one or more HTML messages (buttons on the last); the last message's id.

    The messages it retires are edited first; `reply.shown` is told the id that carries its
    buttons. A reply with a photo is one photo message, its text the caption (kept within the
    limit)."""
    await _retire(bot, chat_id, reply)
    if reply.photo is not None:
        sent = await bot.send_photo(
            chat_id,
            reply.photo,
            caption=reply.html or None,
            parse_mode=ParseMode.HTML,
            reply_markup=keyboard(reply.buttons),
        )
        return await _shown(reply, sent.message_id)
    parts = split_html(reply.html) or ["…"]
    markup = keyboard(reply.buttons)
    message_id = 0
    for index, part in enumerate(parts):
        fields: dict[str, Any] = {
            "chat_id": chat_id,
            "text": part,
            "parse_mode": ParseMode.HTML.value,
            "link_preview_options": NO_PREVIEW_JSON,
        }
        if markup is not None and index == len(parts) - 1:
            fields["reply_markup"] = markup
        sent = await bot.do_api_request("sendMessage", api_kwargs=fields)
        message_id = int(sent["message_id"])
    return await _shown(reply, message_id)


async def _shown(reply: Reply, message_id: int) -> int:
    if reply.shown is not None:
        await reply.shown(message_id)
    return message_id


async def _retire(bot: Bot, chat_id: int, reply: Reply) -> None:
    """Edit the messages `reply` retires, keyboards gone. One deleted or too old to edit
    stays as it is: its buttons, if tapped, are answered by the core."""
    for message_id, html in reply.retire:
        try:
            await bot.edit_message_text(
                html,
                chat_id=chat_id,
                message_id=message_id,
                parse_mode=ParseMode.HTML,
                link_preview_options=NO_PREVIEW,
            )
        except BadRequest as exc:
            log.info("message %s not retired: %s", message_id, exc)


async def edit_reply(bot: Bot, chat_id: int, message_id: int, reply: Reply) -> int:
    """Replace a message's text and buttons with `reply`; parts beyond the first are sent anew.

    Telegram refuses an edit that changes nothing ("message is not modified"), e.g. a button
    tapped twice; that is not an error for the person, so it is ignored.
    """
    await _retire(bot, chat_id, reply)
    parts = split_html(reply.html) or ["…"]
    markup = keyboard(reply.buttons)
    try:
        await bot.edit_message_text(
            parts[0],
            chat_id=chat_id,
            message_id=message_id,
            parse_mode=ParseMode.HTML,
            reply_markup=markup if len(parts) == 1 else None,
            link_preview_options=NO_PREVIEW,
        )
    except BadRequest as exc:
        if "not modified" not in str(exc).lower():
            raise
    if len(parts) == 1:
        return await _shown(reply, message_id)
    rest = Reply("\n".join(parts[1:]), buttons=reply.buttons, shown=reply.shown)
    return await send_reply(bot, chat_id, rest)


async def try_delete(bot: Bot, chat_id: int, message_id: int) -> bool:
    """Delete a message if the bot may (in groups it needs admin rights); never raises."""
    try:
        return bool(await bot.delete_message(chat_id, message_id))
    except TelegramError as exc:
        log.info("could not delete message in chat %s: %s", chat_id, type(exc).__name__)
        return False


_CHAT_ACTION_SLOTS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)


def _chat_action_slots() -> asyncio.Semaphore:
    """At most CHAT_ACTIONS_AT_ONCE chat actions in flight (per event loop)."""
    loop = asyncio.get_running_loop()
    slots = _CHAT_ACTION_SLOTS.get(loop)
    if slots is None:
        slots = _CHAT_ACTION_SLOTS[loop] = asyncio.Semaphore(CHAT_ACTIONS_AT_ONCE)
    return slots


async def _show_typing(bot: Bot, chat_id: int, started: asyncio.Event) -> None:
    """One "typing…" chat action; whatever goes wrong is logged, never raised."""
    async with _chat_action_slots():
        started.set()
        try:
            await bot.send_chat_action(chat_id, ChatAction.TYPING)
        except Exception as exc:  # a courtesy: its failure must not touch the reply
            log.info("typing not shown in chat %s: %s", chat_id, type(exc).__name__)


@contextlib.asynccontextmanager
async def typing(bot: Bot, chat_id: int, *, after: float) -> AsyncIterator[None]:
    """Show "typing…" once if the body (the answer being worked out) still runs `after` seconds
    in (0: at once); an answer ready sooner goes out with no chat action before it.

    Telegram shows it for about 5 s or until the bot's next message arrives, and it is sent at
    most once: a slow answer does not add one every few seconds. A chat action on its way when
    the body ends is let finish first, so it cannot reach the chat after the reply (and show
    "typing…" under it); one still waiting for its turn then (a crowd of late answers: at most
    CHAT_ACTIONS_AT_ONCE go at a time, over connections kept open) is dropped, as the reply
    says more.
    """
    sending: list[tuple[asyncio.Task[None], asyncio.Event]] = []

    def show() -> None:
        started = asyncio.Event()
        task = asyncio.create_task(_show_typing(bot, chat_id, started), name=f"typing:{chat_id}")
        sending.append((task, started))

    timer = asyncio.get_running_loop().call_later(after, show) if after > 0 else None
    if timer is None:
        show()
    try:
        yield
    finally:
        if timer is not None:
            timer.cancel()
        for task, started in sending:
            if not started.is_set():
                task.cancel()
            await asyncio.gather(task, return_exceptions=True)


class _Slots:
    """One message every `interval` seconds, first come first served: each sender takes the
    next free moment and sleeps until it. aiolimiter's bucket (AIORateLimiter's own) wakes its
    waiters in turn to re-check the bucket: ~175 wake-ups per message with 200 replies
    waiting, 5% of the bot's CPU in a crowd. A sender cancelled while it waits leaves its
    moment unused.

    The spacing is kept between messages as they really leave, not only between the moments
    given out: a sender woken late (a busy event loop) pushes the ones after it back, so a
    late one and an on-time one never go closer together than `interval`.

    A reply that must wait gives its update's place among those worked on at once to the
    next (`waiting_to_send`): the crowd behind it is read while the replies leave."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self._next = 0.0
        self._left = -interval  # when the last message really left

    async def __aenter__(self) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        slot = max(now, self._next)
        self._next = slot + self.interval
        # uvloop's timers count whole milliseconds: one may fire up to 1 ms early, and asking
        # again for less than that would spin. The margin keeps 30 in a row over a second.
        while True:
            slot = max(slot, self._left + self.interval)
            if slot - now < 0.001:
                break
            waiting_to_send()
            await asyncio.sleep(slot - now)
            now = loop.time()
        self._left = now
        self._next = max(self._next, now + self.interval)

    async def __aexit__(self, *_: object) -> None:
        return None


class Pace(AIORateLimiter):
    """What the bot sends, at Telegram's pace: 30 messages a second, evenly spaced (PTB's
    default bucket lets 30 go at once and 30 more within the same second, which Telegram
    answers with 429s); a 429 is waited out up to RATE_LIMIT_RETRIES times.

    A chat action ("typing…") is not paced: it goes at once and is never retried, so it never
    takes a reply's place in the budget (AIORateLimiter alone paces every request that names a
    chat alike). Assumed: Telegram counts messages toward its limit, not chat actions, which
    its documentation leaves unsaid; the bot sends at most one per message received, and only
    when the answer is late.
    """

    def __init__(self) -> None:
        super().__init__(
            overall_max_rate=1,
            overall_time_period=1 / MESSAGES_PER_SECOND,
            max_retries=RATE_LIMIT_RETRIES,
        )
        # AIORateLimiter enters this around every message it paces (its one attribute for it).
        self._base_limiter = cast(Any, _Slots(1 / MESSAGES_PER_SECOND + PACE_MARGIN_SECONDS))

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        if endpoint == "sendChatAction":
            return await callback(*args, **kwargs)
        return await super().process_request(
            callback, args, kwargs, endpoint, data, rate_limit_args
        )
