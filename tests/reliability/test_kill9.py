"""`kill -9` in the middle of a send, then a restart: every message still lands exactly once.

The bot runs as a real process (`python -m bot.cli run`, polling the fake Bot API) over a slow
sandbox, so a write is in flight when it is killed. By then Telegram considers every pushed
update delivered (the next `getUpdates` confirmed them), so the messages not yet handled exist
only in the update journal; the in-flight write's outcome is unknown and must be reconciled.
A second process on the same database must replay the first and reconcile the second.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.agent_api.actions import CheckinUpsert, NutritionAddEntry, WeightLog
from bot.store.crypto import generate_key
from tests.fixtures.sandbox import RunningSandbox, SandboxFactory
from tests.fixtures.telegram import FakeTelegram
from tests.reliability.test_exactly_once import expected_actions

CLAIM_TIMEOUT = 2.0
PEOPLE = {
    701: ["2 eggs", "a coffee", "72.4 kg", "an apple", "a coffee"],
    702: ["oatmeal", "mood 4", "a banana and a coffee", "72.9 kg", "2 eggs"],
    703: ["a coffee", "a coffee", "slept badly", "3 eggs and toast", "an apple"],
}


class BotProcess:
    """`healthbot run` in a child process, with its output kept in a file for failures."""

    def __init__(self, env: dict[str, str], cwd: Path, name: str) -> None:
        self.log = cwd / f"{name}.log"
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "bot.cli", "run"],
                env=env,
                cwd=cwd,
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    def kill9(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(5)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]


class BotDb:
    """Read-only looks into the bot's SQLite store (the test never writes to it)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def scalar(self, sql: str) -> Any:
        if not self.path.exists():
            return None
        with sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=5) as conn:
            try:
                return conn.execute(sql).fetchone()[0]
            except sqlite3.OperationalError:  # not migrated yet
                return None

    def outbox(self, status: str) -> int:
        return int(self.scalar(f"SELECT count(*) FROM outbox_items WHERE status = '{status}'") or 0)

    def open_outbox(self) -> int:
        return int(
            self.scalar(
                "SELECT count(*) FROM outbox_items WHERE status IN ('pending','sending','unknown')"
            )
            or 0
        )

    def unhandled_updates(self) -> int:
        return int(
            self.scalar(
                "SELECT count(*) FROM processed_updates "
                "WHERE handled_at IS NULL AND payload IS NOT NULL"
            )
            or 0
        )


@pytest.fixture
def processes() -> Iterator[list[BotProcess]]:
    started: list[BotProcess] = []
    yield started
    for process in started:
        process.stop()


async def wait_until(predicate: Any, within: float, what: str, procs: list[BotProcess]) -> None:
    deadline = time.monotonic() + within
    while True:
        value = predicate()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return
        if time.monotonic() > deadline:
            logs = "\n".join(p.output() for p in procs)
            raise AssertionError(f"timed out waiting for {what}\n{logs}")
        await asyncio.sleep(0.02)


async def expected_counts(messages: list[str]) -> dict[str, int]:
    actions = await expected_actions(messages)
    return {
        "nutrition": sum(isinstance(a, NutritionAddEntry) for a in actions),
        "weights": sum(isinstance(a, WeightLog) for a in actions),
        "checkins": int(any(isinstance(a, CheckinUpsert) for a in actions)),
    }


async def all_landed(sandbox: RunningSandbox, keys: dict[int, str], want: dict[int, Any]) -> bool:
    for user_id, key in keys.items():
        counts = await sandbox.counts(key)
        if {area: counts[area] for area in want[user_id]} != want[user_id]:
            return False
    return True


def bot_env(fake_telegram: FakeTelegram, sandbox: RunningSandbox, db: BotDb) -> dict[str, str]:
    """What a bot process runs with: the fake Bot API, `sandbox`, its SQLite file, a fresh
    encryption key, no LLM; the outbox's claim timeout left at its default."""
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "OPENAI_"))},
        "TELEGRAM_BOT_TOKEN": fake_telegram.token,
        "TELEGRAM_API_BASE_URL": fake_telegram.base_url,
        "AGENT_API_BASE_URL": sandbox.url,
        "DATABASE_URL": f"sqlite+aiosqlite:///{db.path}",
        "BOT_ENCRYPTION_KEY": generate_key(),
        "OPENAI_API_KEY": "",
        "LOG_LEVEL": "INFO",
    }
    env.pop("OUTBOX_CLAIM_TIMEOUT_SECONDS", None)
    return env


