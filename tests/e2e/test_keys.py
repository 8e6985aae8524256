"""A person's API key never leaks: pasted without /connect, copied with invisible characters
or quotes, in a group, or read back from the logs at DEBUG, the history or the model's input.

Everything runs through the real PTB application against the fake Bot API, the real core,
the sandbox over HTTP and, where a model is configured, the fake OpenAI server.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr
from sqlalchemy import select

from bot.compose import compose
from bot.kernel.readers import DEFAULT
from bot.render import accounts
from bot.render import telegram as render_telegram
from bot.store.models import ConversationTurn
from bot.telegram.app import build_application, webhook_options
from bot.telegram.logs import NOISY_LOGGERS, RedactingFilter, configure_logging
from tests.e2e.conftest import Harness, harness_settings
from tests.fixtures.openai import FakeOpenAI
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import (
    BOT_TOKEN,
    BOT_USERNAME,
    FakeTelegram,
    SentMessage,
    deliver_webhook,
    free_port,
)

ADA = 6001
GROUP = -1006001
MORNING = dt.datetime(2026, 3, 10, 7, 0, tzinfo=dt.UTC)  # 08:00 in Berlin
DAY = "2026-03-10"
WEBHOOK_SECRET = "hook-s3cret-Zq81xv"
ZWSP, BOM, NBSP = "\u200b", "\ufeff", "\u00a0"


def fragments(secret: str) -> list[str]:
    """Pieces of `secret` long enough that finding one anywhere means it leaked."""
    return [secret, *(secret[i : i + 10] for i in range(0, len(secret) - 9, 4))]


def leaked(text: str, *secrets: str) -> list[str]:
    return [piece for secret in secrets for piece in fragments(secret) if piece in text]


def pushed_message_id(fake: FakeTelegram, update_id: int) -> int:
    """The message id of an update the bot has fetched."""
    for call in fake.calls("getUpdates"):
        for update in call.params.get("_returned", []):
            if update["update_id"] == update_id:
                return int(update["message"]["message_id"])
    raise AssertionError(f"update {update_id} was never fetched")


async def send(bot: Harness, text: str, *, chat_id: int | None = None) -> tuple[int, SentMessage]:
    """Send `text` as Ada; the id of her message and the bot's reply."""
    chat = chat_id if chat_id is not None else ADA
    before = len(bot.fake.sent(chat))
    update_id = bot.fake.push_text(
        ADA, text, chat_type="private" if chat == ADA else "supergroup", chat_id=chat_id
    )
    sent = await bot.fake.wait_sent(chat, before + 1)
    return pushed_message_id(bot.fake, update_id), sent[before]


def deleted(fake: FakeTelegram, chat_id: int, message_id: int) -> bool:
    return any(
        call.params.get("chat_id") == chat_id and call.params.get("message_id") == message_id
        for call in fake.calls("deleteMessage")
    )


async def history(bot: Harness) -> list[str]:
    assert bot.assistant is not None
    async with bot.assistant.resources.sessionmaker() as session:
        return list(await session.scalars(select(ConversationTurn.text)))


def oatmeal(fake_openai: FakeOpenAI) -> None:
    food = {"food": "Oatmeal, 1 cup cooked", "calories": 158, "protein": 6, "carbs": 27, "fat": 3}
    fake_openai.reply_tool_calls([("log_food", {"date": DAY, "items": [food]})])


# --- a key pasted without /connect --------------------------------------------------------


@pytest.mark.parametrize("template", ["{key}", "my key is {key} ok?", "key:\n{key}."])
async def test_a_key_pasted_without_connect_is_deleted_and_links(
    harness_factory: Any, sandbox: RunningSandbox, template: str
) -> None:
    bot = await harness_factory(start=MORNING, agent_api_base_url=sandbox.url)
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    message_id, reply = await send(bot, template.format(key=key))
    assert reply.text.startswith("Welcome, Ada!")
    assert deleted(bot.fake, ADA, message_id)
    account = await bot.account(ADA)
    assert account is not None and account.encrypted_key is not None
    assert not leaked(" ".join(bot.fake.texts()), key)
    assert not leaked(" ".join(await history(bot)), key)


