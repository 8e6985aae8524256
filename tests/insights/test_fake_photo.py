"""The fake Bot API's sendPhoto is as strict as Telegram's, so the chart tests can fail: a
caption over 1,024 characters once its tags are parsed, bytes that are not a whole image,
and a chat that blocked the bot are refused."""

from __future__ import annotations

import pytest
from telegram import Bot
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden

from bot.insights.draw import draw_png
from bot.insights.series import series_from
from bot.kernel.readers import DEFAULT
from tests.fixtures.telegram import FakeTelegram, png_size
from tests.insights.test_bad_data import DATES, today

CHAT = 555


@pytest.fixture
def png() -> bytes:
    return draw_png(
        series_from(DATES, [today(1800)] * 7, {}, None), title="t", zone="UTC", reader=DEFAULT
    )


async def test_a_caption_is_counted_after_its_tags(fake_telegram: FakeTelegram, png: bytes) -> None:
    fake_telegram.expect_malformed = True
    async with Bot(fake_telegram.token, base_url=fake_telegram.base_url) as bot:
        fits = "<b>" + "x" * 1024 + "</b>"  # 1,031 characters, 1,024 once parsed
        sent = await bot.send_photo(CHAT, png, caption=fits, parse_mode=ParseMode.HTML)
        assert sent.photo[-1].width == 1080
        with pytest.raises(BadRequest, match="caption is too long"):
            await bot.send_photo(CHAT, png, caption="é" * 1025, parse_mode=ParseMode.HTML)
        with pytest.raises(BadRequest, match=r"(?i)can.t parse entities"):
            await bot.send_photo(CHAT, png, caption="<b>open", parse_mode=ParseMode.HTML)


async def test_only_a_whole_image_is_taken(fake_telegram: FakeTelegram, png: bytes) -> None:
    fake_telegram.expect_malformed = True
    assert png_size(png) is not None
    broken = png[:-20] + bytes(20)  # the IEND chunk and a CRC overwritten
    assert png_size(broken) is None
    async with Bot(fake_telegram.token, base_url=fake_telegram.base_url) as bot:
        with pytest.raises(BadRequest, match=r"(?i)image_process_failed"):
            await bot.send_photo(CHAT, broken)
        with pytest.raises(BadRequest, match=r"(?i)image_process_failed"):
            await bot.send_photo(CHAT, b"not an image at all")
    assert [m.photo for m in fake_telegram.sent(CHAT)] == []


async def test_a_blocked_chat_gets_403(fake_telegram: FakeTelegram, png: bytes) -> None:
    fake_telegram.block(CHAT)
    async with Bot(fake_telegram.token, base_url=fake_telegram.base_url) as bot:
        with pytest.raises(Forbidden):
            await bot.send_photo(CHAT, png)
