"""`healthbot demo` and `healthbot chat`: try the bot in a terminal.

The demo needs nothing: it starts the sandbox in this process on a free loopback port with its
own SQLite file, creates a demo account in this machine's timezone, links it, and opens the
terminal chat. The sandbox is the stand-in of a server we do not control, so the demo talks to
it over real HTTP exactly as the bot talks to the real service.

Both print one line and exit with status 2 when they cannot start, never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import sys
import tempfile
import zoneinfo
from collections.abc import AsyncIterator, Coroutine, Mapping
from pathlib import Path
from typing import Any

from pydantic import SecretStr

from bot.agent_api.errors import AgentApiError, BadKey
from bot.compose import House, compose
from bot.config import Settings
from bot.render import format as fmt
from bot.render import terminal
from bot.store import (
    GENERATE_HINT,
    EncryptionError,
    KeyCipher,
    generate_key,
    is_memory_database,
    key_file_for,
    load_or_create,
)
from bot.terminal.chat import TERMINAL_USER_ID, chat_loop, say

ZONEINFO_DIRS = ("zoneinfo/posix/", "zoneinfo/right/", "zoneinfo/")


class CannotStart(Exception):
    """A terminal front end cannot start; the message is the one line that says why."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def machine_timezone() -> str:
    """This machine's IANA zone: the TZ variable, else where /etc/localtime points, else UTC."""
    candidates = []
    if os.environ.get("TZ"):
        candidates.append(os.environ["TZ"].lstrip(":"))
    with contextlib.suppress(OSError):
        target = os.path.realpath("/etc/localtime")
        for marker in ZONEINFO_DIRS:
            if marker in target:
                candidates.append(target.split(marker, 1)[1])
                break
    with contextlib.suppress(OSError):
        candidates.append(Path("/etc/timezone").read_text(encoding="utf-8").strip())
    for name in candidates:
        try:
            zoneinfo.ZoneInfo(name)
        except (ValueError, OSError):  # not an IANA name (a POSIX TZ string, a bad path)
            continue
        return name
    return "UTC"


@contextlib.asynccontextmanager
async def running_sandbox(db_url: str) -> AsyncIterator[str]:
    """Serve the sandbox on a free loopback port for the duration of the block."""
    # The sandbox extra (FastAPI, uvicorn), imported here: `healthbot chat` needs none of it.
    import uvicorn

    from sandbox.app import SandboxConfig, create_app

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


async def _demo(settings: Settings, language: str | None) -> None:
    from sandbox.users import add_user

    zone = machine_timezone()
    with tempfile.TemporaryDirectory(prefix="healthbot-demo-") as tmp:
        sandbox_db = f"sqlite+aiosqlite:///{Path(tmp) / 'sandbox.db'}"
        key = await add_user(sandbox_db, "Demo", zone)
        async with running_sandbox(sandbox_db) as url:
            demo_settings = settings.model_copy(
                update={
                    "agent_api_base_url": url,
                    "database_url": f"sqlite+aiosqlite:///{Path(tmp) / 'bot.db'}",
                    "bot_encryption_key": SecretStr(generate_key()),
                }
            )
            house = await compose(demo_settings)
            assistant = house.assistant
            try:
                interactive = sys.stdin.isatty()
                say(fmt.to_plain(terminal.demo_banner(url, house.reads_with_a_model)))
                uid = TERMINAL_USER_ID
                await assistant.heard(user_id=uid, code=language)  # the welcome in it too
                # Set first, so the machine's zone is kept even where it is UTC (which `connect`
                # takes for a service's default and asks about).
                await assistant.preferences.set_timezone(user_id=uid, name=zone)
                reply = await assistant.connect(
                    user_id=uid, chat_id=uid, api_key=key, key_message_deleted=False
                )
                say(fmt.to_plain(reply.html) + "\n")
                await chat_loop(house, interactive=interactive, demo_key=key, language=language)
            finally:
                await house.aclose()


async def _chat(settings: Settings, language: str | None) -> None:
    if settings.agent_api_key is None:
        raise CannotStart(fmt.to_plain(terminal.chat_needs_key()))
    key = settings.agent_api_key.get_secret_value()
    settings = with_encryption_key(settings)
    house = await _open(settings)
    try:
        await house.assistant.heard(user_id=TERMINAL_USER_ID, code=language)
        await _link(house, settings.agent_api_base_url, key)
        await chat_loop(house, interactive=sys.stdin.isatty(), language=language)
    finally:
        await house.aclose()


