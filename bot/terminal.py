"""The terminal chat: the same core as the Telegram bot, typed into a console.

Used by `healthbot demo` (against an in-process sandbox) and `healthbot chat` (against
`AGENT_API_BASE_URL`). When stdin is not a TTY it reads lines until EOF, so it can be
scripted: `echo "had oatmeal, slept badly" | healthbot demo`. Buttons are shown numbered;
typing the number taps it.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable

from bot import render
from bot.assistant import Assistant
from bot.keys import hide_keys
from bot.replies import Button, Reply

TERMINAL_USER_ID = 1


def _show(reply: Reply, out: Callable[[str], None]) -> list[Button]:
    out(render.to_plain(reply.html))
    buttons = [b for row in reply.buttons for b in row]
    if buttons:
        out("  ".join(f"[{i}] {b.text}" for i, b in enumerate(buttons, start=1)))
    return buttons


async def _dispatch(assistant: Assistant, line: str, pending: list[Button]) -> Reply | None:
    uid = TERMINAL_USER_ID
    if line.isdigit() and pending and 1 <= int(line) <= len(pending):
        data = pending[int(line) - 1].callback
        return await assistant.on_button(user_id=uid, chat_id=uid, data=data)
    if not line.startswith("/"):
        return await assistant.handle_text(user_id=uid, chat_id=uid, text=line)
    command, _, arg = line[1:].partition(" ")
    command = command.lower()
    if command in ("quit", "exit"):
        return None
    handlers = {
        "start": lambda: assistant.start(user_id=uid),
        "help": lambda: assistant.help(user_id=uid),
        "today": lambda: assistant.today(user_id=uid),
        "settings": lambda: assistant.settings_view(user_id=uid),
        "timezone": lambda: assistant.set_timezone(user_id=uid, name=arg),
        "remind": lambda: assistant.set_reminder(user_id=uid, spec=arg),
        "connect": lambda: assistant.connect(user_id=uid, chat_id=uid, api_key=arg),
        "disconnect": lambda: assistant.disconnect(user_id=uid),
        "forget": lambda: assistant.forget_request(user_id=uid),
    }
    handler = handlers.get(command)
    if handler is None:
        return Reply(render.help_text())
    return await handler()


async def chat_loop(
    assistant: Assistant, *, interactive: bool, out: Callable[[str], None] = print
) -> None:
    """Read lines, answer each; `/quit` or end of input stops."""
    pending: list[Button] = []
    loop = asyncio.get_running_loop()
    while True:
        if interactive:
            line = await loop.run_in_executor(None, _prompt)
        else:
            line = await loop.run_in_executor(None, sys.stdin.readline)
            if line == "":
                return
        if line is None:
            return
        line = line.strip()
        if not line:
            continue
        if not interactive:
            out(f"> {hide_keys(line)}")
        reply = await _dispatch(assistant, line, pending)
        if reply is None:
            return
        pending = _show(reply, out)
        out("")


def _prompt() -> str | None:
    try:
        return input("you> ")
    except EOFError:
        return None
