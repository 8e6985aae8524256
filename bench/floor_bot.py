"""The floor bot: the least a bot must do for one food message, on the fastest libraries here.

`python -m bench.floor_bot CONFIG.json` (needs the `bench` extra: aiohttp, orjson). For each
message it takes from the Bot API's getUpdates (long polling), it makes one LLM request with
the real bot's system prompt and tools, one POST /ingest and one GET /today to the service,
one store write (one INSERT and COMMIT on SQLite, as the bot's store is configured, on a thread
of its own), and sends one reply, at most 30 a second overall, evenly spaced, as Telegram
allows. An answer not worked out within the bot's TYPING_AFTER_SECONDS (CONFIG's
"typing_after"; null: never) shows "typing…" once first (one sendChatAction, not paced), as
the bot's does: the same requests reach Telegram from both. It keeps the people's API keys
in memory (CONFIG's "keys") and has nothing else: no journal of updates, no outbox, no
history, no drafts, no retries but a 429's. `bench.e2e` runs it in the same harness as
`healthbot run`; what the bot spends above it is the bot's own.

CONFIG is JSON: "telegram" (the Bot API base with the token, `.../bot<token>`), "openai" (the
OpenAI-compatible base, ending in /v1), "service" (the agent API base, ending in /agent),
"db" (the SQLite file), "keys" (Telegram user id -> API key), "llm_body" (the chat request
without the person's message) and "typing_after" (seconds, or null).
"""

from __future__ import annotations

import asyncio
import html
import sqlite3
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import aiohttp
import orjson
import uvloop

SEND_GAP = 1 / 30  # seconds between two messages: Telegram's 30 a second, evenly spaced
POLL_TIMEOUT = 10  # seconds a getUpdates waits for an update
JSON = {"Content-Type": "application/json"}


class Store:
    """One SQLite connection, written on one thread: one INSERT and COMMIT per message."""

    def __init__(self, path: str) -> None:
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="store")
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON"):
            self._db.execute(f"PRAGMA {pragma}")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS logged (id INTEGER PRIMARY KEY, telegram_id INTEGER "
            "NOT NULL, update_id INTEGER NOT NULL UNIQUE, actions BLOB NOT NULL)"
        )

    def _insert(self, telegram_id: int, update_id: int, actions: bytes) -> None:
        self._db.execute("BEGIN")
        self._db.execute(
            "INSERT INTO logged (telegram_id, update_id, actions) VALUES (?, ?, ?)",
            (telegram_id, update_id, actions),
        )
        self._db.execute("COMMIT")

    async def insert(self, telegram_id: int, update_id: int, actions: bytes) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._thread, self._insert, telegram_id, update_id, actions)


class FloorBot:
    def __init__(self, config: dict[str, Any], http: aiohttp.ClientSession) -> None:
        self.telegram: str = config["telegram"]
        self.chat_url = config["openai"] + "/chat/completions"
        self.service: str = config["service"]
        self.keys = {int(user): f"Bearer {key}" for user, key in config["keys"].items()}
        self.llm_body: dict[str, Any] = config["llm_body"]
        self.typing_after: float | None = config.get("typing_after")
        self.llm_headers = {**JSON, "Authorization": "Bearer bench"}
        self.store = Store(config["db"])
        self.http = http
        self.pace = asyncio.Lock()
        self.next_send = 0.0
        self.tasks: set[asyncio.Task[None]] = set()

    async def poll(self) -> None:
        """Take updates for ever; each message is handled in a task of its own."""
        offset = 0
        while True:
            body = orjson.dumps({"offset": offset, "timeout": POLL_TIMEOUT})
            async with self.http.post(self.telegram + "/getUpdates", data=body, headers=JSON) as r:
                updates = orjson.loads(await r.read())["result"]
            for update in updates:
                offset = update["update_id"] + 1
                if "message" in update:
                    task = asyncio.create_task(self.handle(update["update_id"], update["message"]))
                    self.tasks.add(task)
                    task.add_done_callback(self.tasks.discard)

    async def handle(self, update_id: int, message: dict[str, Any]) -> None:
        await self.answer(update_id, message["from"]["id"], message["chat"]["id"], message["text"])

    async def answer(self, update_id: int, user: int, chat: int, text: str) -> None:
        loop = asyncio.get_running_loop()
        after = self.typing_after
        typing = loop.call_later(after, self.show_typing, chat) if after is not None else None
        try:
            reply = await self.work_out(update_id, user, text)
        finally:
            if typing is not None:
                typing.cancel()
        await self.send(chat, reply)

    def show_typing(self, chat: int) -> None:
        task = asyncio.create_task(self.chat_action(chat))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def chat_action(self, chat: int) -> None:
        body = orjson.dumps({"chat_id": chat, "action": "typing"})
        async with self.http.post(self.telegram + "/sendChatAction", data=body, headers=JSON) as r:
            await r.read()

    async def work_out(self, update_id: int, user: int, text: str) -> str:
        """Everything before the reply: the LLM, the store, the service; the reply's text."""
        auth = {"Authorization": self.keys[user]}
        body = dict(self.llm_body)
        body["messages"] = [*body["messages"], {"role": "user", "content": text}]
        actions = [
            {"type": "nutrition.add_entry", "date": args["date"], "entry": item}
            for arguments in await self.tool_arguments(orjson.dumps(body))
            for args in [orjson.loads(arguments)]
            for item in args["items"]
        ]
        ingest = orjson.dumps({"actions": actions})
        await self.store.insert(user, update_id, ingest)
        async with self.http.post(
            self.service + "/ingest", data=ingest, headers={**auth, **JSON}
        ) as r:
            r.raise_for_status()
            await r.read()
        async with self.http.get(self.service + "/today", headers=auth) as r:
            today = orjson.loads(await r.read())
        foods = ", ".join(html.escape(a["entry"]["food"]) for a in actions)
        kcal = today["nutrition"]["totals"]["calories"]
        return f"✅ Logged <b>{foods}</b>\nToday: {kcal:.0f} kcal"

    async def tool_arguments(self, body: bytes) -> list[str]:
        """The LLM request; the arguments of each tool call it answers with."""
        async with self.http.post(self.chat_url, data=body, headers=self.llm_headers) as r:
            completion = orjson.loads(await r.read())
        return [
            c["function"]["arguments"] for c in completion["choices"][0]["message"]["tool_calls"]
        ]

    async def send(self, chat: int, text: str) -> None:
        """sendMessage SEND_GAP after the one before (a leaky bucket, as PTB's rate limiter);
        a 429 waits its retry_after and tries again."""
        body = orjson.dumps({"chat_id": chat, "text": text, "parse_mode": "HTML"})
        loop = asyncio.get_running_loop()
        while True:
            async with self.pace:
                wait = self.next_send - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                self.next_send = loop.time() + SEND_GAP
            async with self.http.post(self.telegram + "/sendMessage", data=body, headers=JSON) as r:
                answer = orjson.loads(await r.read())
            if r.status != 429:
                return
            await asyncio.sleep(answer.get("parameters", {}).get("retry_after", 1))


async def main(config: dict[str, Any], bot: type[FloorBot] = FloorBot) -> None:
    connector = aiohttp.TCPConnector(limit=0)  # as many connections as messages in flight
    async with aiohttp.ClientSession(connector=connector) as http:
        await bot(config, http).poll()


def run(bot: type[FloorBot] = FloorBot) -> None:
    """Run `bot` with the CONFIG file named on the command line, on uvloop."""
    settings = orjson.loads(Path(sys.argv[1]).read_bytes())
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        runner.run(main(settings, bot))


if __name__ == "__main__":
    run()
