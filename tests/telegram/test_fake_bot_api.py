"""The fake Bot API refuses what Telegram refuses, so a test passing against it means something.

Each case goes through the real PTB `Bot`, which turns the fake's answers into the same
exceptions the bot meets in production (BadRequest, Forbidden, RetryAfter).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, RetryAfter

from tests.fixtures.telegram import FakeTelegram, parse_html

ADA = 4242


@pytest.fixture
async def bot(fake_telegram: FakeTelegram) -> AsyncIterator[Bot]:
    fake_telegram.expect_malformed = True  # these tests send malformed requests on purpose
    async with Bot(
        fake_telegram.token, base_url=fake_telegram.base_url, base_file_url=fake_telegram.file_url
    ) as bot:
        yield bot


@pytest.mark.parametrize(
    "html",
    [
        "<b>bold",  # never closed
        "<b><i>crossed</b></i>",
        "a < b",  # a bare '<' starts a tag
        "<br>",  # not a tag Telegram knows
        "<p>paragraph</p>",
        '<span class="x">not a spoiler</span>',
        "closing only</b>",
    ],
)
async def test_malformed_html_is_refused_as_telegram_does(bot: Bot, html: str) -> None:
    with pytest.raises(BadRequest, match="parse entities"):
        await bot.send_message(ADA, html, parse_mode=ParseMode.HTML)


def test_what_telegram_accepts_parses_to_the_text_people_see() -> None:
    html = '<b>Bold</b> &amp; <a href="https://x.y">link</a> 5 &lt; 6 &#8212; AT&T &nbsp;'
    assert parse_html(html) == "Bold & link 5 < 6 — AT&T &nbsp;"


async def test_a_text_is_measured_after_its_entities_are_parsed(bot: Bot) -> None:
    await bot.send_message(ADA, "&lt;" * 4096, parse_mode=ParseMode.HTML)  # 4,096 characters
    with pytest.raises(BadRequest, match="too long"):
        await bot.send_message(ADA, "x" * 4097)
    with pytest.raises(BadRequest, match="empty"):
        await bot.send_message(ADA, "<b> </b>", parse_mode=ParseMode.HTML)


async def test_callback_data_over_64_bytes_is_refused(bot: Bot) -> None:
    fits = InlineKeyboardMarkup([[InlineKeyboardButton("ok", callback_data="é" * 32)]])
    await bot.send_message(ADA, "fits", reply_markup=fits)
    too_long = InlineKeyboardMarkup([[InlineKeyboardButton("no", callback_data="é" * 33)]])
    with pytest.raises(BadRequest, match=r"(?i)button_data_invalid"):
        await bot.send_message(ADA, "too long", reply_markup=too_long)


async def test_an_edit_that_changes_nothing_is_refused(
    bot: Bot, fake_telegram: FakeTelegram
) -> None:
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("ok", callback_data="a")]])
    sent = await bot.send_message(ADA, "same", reply_markup=markup)
    with pytest.raises(BadRequest, match="not modified"):
        await bot.edit_message_text(
            "same", chat_id=ADA, message_id=sent.message_id, reply_markup=markup
        )
    with pytest.raises(BadRequest, match="not modified"):
        await bot.edit_message_reply_markup(ADA, sent.message_id, reply_markup=markup)
    await bot.edit_message_text("same", chat_id=ADA, message_id=sent.message_id)  # keyboard gone
    assert fake_telegram.sent(ADA)[-1].buttons == []


async def test_deleting_in_a_group_needs_admin_rights(
    bot: Bot, fake_telegram: FakeTelegram
) -> None:
    fake_telegram.push_text(ADA, "hk_secret", chat_type="group", chat_id=-100)
    message_id = max(fake_telegram.user_messages)
    with pytest.raises(BadRequest, match="can't be deleted"):
        await bot.delete_message(-100, message_id)
    fake_telegram.make_admin(-100)
    assert await bot.delete_message(-100, message_id)
    with pytest.raises(BadRequest, match="not found"):
        await bot.delete_message(-100, message_id)


async def test_a_person_who_blocked_the_bot_answers_403_everywhere(
    bot: Bot, fake_telegram: FakeTelegram
) -> None:
    sent = await bot.send_message(ADA, "before")
    fake_telegram.block(ADA)
    with pytest.raises(Forbidden, match="blocked"):
        await bot.send_message(ADA, "after")
    with pytest.raises(Forbidden):
        await bot.edit_message_text("edited", chat_id=ADA, message_id=sent.message_id)
    with pytest.raises(Forbidden):
        await bot.send_chat_action(ADA, "typing")


async def test_429_carries_retry_after(bot: Bot, fake_telegram: FakeTelegram) -> None:
    fake_telegram.fail_next("sendMessage", 429, "Too Many Requests: retry after 3", retry_after=3)
    with pytest.raises(RetryAfter) as raised:
        await bot.send_message(ADA, "x")
    assert "retry in 3 seconds" in str(raised.value).lower()
    await bot.send_message(ADA, "x")  # once only


async def test_a_callback_query_is_answered_once(bot: Bot, fake_telegram: FakeTelegram) -> None:
    sent = await bot.send_message(ADA, "with a button")
    fake_telegram.push_callback(ADA, "data", sent.message_id)
    query_id = max(fake_telegram.open_queries)
    with pytest.raises(BadRequest, match=r"(?i)message_too_long"):
        await bot.answer_callback_query(query_id, text="x" * 201)
    await bot.answer_callback_query(query_id, text="Done.")
    with pytest.raises(BadRequest, match=r"(?i)query is too old"):
        await bot.answer_callback_query(query_id)
    assert fake_telegram.toasts == ["Done."]
