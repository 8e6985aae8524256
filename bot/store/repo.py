"""Repository functions: every query the bot makes, keyword-only, on a caller's session.

These functions flush but never commit: the caller owns the transaction. Most callers open
`async with sessionmaker() as session:`, make their calls and `await session.commit()` where
the work must be durable (before anything is sent); read-only callers just close the
session, and the reminder jobs use `sessionmaker.begin()`, which commits on leaving. A
session closed without a commit rolls back. So several calls form one unit of work, e.g.
storing a message's actions (`enqueue`) marks its update handled in the same transaction.

One import for callers, `from bot.store import repo`: this module re-exports the functions
of `accounts`, `drafts`, `history` (conversation turns), `usage` (LLM use), `journal` (the
update journal), `reminders`, `weekly` and `outbox`, and holds the duplicate check of processed
updates.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.accounts import (
    AccountNotFound,
    delete_account_everything,
    erase_deleted,
    get_account,
    get_account_with_draft,
    keep_telegram_language,
    link_account,
    read_account_with_draft,
    rotate_encrypted_keys,
    set_confirm_mode,
    set_day_ends_at,
    set_reader,
    set_reminder_time,
    set_status,
    set_timezone,
    unlink_account,
    upsert_account,
)
from bot.store.drafts import (
    create_draft,
    draft_from_message,
    get_draft,
    latest_draft,
    mention_waiting_drafts,
    open_drafts,
    resolve_draft,
    set_draft_shown,
)
from bot.store.history import (
    add_turns,
    append_turns,
    prune_turns,
    read_recent_turns,
    recent_turns,
)
from bot.store.journal import (
    claim_update,
    claim_update_looking_back,
    mark_update_handled,
    prepare_record_statements,
    record_update,
    record_updates,
    unhandled_updates,
)
from bot.store.journal_replay import release_earlier_updates, release_stale_updates
from bot.store.models import ProcessedUpdate
from bot.store.outbox import (
    OPEN_OUTBOX_STATUSES,
    delivered_results,
    enqueue_claimed,
    mark_outbox,
    mark_outboxes_done,
    outbox_item_from_message,
    pending_outbox,
    prune_outbox,
    retry_outbox_now,
)
from bot.store.outbox_claims import (
    any_claimable,
    claim_following,
    claim_outbox,
    claim_untold,
    release_outbox_claims,
    renew_outbox_claims,
    untold,
)
from bot.store.reminders import (
    complete_reminder,
    due_reminders,
    get_reminder,
    release_reminder,
    reminder_accounts,
    schedule_reminder,
    snooze_reminder,
)
from bot.store.usage import add_llm_usage, add_llm_usage_later, get_llm_usage
from bot.store.weekly import (
    complete_weekly,
    due_weekly,
    get_weekly,
    release_weekly,
    schedule_weekly,
    set_weekly_summary,
)

__all__ = [
    "OPEN_OUTBOX_STATUSES",
    "AccountNotFound",
    "add_llm_usage",
    "add_llm_usage_later",
    "add_turns",
    "any_claimable",
    "append_turns",
    "claim_following",
    "claim_outbox",
    "claim_untold",
    "claim_update",
    "claim_update_looking_back",
    "complete_reminder",
    "complete_weekly",
    "create_draft",
    "delete_account_everything",
    "delivered_results",
    "draft_from_message",
    "due_reminders",
    "due_weekly",
    "enqueue_claimed",
    "erase_deleted",
    "get_account",
    "get_account_with_draft",
    "get_draft",
    "get_llm_usage",
    "get_reminder",
    "get_weekly",
    "keep_telegram_language",
    "latest_draft",
    "link_account",
    "mark_outbox",
    "mark_outboxes_done",
    "mark_update_handled",
    "mention_waiting_drafts",
    "open_drafts",
    "outbox_item_from_message",
    "pending_outbox",
    "prepare_record_statements",
    "prune_outbox",
    "prune_processed_updates",
    "prune_turns",
    "read_account_with_draft",
    "read_recent_turns",
    "recent_turns",
    "record_update",
    "record_updates",
    "release_earlier_updates",
    "release_outbox_claims",
    "release_reminder",
    "release_stale_updates",
    "release_weekly",
    "reminder_accounts",
    "renew_outbox_claims",
    "resolve_draft",
    "retry_outbox_now",
    "rotate_encrypted_keys",
    "schedule_reminder",
    "schedule_weekly",
    "set_confirm_mode",
    "set_day_ends_at",
    "set_draft_shown",
    "set_reader",
    "set_reminder_time",
    "set_status",
    "set_timezone",
    "set_weekly_summary",
    "snooze_reminder",
    "unhandled_updates",
    "unlink_account",
    "untold",
    "upsert_account",
]


# --- processed updates ----------------------------------------------------------


async def prune_processed_updates(*, session: AsyncSession, before: datetime) -> int:
    """Drop ids older than Telegram would ever redeliver (it keeps updates for 24 hours)."""
    result = await session.execute(
        delete(ProcessedUpdate).where(ProcessedUpdate.processed_at < before)
    )
    return int(getattr(result, "rowcount", 0))
