"""The bot's aiohttp requests keep PTB's contract, through the real PTB `Bot`.

Against the strict fake Bot API: what is sent arrives as Telegram expects it (form fields,
multipart uploads) and Telegram's refusals come back as PTB's exceptions. Against servers
that misbehave on purpose (one that never answers, one that stops reading, one that is not
there): the timeouts end the request in time, and no error text carries the bot token.
"""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from typing import Any, cast

import pytest
from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputFile,
    Message,
    Update,
)
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut

from bot.kernel.replies import Button, Reply
from bot.telegram.journal import JournaledQueue
from bot.telegram.liveness import PollingRequest, Receiver
from bot.telegram.outgoing import send_reply
from bot.telegram.request import POOL_TIMEOUT_MESSAGE, AiohttpRequest
from tests.fixtures.telegram import BOT_TOKEN, FakeTelegram, free_port

ADA = 4242
SECRET = BOT_TOKEN.split(":", 1)[1]


def telegram_bot(fake: FakeTelegram, request: AiohttpRequest | None = None, **kw: Any) -> Bot:
    return Bot(
        fake.token,
        base_url=fake.base_url,
        base_file_url=fake.file_url,
        request=request or AiohttpRequest(**kw),
        get_updates_request=AiohttpRequest(connection_pool_size=1),
    )


@pytest.fixture
async def bot(fake_telegram: FakeTelegram) -> AsyncIterator[Bot]:
    async with telegram_bot(fake_telegram) as bot:
        yield bot


def no_token(text: str) -> None:
    assert SECRET not in text
    assert "/bot" not in text  # nor the rest of the URL the token is part of


# --- what the fake Bot API sees and answers -------------------------------------------------


class _Journal:
    """What the journaled queue asks of the update journal, remembered."""

    def __init__(self) -> None:
        self.recorded: list[tuple[int, str, int | None]] = []

    async def record_many(self, updates: list[tuple[int, str, int | None]]) -> None:
        self.recorded.extend(updates)


async def test_polled_updates_are_journaled_as_telegram_sent_them(
    fake_telegram: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each update of a getUpdates answer goes to the journal as the JSON Telegram sent, not
    PTB's `Update` written back out (~40 µs an update, in a crowd), and nothing is kept once
    they are stored."""
    written: list[int] = []
    to_json = Update.to_json
    monkeypatch.setattr(Update, "to_json", lambda self: written.append(1) or to_json(self))
    receiver = Receiver(stale_after=60)
    journal = _Journal()
    queue = JournaledQueue(cast(Any, journal), receiver)
    fake_telegram.push_texts(ADA, ["2 eggs", "a banana"])
    async with Bot(
        fake_telegram.token,
        base_url=fake_telegram.base_url,
        request=AiohttpRequest(),
        get_updates_request=PollingRequest(receiver),
    ) as bot:
        for update in await bot.get_updates(timeout=0):
            await queue.put(update)
        await queue.stored()

    [answer] = [c for c in fake_telegram.calls("getUpdates") if c.params["_returned"]]
    sent = answer.params["_returned"]
    assert [(i, json.loads(text), user) for i, text, user in journal.recorded] == [
        (update["update_id"], update, ADA) for update in sent
    ]
    assert written == []
    assert receiver.fetched == {}
    assert [cast(Update, queue.get_nowait()).update_id for _ in sent] == [
        u["update_id"] for u in sent
    ]


async def test_a_reply_goes_in_html_parts_without_building_a_message_of_the_answer(
    bot: Bot, fake_telegram: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`send_reply`: each part in HTML with no link preview, the buttons on the last part, the
    last part's id returned; Telegram's answer is not turned into a `Message` (nothing reads
    it, and building one was most of PTB's CPU for a reply)."""
    built: list[object] = []
    de_json = Message.de_json

    def counted(data: Any, bot: Any = None) -> Any:
        built.append(data)
        return de_json(data, bot)

    monkeypatch.setattr(Message, "de_json", counted)
    long = "\n".join(f"<b>Line {i}</b> of a long day" for i in range(300))
    reply = Reply(long, buttons=[[Button("Undo", "undo:1")]])

    last = await send_reply(bot, ADA, reply)

    sent = fake_telegram.sent(ADA)
    assert len(sent) > 1
    assert {m.parse_mode for m in sent} == {"HTML"}
    assert [m.buttons for m in sent[:-1]] == [[]] * (len(sent) - 1)
    assert sent[-1].buttons == [[("Undo", "undo:1")]]
    assert last == sent[-1].message_id
    assert "".join(m.text for m in sent).count("of a long day") == 300
    calls = fake_telegram.calls("sendMessage")
    assert all(c.params["link_preview_options"] == {"is_disabled": True} for c in calls)
    assert built == []


async def test_a_message_is_sent_as_telegram_expects_and_comes_back_parsed(
    bot: Bot, fake_telegram: FakeTelegram
) -> None:
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("Yes", callback_data="forget:yes")]])
    text = "<b>Ate</b> 2 eggs &amp; toast — 310 kcal"
    message = await bot.send_message(ADA, text, parse_mode=ParseMode.HTML, reply_markup=markup)

    sent = fake_telegram.last(ADA)
    assert (sent.text, sent.parse_mode) == (text, "HTML")
    assert sent.buttons == [[("Yes", "forget:yes")]]
    assert message.message_id == sent.message_id
    assert message.chat.id == ADA
    assert message.text == text
    assert message.reply_markup == markup


