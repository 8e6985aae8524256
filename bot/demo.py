"""`healthbot demo` and `healthbot chat`: try the bot in a terminal.

The demo needs nothing: it starts the sandbox in this process on a free loopback port with its
own SQLite file, creates a demo account, links it, and opens the terminal chat. The sandbox is
the stand-in of a server we do not control, so the demo talks to it over real HTTP exactly as
the bot talks to the real service.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import sys
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import uvicorn

from bot import render
from bot.assistant import create_assistant
from bot.config import Settings
from bot.store.crypto import generate_key
from bot.terminal import TERMINAL_USER_ID, chat_loop
from sandbox.app import SandboxConfig, create_app
from sandbox.users import add_user

DEMO_TIMEZONE = "Europe/Berlin"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.asynccontextmanager
async def running_sandbox(db_url: str) -> AsyncIterator[str]:
    """Serve the sandbox on a free loopback port for the duration of the block."""
    port = free_port()
    config = uvicorn.Config(
        create_app(SandboxConfig(db_url=db_url)),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        lifespan="on",
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await task


async def _demo(settings: Settings) -> None:
    with tempfile.TemporaryDirectory(prefix="healthbot-demo-") as tmp:
        sandbox_db = f"sqlite+aiosqlite:///{Path(tmp) / 'sandbox.db'}"
        key = await add_user(sandbox_db, "Demo", DEMO_TIMEZONE)
        async with running_sandbox(sandbox_db) as url:
            demo_settings = settings.model_copy(
                update={
                    "agent_api_base_url": url,
                    "database_url": f"sqlite+aiosqlite:///{Path(tmp) / 'bot.db'}",
                    "bot_encryption_key": _secret(generate_key()),
                }
            )
            assistant = await create_assistant(demo_settings)
            try:
                interactive = sys.stdin.isatty()
                print(render.to_plain(render.demo_banner(url, assistant.llm is not None)))
                uid = TERMINAL_USER_ID
                reply = await assistant.connect(user_id=uid, chat_id=uid, api_key=key)
                print(render.to_plain(reply.html) + "\n")
                await chat_loop(assistant, interactive=interactive)
            finally:
                await assistant.aclose()


async def _chat(settings: Settings) -> None:
    if settings.agent_api_key is None:
        print(render.to_plain(render.chat_needs_key()))
        raise SystemExit(2)
    key = settings.agent_api_key.get_secret_value()
    if not settings.encryption_keys():
        settings = settings.model_copy(update={"bot_encryption_key": _secret(generate_key())})
    assistant = await create_assistant(settings)
    try:
        uid = TERMINAL_USER_ID
        reply = await assistant.connect(user_id=uid, chat_id=uid, api_key=key)
        print(render.to_plain(reply.html) + "\n")
        await chat_loop(assistant, interactive=sys.stdin.isatty())
    finally:
        await assistant.aclose()


def _secret(value: str) -> object:
    from pydantic import SecretStr

    return SecretStr(value)


def run_demo(settings: Settings) -> None:
    asyncio.run(_demo(settings))


def run_chat(settings: Settings) -> None:
    asyncio.run(_chat(settings))
