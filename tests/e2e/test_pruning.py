"""The running bot deletes finished outbox items once an hour, on its own store."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from sqlalchemy import select, update

from bot.compose import compose
from bot.store import repo
from bot.store.models import OutboxItem, OutboxStatus, utcnow
from bot.telegram.app import PRUNE_EVERY, build_application
from tests.e2e.conftest import harness_settings
from tests.fixtures.store import enqueue_pending
from tests.fixtures.telegram import FakeTelegram, running_bot

ADA = 5001


async def test_the_hourly_job_prunes_old_delivered_items(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    settings = harness_settings(fake_telegram, tmp_path)
    house = await compose(settings)
    assistant = house.assistant
    app = build_application(settings, house, reminder_every=None)
    async with running_bot(app):
        [job] = app.job_queue.get_jobs_by_name("prune")
        assert job.job.trigger.interval == dt.timedelta(seconds=PRUNE_EVERY)
        now = utcnow()
        kept = dt.timedelta(days=settings.outbox_keep_days)
        async with assistant.resources.sessionmaker() as session:
            await repo.upsert_account(session=session, telegram_id=ADA, chat_id=ADA)
            for delivered in (now - kept - dt.timedelta(days=1), now - dt.timedelta(days=1)):
                item_id = await enqueue_pending(
                    session=session,
                    telegram_id=ADA,
                    chat_id=ADA,
                    local_date=delivered.date(),
                    actions=[{"type": "weight.log", "kg": 70}],
                    now=delivered,
                )
                await session.execute(
                    update(OutboxItem)
                    .where(OutboxItem.id == item_id)
                    .values(status=OutboxStatus.DONE, delivered_at=delivered)
                )
            await session.commit()
        await job.callback(None)
        async with assistant.resources.sessionmaker() as session:
            left = (await session.scalars(select(OutboxItem.delivered_at))).all()
    assert left == [now - dt.timedelta(days=1)]  # the recent one stays
