"""No update, whatever it holds, stops the bot from receiving the next one.

The real application polls the fake Bot API, which sends each poisoned update as raw JSON text
(a lone surrogate escape, a number no float holds, a message without its chat, a kind of update
nobody knows), followed by a plain message from someone else. That message is answered; the
poisoned update is confirmed to Telegram once (never fetched again), logged at most once, and
answered where it has a chat: with the bot's apology when it could not be handled.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from pydantic import SecretStr

from bot.compose import compose
from bot.kernel.readers import DEFAULT
from bot.render import conversation
from bot.store.models import ProcessedUpdate
from bot.telegram.app import build_application, webhook_options
from tests.e2e.conftest import Harness, harness_settings
from tests.fixtures.telegram import FakeTelegram, free_port

ADA, BOB = 6101, 6102
NOON = dt.datetime(2026, 3, 10, 11, 0, tzinfo=dt.UTC)
SURROGATE = r'"hi \ud800 there"'


def _user(user_id: int) -> dict[str, Any]:
    return {"id": user_id, "is_bot": False, "first_name": "Ada", "language_code": "en"}


def _chat(user_id: int) -> dict[str, Any]:
    return {"id": user_id, "type": "private", "first_name": "Ada"}


def _message(**content: Any) -> dict[str, Any]:
    return {"message_id": 90, "date": int(time.time()), "from": _user(ADA), **content}


def _json(update: dict[str, Any], **raw: str) -> str:
    """`update` as JSON text, each "@name@" string replaced by the raw JSON `raw[name]`."""
    text = json.dumps(update)
    for name, value in raw.items():
        text = text.replace(f'"@{name}@"', value)
    return text


@dataclass(frozen=True)
class Poison:
    name: str
    json: Callable[[FakeTelegram], str]
    chat: bool  # whether there is a chat to answer
    # Whether reading or handling it fails (then: one log line, the apology where there is a
    # chat); None where that depends on the store (PostgreSQL refuses an id of 1e400).
    fails: bool | None


POISONS = [
    Poison(
        "lone surrogate in a text",
        lambda fake: _json({"message": _message(chat=_chat(ADA), text="@s@")}, s=SURROGATE),
        chat=True,
        fails=False,
    ),
    Poison(
        "lone surrogate in a caption",
        lambda fake: _json(
            {
                "message": _message(
                    chat=_chat(ADA),
                    caption="@s@",
                    photo=[
                        {
                            "file_id": fake.add_file(b"\xff\xd8\xff", "photos/p.jpg"),
                            "file_unique_id": "p1",
                            "width": 90,
                            "height": 90,
                        }
                    ],
                )
            },
            s=SURROGATE,
        ),
        chat=True,
        fails=False,
    ),
    Poison(
        "lone surrogate in callback data",
        lambda fake: _json(
            {
                "callback_query": {
                    "id": "q-poison",
                    "from": _user(ADA),
                    "chat_instance": "ci",
                    "data": "@s@",
                    "message": {
                        "message_id": 1,
                        "date": int(time.time()),
                        "chat": _chat(ADA),
                        "text": "an old message",
                    },
                }
            },
            s=SURROGATE,
        ),
        chat=True,
        fails=False,
    ),
    Poison(
        "a message without its chat",
        lambda fake: _json({"message": _message(text="hello")}),
        chat=False,
        fails=True,
    ),
    Poison(
        "a date no float holds",
        lambda fake: _json(
            {"message": _message(chat=_chat(ADA), text="hi", date="@d@")}, d="1e400"
        ),
        chat=True,
        fails=True,
    ),
    Poison(
        "a sender id no float holds",
        lambda fake: _json(
            {
                "message": {
                    **_message(chat=_chat(ADA), text="hi"),
                    "from": {**_user(ADA), "id": "@i@"},
                }
            },
            i="1e400",
        ),
        chat=True,
        fails=None,
    ),
    Poison(
        "a kind of update nobody knows",
        lambda fake: _json({"brand_new_kind": {"id": 7, "chat": "@n@"}}, n="1e400"),
        chat=False,
        fails=False,
    ),
]


def _fetched(fake: FakeTelegram, update_id: int) -> int:
    """How many getUpdates answers carried the update."""
    return sum(
        any(u["update_id"] == update_id for u in call.params.get("_returned", []))
        for call in fake.calls("getUpdates")
    )


async def _finished(bot: Harness, update_id: int) -> bool:
    """Whether the journal holds the update as finished (never replayed)."""
    assert bot.assistant is not None
    async with bot.assistant.resources.sessionmaker() as session:
        row = await session.get(ProcessedUpdate, update_id)
    return row is not None and row.handled_at is not None


@pytest.mark.parametrize("poison", POISONS, ids=[p.name for p in POISONS])
async def test_a_poisoned_update_is_acknowledged_and_the_next_person_is_answered(
    harness_factory: Any, caplog: pytest.LogCaptureFixture, poison: Poison
) -> None:
    bot: Harness = await harness_factory(start=NOON)
    fake = bot.fake
    with caplog.at_level(logging.INFO):
        poisoned = fake.push_json(poison.json(fake))
        reply = await bot.say(BOB, "/start")
        assert reply.text
        await fake.wait_for(lambda: fake.confirmed_offset > poisoned)
        if poison.chat:
            await fake.wait_for(lambda: fake.sent(ADA) or "q-poison" not in fake.open_queries)
        # Two more polls after the update was confirmed: it is never fetched again.
        polls = len(fake.calls("getUpdates"))
        await fake.wait_for(lambda: len(fake.calls("getUpdates")) >= polls + 2)
        await fake.wait_for(lambda: not bot.app.update_queue.qsize())
    assert _fetched(fake, poisoned) == 1
    assert await _finished(bot, poisoned), "the update would be replayed after a restart"
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    if poison.fails is None:
        assert len(errors) <= 1, [r.getMessage() for r in errors]
    else:
        assert len(errors) == (1 if poison.fails else 0), [r.getMessage() for r in errors]
    assert not any(r.levelno >= logging.CRITICAL for r in caplog.records)
    assert "Traceback" not in "".join(fake.texts())
    if errors and poison.chat:
        assert fake.texts(ADA) == [conversation.internal_error(DEFAULT)]
    if not poison.chat:
        assert fake.sent(ADA) == []


async def _post(url: str, body: bytes, secret: str) -> int:
    headers = {"Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": secret}
    async with httpx.AsyncClient(timeout=10) as client:
        return (await client.post(url, content=body, headers=headers)).status_code


async def test_the_webhook_refuses_a_body_that_is_no_update_with_a_4xx_and_one_line(
    fake_telegram: FakeTelegram, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Telegram sends a 5xx'd update again; a body that can never be an update gets a 4xx.
    An update PTB cannot read is taken, and its person gets the apology, as when polling."""
    port = free_port()
    secret = "right-secret"
    settings = harness_settings(
        fake_telegram,
        tmp_path,
        webhook_url=f"https://bot.example.org:{port}",
        webhook_listen="127.0.0.1",
        webhook_port=port,
        webhook_secret_token=SecretStr(secret),
    )
    house = await compose(settings)
    app = build_application(settings, house, reminder_every=None, outbox_every=None)
    url = f"http://127.0.0.1:{port}/telegram"
    start = {"message": {**_message(chat=_chat(BOB), text="/start"), "from": _user(BOB)}}
    start["message"]["entities"] = [{"type": "bot_command", "offset": 0, "length": 6}]
    no_updates = {
        "not JSON": b"this is not json",
        "a string for an id": json.dumps({"update_id": "77", **start}).encode(),
        "a float for an id": json.dumps({"update_id": 7.5, **start}).encode(),
        "not an object": b"[1, 2, 3]",
    }
    unreadable = _json(
        {"update_id": 81, "message": _message(chat=_chat(ADA), date="@d@")}, d="1e400"
    )

    async with app:
        assert app.post_init is not None and app.updater is not None
        await app.post_init(app)
        await app.updater.start_webhook(**webhook_options(settings))
        await app.start()
        try:
            with caplog.at_level(logging.INFO):
                for what, body in no_updates.items():
                    status = await _post(url, body, secret)
                    assert 400 <= status < 500, what
                assert await _post(url, unreadable.encode(), secret) == 200
                assert (
                    await _post(url, json.dumps({"update_id": 82, **start}).encode(), secret) == 200
                )
                await fake_telegram.wait_sent(BOB, 1)
                await fake_telegram.wait_sent(ADA, 1)
        finally:
            await app.updater.stop()
            await app.stop()
            assert app.post_shutdown is not None
            await app.post_shutdown(app)

    assert fake_telegram.texts(ADA) == [conversation.internal_error(DEFAULT)]
    refused = [r for r in caplog.records if "no update" in r.getMessage()]
    assert len(refused) == len(no_updates)
    assert all(r.levelno == logging.WARNING for r in refused)
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "OverflowError" in errors[0], errors
    assert "/start" not in caplog.text and "Traceback" not in "".join(fake_telegram.texts())
