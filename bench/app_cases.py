"""The benchmarks of the real Telegram application: reminder fan-out, peak RSS of
`healthbot run` with 10,000 accounts, catching up after an outage."""

from __future__ import annotations

import asyncio
import datetime as dt
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import insert, update

from bench.common import (
    TYPICAL,
    bench_settings,
    bot_env,
    linked,
    linked_house,
    peak_rss_mb,
    start_bot,
    vm_hwm_mb,
)
from bench.servers import Servers
from bot.store import repo
from bot.store.crypto import KeyCipher, generate_key
from bot.store.models import Account, AccountStatus, Reminder

# --- reminder fan-out -----------------------------------------------------------------------------


async def fanout(workdir: Path) -> dict[str, Any]:
    """N reminders due at once through the real PTB bot, against a Bot API enforcing 30/s."""
    from bot.core.scheduled import reminder_reply
    from bot.sync.reminders import Reminders
    from bot.telegram.app import build_application
    from bot.telegram.handlers.jobs import reminder_sender

    people = 300
    with Servers(workdir) as servers:
        servers.call("telegram_rate_limit", 30)
        house, _ = await linked_house(servers, bench_settings(servers, workdir), people)
        assistant = house.assistant
        now = dt.datetime.now(dt.UTC)
        async with house.resources.sessionmaker.begin() as session:
            await session.execute(
                update(Reminder).values(next_due_at=now - dt.timedelta(minutes=1))
            )
        app = build_application(house.settings, house, reminder_every=None, outbox_every=None)
        await app.initialize()
        try:
            reminders = Reminders.of(house.resources, reminder_reply)
            cpu0, t0 = time.process_time(), time.perf_counter()
            sent = await reminders.run_due(now, reminder_sender(app.bot))
            wall, cpu = time.perf_counter() - t0, time.process_time() - cpu0
        finally:
            await app.shutdown()
            await assistant.aclose()
        telegram = servers.call("telegram_sends")
    at = sorted(telegram["at"])
    rate = (len(at) - 1) / (at[-1] - at[0]) if len(at) > 1 else 0.0
    return {
        "path": "Reminders.run_due -> PTB bot (AIORateLimiter) -> fake Bot API limited to 30/s",
        "people": people,
        "sent": sent,
        "distinct_chats": len(set(telegram["chats"])),
        "refused_429": telegram["429"],
        "wall_s": wall,
        "rate_per_s": rate,
        "ratio_to_30": rate / 30,
        "bot_cpu_s": cpu,
        "bot_cpu_ms_per_reminder": 1000 * cpu / max(sent, 1),
        "peak_rss_mb": peak_rss_mb(),
    }


# --- peak RSS with 10,000 linked accounts ---------------------------------------------------------


async def rss(workdir: Path) -> dict[str, Any]:
    """`healthbot run` (polling) on a store of 10,000 linked accounts, keys rotated at start."""
    accounts, chatty = 10_000, 50
    old, new = generate_key(), generate_key()
    with Servers(workdir) as servers:
        settings = bench_settings(servers, workdir, bot_encryption_key=old)
        assistant, ids = await linked(servers, settings, chatty)
        cipher = KeyCipher([old])
        now = dt.datetime.now(dt.UTC)
        rows = [
            {
                "telegram_id": 1_000_000 + i,
                "chat_id": 1_000_000 + i,
                "encrypted_key": cipher.encrypt(f"hk_{i:032d}"),
                "service_user_id": f"usr_{i}",
                "service_user_name": f"Person {i}",
                "timezone": "Europe/Berlin",
                "status": AccountStatus.ACTIVE,
                "created_at": now,
                "updated_at": now,
            }
            for i in range(accounts - chatty)
        ]
        async with assistant.resources.sessionmaker.begin() as session:
            await session.execute(insert(Account), rows)
            await session.execute(
                insert(Reminder),
                [
                    {"telegram_id": r["telegram_id"], "next_due_at": now + dt.timedelta(hours=6)}
                    for r in rows
                ],
            )
        await assistant.aclose()
        # Two keys: every stored key is re-encrypted at start.
        env = bot_env(servers, settings, f"{new},{old}")
        process = start_bot(workdir, env)
        try:
            t0 = time.perf_counter()
            for user in ids:
                servers.call("push_text", user, TYPICAL)
            replies = await _until(lambda: _replied(servers, ids), 60)
            elapsed = time.perf_counter() - t0
            peak = vm_hwm_mb(process.pid)
        finally:
            process.terminate()
            process.wait(20)
    return {
        "path": "healthbot run (polling) as a subprocess; VmHWM from /proc",
        "accounts": accounts,
        "messages_answered": replies,
        "seconds_to_answer_all": elapsed,
        "keys_rotated_at_start": accounts,
        "peak_rss_mb": peak,
    }