async def test_flood_control_is_retry_after_with_telegrams_wait(
    bot: Bot, fake_telegram: FakeTelegram
) -> None:
    fake_telegram.fail_next("sendMessage", 429, "Too Many Requests: retry after 7", retry_after=7)
    with pytest.raises(RetryAfter) as caught:
        await bot.send_message(ADA, "hello")
    assert caught.value.retry_after == 7
    assert fake_telegram.sent(ADA) == []


async def test_a_person_who_blocked_the_bot_is_forbidden(
    bot: Bot, fake_telegram: FakeTelegram
) -> None:
    fake_telegram.block(ADA)
    with pytest.raises(Forbidden, match="bot was blocked by the user"):
        await bot.send_message(ADA, "hello")


async def test_a_refusal_is_bad_request_with_telegrams_description(
    bot: Bot, fake_telegram: FakeTelegram
) -> None:
    fake_telegram.expect_malformed = True
    with pytest.raises(BadRequest) as caught:
        await bot.send_message(ADA, "<b>unclosed", parse_mode=ParseMode.HTML)
    assert caught.value.message == (
        "Can't parse entities: can't find end tag corresponding to start tag \"b\""
    )


async def test_a_file_goes_as_multipart_with_its_name_and_the_other_fields(
    bot: Bot, fake_telegram: FakeTelegram
) -> None:
    content = bytes(range(256)) * 1024  # 256 KiB, every byte value: larger than any buffer
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("Open", callback_data="open")]])
    document = InputFile(content, filename="week.csv")
    result = await bot.do_api_request(
        "sendDocument",
        api_kwargs={
            "chat_id": ADA,
            "document": document,
            "caption": "Your week, «as asked»",
            "reply_markup": markup,
        },
    )

    assert result is True
    params = fake_telegram.calls("sendDocument")[0].params
    assert params["document"] == {"filename": "week.csv", "content": content}
    assert params["chat_id"] == ADA
    assert params["caption"] == "Your week, «as asked»"
    assert params["reply_markup"] == markup.to_dict()


async def test_a_download_brings_the_files_bytes(bot: Bot, fake_telegram: FakeTelegram) -> None:
    file_id = fake_telegram.add_file(b"OggS voice", "voice/file_0.oga")
    file = await bot.get_file(file_id)
    assert await file.download_as_bytearray() == bytearray(b"OggS voice")


async def test_a_long_poll_outlasts_the_read_timeout_and_brings_what_arrives(
    fake_telegram: FakeTelegram,
) -> None:
    receiver = Receiver(stale_after=60)
    polling = PollingRequest(receiver, read_timeout=0.5)
    bot = Bot(
        fake_telegram.token,
        base_url=fake_telegram.base_url,
        request=AiohttpRequest(),
        get_updates_request=polling,
    )
    async with bot:
        started = time.monotonic()
        assert await bot.get_updates(timeout=1) == ()  # held by Telegram past the 0.5 s
        assert time.monotonic() - started >= 0.9
        assert receiver.polling and receiver.polls_in_flight == 0

        poll = asyncio.create_task(bot.get_updates(timeout=5))
        await fake_telegram.wait_for(lambda: receiver.polls_in_flight == 1)
        fake_telegram.push_text(ADA, "slept 7 hours")
        updates = await asyncio.wait_for(poll, 2)
    assert [u.message.text for u in updates if u.message] == ["slept 7 hours"]
    assert receiver.polls_in_flight == 0


