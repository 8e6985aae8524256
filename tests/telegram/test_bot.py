"""The Telegram layer alone: the real PTB application against the fake Bot API, a stub core.

These pin down the translation Telegram <-> core (routing, deleting keys, splitting, buttons,
gates, errors, ordering, webhook secret) without a sandbox or an LLM; tests/e2e runs the same
application over the real core.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bot.agent_api.client import AgentApiClient
from bot.compose import House
from bot.config import Settings
from bot.core.scheduled import Scheduled, reminder_reply, weekly_caption
from bot.kernel import callbacks
from bot.kernel.readers import DEFAULT, Reader
from bot.kernel.replies import Button, Reply, toast
from bot.kernel.sends import Send
from bot.render import accounts, conversation, telegram
from bot.render import format as fmt
from bot.store.crypto import KeyCipher, generate_key
from bot.store.db import make_engine, make_sessionmaker
from bot.store.direct import Direct
from bot.store.migrate import migrate
from bot.store.models import Account, utcnow
from bot.sync.journal import HandledWithActions, UpdateJournal
from bot.sync.locks import person_locks
from bot.sync.outbox import Delivery
from bot.sync.reminders import Reminders
from bot.sync.weekly import WeeklySummaries
from bot.telegram.app import build_application, webhook_options
from tests.fixtures.core import fresh_database_url
from tests.fixtures.telegram import FakeTelegram, deliver_webhook, free_port, running_bot

ALICE, BOB = 111, 222


@dataclass
class StubCore:
    """Answers every core call with a recognisable reply and records what it was asked.

    Its store is real (and empty): the update journal and the outbox delivery job work on
    it as they do on the assistant's.
    """

    settings: Settings
    engine: AsyncEngine
    sessionmaker: async_sessionmaker[AsyncSession]
    cipher: KeyCipher
    delivery: Delivery
    direct: Direct
    handled: HandledWithActions = field(default_factory=HandledWithActions)
    snoozed: list[int] = field(default_factory=list)
    heard_codes: dict[int, str | None] = field(default_factory=dict)
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    delays: dict[str, float] = field(default_factory=dict)
    replies: dict[str, Reply] = field(default_factory=dict)
    fail_on: str | None = None
    closed: bool = False
    http: Any = None

    async def _answer(self, method: str, /, **kwargs: Any) -> Reply:
        name = method
        self.calls.append((name, kwargs))
        text = kwargs.get("text", "")
        await asyncio.sleep(self.delays.get(text, 0.0))
        if self.fail_on is not None and self.fail_on in (name, text):
            raise RuntimeError(f"core failed on {text!r}")
        if name in self.replies:
            return self.replies[name]
        detail = kwargs.get("text") or kwargs.get("api_key") or kwargs.get("data") or ""
        return Reply(f"<b>{name}</b> {fmt.esc(detail)}".strip())

    async def start(self, *, user_id: int) -> Reply:
        return await self._answer("start", user_id=user_id)

    async def help(self, *, user_id: int) -> Reply:
        return await self._answer("help", user_id=user_id)

    async def connect(self, *, user_id: int, chat_id: int, api_key: str) -> Reply:
        reply = await self._answer("connect", user_id=user_id, chat_id=chat_id, api_key=api_key)
        reply.delete_user_message = bool(api_key)
        return reply

    async def disconnect(self, *, user_id: int) -> Reply:
        return await self._answer("disconnect", user_id=user_id)

    async def forget_request(self, *, user_id: int) -> Reply:
        return await self._answer("forget_request", user_id=user_id)

    async def set_timezone(self, *, user_id: int, name: str) -> Reply:
        return await self._answer("set_timezone", user_id=user_id, name=name)

    async def set_reminder(self, *, user_id: int, spec: str) -> Reply:
        return await self._answer("set_reminder", user_id=user_id, spec=spec)

    async def today(self, *, user_id: int, now: dt.datetime | None = None) -> Reply:
        return await self._answer("today", user_id=user_id)

    async def settings_view(self, *, user_id: int) -> Reply:
        return await self._answer("settings_view", user_id=user_id)

    async def set_language(self, *, user_id: int, code: str) -> Reply:
        return await self._answer("set_language", user_id=user_id, code=code)

    async def set_units(self, *, user_id: int, word: str) -> Reply:
        return await self._answer("set_units", user_id=user_id, word=word)

    async def heard(self, *, user_id: int, code: str | None) -> None:
        self.heard_codes[user_id] = code

    async def reader(self, *, user_id: int) -> Reader:
        return DEFAULT

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
        return await self._answer("handle_text", user_id=user_id, chat_id=chat_id, text=text)

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
        return await self._answer("handle_edit", user_id=user_id, chat_id=chat_id, text=text)

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
        data = data if data is None or isinstance(data, str) else data.encode()
        if data == "snooze":  # "later", the core's own journey
            if not shown:
                return toast(conversation.button_inactive(DEFAULT))
            self.snoozed.append(user_id)
            return Reply("snoozed", edit=True)
        reply = await self._answer("on_button", user_id=user_id, chat_id=chat_id, data=data)
        if data.startswith("rate:"):
            reply.edit = True
        return reply

    async def media_refusal(
        self, *, user_id: int, kind: str, update_id: int | None = None, **kwargs: Any
    ) -> Reply | None:
        refusal = self.replies.get("media_refusal")
        if refusal is not None:
            self.calls.append(("media_refusal", {"kind": kind, **kwargs}))
        return refusal

    async def handle_voice(
        self, *, user_id: int, chat_id: int, update_id: int | None = None, **kwargs: Any
    ) -> Reply:
        return await self._answer("handle_voice", **kwargs)

    async def handle_photo(
        self, *, user_id: int, chat_id: int, update_id: int | None = None, **kwargs: Any
    ) -> Reply:
        return await self._answer("handle_photo", **kwargs)

    @property
    def preferences(self) -> StubCore:
        """The settings' door is the stub itself."""
        return self

    async def synced_notice(self, done: Any) -> Reply:
        return Reply("synced")

    async def told(self, reply: Reply) -> None:
        """The handler sent `reply` (nothing of it is an outbox item here)."""

    async def aclose(self) -> None:
        self.closed = True

    def names(self) -> list[str]:
        return [name for name, _ in self.calls]