def _replied(servers: Servers, ids: list[int]) -> int:
    chats = set(servers.call("telegram_sends")["chats"])
    return sum(1 for user in ids if user in chats)


async def _until(count: Callable[[], int], limit: float) -> int:
    deadline = time.monotonic() + limit
    while True:
        value = count()
        if value >= 50 or time.monotonic() > deadline:
            return value
        await asyncio.sleep(0.2)


# --- catching up after an outage ------------------------------------------------------------------


async def catchup(workdir: Path) -> dict[str, Any]:
    """40 items saved during an outage: how long until they land once the service is back.

    The real PTB bot runs with its outbox job (and its probe of a service that failed) while
    one person says 40 foods to a service whose writes all fail; the outage lasts a while longer
    (backoffs grow), then the service answers again and the clock runs until the outbox is
    empty. Requests are counted at the sandbox from the moment it recovered.
    """
    from bot.telegram.app import OUTBOX_EVERY, build_application

    items, outage_s = 40, 15.0
    with Servers(workdir) as servers:
        house, ids = await linked_house(servers, bench_settings(servers, workdir), 1)
        assistant = house.assistant
        user = ids[0]
        app = build_application(house.settings, house, reminder_every=None)
        await app.initialize()
        if app.post_init is not None:
            await app.post_init(app)
        await app.start()
        try:
            servers.call("sandbox_down", True)
            down_at = time.monotonic()
            kept = 0
            for _ in range(items):
                reply = await assistant.handle_text(user_id=user, chat_id=user, text="an apple")
                kept += "Saved" in reply.html
            await asyncio.sleep(max(0.0, outage_s - (time.monotonic() - down_at)))
            sent_before = len(servers.call("telegram_sends")["chats"])
            servers.call("reset")
            servers.call("sandbox_down", False)
            recovered = time.monotonic()

            async def waiting() -> int:
                async with assistant.resources.sessionmaker() as session:  # one at a time: SQLite
                    return len(await repo.pending_outbox(session=session, telegram_id=user))

            while await waiting():
                if time.monotonic() - recovered > 600:
                    raise TimeoutError("the outbox did not drain in 10 minutes")
                await asyncio.sleep(0.05)
            landed_s = time.monotonic() - recovered
            await asyncio.sleep(2 * OUTBOX_EVERY)  # the synced notice goes out after the pass
            counts = servers.call("sandbox_stats")["counts"]
            notices = len(servers.call("telegram_sends")["chats"]) - sent_before
        finally:
            await app.stop()
            await app.shutdown()
        return {
            "path": "healthbot's PTB app with its outbox job -> sandbox whose writes 503, then not",
            "items": items,
            "kept_during_outage": kept,
            "outage_s": outage_s,
            "landed_after_recovery_s": landed_s,
            "ingest_requests_after_recovery": counts.get("POST /ingest", 0),
            "synced_notices": notices,
            "outbox_job_every_s": OUTBOX_EVERY,
        }
