"""Drafts: actions understood but not yet confirmed by the person, until they expire.

A draft is shown with save / fix / drop buttons; each tap moves it on once
(`resolve_draft`), and an edit of the message it came from finds it (`draft_from_message`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.models import Draft, DraftStatus, dump_json, utcnow


async def create_draft(
    *,
    session: AsyncSession,
    telegram_id: int,
    actions: Sequence[Mapping[str, Any]],
    text: str,
    expires_at: datetime,
    now: datetime | None = None,
    source_message_id: int | None = None,
    mentioned: bool = False,
) -> Draft:
    draft = Draft(
        telegram_id=telegram_id,
        actions_json=dump_json(list(actions)),
        text=text,
        source_message_id=source_message_id,
        created_at=now or utcnow(),
        expires_at=expires_at,
        status=DraftStatus.PENDING,
        mentioned=mentioned,
    )
    session.add(draft)
    await session.flush()
    return draft


async def get_draft(*, session: AsyncSession, telegram_id: int, draft_id: int) -> Draft | None:
    """The draft if it is this person's: ids arrive in callback data anyone could forge."""
    draft = await session.get(Draft, draft_id)
    return draft if draft is not None and draft.telegram_id == telegram_id else None


async def resolve_draft(
    *,
    session: AsyncSession,
    telegram_id: int,
    draft_id: int,
    status: DraftStatus,
    now: datetime | None = None,
    from_statuses: Sequence[DraftStatus] = (DraftStatus.PENDING,),
) -> Draft | None:
    """Move an unexpired draft of this person on from one of `from_statuses`, once.

    One conditional UPDATE, so a double tap on "save" confirms once; None when the
    draft is not theirs, already resolved or expired.
    """
    rows = await session.scalars(
        update(Draft)
        .where(Draft.id == draft_id, *live_drafts(telegram_id, from_statuses, now or utcnow()))
        .values(status=DraftStatus(status))
        .returning(Draft),
        execution_options={"synchronize_session": False, "populate_existing": True},
    )
    return rows.one_or_none()


async def draft_from_message(
    *,
    session: AsyncSession,
    telegram_id: int,
    message_id: int,
    statuses: Sequence[DraftStatus],
    now: datetime,
) -> Draft | None:
    """The person's unexpired draft in one of `statuses` made from Telegram message
    `message_id` (the newest, should there be several)."""
    rows = await session.scalars(
        select(Draft)
        .where(Draft.source_message_id == message_id, *live_drafts(telegram_id, statuses, now))
        .order_by(Draft.id.desc())
        .limit(1)
    )
    return rows.first()


async def latest_draft(
    *, session: AsyncSession, telegram_id: int, status: DraftStatus, now: datetime
) -> Draft | None:
    """The person's newest unexpired draft in `status` (e.g. the one being fixed)."""
    rows = await session.scalars(
        select(Draft)
        .where(*live_drafts(telegram_id, status, now))
        .order_by(Draft.id.desc())
        .limit(1)
    )
    return rows.first()


def live_drafts(
    telegram_id: int, status: DraftStatus | Sequence[DraftStatus], now: datetime
) -> tuple[ColumnElement[bool], ...]:
    """The person's drafts in `status` (or one of several) that have not expired at `now`."""
    in_status = (
        Draft.status == DraftStatus(status)
        if isinstance(status, str)
        else Draft.status.in_([DraftStatus(x) for x in status])
    )
    return (Draft.telegram_id == telegram_id, in_status, Draft.expires_at > now)


async def set_draft_shown(
    *, session: AsyncSession, telegram_id: int, draft_id: int, message_id: int
) -> None:
    """Remember the bot's message that carries the draft's buttons."""
    await session.execute(
        update(Draft)
        .where(Draft.id == draft_id, Draft.telegram_id == telegram_id)
        .values(shown_message_id=message_id)
    )


async def open_drafts(*, session: AsyncSession, telegram_id: int, now: datetime) -> list[Draft]:
    """The person's unexpired drafts still waiting for a tap or a correction, oldest first."""
    rows = await session.scalars(
        select(Draft)
        .where(*live_drafts(telegram_id, (DraftStatus.PENDING, DraftStatus.FIXING), now))
        .order_by(Draft.id)
    )
    return list(rows)


async def mention_waiting_drafts(
    *, session: AsyncSession, telegram_id: int, now: datetime
) -> list[Draft]:
    """The person's unexpired pending drafts no reply has mentioned yet, now marked
    mentioned (one statement: two replies at once never both mention one), oldest first."""
    rows = await session.scalars(
        update(Draft)
        .where(*waiting_unmentioned(telegram_id, now))
        .values(mentioned=True)
        .returning(Draft),
        execution_options={"synchronize_session": False, "populate_existing": True},
    )
    return sorted(rows, key=lambda draft: draft.id)


def waiting_unmentioned(telegram_id: Any, now: Any) -> tuple[ColumnElement[bool], ...]:
    """Pending, unexpired drafts of the person that no reply has mentioned yet."""
    return (
        Draft.telegram_id == telegram_id,
        Draft.status == DraftStatus.PENDING,
        Draft.mentioned.is_(False),
        Draft.expires_at > now,
    )
