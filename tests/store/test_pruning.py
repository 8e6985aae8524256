"""Finished rows go after their keep time, on both databases; nothing open or recent goes."""

from __future__ import annotations

import logging
from datetime import UTC, date, datetime, timedelta

import pytest
from pydantic import ValidationError
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.config import Settings
from bot.store import make_sessionmaker, repo
from bot.store.direct import Direct
from bot.store.models import OutboxItem, OutboxStatus, ProcessedUpdate, TurnRole
from bot.sync.journal import REPLAY_WINDOW
from bot.sync.pruning import prune_finished, prune_history
from tests.fixtures.store import enqueue_pending

# The fixtures are imported so these tests run with --noconftest too; parameters
# named after them are their uses, not redefinitions.
# ruff: noqa: F811
from tests.store.conftest import engine, pg_engine, pg_url, sqlite_engine  # noqa: F401

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
ALICE = 10_000_000_001
SETTINGS = Settings(_env_file=None)  # type: ignore[call-arg]
OUTBOX_KEPT = timedelta(days=SETTINGS.outbox_keep_days)
UPDATES_KEPT = timedelta(days=SETTINGS.updates_keep_days)


async def _item(
    engine: AsyncEngine, message_id: int, status: OutboxStatus, written: datetime
) -> None:
    """An outbox item from message `message_id`, written at `written`, finished then if so."""
    async with make_sessionmaker(engine).begin() as session:
        await repo.upsert_account(session=session, telegram_id=ALICE, chat_id=ALICE)
        item_id = await enqueue_pending(
            session=session,
            telegram_id=ALICE,
            chat_id=ALICE,
            local_date=date(2026, 6, 1),
            actions=[{"type": "weight.log", "kg": 70}],
            now=written,
        )
        delivered = written if status is OutboxStatus.DONE else None
        await session.execute(
            update(OutboxItem)
            .where(OutboxItem.id == item_id)
            .values(status=status, delivered_at=delivered, source_message_id=message_id)
        )


async def _update(engine: AsyncEngine, update_id: int, received: datetime, handled: bool) -> None:
    async with make_sessionmaker(engine).begin() as session:
        await repo.record_update(
            session=session, update_id=update_id, payload=b"x", user_id=ALICE, now=received
        )
        if handled:
            await repo.mark_update_handled(session=session, update_id=update_id, now=received)


async def test_pruning_deletes_only_finished_rows_past_their_keep_time(engine, caplog):
    old, recent = NOW - OUTBOX_KEPT - timedelta(hours=1), NOW - OUTBOX_KEPT + timedelta(hours=1)
    await _item(engine, 1, OutboxStatus.DONE, old)  # goes
    await _item(engine, 2, OutboxStatus.FAILED, old)  # goes
    await _item(engine, 3, OutboxStatus.DONE, recent)
    await _item(engine, 4, OutboxStatus.FAILED, recent)
    await _item(engine, 5, OutboxStatus.PENDING, old)  # open: delivery still needs it
    await _item(engine, 6, OutboxStatus.UNKNOWN, old)
    await _update(engine, 1, NOW - UPDATES_KEPT - timedelta(hours=1), handled=True)  # goes
    await _update(engine, 2, NOW - UPDATES_KEPT - timedelta(hours=1), handled=False)  # goes
    await _update(engine, 3, NOW - UPDATES_KEPT + timedelta(hours=1), handled=True)
    await _update(engine, 4, NOW - REPLAY_WINDOW / 2, handled=False)  # still to be replayed

    sessions = make_sessionmaker(engine)
    with caplog.at_level(logging.INFO, logger="bot.sync.pruning"):
        assert await prune_finished(sessions, SETTINGS, NOW) == (2, 2)
    assert "deleted 2 finished outbox items and 2 journal rows" in caplog.text

    async with sessions() as session:
        messages = await session.scalars(
            select(OutboxItem.source_message_id).order_by(OutboxItem.id)
        )
        assert list(messages) == [3, 4, 5, 6]
        updates = await session.scalars(
            select(ProcessedUpdate.update_id).order_by(ProcessedUpdate.update_id)
        )
        assert list(updates) == [3, 4]
        # An edit of the pruned message is no longer known as logged; a recent one still is.
        gone = await repo.outbox_item_from_message(session=session, telegram_id=ALICE, message_id=1)
        kept = await repo.outbox_item_from_message(session=session, telegram_id=ALICE, message_id=3)
        assert gone is None and kept is not None
    assert await prune_finished(sessions, SETTINGS, NOW) == (0, 0)


async def test_history_keeps_each_persons_newest_turns(engine):
    """A message adds its turns without deleting any; the hourly job keeps what the LLM is
    shown (each person's newest HISTORY_TURNS) and deletes the rest, for everyone at once."""
    bob = ALICE + 1
    settings = Settings(_env_file=None, history_turns=3)  # type: ignore[call-arg]
    sessions = make_sessionmaker(engine)
    async with sessions.begin() as session:
        for person in (ALICE, bob):
            await repo.upsert_account(session=session, telegram_id=person, chat_id=person)
    for n in range(5):
        async with Direct(engine).transaction() as tx:
            turns = [(TurnRole.USER, f"alice {n}"), (TurnRole.ASSISTANT, f"logged {n}")]
            repo.add_turns(tx=tx, telegram_id=ALICE, turns=turns, now=NOW)
            repo.add_turns(tx=tx, telegram_id=bob, turns=turns[:1], now=NOW)
    async with sessions() as session:
        assert len(await repo.recent_turns(session=session, telegram_id=ALICE, limit=99)) == 10

    assert await prune_history(sessions, settings) == 7 + 2

    async with sessions() as session:
        alice = await repo.recent_turns(session=session, telegram_id=ALICE, limit=99)
        assert [t.text for t in alice] == ["logged 3", "alice 4", "logged 4"]
        kept = await repo.recent_turns(session=session, telegram_id=bob, limit=99)
        assert [t.text for t in kept] == ["alice 2", "alice 3", "alice 4"]
    assert await prune_history(sessions, settings) == 0


def test_keep_times_default_to_a_month_and_a_week_and_refuse_less_than_a_day(monkeypatch):
    assert (SETTINGS.outbox_keep_days, SETTINGS.updates_keep_days) == (30, 7)
    assert timedelta(days=SETTINGS.updates_keep_days) > REPLAY_WINDOW  # nothing to replay goes
    monkeypatch.setenv("OUTBOX_KEEP_DAYS", "90")
    monkeypatch.setenv("UPDATES_KEEP_DAYS", "1.5")
    from_env = Settings(_env_file=None)  # type: ignore[call-arg]
    assert (from_env.outbox_keep_days, from_env.updates_keep_days) == (90, 1.5)
    # At least a day: Telegram may deliver an update again for 24 hours.
    for field in ("outbox_keep_days", "updates_keep_days"):
        with pytest.raises(ValidationError, match=field):
            Settings(_env_file=None, **{field: 0.5})  # type: ignore[call-arg]