async def test_kill_9_during_a_send_then_restart_lands_everything_once(
    sandbox_factory: SandboxFactory,
    fake_telegram: FakeTelegram,
    tmp_path: Path,
    processes: list[BotProcess],
) -> None:
    slow = sandbox_factory(latency_ms=150)
    db = BotDb(tmp_path / "bot.db")
    env = {**bot_env(fake_telegram, slow, db), "OUTBOX_CLAIM_TIMEOUT_SECONDS": str(CLAIM_TIMEOUT)}
    keys = {user_id: await slow.add_user(f"P{user_id}") for user_id in PEOPLE}
    want = {user_id: await expected_counts(messages) for user_id, messages in PEOPLE.items()}

    first = BotProcess(env, tmp_path, "first")
    processes.append(first)
    for user_id, key in keys.items():
        fake_telegram.push_text(user_id, f"/connect {key}")
    for user_id in keys:
        await fake_telegram.wait_sent(user_id, 1)
        assert f"P{user_id}" in fake_telegram.last(user_id).text

    pushed = [
        fake_telegram.push_text(user_id, text)
        for position in range(5)
        for user_id, messages in PEOPLE.items()
        for text in messages[position : position + 1]
    ]
    # Kill while a write is in flight, once some messages went through.
    await wait_until(
        lambda: db.outbox("sending") > 0 and db.outbox("done") > 0, 20, "a send in flight", [first]
    )
    first.kill9()
    # Telegram considers every update delivered: only the journal still has the rest.
    assert fake_telegram.confirmed_offset > max(pushed)
    unhandled = db.unhandled_updates()
    assert unhandled > 0
    assert not await all_landed(slow, keys, want)

    await asyncio.sleep(CLAIM_TIMEOUT + 0.2)  # the dead process's claims run out
    second = BotProcess(env, tmp_path, "second")
    processes.append(second)

    async def drained() -> bool:
        return (
            db.open_outbox() == 0
            and db.unhandled_updates() == 0
            and await all_landed(slow, keys, want)
        )

    await wait_until(drained, 30, "everything to land", processes)
    await asyncio.sleep(0.5)  # nothing more arrives afterwards
    assert await all_landed(slow, keys, want)
    for user_id, key in keys.items():
        assert {k: v for k, v in (await slow.counts(key)).items() if k in want[user_id]} == want[
            user_id
        ]
    print(f"\nkill -9: {unhandled} updates were only in the journal; restart replayed them")


RESTART_PEOPLE = {
    711: ["2 eggs", "an apple"],
    712: ["a banana", "oatmeal"],
    713: ["a coffee", "3 eggs and toast"],
    714: ["an apple", "a coffee"],
}


async def test_a_restarted_bot_takes_back_its_own_work_at_once_and_blames_no_one(
    sandbox_factory: SandboxFactory,
    fake_telegram: FakeTelegram,
    tmp_path: Path,
    processes: list[BotProcess],
) -> None:
    """8 messages to a slow service, SIGKILL while they are handled, start again at once.

    The claim timeout is the default two minutes: what the killed run held (an item in
    flight, updates received but not handled) is the restarted bot's own, so it must not wait
    for it. A person who writes right after the restart is answered without being told the
    service is down: it is up, only slow.
    """
    slow = sandbox_factory(latency_ms=1500)
    db = BotDb(tmp_path / "bot.db")
    env = bot_env(fake_telegram, slow, db)  # the default claim timeout: two minutes
    keys = {user_id: await slow.add_user(f"P{user_id}") for user_id in RESTART_PEOPLE}
    later = {user_id: [*texts] for user_id, texts in RESTART_PEOPLE.items()}
    later[711].append("72.4 kg")  # written right after the restart
    want = {user_id: await expected_counts(messages) for user_id, messages in later.items()}

    first = BotProcess(env, tmp_path, "first")
    processes.append(first)
    for user_id, key in keys.items():
        fake_telegram.push_text(user_id, f"/connect {key}")
    for user_id in keys:
        await fake_telegram.wait_sent(user_id, 1)
    # In one getUpdates answer: every message is in the journal before the first is handled,
    # so the kill below always leaves updates received but not handled.
    fake_telegram.push_texts_of(
        [
            (user_id, messages[position])
            for position in range(2)
            for user_id, messages in RESTART_PEOPLE.items()
        ]
    )
    await wait_until(lambda: db.outbox("sending") > 0, 30, "a send in flight", [first])
    first.kill9()
    assert db.unhandled_updates() > 0
    sent_before = {user_id: len(fake_telegram.sent(user_id)) for user_id in keys}

    restarted = time.monotonic()
    second = BotProcess(env, tmp_path, "second")
    processes.append(second)
    fake_telegram.push_text(711, "72.4 kg")

    async def drained() -> bool:
        return (
            db.open_outbox() == 0
            and db.unhandled_updates() == 0
            and await all_landed(slow, keys, want)
        )

    # Far less than the two-minute lease a process that died leaves behind.
    await wait_until(drained, 60, "the killed run's work to be done", processes)
    took = time.monotonic() - restarted
    for user_id, key in keys.items():
        counts = await slow.counts(key)
        assert {k: v for k, v in counts.items() if k in want[user_id]} == want[user_id]
        after = [m.text for m in fake_telegram.sent(user_id)[sent_before[user_id] :]]
        assert not [t for t in after if "isn't answering" in t], after
    print(f"\nrestart: everything the killed run held was done {took:.1f} s after the restart")


