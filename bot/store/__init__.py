"""The bot's own storage: accounts, encrypted keys, reminders, processed updates, outbox.

`db` makes engines and sessions, `migrate` brings a database to the current schema,
`models` declares the tables, `repo` is the one import for every query (kept by table in
`accounts`, `drafts`, `history`, `usage`, `journal`, `reminders` and `outbox`), `crypto`
encrypts the people's API keys, `schedule` computes reminder times. Nothing connects at
import.
"""

from bot.store.db import make_engine, make_sessionmaker
from bot.store.migrate import migrate

__all__ = ["make_engine", "make_sessionmaker", "migrate"]