class StubReminders(Reminders):
    """Reminders without a database: records resumes."""

    def __init__(self) -> None:
        self.resumed: list[int] = []

    async def resume_if_blocked(self, *, user_id: int, now: dt.datetime | None = None) -> bool:
        self.resumed.append(user_id)
        return False

    async def run_due(self, now: dt.datetime, send: Send) -> int:
        return 0


def stub_house(core: StubCore, reminders: StubReminders) -> House:
    """The doors a Telegram application is built on, with the stub for the core's."""
    locks = person_locks(core.settings.database_url)
    return House(
        resources=None,  # type: ignore[arg-type]
        assistant=core,  # type: ignore[arg-type]
        scheduled=Scheduled(
            delivery=core.delivery,
            reminders=reminders,
            weekly=WeeklySummaries.of(core, weekly_caption, clock=utcnow),  # type: ignore[arg-type]
            synced_notice=core.synced_notice,
        ),
        journal=UpdateJournal(
            sessionmaker=core.sessionmaker,
            direct=core.direct,
            cipher=core.cipher,
            claim_timeout=dt.timedelta(seconds=core.settings.outbox_claim_timeout_seconds),
            worker_id=core.delivery.worker_id,
            shared=locks is not None,
            stored=core.handled,
        ),
        locks=locks,
    )


def _no_service(key: str) -> AgentApiClient:
    raise AssertionError("the stub core's outbox stays empty: nothing is sent to the service")


MakeCore = Callable[[Settings], Awaitable[StubCore]]


