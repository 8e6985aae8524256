"""Accounts, turns, drafts and LLM usage on both databases; forget deletes everything."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import pytest
from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from bot.store import make_sessionmaker, repo
from bot.store.crypto import KeyCipher, generate_key
from bot.store.models import (
    Account,
    AccountStatus,
    Base,
    ConversationTurn,
    DraftStatus,
    ProcessedUpdate,
    TurnRole,
)
from bot.store.schedule import UnknownTimezone
from bot.store.weekly import schedule_weekly
from tests.fixtures.store import enqueue_pending

# The fixtures are imported so these tests run with --noconftest too; parameters
# named after them are their uses, not redefinitions.
# ruff: noqa: F811
from tests.store.conftest import engine, pg_engine, pg_url, sqlite_engine  # noqa: F401

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
ALICE, BOB = 10_000_000_001, 10_000_000_002  # beyond 32 bits, as Telegram ids can be


async def _link(engine: AsyncEngine, telegram_id: int, token: bytes = b"token") -> None:
    async with make_sessionmaker(engine).begin() as session:
        await repo.link_account(
            session=session,
            telegram_id=telegram_id,
            chat_id=telegram_id,
            encrypted_key=token,
            service_user_id="u-1",
            service_user_name="Alice",
        )


async def _linked(session: AsyncSession) -> int:
    """How many accounts hold a key."""
    query = select(func.count()).select_from(Account).where(Account.encrypted_key.is_not(None))
    return int(await session.scalar(query) or 0)


async def test_link_read_and_settings(engine):
    sessions = make_sessionmaker(engine)
    async with sessions.begin() as session:
        assert await repo.get_account(session=session, telegram_id=ALICE) is None
        assert await _linked(session) == 0
    await _link(engine, ALICE)
    async with sessions.begin() as session:
        await repo.set_timezone(session=session, telegram_id=ALICE, timezone="Europe/Berlin")
        await repo.set_reminder_time(session=session, telegram_id=ALICE, reminder_time=time(8))
        await repo.set_confirm_mode(session=session, telegram_id=ALICE, enabled=True)
    async with sessions() as session:
        account = await repo.get_account(session=session, telegram_id=ALICE)
        assert account is not None and account.is_linked
        assert account.encrypted_key == b"token"
        assert (account.service_user_id, account.service_user_name) == ("u-1", "Alice")
        assert account.timezone == "Europe/Berlin"
        assert account.reminder_time == time(8) and account.reminders_enabled
        assert account.confirm_mode
        assert account.status == AccountStatus.ACTIVE
        assert account.created_at.tzinfo is not None
        assert "token" not in repr(account)
        assert await _linked(session) == 1


async def test_remind_off_keeps_the_time(engine):
    await _link(engine, ALICE)
    async with make_sessionmaker(engine).begin() as session:
        await repo.set_reminder_time(session=session, telegram_id=ALICE, reminder_time=time(7))
        account = await repo.set_reminder_time(
            session=session, telegram_id=ALICE, reminder_time=None
        )
        assert not account.reminders_enabled and account.reminder_time == time(7)


async def test_unknown_timezone_and_missing_account_are_refused(engine):
    await _link(engine, ALICE)
    async with make_sessionmaker(engine)() as session:
        with pytest.raises(UnknownTimezone):
            await repo.set_timezone(session=session, telegram_id=ALICE, timezone="Nowhere/City")
        with pytest.raises(repo.AccountNotFound):
            await repo.set_status(session=session, telegram_id=BOB, status=AccountStatus.BLOCKED)


async def test_status_and_relink_clears_needs_reconnect(engine):
    await _link(engine, ALICE)
    sessions = make_sessionmaker(engine)
    async with sessions.begin() as session:
        await repo.set_status(
            session=session, telegram_id=ALICE, status=AccountStatus.NEEDS_RECONNECT
        )
    async with sessions() as session:
        account = await repo.get_account(session=session, telegram_id=ALICE)
        assert account is not None and account.status == "needs_reconnect"
    await _link(engine, ALICE, b"new")
    async with sessions() as session:
        account = await repo.get_account(session=session, telegram_id=ALICE)
        assert account is not None and account.status == AccountStatus.ACTIVE


async def test_upsert_keeps_one_row_and_updates_the_chat(engine):
    async with make_sessionmaker(engine).begin() as session:
        await repo.upsert_account(session=session, telegram_id=ALICE)
        await repo.upsert_account(session=session, telegram_id=ALICE, chat_id=5)
        account = await repo.upsert_account(session=session, telegram_id=ALICE)
        assert account.chat_id == 5 and not account.is_linked
        assert await session.scalar(select(func.count()).select_from(Account)) == 1


async def test_unlink_forgets_the_key_but_keeps_the_timezone(engine):
    await _link(engine, ALICE)
    sessions = make_sessionmaker(engine)
    async with sessions.begin() as session:
        await repo.set_timezone(session=session, telegram_id=ALICE, timezone="Asia/Tokyo")
        await repo.schedule_reminder(session=session, telegram_id=ALICE, next_due_at=NOW)
        assert await repo.unlink_account(session=session, telegram_id=ALICE)
        assert not await repo.unlink_account(session=session, telegram_id=BOB)
    async with sessions() as session:
        account = await repo.get_account(session=session, telegram_id=ALICE)
        assert account is not None
        assert account.encrypted_key is None and account.service_user_name is None
        assert account.timezone == "Asia/Tokyo"
        reminder = await repo.get_reminder(session=session, telegram_id=ALICE)
        assert reminder is not None and reminder.next_due_at is None
        assert await _linked(session) == 0


async def _fill_everything(engine: AsyncEngine, telegram_id: int) -> None:
    await _link(engine, telegram_id)
    async with make_sessionmaker(engine).begin() as session:
        await repo.append_turns(
            session=session, telegram_id=telegram_id, turns=[(TurnRole.USER, "hi")], keep=6
        )
        await repo.schedule_reminder(session=session, telegram_id=telegram_id, next_due_at=NOW)
        await enqueue_pending(
            session=session,
            telegram_id=telegram_id,
            chat_id=telegram_id,
            local_date=NOW.date(),
            actions=[{"type": "weight.log", "kg": 72.4}],
        )
        await repo.create_draft(
            session=session,
            telegram_id=telegram_id,
            actions=[],
            text="x",
            expires_at=NOW + timedelta(hours=1),
        )
        await repo.add_llm_usage(
            session=session, telegram_id=telegram_id, local_date=NOW.date(), tokens=10
        )
        await schedule_weekly(session=session, telegram_id=telegram_id, next_due_at=NOW)


async def _rows_of(engine: AsyncEngine, telegram_id: int) -> dict[str, int]:
    counts: dict[str, int] = {}
    async with engine.connect() as connection:
        for table in Base.metadata.sorted_tables:
            if "telegram_id" in table.c:
                query = select(func.count()).where(table.c.telegram_id == telegram_id)
                counts[table.name] = (await connection.execute(query)).scalar_one()
    return counts


async def test_forget_deletes_every_row_about_the_person_only(engine):
    await _fill_everything(engine, ALICE)
    await _fill_everything(engine, BOB)
    personal_tables = {t.name for t in Base.metadata.sorted_tables if "telegram_id" in t.c}
    assert personal_tables == {
        "accounts",
        "conversation_turns",
        "reminders",
        "outbox_items",
        "drafts",
        "llm_usage",
        "weekly_summaries",
    }
    assert set((await _rows_of(engine, ALICE)).values()) == {1}
    async with make_sessionmaker(engine).begin() as session:
        assert await repo.delete_account_everything(session=session, telegram_id=ALICE)
        assert not await repo.delete_account_everything(session=session, telegram_id=ALICE)
    assert set((await _rows_of(engine, ALICE)).values()) == {0}
    assert set((await _rows_of(engine, BOB)).values()) == {1}


async def test_deleting_the_account_row_cascades_in_the_database(engine):
    """The foreign keys alone forget a person (on SQLite: the pragma is on)."""
    await _fill_everything(engine, ALICE)
    async with engine.begin() as connection:
        await connection.execute(delete(Account).where(Account.telegram_id == ALICE))
    assert set((await _rows_of(engine, ALICE)).values()) == {0}


async def test_turns_keep_only_the_last_n_oldest_first(engine):
    await _link(engine, ALICE)
    await _link(engine, BOB)
    sessions = make_sessionmaker(engine)
    for i in range(10):
        async with sessions.begin() as session:
            role = TurnRole.USER if i % 2 == 0 else TurnRole.ASSISTANT
            await repo.append_turns(
                session=session, telegram_id=ALICE, turns=[(role, f"t{i}")], keep=4
            )
    async with sessions.begin() as session:
        await repo.append_turns(
            session=session, telegram_id=BOB, turns=[(TurnRole.USER, "b")], keep=4
        )
    async with sessions() as session:
        turns = await repo.recent_turns(session=session, telegram_id=ALICE, limit=3)
        assert [t.text for t in turns] == ["t7", "t8", "t9"]
        assert [t.role for t in turns] == ["assistant", "user", "assistant"]
        stored = await session.scalar(
            select(func.count()).where(ConversationTurn.telegram_id == ALICE)
        )
        assert stored == 4
        assert len(await repo.recent_turns(session=session, telegram_id=BOB, limit=9)) == 1
        assert await repo.recent_turns(session=session, telegram_id=ALICE, limit=0) == []
    async with sessions.begin() as session:  # history off: nothing kept
        await repo.append_turns(
            session=session, telegram_id=ALICE, turns=[(TurnRole.USER, "x")], keep=0
        )
        assert await repo.recent_turns(session=session, telegram_id=ALICE, limit=9) == []


async def test_turns_added_together_keep_their_order(engine):
    """A message and its answer go in with one statement; the LLM must read them in order."""
    await _link(engine, ALICE)
    sessions = make_sessionmaker(engine)
    said = [(TurnRole.USER, "2 eggs"), (TurnRole.ASSISTANT, "Logged: eggs")]
    for _ in range(2):
        async with sessions.begin() as session:
            await repo.append_turns(session=session, telegram_id=ALICE, turns=said, keep=3)
    async with sessions() as session:
        turns = await repo.recent_turns(session=session, telegram_id=ALICE, limit=9)
    assert [(t.role, t.text) for t in turns] == [said[1], said[0], said[1]]


async def test_llm_usage_adds_up_per_local_day(engine):
    await _link(engine, ALICE)
    day = date(2026, 6, 1)
    async with make_sessionmaker(engine).begin() as session:
        assert await repo.get_llm_usage(session=session, telegram_id=ALICE, local_date=day) == (
            0,
            0,
        )
        await repo.add_llm_usage(session=session, telegram_id=ALICE, local_date=day, tokens=100)
        total = await repo.add_llm_usage(
            session=session, telegram_id=ALICE, local_date=day, tokens=50
        )
        assert total == (2, 150)
        await repo.add_llm_usage(
            session=session, telegram_id=ALICE, local_date=day + timedelta(days=1), tokens=7
        )
        assert await repo.get_llm_usage(session=session, telegram_id=ALICE, local_date=day) == (
            2,
            150,
        )


async def test_a_draft_resolves_once_and_only_for_its_owner(engine):
    await _link(engine, ALICE)
    await _link(engine, BOB)
    sessions = make_sessionmaker(engine)
    async with sessions.begin() as session:
        draft = await repo.create_draft(
            session=session,
            telegram_id=ALICE,
            actions=[{"type": "nutrition.add"}],
            text="5000 kcal cake",
            expires_at=NOW + timedelta(minutes=30),
            now=NOW,
        )
        draft_id = draft.id
    async with sessions.begin() as session:
        assert await repo.get_draft(session=session, telegram_id=BOB, draft_id=draft_id) is None
        assert (
            await repo.resolve_draft(
                session=session,
                telegram_id=BOB,
                draft_id=draft_id,
                status=DraftStatus.CONFIRMED,
                now=NOW,
            )
            is None
        )
        confirmed = await repo.resolve_draft(
            session=session,
            telegram_id=ALICE,
            draft_id=draft_id,
            status=DraftStatus.CONFIRMED,
            now=NOW,
        )
        assert confirmed is not None and confirmed.status == DraftStatus.CONFIRMED
        assert confirmed.actions == [{"type": "nutrition.add"}]
        again = await repo.resolve_draft(
            session=session,
            telegram_id=ALICE,
            draft_id=draft_id,
            status=DraftStatus.CONFIRMED,
            now=NOW,
        )
        assert again is None


async def test_a_message_reads_the_account_and_the_draft_being_fixed_at_once(engine):
    sessions = make_sessionmaker(engine)

    async def read(telegram_id: int, now: datetime = NOW) -> tuple[object, object]:
        async with sessions() as session:
            account, draft = await repo.get_account_with_draft(
                session=session, telegram_id=telegram_id, status=DraftStatus.FIXING, now=now
            )
            return (
                account.telegram_id if account else None,
                draft.text if draft else None,
            )

    assert await read(ALICE) == (None, None)
    await _link(engine, ALICE)
    await _link(engine, BOB)
    assert await read(ALICE) == (ALICE, None)
    async with sessions.begin() as session:
        for owner, text, minutes, fixing in [
            (ALICE, "older", 30, True),
            (ALICE, "newer", 10, True),
            (ALICE, "proposed", 60, False),
            (BOB, "bob's", 60, True),
        ]:
            draft = await repo.create_draft(
                session=session,
                telegram_id=owner,
                actions=[],
                text=text,
                expires_at=NOW + timedelta(minutes=minutes),
                now=NOW,
            )
            if fixing:
                await repo.resolve_draft(
                    session=session,
                    telegram_id=owner,
                    draft_id=draft.id,
                    status=DraftStatus.FIXING,
                    now=NOW,
                )
    assert await read(ALICE) == (ALICE, "newer")
    assert await read(ALICE, NOW + timedelta(minutes=20)) == (ALICE, "older")  # newer expired
    assert await read(ALICE, NOW + timedelta(minutes=40)) == (ALICE, None)
    assert await read(BOB) == (BOB, "bob's")


async def test_an_expired_draft_cannot_be_confirmed(engine):
    await _link(engine, ALICE)
    async with make_sessionmaker(engine).begin() as session:
        draft = await repo.create_draft(
            session=session, telegram_id=ALICE, actions=[], text="x", expires_at=NOW
        )
        resolved = await repo.resolve_draft(
            session=session,
            telegram_id=ALICE,
            draft_id=draft.id,
            status=DraftStatus.CONFIRMED,
            now=NOW + timedelta(seconds=1),
        )
        assert resolved is None


async def test_rotating_stored_keys_to_the_newest_encryption_key(engine):
    old, new = generate_key(), generate_key()
    await _link(engine, ALICE, KeyCipher([old]).encrypt("key-a"))
    await _link(engine, BOB, KeyCipher([new]).encrypt("key-b"))
    cipher = KeyCipher([new, old])
    sessions = make_sessionmaker(engine)
    async with sessions.begin() as session:
        assert await repo.rotate_encrypted_keys(session=session, cipher=cipher, batch_size=1) == 1
    async with sessions.begin() as session:
        assert await repo.rotate_encrypted_keys(session=session, cipher=cipher) == 0
        account = await repo.get_account(session=session, telegram_id=ALICE)
        assert account is not None and account.encrypted_key is not None
        assert KeyCipher([new]).decrypt(account.encrypted_key) == "key-a"


async def test_naive_datetimes_are_refused(engine):
    await _link(engine, ALICE)
    async with make_sessionmaker(engine)() as session:
        with pytest.raises(Exception, match="naive"):
            await repo.schedule_reminder(
                session=session, telegram_id=ALICE, next_due_at=datetime(2026, 1, 1)
            )


async def test_processed_update_ids_are_pruned_by_age(engine):
    async with make_sessionmaker(engine).begin() as session:
        await repo.record_update(
            session=session, update_id=1, payload=b"", now=NOW - timedelta(days=2)
        )
        await repo.record_update(session=session, update_id=2, payload=b"", now=NOW)
        assert await repo.prune_processed_updates(session=session, before=NOW - timedelta(1)) == 1
        ids = (await session.scalars(select(ProcessedUpdate.update_id))).all()
        assert list(ids) == [2]