# Each person's four entries have distinct names, so every answer can be told apart.
BURST_PEOPLE = {
    721 + n: [texts[(n + k) % 4] for k in range(4)]
    for n, texts in enumerate([["2 eggs", "an apple", "a banana", "oatmeal"]] * 5)
}
LANDED_HEADINGS = ("Logged", "Also synced", "✅ Synced")


def landed_lines(html: str) -> list[str]:
    """The entries a message says are in the account: the lines under its "Logged", "Also
    synced" and "✅ Synced" headings (not those it says were only saved)."""
    lines = []
    for block in re.sub(r"<[^>]+>", "", html).split("\n\n"):
        heading, _, rest = block.partition("\n")
        if heading.startswith(LANDED_HEADINGS):
            lines.extend(line for line in rest.splitlines() if line.startswith("🍽"))
    return lines


def answers_of(fake_telegram: FakeTelegram, user_id: int) -> Counter[str]:
    """How many times each food was confirmed to the person as landed."""
    return Counter(
        line.removeprefix("🍽 ").partition(" — ")[0]
        for message in fake_telegram.sent(user_id)
        for line in landed_lines(message.text)
    )


async def test_every_write_that_landed_before_a_kill_is_answered_once_after_the_restart(
    sandbox_factory: SandboxFactory,
    fake_telegram: FakeTelegram,
    tmp_path: Path,
    processes: list[BotProcess],
) -> None:
    """20 messages from 5 people over a slow service; SIGKILL while some writes have landed
    and their "Logged" is still on its way (the day's summary is being read); restart.

    Every entry lands once, and every person hears once of each entry: "Logged", "Also
    synced" or "✅ Synced". Before, a write recorded as done whose reply had not gone out was
    never answered, and the person resent it: a duplicate the bot could not take back.
    """
    slow = sandbox_factory(latency_ms=300)
    db = BotDb(tmp_path / "bot.db")
    env = bot_env(fake_telegram, slow, db)  # the default claim timeout: two minutes
    keys = {user_id: await slow.add_user(f"P{user_id}") for user_id in BURST_PEOPLE}
    want = {user_id: await expected_counts(texts) for user_id, texts in BURST_PEOPLE.items()}
    foods = {
        user_id: sorted(a.entry.food for a in await expected_actions(texts))  # type: ignore[union-attr]
        for user_id, texts in BURST_PEOPLE.items()
    }

    first = BotProcess(env, tmp_path, "first")
    processes.append(first)
    for user_id, key in keys.items():
        fake_telegram.push_text(user_id, f"/connect {key}")
    for user_id in keys:
        await fake_telegram.wait_sent(user_id, 1)
    fake_telegram.push_texts_of(
        [(user_id, texts[k]) for k in range(4) for user_id, texts in BURST_PEOPLE.items()]
    )

    def answered() -> int:
        return sum(sum(answers_of(fake_telegram, user_id).values()) for user_id in keys)

    # Kill once writes have landed whose answer has not gone out yet (reading the day).
    await wait_until(
        lambda: db.outbox("done") >= 3 and db.outbox("done") > answered(),
        30,
        "writes landed and not yet answered",
        [first],
    )
    first.kill9()
    landed_unanswered = db.outbox("done") - answered()

    second = BotProcess(env, tmp_path, "second")
    processes.append(second)

    async def all_answered() -> bool:
        return (
            db.open_outbox() == 0
            and db.unhandled_updates() == 0
            and await all_landed(slow, keys, want)
            and all(sorted(answers_of(fake_telegram, u).elements()) == foods[u] for u in keys)
        )

    try:
        await wait_until(all_answered, 30, "every entry landed and answered", processes)
    finally:
        told = {user_id: dict(answers_of(fake_telegram, user_id)) for user_id in keys}
        print(f"\nkill -9 with {landed_unanswered} landed and unanswered; answers: {told}")
    await asyncio.sleep(1.0)  # nothing more arrives afterwards
    for user_id, key in keys.items():
        counts = await slow.counts(key)
        assert {k: v for k, v in counts.items() if k in want[user_id]} == want[user_id]
        assert answers_of(fake_telegram, user_id) == Counter(foods[user_id]), user_id
