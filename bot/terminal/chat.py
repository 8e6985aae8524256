"""The terminal chat: the same core as the Telegram bot, typed into a console.

Used by `healthbot demo` (against an in-process sandbox) and `healthbot chat` (against
`AGENT_API_BASE_URL`). When stdin is not a TTY it reads lines until EOF, so it can be
scripted: `echo "had oatmeal, slept badly" | healthbot demo`. Buttons are shown numbered;
typing the number taps it. A tap that changes nothing prints its short notice and leaves the
numbered buttons as they were, as Telegram leaves the message.

What could not reach the service is kept in the outbox and sent by the same delivery the bot
runs, in the background while the terminal waits for input and once more at the end, and the
"✅ Synced" notices are printed as they come. A line that fails gets a short apology, never a
traceback, and the conversation goes on. A chart (/week, /month) is written to a PNG file in
`charts_dir` (the current directory unless told otherwise), its path printed over its caption.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.compose import House
from bot.core.insights import MONTH_DAYS, WEEK_DAYS
from bot.kernel.keys import hide_keys
from bot.kernel.replies import Button, Reply
from bot.render import accounts
from bot.render import charts as render_charts
from bot.render import format as fmt
from bot.render import terminal as render_terminal
from bot.store import EncryptionError

log = logging.getLogger(__name__)

TERMINAL_USER_ID = 1
SYNC_EVERY = 1.0  # seconds between looks at the outbox while the terminal waits for input
EXIT_SYNC_SECONDS = 6.0  # at the end, how long what is still waiting may take to go out
EXIT_SYNC_POLL = 0.25
DEMO_KEY_WORD = "demo"  # `/connect demo` links the demo account again

Read = Callable[[], str | None]


def _echoed(line: str) -> str:
    """A scripted line as it is echoed: never a key (`/connect demo` names none)."""
    return line if line.lower().split() == ["/connect", DEMO_KEY_WORD] else hide_keys(line)


def say(text: str) -> None:
    """Print at once: notices come while the terminal waits, and stdout may be a pipe."""
    print(text, flush=True)


class Terminal:
    """One person at a console: their lines, the replies, and their outbox synced meanwhile.

    `demo_key` is the demo account's key; in the demo, `/connect demo` (or `/connect` alone)
    links that account again after `/disconnect`.
    """

    def __init__(
        self,
        house: House,
        *,
        out: Callable[[str], None] = say,
        demo_key: str | None = None,
        charts_dir: Path | None = None,
        language: str | None = None,
    ) -> None:
        self.assistant = house.assistant
        self.language = language  # the terminal's (--language or LANG), as Telegram's app's
        self.scheduled = house.scheduled
        self.out = out
        self.demo_key = demo_key
        self.charts_dir = charts_dir
        self.pending: list[Button] = []
        self._sync_error: str | None = None

    async def run(self, read: Read, *, echo: bool) -> None:
        """Answer each line `read` gives until it gives None or `/quit`; sync all along."""
        await self.assistant.heard(user_id=TERMINAL_USER_ID, code=self.language)
        stop = asyncio.Event()
        syncing = asyncio.create_task(self._sync_until(stop))
        try:
            await self._converse(read, echo=echo)
        finally:
            stop.set()
            await syncing  # a pass in flight finishes: no item is left claimed mid-send
        await self.sync_before_exit()

    async def _converse(self, read: Read, *, echo: bool) -> None:
        while True:
            line = await read_line(read)
            if line is None:
                return
            line = line.strip()
            if not line:
                continue
            if echo:
                self.out(f"> {_echoed(line)}")
            try:
                reply = await self.dispatch(line)
            except EncryptionError as exc:  # its message names the setting, never a key
                reply = Reply(render_terminal.terminal_line_failed(str(exc)))
            except Exception as exc:  # one line must never end the conversation
                log.debug("terminal line failed", exc_info=True)
                reply = Reply(render_terminal.terminal_line_failed(type(exc).__name__))
            if reply is None:
                return
            if reply.toast is not None:
                self.out(reply.toast)
            else:
                self.pending = self.show(reply)
                await self.assistant.told(reply)
            self.out("")

    def show(self, reply: Reply) -> list[Button]:
        """Print a reply; its buttons are numbered, and returned so a number can tap one."""
        if reply.photo is not None:
            self.out(render_charts.saved_to(str(self.save_chart(reply.photo))))
        self.out(fmt.to_plain(reply.html))
        if reply.operator_note:
            self.out(f"({reply.operator_note})")
        buttons = [b for row in reply.buttons for b in row]
        if buttons:
            self.out("  ".join(f"[{i}] {b.text}" for i, b in enumerate(buttons, start=1)))
        return buttons

    def save_chart(self, png: bytes) -> Path:
        """Write a chart where the person can open it; a new file each time, never overwritten."""
        folder = self.charts_dir or Path.cwd()
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        path = folder / f"healthbot-chart-{stamp}.png"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"healthbot-chart-{stamp}-{n}.png"
        path.write_bytes(png)
        return path.resolve()

    async def dispatch(self, line: str) -> Reply | None:
        """The reply to one line; None for `/quit`."""
        uid, assistant = TERMINAL_USER_ID, self.assistant
        # A button's number is short; a longer line of digits is text (and int() refuses
        # more than 4,300 digits).
        choice = int(line) if line.isascii() and line.isdigit() and len(line) <= 3 else 0
        if 1 <= choice <= len(self.pending):
            data = self.pending[choice - 1].callback
            return await assistant.on_button(user_id=uid, chat_id=uid, data=data)
        if not line.startswith("/"):
            return await assistant.handle_text(user_id=uid, chat_id=uid, text=line)
        command, _, arg = line[1:].partition(" ")
        command = command.lower()
        if command in ("quit", "exit"):
            return None
        handlers: dict[str, Callable[[], Awaitable[Reply]]] = {
            "start": lambda: assistant.start(user_id=uid),
            "help": lambda: assistant.help(user_id=uid),
            "today": lambda: assistant.today(user_id=uid),
            "week": lambda: assistant.chart(user_id=uid, days=WEEK_DAYS),
            "month": lambda: assistant.chart(user_id=uid, days=MONTH_DAYS),
            "status": lambda: assistant.status(user_id=uid),
            "settings": lambda: assistant.preferences.settings_view(user_id=uid),
            "timezone": lambda: assistant.preferences.set_timezone(user_id=uid, name=arg),
            "remind": lambda: assistant.preferences.set_reminder(user_id=uid, spec=arg),
            "dayend": lambda: assistant.preferences.set_day_end(user_id=uid, spec=arg),
            "language": lambda: assistant.preferences.set_language(user_id=uid, code=arg),
            "units": lambda: assistant.preferences.set_units(user_id=uid, word=arg),
            "connect": lambda: self.connect(arg),
            "disconnect": self.disconnect,
            "forget": lambda: assistant.forget_request(user_id=uid),
        }
        handler = handlers.get(command)
        if handler is None:
            return Reply(accounts.unknown_command(await assistant.reader(user_id=uid)))
        return await handler()

    async def connect(self, key: str) -> Reply:
        """`/connect KEY`; in the demo, `/connect demo` or `/connect` alone is the demo key."""
        if self.demo_key is not None and key.strip().lower() in ("", DEMO_KEY_WORD):
            key = self.demo_key
        uid = TERMINAL_USER_ID
        return await self.assistant.connect(
            user_id=uid, chat_id=uid, api_key=key, key_message_deleted=False
        )

    async def disconnect(self) -> Reply:
        reply = await self.assistant.disconnect(user_id=TERMINAL_USER_ID)
        if self.demo_key is not None:
            reply.html += "\n\n" + render_terminal.demo_link_again()
        return reply

    # --- the outbox ----------------------------------------------------------------------

    async def sync_once(self) -> None:
        """One delivery pass, as the bot's outbox job runs it; a failure is said once."""
        try:
            await self.scheduled.deliver_due(self._notify)
        except Exception as exc:  # the next pass tries again; the terminal goes on
            log.debug("terminal outbox pass failed", exc_info=True)
            error = str(exc) if isinstance(exc, EncryptionError) else type(exc).__name__
            if error != self._sync_error:
                self.out(render_terminal.terminal_sync_failed(error))
            self._sync_error = error
        else:
            self._sync_error = None

    async def _notify(self, chat_id: int, reply: Reply) -> None:
        self.show(reply)
        self.out("")

    async def _sync_until(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            await self.sync_once()
            try:
                await asyncio.wait_for(stop.wait(), SYNC_EVERY)
            except TimeoutError:
                pass

    async def sync_before_exit(self) -> None:
        """Give what is still waiting a few seconds to go out, so a scripted run syncs too;
        say what is left."""
        deadline = time.monotonic() + EXIT_SYNC_SECONDS
        while True:
            await self.sync_once()
            waiting, next_try = await self._waiting()
            left = deadline - time.monotonic()
            if not waiting or left <= 0:
                break
            if next_try is not None and next_try > self.scheduled.now() + dt.timedelta(
                seconds=left
            ):
                break  # nothing will be tried again before the deadline
            await asyncio.sleep(EXIT_SYNC_POLL)
        if waiting:
            self.out(
                render_terminal.terminal_still_waiting(waiting, demo=self.demo_key is not None)
            )

    async def _waiting(self) -> tuple[int, dt.datetime | None]:
        """How many of the person's items are still open, and the soonest retry among them."""
        try:
            return await self.scheduled.waiting(TERMINAL_USER_ID)
        except Exception:
            log.debug("could not read the outbox", exc_info=True)
            return 0, None


async def chat_loop(
    house: House,
    *,
    interactive: bool,
    out: Callable[[str], None] = say,
    demo_key: str | None = None,
    language: str | None = None,
) -> None:
    """Read lines, answer each; `/quit` or end of input stops. Replies are in `language`
    (a code such as "de" or a locale such as "de_DE.UTF-8") until `/language` chooses."""
    terminal = Terminal(house, out=out, demo_key=demo_key, language=language)
    if interactive:
        _replace_undecodable(sys.stdin)
    await terminal.run(_prompt if interactive else read_stdin_line, echo=not interactive)


async def read_line(read: Read) -> str | None:
    """One line from a blocking `read`, in a daemon thread: a read that never returns (a
    prompt at exit) cannot keep the process alive."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[str | None] = loop.create_future()

    def settle(value: str | None) -> None:
        if not future.done():
            future.set_result(value)

    def work() -> None:
        try:
            value = read()
        except Exception:  # an unreadable stdin ends the conversation like EOF
            log.debug("could not read stdin", exc_info=True)
            value = None
        try:
            loop.call_soon_threadsafe(settle, value)
        except RuntimeError:  # the loop closed meanwhile: nobody waits for this line
            pass

    threading.Thread(target=work, name="terminal-input", daemon=True).start()
    return await future


def read_stdin_line() -> str | None:
    """A line of piped input; bytes that are not UTF-8 become U+FFFD instead of an error."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        text = sys.stdin.readline()
        return text or None
    raw = stream.readline()
    return raw.decode("utf-8", errors="replace") if raw else None


def _replace_undecodable(stream: object) -> None:
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")


def _prompt() -> str | None:
    try:
        return input("you> ")
    except EOFError:
        return None