async def test_a_pasted_key_never_reaches_the_model_or_the_history(
    harness_factory: Any, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    bot = await harness_factory(
        start=MORNING,
        agent_api_base_url=sandbox.url,
        openai_api_key="test-key",
        openai_base_url=fake_openai.base_url,
        offline_fast_path=False,
    )
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    await send(bot, f"/connect {key}")
    oatmeal(fake_openai)
    _, reply = await send(bot, "had oatmeal")
    assert "Oatmeal" in reply.text
    message_id, reply = await send(bot, f"oh and my key is {key} in case you need it")
    assert reply.text.startswith("Welcome, Ada!")  # linked again, nothing planned
    assert deleted(bot.fake, ADA, message_id)
    fake_openai.reply_text("You had oatmeal, 158 kcal.")
    _, reply = await send(bot, "what did I eat today?")  # the history goes to the model
    assert "158" in reply.text
    assert len(fake_openai.chat_requests) == 2
    assert not leaked(json.dumps(fake_openai.requests), key)
    assert not leaked(" ".join(await history(bot)), key)
    assert not leaked(" ".join(bot.fake.texts()), key)
    assert (await sandbox.counts(key))["nutrition"] == 1


@pytest.mark.parametrize("deletable", [True, False])
async def test_a_key_pasted_in_a_group_is_refused_and_deleted(
    harness_factory: Any, sandbox: RunningSandbox, deletable: bool
) -> None:
    bot = await harness_factory(start=MORNING, agent_api_base_url=sandbox.url)
    if not deletable:
        bot.fake.refuse_deletes(GROUP)
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    message_id, reply = await send(bot, f"here is my key {key}", chat_id=GROUP)
    assert reply.text == render_telegram.connect_in_group(DEFAULT)
    assert any(c.params.get("message_id") == message_id for c in bot.fake.calls("deleteMessage"))
    assert await bot.account(ADA) is None
    assert not leaked(" ".join(bot.fake.texts()), key)


# --- what a copy brings along -----------------------------------------------------------------


@pytest.mark.parametrize(
    "template",
    [
        "/connect {ZWSP}{key}",
        "/connect {key}{ZWSP}",
        "/connect «{key}»",
        "/connect “{key}”",
        "/connect {BOM}'{key}'",
        "/connect\n`{key}`",
        "{ZWSP}{key}",
    ],
)
async def test_a_key_with_invisible_characters_or_quotes_links(
    harness_factory: Any, sandbox: RunningSandbox, template: str
) -> None:
    bot = await harness_factory(start=MORNING, agent_api_base_url=sandbox.url)
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    text = template.format(key=key, ZWSP=ZWSP, BOM=BOM)
    message_id, reply = await send(bot, text)
    assert reply.text.startswith("Welcome, Ada!"), reply.text
    assert deleted(bot.fake, ADA, message_id)
    account = await bot.account(ADA)
    assert account is not None and account.encrypted_key is not None


@pytest.mark.parametrize("command", ["/connect ", ""])
async def test_a_key_that_is_not_ascii_is_refused_in_words_after_its_message_is_deleted(
    harness_factory: Any, sandbox: RunningSandbox, command: str
) -> None:
    bot = await harness_factory(start=MORNING, agent_api_base_url=sandbox.url)
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    mistyped = key[:10] + "а" + key[11:]  # a Cyrillic "а" where a letter was
    message_id, reply = await send(bot, command + mistyped)
    assert reply.text == accounts.connect_unreadable_key(DEFAULT)
    [delete] = [
        c for c in bot.fake.calls("deleteMessage") if c.params.get("message_id") == message_id
    ]
    [answer] = [c for c in bot.fake.calls("sendMessage") if c.params.get("chat_id") == ADA]
    assert delete.at <= answer.at  # deleted before anything was checked or said
    assert await bot.account(ADA) is None


# --- the logs, at DEBUG --------------------------------------------------------------------


class Records(logging.Handler):
    """Every record that reaches the root logger, formatted with its traceback."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@pytest.fixture
def debug_logs(caplog: pytest.LogCaptureFixture) -> Iterator[Records]:
    """The root logger at DEBUG with `configure_logging` applied, as `healthbot run` does it
    with LOG_LEVEL=DEBUG (no secret named to it: the patterns alone must do); undone after."""
    root = logging.getLogger()
    factory, level = logging.getLogRecordFactory(), root.level
    noisy = {name: logging.getLogger(name).level for name in NOISY_LOGGERS}
    records = Records()
    root.addHandler(records)
    caplog.set_level(logging.DEBUG)
    configure_logging("DEBUG")
    try:
        yield records
    finally:
        root.removeHandler(records)
        for handler in root.handlers:
            for redacting in [f for f in handler.filters if isinstance(f, RedactingFilter)]:
                handler.removeFilter(redacting)
        logging.setLogRecordFactory(factory)
        root.setLevel(level)
        for name, was in noisy.items():
            logging.getLogger(name).setLevel(was)


def assert_no_leak_in_logs(
    records: Records, caplog: pytest.LogCaptureFixture, *secrets: str
) -> None:
    assert len(records.lines) > 50  # PTB's DEBUG dumps were there to be read
    found = [
        (line[:200], leaked(line, *secrets)) for line in records.lines if leaked(line, *secrets)
    ]
    assert not found
    assert not leaked(caplog.text, *secrets)
    assert not [r for r in caplog.records if leaked(r.getMessage(), *secrets)]


async def test_a_journey_at_debug_leaves_no_key_or_token_anywhere(
    harness_factory: Any,
    sandbox: RunningSandbox,
    fake_openai: FakeOpenAI,
    debug_logs: Records,
    caplog: pytest.LogCaptureFixture,
) -> None:
    bot = await harness_factory(
        start=MORNING,
        agent_api_base_url=sandbox.url,
        openai_api_key="test-key",
        openai_base_url=fake_openai.base_url,
        offline_fast_path=False,
    )
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    pasted = [
        key,
        f"my key is {key} ok?",
        f"/connect\n{key}",
        f"/connect {ZWSP}{key}",
        f"/connect@{BOT_USERNAME} «{key}»",
        f"/connect {key}{NBSP}",
    ]
    for text in pasted[:1]:
        message_id, reply = await send(bot, text)
        assert reply.text.startswith("Welcome, Ada!") and deleted(bot.fake, ADA, message_id)
    await send(bot, "/timezone Europe/Berlin")
    oatmeal(fake_openai)
    _, reply = await send(bot, "had oatmeal")
    assert "Oatmeal" in reply.text
    for text in pasted[1:]:
        message_id, reply = await send(bot, text)
        assert reply.text.startswith("Welcome, Ada!") and deleted(bot.fake, ADA, message_id)
    _, reply = await send(bot, "/connect " + key[:10] + "а" + key[11:])
    assert reply.text == accounts.connect_unreadable_key(DEFAULT)
    fake_openai.reply_text("You had oatmeal.")
    _, reply = await send(bot, "what did I eat?")
    assert "oatmeal" in reply.text
    _, reply = await send(bot, key, chat_id=GROUP)
    assert reply.text == render_telegram.connect_in_group(DEFAULT)
    _, reply = await send(bot, "/today")
    assert "158" in reply.text

    secret_part = BOT_TOKEN.split(":", 1)[1]
    assert_no_leak_in_logs(debug_logs, caplog, key, secret_part)
    said = [c.params for c in bot.fake.calls() if c.method != "getUpdates"]
    assert not leaked(json.dumps(said, default=str, ensure_ascii=False), key)
    assert not leaked(" ".join(await history(bot)), key)
    assert not leaked(json.dumps(fake_openai.requests, ensure_ascii=False), key)


async def test_a_webhook_at_debug_leaves_no_key_token_or_secret_in_the_logs(
    fake_telegram: FakeTelegram,
    sandbox: RunningSandbox,
    tmp_path: Path,
    debug_logs: Records,
    caplog: pytest.LogCaptureFixture,
) -> None:
    port = free_port()
    settings = harness_settings(
        fake_telegram,
        tmp_path,
        agent_api_base_url=sandbox.url,
        webhook_url=f"https://bot.example.org:{port}",
        webhook_listen="127.0.0.1",
        webhook_port=port,
        webhook_secret_token=SecretStr(WEBHOOK_SECRET),
    )
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    house = await compose(settings)
    assistant = house.assistant
    app = build_application(settings, house, reminder_every=None, outbox_every=None)
    url = f"http://127.0.0.1:{port}/telegram"

    def message(update_id: int, text: str) -> dict[str, Any]:
        user = {"id": ADA, "is_bot": False, "first_name": "Ada"}
        chat = {"id": ADA, "type": "private", "first_name": "Ada"}
        body: dict[str, Any] = {"message_id": update_id, "date": 0, "chat": chat, "from": user}
        if text.startswith("/"):
            body["entities"] = [{"type": "bot_command", "offset": 0, "length": 8}]
        return {"update_id": update_id, "message": {**body, "text": text}}

    async with app:
        assert app.updater is not None
        await app.updater.start_webhook(**webhook_options(settings))
        await app.start()
        try:
            assert fake_telegram.webhook is not None
            assert fake_telegram.webhook["secret_token"] == WEBHOOK_SECRET
            texts = [f"/connect\n{key}", f"my key: «{key}»", f"/connect {ZWSP}{key}"]
            for update_id, text in enumerate(texts, start=1):
                assert await deliver_webhook(url, message(update_id, text), WEBHOOK_SECRET) == 200
                replies = await fake_telegram.wait_sent(ADA, update_id)
                assert replies[-1].text.startswith("Welcome, Ada!")
            assert await deliver_webhook(url, message(9, "/start"), WEBHOOK_SECRET[:-1]) == 403
        finally:
            await app.updater.stop()
            await app.stop()
    await assistant.aclose()
    assert len(fake_telegram.calls("deleteMessage")) == len(texts)
    secret_part = BOT_TOKEN.split(":", 1)[1]
    assert_no_leak_in_logs(debug_logs, caplog, key, secret_part, WEBHOOK_SECRET)
    # PTB dumped each update (the key inside) at DEBUG: the redaction above had work to do.
    assert any("Processing update" in line for line in debug_logs.lines)
