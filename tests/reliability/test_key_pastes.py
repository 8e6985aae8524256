"""However a key is pasted, no log line at any level holds a piece of it.

The real bot (PTB, polling the fake Bot API) runs with logging set up as `healthbot run` sets
it up at LOG_LEVEL=DEBUG, every library's logger at DEBUG too; people paste a service key in
the ways copying from a web page, a password manager or a phone keyboard produce. PTB logs
each update it receives (escaped: a zero-width space as `\\u200b`, a line break as `\\n`), so
what is checked is the captured output itself: no run of 12 characters of the key in it.
"""

from __future__ import annotations

import datetime as dt
import io
import json
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from tests.e2e.conftest import Harness
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import BOT_USERNAME

NOON = dt.datetime(2026, 3, 10, 11, 0, tzinfo=dt.UTC)
RUN = 12  # this many characters of a key in a row is a leak
FIRST = 8300  # the first of the people pasting, one each


def pastes(key: str) -> dict[str, str]:
    """Texts as people send them, by how the key got there."""
    head, tail = key[:17], key[17:]
    return {
        "plain": f"/connect {key}",
        "zero-width before": f"/connect \u200b{key}",
        "zero-width right before, no space": f"/connect\u200b{key}",
        "zero-width after": f"/connect {key}\u200b",
        "zero-width inside": f"/connect {head}\u200b{tail}",
        "BOM before": f"\ufeff/connect \ufeff{key}",
        "word joiner and bidi marks": f"/connect \u2060\u200e{key}\u200f",
        "soft hyphen inside": f"/connect {head}\u00ad{tail}",
        "no-break space": f"/connect\u00a0{key}",
        "on the next line": f"/connect\n{key}",
        "split over two lines": f"/connect {head}\n{tail}",
        "split over two lines, CRLF": f"/connect {head}\r\n{tail}",
        "tab": f"/connect\t{key}",
        "double quotes": f'/connect "{key}"',
        "backticks": f"/connect `{key}`",
        "code block": f"/connect ```\n{key}\n```",
        "guillemets": f"/connect «{key}»",
        "with the bot's name": f"/connect@{BOT_USERNAME} {key}",
        "with the bot's name, zero-width": f"/connect@{BOT_USERNAME} \u200b{key}",
        "alone": key,
        "alone after a zero-width space": f"\u200b{key}",
        "alone, split over two lines": f"{head}\n{tail}",
        "in a sentence": f"here is my key:{key}, thanks",
        "in a sentence after a zero-width space": f"my key is \u200b{key} ok",
        "as JSON": json.dumps({"api_key": key}),
        "JSON-escaped": json.dumps(f"\u200b{key}"),
        "URL": f"https://example.com/link?key={quote(key)}&x=1",
        "URL-encoded": quote(f"/connect {key}", safe=""),
        "uppercase command": f"/CONNECT {key}",
    }


def leaked(key: str, logged: str) -> list[str]:
    """The runs of `RUN` characters of `key` found in `logged`."""
    return sorted({key[i : i + RUN] for i in range(len(key) - RUN + 1)} & _runs(logged))


def _runs(logged: str) -> set[str]:
    return {logged[i : i + RUN] for i in range(len(logged) - RUN + 1)}


async def test_no_run_of_a_pasted_key_reaches_any_log_line(
    harness_factory: Any, sandbox: RunningSandbox, all_logs: io.StringIO
) -> None:
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    bot: Harness = await harness_factory(start=NOON, agent_api_base_url=sandbox.url)
    fake = bot.fake
    help_text = (await bot.say(FIRST - 1, "/help")).text

    def sent_by(who: int, text: str) -> int:
        """Send `text` as `who`; its message id."""
        fake.push_text(who, text)
        return max(m for m, chat in fake.user_messages.items() if chat == who)

    sends: list[Callable[[int], object]] = [
        (lambda who, text=text: fake.push_text(who, text)) for text in pastes(key).values()
    ]
    sends += [
        lambda who: fake.push_photo(who, caption=f"/connect {key}"),
        lambda who: fake.push_photo(who, caption=f"\u200b{key}"),
        lambda who: fake.push_edit(who, sent_by(who, "2 eggs"), f"/connect {key}"),
        lambda who: fake.push_callback(who, f"draft:save:{key}", fake.last(FIRST - 1).message_id),
        lambda who: fake.push_text(who, f"/connect {key}", chat_type="supergroup"),
    ]
    people = range(FIRST, FIRST + len(sends))
    for who, send in zip(people, sends, strict=True):
        send(who)
        fake.push_text(who, "/help")
    for who in people:  # a person's updates are handled in order: the last answer comes last
        await fake.wait_for(lambda who=who: help_text in fake.texts(who))
    await bot.stop()

    logged = all_logs.getvalue()
    assert "getUpdates" in logged and "\\u200b" in logged  # the capture saw the raw updates
    assert leaked(key, logged) == []
