"""The bot's own storage: accounts, encrypted keys, reminders, processed updates, outbox.

What the core asks of it is `Store` (`units`): one method per unit of work, each choosing
the path its statements take (the driver on the event loop for a message's few, a session
for the rest), with the models and values those methods return. Inside: `db` makes engines
and sessions, `migrate` brings a database to the current schema,
`models` declares the tables, `repo` is the one import for every query (kept by table in
`accounts`, `drafts`, `history`, `usage`, `journal`, `reminders` and `outbox`), `crypto`
encrypts the people's API keys, `schedule` computes reminder times. Nothing connects at
import.
"""

from bot.store.accounts import Usage
from bot.store.db import make_engine, make_sessionmaker
from bot.store.migrate import migrate
from bot.store.models import (
    Account,
    AccountStatus,
    Draft,
    DraftStatus,
    OutboxItem,
    OutboxStatus,
    TurnRole,
)
from bot.store.units import DraftStore, Message, MessageStore, Spent, Store, Turns

__all__ = [
    "Account",
    "AccountStatus",
    "Draft",
    "DraftStatus",
    "DraftStore",
    "Message",
    "MessageStore",
    "OutboxItem",
    "OutboxStatus",
    "Spent",
    "Store",
    "TurnRole",
    "Turns",
    "Usage",
    "make_engine",
    "make_sessionmaker",
    "migrate",
]
