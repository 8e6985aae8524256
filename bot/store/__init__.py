"""The bot's own storage: accounts, encrypted keys, reminders, processed updates, outbox.

This module names what the store promises; the rest of the bot imports only these names.
What the core asks of it is `Store` (`units`): one method per unit of work, each choosing
the path its statements take (the driver on the event loop for a message's few, a session
for the rest), with the models and values those methods return; the scheduled work asks
`repo`, and the lease of every claimed row is `claims`. Inside: `db` makes engines
and sessions, `migrate` brings a database to the current schema,
`models` declares the tables, `repo` is the one import for every query (kept by table in
`accounts`, `drafts`, `history`, `usage`, `journal`, `reminders` and `outbox`), `crypto`
encrypts the people's API keys, `schedule` computes reminder times. Nothing connects at
import.
"""

from bot.store import repo
from bot.store.accounts import Usage
from bot.store.claims import Workers
from bot.store.crypto import (
    GENERATE_HINT,
    EncryptionError,
    KeyCipher,
    UndecryptableSecret,
    generate_key,
)
from bot.store.db import make_engine, make_sessionmaker
from bot.store.direct import Direct
from bot.store.keyfile import is_memory_database, key_file_for, load_or_create
from bot.store.migrate import migrate
from bot.store.models import (
    Account,
    AccountStatus,
    Draft,
    DraftStatus,
    OutboxItem,
    OutboxStatus,
    ProcessedUpdate,
    Reminder,
    TurnRole,
    WeeklySummary,
    utcnow,
)
from bot.store.schedule import local_date, local_instant, next_due_at, zone
from bot.store.units import DraftStore, Message, MessageStore, Spent, Store, Turns

__all__ = [
    "GENERATE_HINT",
    "Account",
    "AccountStatus",
    "Direct",
    "Draft",
    "DraftStatus",
    "DraftStore",
    "EncryptionError",
    "KeyCipher",
    "Message",
    "MessageStore",
    "OutboxItem",
    "OutboxStatus",
    "ProcessedUpdate",
    "Reminder",
    "Spent",
    "Store",
    "TurnRole",
    "Turns",
    "UndecryptableSecret",
    "Usage",
    "WeeklySummary",
    "Workers",
    "generate_key",
    "is_memory_database",
    "key_file_for",
    "load_or_create",
    "local_date",
    "local_instant",
    "make_engine",
    "make_sessionmaker",
    "migrate",
    "next_due_at",
    "repo",
    "utcnow",
    "zone",
]