async def _link(house: House, url: str, key: str) -> None:
    """Link AGENT_API_KEY as `/connect` does, with what goes wrong said for a terminal.

    The key came from the environment, so nobody is asked to send `/connect`: a key the service
    refuses, or a service that cannot be reached when nothing was linked before, ends the chat
    in one line. A service that is down after an earlier run linked this key lets the chat go
    on: what is logged waits in the outbox, as in Telegram.
    """
    try:
        me = await house.key_works(key)
    except BadKey:
        raise CannotStart(fmt.to_plain(terminal.chat_service_refused_key())) from None
    except AgentApiError as exc:  # its message names the request and the cause, never the key
        if not await house.linked_with(TERMINAL_USER_ID, key):
            raise CannotStart(
                fmt.to_plain(terminal.chat_service_unreachable(url, str(exc)))
            ) from None
        say(fmt.to_plain(terminal.chat_service_down_linked(url, str(exc))) + "\n")
        return
    uid = TERMINAL_USER_ID
    reply = await house.assistant.connect(
        user_id=uid, chat_id=uid, api_key=key, key_message_deleted=False, me=me
    )
    say(fmt.to_plain(reply.html) + "\n")


async def _open(settings: Settings) -> House:
    try:
        return await compose(settings)
    except EncryptionError as exc:  # its message names the setting, never a key
        raise CannotStart(f"healthbot chat: {exc}") from None
    except Exception as exc:  # a database that cannot be opened or migrated
        raise CannotStart(fmt.to_plain(terminal.chat_database_failed(type(exc).__name__))) from None


def with_encryption_key(settings: Settings) -> Settings:
    """The settings with a key that stays the same for this database from run to run.

    BOT_ENCRYPTION_KEY when set; else the key kept beside a SQLite file (made on the first
    run); a fresh one for an in-memory database. Any other database needs the setting.
    """
    if settings.encryption_keys():
        return settings
    if is_memory_database(settings.database_url):
        return settings.model_copy(update={"bot_encryption_key": SecretStr(generate_key())})
    path = key_file_for(settings.database_url)
    if path is None:
        raise CannotStart(terminal.chat_needs_encryption_key(GENERATE_HINT))
    shown = str(path.resolve())
    try:
        key, created = load_or_create(path)
        KeyCipher([key])
    except (OSError, UnicodeDecodeError) as exc:
        raise CannotStart(terminal.chat_key_file_bad(shown, f"cannot be used ({exc})")) from None
    except EncryptionError:
        raise CannotStart(
            terminal.chat_key_file_bad(shown, "does not hold a valid Fernet key")
        ) from None
    say(terminal.chat_key_file(shown, created))
    return settings.model_copy(update={"bot_encryption_key": SecretStr(key)})


def run_demo(settings: Settings, language: str | None = None) -> int:
    """The exit status of `healthbot demo`; replies in `language`, else the terminal's."""
    return _run_terminal(_demo(settings, language or terminal_language()))


def run_chat(settings: Settings, language: str | None = None) -> int:
    """The exit status of `healthbot chat`; replies in `language`, else the terminal's."""
    return _run_terminal(_chat(settings, language or terminal_language()))


def terminal_language(environ: Mapping[str, str] = os.environ) -> str | None:
    """The language the terminal's locale names (LC_ALL, LC_MESSAGES, then LANG, as gettext
    reads them: "de_DE.UTF-8" -> "de_DE"); None for the C locale or none set."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "").split(".", 1)[0].split("@", 1)[0]
        if value and value not in ("C", "POSIX"):
            return value
    return None


def _run_terminal(main: Coroutine[Any, Any, None]) -> int:
    """Run a terminal front end: 0 when it ends, 2 with one line when it cannot start, 130
    after Ctrl-C, never a traceback."""
    _replace_unencodable(sys.stdout)
    try:
        asyncio.run(main)
    except CannotStart as exc:
        say(str(exc))
        return 2
    except KeyboardInterrupt:
        say("")
        return 130
    return 0


def _replace_unencodable(stream: object) -> None:
    """A terminal that cannot show a character (✅ in an ASCII locale) shows "?" instead."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")