@pytest.fixture
async def make_core() -> AsyncIterator[MakeCore]:
    """Stub cores, each on a new store at its settings' DATABASE_URL; closed at the end."""
    made: list[StubCore] = []

    async def make(settings: Settings) -> StubCore:
        engine = make_engine(settings.database_url)
        await migrate(engine)
        sessionmaker = make_sessionmaker(engine)
        cipher = KeyCipher([generate_key()])
        direct = Direct(engine)
        delivery = Delivery(
            sessionmaker=sessionmaker,
            direct=direct,
            cipher=cipher,
            api_for=_no_service,
            clock=utcnow,
        )
        made.append(StubCore(settings, engine, sessionmaker, cipher, delivery, direct))
        return made[-1]

    yield make
    for core in made:
        core.delivery.close()
        await core.engine.dispose()


def settings_for(fake: FakeTelegram, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "telegram_bot_token": SecretStr(fake.token),
        "telegram_api_base_url": fake.base_url,
        "bot_encryption_key": None,
        **overrides,
    }
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


@dataclass
class Bot:
    fake: FakeTelegram
    core: StubCore
    reminders: StubReminders
    app: Any


@pytest.fixture
async def bot(
    fake_telegram: FakeTelegram, make_core: MakeCore, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[Bot]:
    overrides = {"database_url": fresh_database_url(tmp_path), **getattr(request, "param", {})}
    settings = settings_for(fake_telegram, **overrides)
    core, reminders = await make_core(settings), StubReminders()
    app = build_application(settings, stub_house(core, reminders), reminder_every=None)
    async with running_bot(app):
        yield Bot(fake_telegram, core, reminders, app)
    assert core.closed  # post_shutdown closed the core


async def test_start_registers_commands_and_uses_the_fake_server(bot: Bot) -> None:
    assert bot.fake.calls("getMe")
    assert [c["command"] for c in bot.fake.commands] == [n for n, _ in telegram.bot_commands()]
    assert bot.fake.file_url == bot.app.bot.base_file_url.removesuffix(bot.fake.token)


async def test_commands_reach_the_core_with_their_arguments(bot: Bot) -> None:
    fake = bot.fake
    for text in (
        "/start",
        "/help",
        "/today",
        "/timezone New York",
        "/remind 21:30",
        "/settings",
        "/disconnect",
        "/forget",
    ):
        fake.push_text(ALICE, text)
    sent = await fake.wait_sent(ALICE, 8)
    assert bot.core.names() == [
        "start",
        "help",
        "today",
        "set_timezone",
        "set_reminder",
        "settings_view",
        "disconnect",
        "forget_request",
    ]
    assert bot.core.calls[3][1]["name"] == "New York"
    assert bot.core.calls[4][1]["spec"] == "21:30"
    assert all(m.parse_mode == "HTML" for m in sent)
    assert sent[0].text == "<b>start</b>"


@pytest.mark.parametrize("bot", [{"typing_after_seconds": 0.1}], indirect=True)
async def test_text_goes_to_the_core_with_typing_shown(bot: Bot) -> None:
    bot.core.delays = {"had oatmeal & coffee": 0.3}  # slow enough for the indicator to show
    bot.fake.push_text(ALICE, "had oatmeal & coffee")
    [reply] = await bot.fake.wait_sent(ALICE, 1)
    assert reply.text == "<b>handle_text</b> had oatmeal &amp; coffee"
    assert bot.core.calls == [
        ("handle_text", {"user_id": ALICE, "chat_id": ALICE, "text": "had oatmeal & coffee"})
    ]
    actions = bot.fake.calls("sendChatAction")
    assert actions and actions[0].params["action"] == "typing"


@pytest.mark.parametrize("bot", [{"typing_after_seconds": 0.3}], indirect=True)
async def test_a_quick_reply_comes_without_typing(bot: Bot) -> None:
    bot.fake.push_text(ALICE, "an apple")
    await bot.fake.wait_sent(ALICE, 1)
    await asyncio.sleep(0.5)  # past the threshold: nothing follows the reply either
    assert bot.fake.calls("sendChatAction") == []


@pytest.mark.parametrize("bot", [{"typing_after_seconds": 0.2}], indirect=True)
async def test_a_late_answer_shows_typing_once_before_the_reply(bot: Bot) -> None:
    bot.core.delays = {"a long story": 1.0}
    pushed = time.monotonic()
    bot.fake.push_text(ALICE, "a long story")
    await bot.fake.wait_sent(ALICE, 1)
    [action] = bot.fake.calls("sendChatAction")
    [reply] = bot.fake.calls("sendMessage")
    assert action.params == {"chat_id": ALICE, "action": "typing"}
    assert pushed + 0.2 <= action.at < reply.at


async def test_a_burst_of_quick_answers_sends_replies_only(bot: Bot) -> None:
    people = range(1000, 1060)  # 2 s of replies at 30 a second: past the 1.5 s threshold
    for person in people:
        bot.fake.push_text(person, "an apple")
    await bot.fake.wait_for(lambda: len(bot.fake.sent()) == len(people), timeout=60)
    assert sorted(m.chat_id for m in bot.fake.sent()) == list(people)
    assert bot.fake.calls("sendChatAction") == []


async def test_a_crowd_of_replies_goes_at_telegrams_pace_and_none_is_refused(bot: Bot) -> None:
    """45 answers ready at once: Telegram (here its fake) refuses a 31st message within a
    second with a 429; the bot spaces them so none is refused. That it loses no time doing it
    is the pace's own schedule, checked on a virtual clock in tests/telegram/test_pace.py."""
    bot.fake.rate_limit = 30
    people = range(2000, 2045)
    for person in people:
        bot.fake.push_text(person, "an apple")
    await bot.fake.wait_for(lambda: len(bot.fake.sent()) == len(people), timeout=60)
    sends = [call.at for call in bot.fake.calls("sendMessage")]
    assert len(sends) == len(people)  # each accepted the first time: no 429, no retry
    assert sorted(m.chat_id for m in bot.fake.sent()) == list(people)
    assert max(sum(1 for t in sends if start <= t < start + 1.0) for start in sends) <= 30


@pytest.mark.parametrize("bot", [{"typing_after_seconds": 0}], indirect=True)
async def test_chat_actions_take_no_reply_s_place_in_the_pace(bot: Bot) -> None:
    """Every answer is late, so every chat gets "typing…"; the pace's slots (30 a second) go to
    the 60 replies alone, so the chat actions cost the replies no time, however fast the
    machine."""
    pace = bot.app.bot.rate_limiter
    slots = _CountedSlots(pace._base_limiter)
    pace._base_limiter = slots
    bot.core.delays = {"an apple": 0.5}
    people = range(1000, 1060)
    for person in people:
        bot.fake.push_text(person, "an apple")
    await bot.fake.wait_for(lambda: len(bot.fake.sent()) == len(people))
    assert len(bot.fake.calls("sendChatAction")) == len(people)  # one for every answer
    assert slots.taken == len(bot.fake.calls("sendMessage")) == len(people)


class _CountedSlots:
    """The pace's slots, counting each one taken."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.taken = inner, 0

    async def __aenter__(self) -> None:
        self.taken += 1
        await self.inner.__aenter__()

    async def __aexit__(self, *exc: object) -> None:
        await self.inner.__aexit__(*exc)


@pytest.mark.parametrize("bot", [{"typing_after_seconds": 0}], indirect=True)
async def test_a_chat_action_still_waiting_when_the_answer_is_ready_is_dropped(bot: Bot) -> None:
    """60 answers due "typing…" at once but ready at once, and Telegram slow to take chat
    actions: a handful go at a time (over connections kept open); those still waiting when
    their answer is ready would say less than the reply and are dropped; none reaches a chat
    after its reply."""
    bot.fake.latency["sendChatAction"] = 1.0
    people = range(1000, 1060)
    for person in people:
        bot.fake.push_text(person, "an apple")
    await bot.fake.wait_for(lambda: len(bot.fake.sent()) == len(people), timeout=15)
    actions = bot.fake.calls("sendChatAction")
    assert 0 < len(actions) < len(people)
    replied = {call.params["chat_id"]: call.at for call in bot.fake.calls("sendMessage")}
    assert all(action.at < replied[action.params["chat_id"]] for action in actions)


@pytest.mark.parametrize("bot", [{"typing_after_seconds": 0.1}], indirect=True)
async def test_a_refused_chat_action_leaves_the_reply_alone(bot: Bot) -> None:
    bot.core.delays = {"a long story": 0.3}
    bot.fake.fail_next("sendChatAction", 429, "Too Many Requests: retry after 60", retry_after=60)
    pushed = time.monotonic()
    bot.fake.push_text(ALICE, "a long story")
    [reply] = await bot.fake.wait_sent(ALICE, 1)
    assert reply.text == "<b>handle_text</b> a long story"
    assert len(bot.fake.calls("sendChatAction")) == 1  # not retried, and not waited out
    assert bot.fake.calls("sendMessage")[0].at - pushed < 30  # the 60 s were not waited out


async def test_unknown_command_gets_a_hint(bot: Bot) -> None:
    bot.fake.push_text(ALICE, "/frobnicate")
    [reply] = await bot.fake.wait_sent(ALICE, 1)
    assert reply.text == accounts.unknown_command(DEFAULT)
    assert bot.core.calls == []


async def test_connect_deletes_the_message_with_the_key(bot: Bot) -> None:
    update_message = bot.fake.push_text(ALICE, "/connect sk_live_123")
    assert update_message
    [reply] = await bot.fake.wait_sent(ALICE, 1)
    assert bot.core.calls[0] == (
        "connect",
        {"user_id": ALICE, "chat_id": ALICE, "api_key": "sk_live_123"},
    )
    [delete] = bot.fake.calls("deleteMessage")
    assert delete.params["chat_id"] == ALICE
    # the delete happened before the reply was sent
    assert delete.at <= bot.fake.calls("sendMessage")[0].at
    assert "connect" in reply.text


async def test_connect_without_a_key_deletes_nothing(bot: Bot) -> None:
    bot.fake.push_text(ALICE, "/connect")
    await bot.fake.wait_sent(ALICE, 1)
    assert bot.core.calls[0][1]["api_key"] == ""
    assert not bot.fake.calls("deleteMessage")


@pytest.mark.parametrize("deletable", [True, False])
async def test_connect_in_a_group_is_refused_and_deleted(bot: Bot, deletable: bool) -> None:
    group = -100500
    if not deletable:
        bot.fake.refuse_deletes(group)
    bot.fake.push_text(ALICE, "/connect sk_live_123", chat_type="supergroup", chat_id=group)
    [reply] = await bot.fake.wait_sent(group, 1)
    assert reply.text == telegram.connect_in_group(DEFAULT)
    assert bot.fake.calls("deleteMessage")[0].params["chat_id"] == group
    assert bot.core.calls == []
    assert not bot.fake.sent(ALICE)


async def test_groups_get_no_health_data(bot: Bot) -> None:
    group = -100600
    bot.fake.push_text(ALICE, "had a pizza", chat_type="group", chat_id=group)
    bot.fake.push_text(ALICE, "/today", chat_type="group", chat_id=group)
    [reply] = await bot.fake.wait_sent(group, 1)
    assert reply.text == telegram.private_only(DEFAULT)
    await bot.fake.wait_idle()
    assert bot.core.calls == []


async def test_non_text_messages_get_a_friendly_hint(bot: Bot) -> None:
    fake = bot.fake
    fake.push_sticker(ALICE)
    fake.push_location(ALICE)
    fake.push_document(ALICE)
    sent = await fake.wait_sent(ALICE, 3)
    kinds = ["sticker", "location", "document"]
    assert [m.text for m in sent] == [telegram.non_text_hint(k, DEFAULT) for k in kinds]
    assert bot.core.calls == []


async def test_voice_and_photos_are_downloaded_and_handed_to_the_core(bot: Bot) -> None:
    fake = bot.fake
    fake.push_voice(ALICE, b"OggS-hello", duration=3)
    await fake.wait_sent(ALICE, 1)
    fake.push_photo(ALICE, b"\xff\xd8\xff-meal", caption="half of this")
    await fake.wait_sent(ALICE, 2)
    [(_, voice), (_, photo)] = bot.core.calls
    assert voice == {"audio": b"OggS-hello", "filename": "voice.ogg", "duration": 3}
    assert photo == {"image": b"\xff\xd8\xff-meal", "caption": "half of this"}
    assert len(fake.calls("getFile")) == 2


async def test_a_refused_voice_note_is_not_downloaded(bot: Bot) -> None:
    bot.core.replies["media_refusal"] = Reply("too long")
    bot.fake.push_voice(ALICE, duration=999)
    [reply] = await bot.fake.wait_sent(ALICE, 1)
    assert reply.text == "too long"
    assert bot.core.calls == [("media_refusal", {"kind": "voice", "duration": 999})]
    assert bot.fake.calls("getFile") == []


async def test_long_replies_are_split_with_buttons_on_the_last_part(bot: Bot) -> None:
    long = "\n".join(f"<b>line {i}</b> " + "x" * 60 for i in range(300))
    bot.core.replies["handle_text"] = Reply(long, buttons=[[Button("OK", "forget:no")]])
    bot.fake.push_text(ALICE, "long please")
    await bot.fake.wait_for(lambda: any(m.reply_markup for m in bot.fake.sent(ALICE)))
    sent = bot.fake.sent(ALICE)
    assert len(sent) > 1
    assert all(len(m.text) <= 4096 for m in sent)
    assert [bool(m.reply_markup) for m in sent] == [False] * (len(sent) - 1) + [True]
    assert "\n".join(m.text for m in sent) == long


async def test_reminder_buttons_rate_and_keep_the_other_rows_and_later(bot: Bot) -> None:
    reminder = reminder_reply(Account(telegram_id=ALICE), dt.date(2026, 3, 1))
    bot.core.replies["handle_text"] = reminder  # any way to get the message on screen
    bot.fake.push_text(ALICE, "show me")
    [message] = await bot.fake.wait_sent(ALICE, 1)
    assert "rate:mood:4" in message.callbacks and "snooze" in message.callbacks
    bot.core.replies.pop("handle_text")
    bot.core.replies["on_button"] = Reply("Mood 4/5 saved.", edit=True)

    bot.fake.push_callback(ALICE, "rate:mood:4", message.message_id)
    await bot.fake.wait_for(lambda: bot.fake.messages[message.message_id].edits == 1)
    edited = bot.fake.messages[message.message_id]
    assert edited.text == "Mood 4/5 saved."
    assert not any(c.startswith("rate:mood") for c in edited.callbacks)
    assert any(c.startswith("rate:energy") for c in edited.callbacks)
    assert "snooze" in edited.callbacks  # energy and sleep are still to rate
    assert len(bot.fake.calls("answerCallbackQuery")) == 1
    assert bot.core.calls[-1][0] == "on_button"


async def test_later_goes_to_the_reminders(bot: Bot) -> None:
    bot.core.replies["handle_text"] = reminder_reply(
        Account(telegram_id=ALICE), dt.date(2026, 3, 1)
    )
    bot.fake.push_text(ALICE, "show me")
    [message] = await bot.fake.wait_sent(ALICE, 1)
    bot.fake.push_callback(ALICE, "snooze", message.message_id)
    await bot.fake.wait_for(lambda: bot.fake.messages[message.message_id].text == "snoozed")
    assert bot.core.snoozed == [ALICE]
    assert bot.fake.messages[message.message_id].callbacks == []


async def test_a_later_tap_on_a_message_without_later_snoozes_nothing(bot: Bot) -> None:
    bot.core.replies["handle_text"] = Reply("Mood 4/5 saved.")
    bot.fake.push_text(ALICE, "show me")
    [message] = await bot.fake.wait_sent(ALICE, 1)
    bot.fake.push_callback(ALICE, "snooze", message.message_id)
    await bot.fake.wait_for(lambda: bot.fake.calls("answerCallbackQuery"))
    [answer] = bot.fake.calls("answerCallbackQuery")
    assert answer.params["text"] == conversation.button_inactive(DEFAULT)
    assert bot.core.snoozed == []
    assert bot.fake.messages[message.message_id].edits == 0


async def test_a_toast_answers_the_tap_and_leaves_the_message_as_it_is(bot: Bot) -> None:
    bot.core.replies["forget_request"] = Reply("sure?", buttons=[[Button("Yes", "forget:yes")]])
    bot.fake.push_text(ALICE, "/forget")
    [question] = await bot.fake.wait_sent(ALICE, 1)
    bot.core.replies["on_button"] = toast("Already done.")
    bot.fake.push_callback(ALICE, "forget:yes", question.message_id)
    bot.fake.push_text(ALICE, "next")  # handled after the tap, in order
    await bot.fake.wait_sent(ALICE, 2)
    [answer] = bot.fake.calls("answerCallbackQuery")
    assert answer.params["text"] == "Already done."
    assert bot.fake.messages[question.message_id].edits == 0
    assert [m.text for m in bot.fake.sent(ALICE)] == ["sure?", "<b>handle_text</b> next"]


async def test_a_tap_the_core_fails_on_is_answered_and_explained(bot: Bot) -> None:
    bot.core.replies["forget_request"] = Reply("sure?", buttons=[[Button("Yes", "forget:yes")]])
    bot.fake.push_text(ALICE, "/forget")
    [question] = await bot.fake.wait_sent(ALICE, 1)
    bot.core.fail_on = "on_button"
    bot.fake.push_callback(ALICE, "forget:yes", question.message_id)
    sent = await bot.fake.wait_sent(ALICE, 2)
    assert sent[1].text == conversation.internal_error(DEFAULT)
    [answer] = bot.fake.calls("answerCallbackQuery")  # the button stops spinning
    assert answer.params.get("text") is None


async def test_a_button_reply_that_is_not_an_edit_is_a_new_message(bot: Bot) -> None:
    bot.core.replies["forget_request"] = Reply("sure?", buttons=[[Button("Yes", "forget:yes")]])
    bot.fake.push_text(ALICE, "/forget")
    [question] = await bot.fake.wait_sent(ALICE, 1)
    bot.fake.push_callback(ALICE, "forget:yes", question.message_id)
    sent = await bot.fake.wait_sent(ALICE, 2)
    assert sent[1].text == "<b>on_button</b> forget:yes"


async def test_an_update_delivered_twice_is_processed_once(bot: Bot) -> None:
    update_id = bot.fake.push_text(ALICE, "one coffee")
    await bot.fake.wait_sent(ALICE, 1)
    bot.fake.redeliver(update_id)
    bot.fake.push_text(ALICE, "two coffees")
    await bot.fake.wait_sent(ALICE, 2)
    await asyncio.sleep(0.1)
    texts = [kwargs["text"] for name, kwargs in bot.core.calls if name == "handle_text"]
    assert texts == ["one coffee", "two coffees"]
    assert len(bot.fake.sent(ALICE)) == 2


async def test_one_person_in_order_two_people_at_once(bot: Bot) -> None:
    # Alice's first message is the slowest; her replies must still come in order,
    # and Bob must not wait behind her.
    bot.core.delays = {"a1": 0.4, "a2": 0.1, "a3": 0.0, "b1": 0.0}
    for text in ("a1", "a2", "a3"):
        bot.fake.push_text(ALICE, text)
    bot.fake.push_text(BOB, "b1")
    await bot.fake.wait_sent(ALICE, 3)
    assert [m.text for m in bot.fake.sent(ALICE)] == [
        f"<b>handle_text</b> {t}" for t in ("a1", "a2", "a3")
    ]
    [bob_reply] = bot.fake.sent(BOB)
    assert bob_reply.message_id < bot.fake.sent(ALICE)[0].message_id


@pytest.mark.parametrize("bot", [{"allowed_telegram_user_ids": "111"}], indirect=True)
async def test_only_allowed_people_are_served(bot: Bot) -> None:
    bot.fake.push_text(BOB, "hello")
    bot.fake.push_text(ALICE, "hello")
    await bot.fake.wait_sent(ALICE, 1)
    [refusal] = await bot.fake.wait_sent(BOB, 1)
    assert refusal.text == telegram.not_allowed(DEFAULT)
    assert [kwargs["user_id"] for _, kwargs in bot.core.calls] == [ALICE]


async def test_a_failure_is_logged_without_text_and_answered_kindly(
    bot: Bot, caplog: pytest.LogCaptureFixture
) -> None:
    bot.core.fail_on = "my secret diary"
    with caplog.at_level(logging.ERROR):
        bot.fake.push_text(ALICE, "my secret diary")
        [reply] = await bot.fake.wait_sent(ALICE, 1)
    assert reply.text == conversation.internal_error(DEFAULT)
    assert "Traceback" not in reply.text
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert f"user {ALICE}" in logged and "RuntimeError" in logged
    assert "secret diary" not in logged
    assert "secret diary" not in caplog.text


async def test_a_person_who_blocked_the_bot_does_not_crash_the_error_path(bot: Bot) -> None:
    bot.fake.block(ALICE)
    bot.fake.push_text(ALICE, "hello")
    bot.fake.push_text(BOB, "hello")
    await bot.fake.wait_sent(BOB, 1)
    await bot.fake.wait_for(lambda: len(bot.fake.calls("sendMessage")) >= 2)
    assert bot.fake.sent(ALICE) == []


async def test_webhook_refuses_a_wrong_or_missing_secret(
    fake_telegram: FakeTelegram, make_core: MakeCore, tmp_path: Path
) -> None:
    port = free_port()
    settings = settings_for(
        fake_telegram,
        webhook_url=f"https://bot.example.org:{port}",
        webhook_listen="127.0.0.1",
        webhook_port=port,
        webhook_path="/telegram",
        webhook_secret_token=SecretStr("s3cret-token"),
        database_url=fresh_database_url(tmp_path),
    )
    core = await make_core(settings)
    app = build_application(settings, stub_house(core, StubReminders()), reminder_every=None)
    options = webhook_options(settings)
    assert options["webhook_url"] == f"https://bot.example.org:{port}/telegram"
    async with app:
        assert app.updater is not None
        await app.updater.start_webhook(**options)
        await app.start()
        try:
            assert fake_telegram.webhook is not None
            assert fake_telegram.webhook["secret_token"] == "s3cret-token"
            assert fake_telegram.webhook["url"] == options["webhook_url"]
            url = f"http://127.0.0.1:{port}/telegram"

            def update(update_id: int, text: str) -> dict[str, Any]:
                chat = {"id": ALICE, "type": "private", "first_name": "A"}
                user = {"id": ALICE, "is_bot": False, "first_name": "A"}
                message = {"message_id": update_id, "date": 0, "chat": chat, "from": user}
                return {"update_id": update_id, "message": {**message, "text": text}}

            assert await deliver_webhook(url, update(1, "wrong"), "not-the-secret") == 403
            assert await deliver_webhook(url, update(2, "missing"), None) == 403
            assert await deliver_webhook(url, update(3, "right"), "s3cret-token") == 200
            await fake_telegram.wait_sent(ALICE, 1)
            await asyncio.sleep(0.05)
            assert [kw["text"] for _, kw in core.calls] == ["right"]
        finally:
            await app.updater.stop()
            await app.stop()


def test_webhook_gets_a_random_secret_when_none_is_configured(fake_telegram: FakeTelegram) -> None:
    settings = settings_for(fake_telegram, webhook_url="https://bot.example.org/hook")
    first, second = webhook_options(settings), webhook_options(settings)
    assert first["webhook_url"] == "https://bot.example.org/hook"
    assert first["url_path"] == "telegram"
    assert len(first["secret_token"]) >= 32 and first["secret_token"] != second["secret_token"]