# --- servers that misbehave -----------------------------------------------------------------


@asynccontextmanager
async def raw_server(
    handle: Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]],
    *,
    receive_buffer: int | None = None,
) -> AsyncIterator[str]:
    """A TCP server on loopback running `handle` per connection; yields its base URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    if receive_buffer is not None:  # inherited by accepted connections
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.bind(("127.0.0.1", 0))
    writers: list[asyncio.StreamWriter] = []

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writers.append(writer)
        with suppress(ConnectionError):
            await handle(reader, writer)

    server = await asyncio.start_server(serve, sock=sock)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        for writer in writers:
            writer.close()
        server.close()
        await server.wait_closed()


async def read_request(reader: asyncio.StreamReader) -> bytes:
    head = await reader.readuntil(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    return head + await reader.readexactly(length)


async def never_answers(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    await read_request(reader)
    await asyncio.Event().wait()


async def never_reads(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    await asyncio.Event().wait()


def bot_at(url: str, request: AiohttpRequest) -> Bot:
    return Bot(BOT_TOKEN, base_url=f"{url}/bot", request=request, get_updates_request=request)


async def test_a_server_that_never_answers_times_out_within_the_read_timeout() -> None:
    async with raw_server(never_answers) as url:
        bot = bot_at(url, AiohttpRequest(read_timeout=0.3))
        started = time.monotonic()
        try:
            # Only the read timeout raises TimedOut here; the outer one only stops a hang.
            with pytest.raises(TimedOut) as caught:
                async with asyncio.timeout(30):
                    await bot.initialize()  # its getMe
        finally:
            await bot.shutdown()
    assert time.monotonic() - started >= 0.3
    no_token(str(caught.value))


async def test_when_the_pool_is_taken_a_request_waits_the_pool_timeout_then_is_not_sent() -> None:
    seen: list[bytes] = []
    arrived = asyncio.Event()

    async def record(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        seen.append(await read_request(reader))
        arrived.set()
        await asyncio.Event().wait()

    async with raw_server(record) as url:
        request = AiohttpRequest(connection_pool_size=1, pool_timeout=0.2, read_timeout=5)
        bot = bot_at(url, request)
        await request.initialize()
        first = asyncio.create_task(bot.get_me())
        await asyncio.wait_for(arrived.wait(), 2)
        started = time.monotonic()
        try:
            with pytest.raises(TimedOut) as caught:  # the pool's, by its message below
                await bot.send_message(ADA, "hello")
            assert time.monotonic() - started >= 0.2
        finally:
            first.cancel()
            await request.shutdown()
    assert caught.value.message == POOL_TIMEOUT_MESSAGE
    assert len(seen) == 1  # the message never went out


async def test_an_upload_the_server_stops_reading_times_out_within_the_write_timeout() -> None:
    async with raw_server(never_reads, receive_buffer=4096) as url:
        request = AiohttpRequest(read_timeout=0.2, media_write_timeout=0.5)
        bot = bot_at(url, request)
        with pytest.raises(TimedOut):
            await bot.initialize()  # getMe is read, never answered; the request stays usable
        started = time.monotonic()
        try:
            # No read timeout: only the stalled upload can end this request (the outer
            # timeout, should it not, fails the test with another error than TimedOut).
            with pytest.raises(TimedOut):
                async with asyncio.timeout(30):
                    await bot.send_document(
                        ADA, b"\0" * (32 * 2**20), filename="big.bin", read_timeout=None
                    )
        finally:
            await bot.shutdown()
    assert time.monotonic() - started >= 0.5


async def test_an_upload_sent_in_full_waits_for_the_answer_past_the_write_timeout() -> None:
    message = {"message_id": 9, "date": 0, "chat": {"id": ADA, "type": "private"}}

    async def answers_late(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while True:
            request = await read_request(reader)
            if b"/getMe " not in request:
                await asyncio.sleep(0.8)
            result = {"id": 1, "is_bot": True, "first_name": "B", "username": "b"}
            body = json.dumps(
                {"ok": True, "result": message if b"/getMe " not in request else result}
            )
            writer.write(
                b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                + str(len(body)).encode()
                + b"\r\n\r\n"
                + body.encode()
            )

    async with raw_server(answers_late) as url:
        async with bot_at(url, AiohttpRequest(media_write_timeout=0.3)) as bot:
            sent = await bot.send_document(ADA, b"\1" * 2**20, filename="week.csv")
    assert sent.message_id == 9


async def test_a_server_that_is_not_there_is_a_network_error_without_the_token() -> None:
    bot = bot_at(f"http://127.0.0.1:{free_port()}", AiohttpRequest())
    try:
        with pytest.raises(NetworkError) as caught:
            await bot.initialize()
    finally:
        await bot.shutdown()
    assert type(caught.value) is NetworkError  # not a timeout
    assert "Cannot connect" in str(caught.value)
    no_token(str(caught.value))


def answering_proxy(
    lines: list[bytes],
) -> Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]:
    """A proxy that notes each request line and answers every request as getMe."""

    async def proxy(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while True:
            lines.append((await read_request(reader)).split(b"\r\n", 1)[0])
            body = json.dumps({"ok": True, "result": {"id": 1, "is_bot": True, "first_name": "P"}})
            writer.write(f"HTTP/1.1 200 OK\r\nContent-Length: {len(body)}\r\n\r\n{body}".encode())

    return proxy


async def test_the_environments_proxy_carries_the_requests_unless_no_proxy_exempts_the_host(
    fake_telegram: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines: list[bytes] = []
    async with raw_server(answering_proxy(lines)) as proxy_url:
        monkeypatch.setenv("HTTP_PROXY", proxy_url)
        monkeypatch.delenv("NO_PROXY", raising=False)
        monkeypatch.delenv("no_proxy", raising=False)
        async with telegram_bot(fake_telegram) as bot:
            assert bot.first_name == "P"  # answered by the proxy
        assert lines == [f"POST {fake_telegram.base_url}{BOT_TOKEN}/getMe HTTP/1.1".encode()]

        monkeypatch.setenv("NO_PROXY", "127.0.0.1")
        async with telegram_bot(fake_telegram) as bot:
            assert bot.first_name == "HealthBot"  # straight to the Bot API
        assert len(lines) == 1


async def test_a_proxy_given_carries_the_requests_whatever_the_environment(
    fake_telegram: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_PROXY", "*")
    lines: list[bytes] = []
    async with raw_server(answering_proxy(lines)) as proxy_url:
        async with telegram_bot(fake_telegram, proxy=proxy_url) as bot:
            assert bot.first_name == "P"
    assert lines == [f"POST {fake_telegram.base_url}{BOT_TOKEN}/getMe HTTP/1.1".encode()]


@pytest.mark.parametrize("base_url", ["http://127.0.0.1:99999/bot", "ftp://127.0.0.1/bot"])
async def test_a_wrong_base_url_is_a_network_error_that_does_not_quote_it(base_url: str) -> None:
    request = AiohttpRequest()
    bot = Bot(BOT_TOKEN, base_url=base_url, request=request, get_updates_request=request)
    try:
        with pytest.raises(NetworkError) as caught:
            await bot.initialize()
    finally:
        await bot.shutdown()
    assert "InvalidUrl" in str(caught.value) or "NonHttpUrl" in str(caught.value)
    no_token(str(caught.value))


async def test_a_request_before_initialize_or_after_shutdown_is_refused(
    fake_telegram: FakeTelegram,
) -> None:
    request = AiohttpRequest()
    bot = telegram_bot(fake_telegram, request)
    with pytest.raises(NetworkError, match="not initialized"):
        await bot.get_me()
    async with bot:
        assert (await bot.get_me()).username == "healthbot_test_bot"
    with pytest.raises(NetworkError, match="not initialized"):
        await bot.get_me()
    async with bot:  # a bot started again gets a new session
        assert (await bot.get_me()).username == "healthbot_test_bot"
