"""The encryption key of a terminal run without BOT_ENCRYPTION_KEY: a file beside the database.

`healthbot chat` stores the person's API key encrypted, as the bot does. A fresh key on every
run would leave what the last run stored unreadable, so the key of a SQLite database is kept
in `<database>.key`, created readable by its owner only (mode 0600), and used again.
"""

from __future__ import annotations

import os
from pathlib import Path

from bot.store.crypto import generate_key
from bot.store.db import async_url

KEY_FILE_SUFFIX = ".key"


def is_memory_database(database_url: str) -> bool:
    """True for an in-memory SQLite database, which ends with the process (and so its key)."""
    url = async_url(database_url)
    return url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:")


def key_file_for(database_url: str) -> Path | None:
    """Where the key of this database is kept; None when it is not a SQLite file."""
    url = async_url(database_url)
    database = url.database
    if url.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return None
    if database.startswith("file:"):  # a SQLite URI filename: its path is not plain
        return None
    path = Path(database)
    return path.with_name(path.name + KEY_FILE_SUFFIX)


def load_or_create(path: Path) -> tuple[str, bool]:
    """The key kept in `path`, made first when there is none; True when it was just made.

    The file is created with O_EXCL and mode 0600: never readable by others, and two runs
    starting together end up with the same key.
    """
    try:
        return path.read_text(encoding="ascii").strip(), False
    except FileNotFoundError:
        pass
    key = generate_key()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="ascii").strip(), False
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(key + "\n")
    return key, True
