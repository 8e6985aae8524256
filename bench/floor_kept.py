"""The floor bot on the two libraries the bot keeps: what they cost alone, for one food message.

`python -m bench.floor_kept CONFIG.json` (CONFIG as `bench.floor_bot`'s). The same work as the
floor bot, with python-telegram-bot taking the updates (its Application, long polling,
dispatching each message to a handler), sending the reply (`bot.send_message`, paced by the
bot's own `Pace`) and the "typing…" of a late answer (`bot.send_chat_action`), and the openai
client making the LLM request (`client.post`, the body encoded once as the bot sends it, the
answer parsed into its `ChatCompletion`). Both run on the
aiohttp transports the bot gives them (`bot/telegram/request.py`, `bot/planner/transport.py`);
the store and the service calls are the floor bot's. Nothing else of the bot runs: what
`healthbot run` spends above this is the bot's own; what this spends above the floor bot is
what keeping the two libraries costs.
"""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import openai
from openai.types.chat import ChatCompletion
from telegram import Update
from telegram.constants import ChatAction, ParseMode
from telegram.ext import Application, ApplicationBuilder, ContextTypes, MessageHandler, filters

from bench.floor_bot import FloorBot, run
from bot.planner.client import llm_http_client
from bot.telegram.outgoing import Pace
from bot.telegram.request import AiohttpRequest


class KeptFloorBot(FloorBot):
    def __init__(self, config: dict[str, Any], http: aiohttp.ClientSession) -> None:
        super().__init__(config, http)
        base, token = self.telegram.rsplit("/bot", 1)
        self.llm = openai.AsyncOpenAI(
            api_key="bench", base_url=config["openai"], max_retries=0, http_client=llm_http_client()
        )
        self.app: Application[Any, Any, Any, Any, Any, Any] = (
            ApplicationBuilder()
            .token(token)
            .base_url(base + "/bot")
            .request(AiohttpRequest(connection_pool_size=256))
            .get_updates_request(AiohttpRequest())
            .concurrent_updates(256)
            .rate_limiter(Pace())
            .build()
        )
        self.app.add_handler(MessageHandler(filters.TEXT, self.on_text))

    async def on_text(self, update: Update, _: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.message
        assert message is not None and message.from_user is not None and message.text
        await self.answer(update.update_id, message.from_user.id, message.chat_id, message.text)

    async def tool_arguments(self, body: bytes) -> list[str]:
        completion = await self.llm.post(
            "/chat/completions",
            content=body,
            cast_to=ChatCompletion,
            options={"security": {"bearer_auth": True}},
        )
        calls = completion.choices[0].message.tool_calls or []
        return [call.function.arguments for call in calls if call.type == "function"]

    async def send(self, chat: int, text: str) -> None:
        await self.app.bot.send_message(chat, text, parse_mode=ParseMode.HTML)

    async def chat_action(self, chat: int) -> None:
        await self.app.bot.send_chat_action(chat, ChatAction.TYPING)

    async def poll(self) -> None:
        async with self.app:
            assert self.app.updater is not None
            await self.app.updater.start_polling(timeout=10)
            await self.app.start()
            await asyncio.Event().wait()


if __name__ == "__main__":
    run(KeptFloorBot)
