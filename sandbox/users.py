"""Creating sandbox accounts; the only way a key comes into being."""

from __future__ import annotations

from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy.ext.asyncio import AsyncSession

from sandbox.auth import hash_key, new_key
from sandbox.db import create_tables, make_engine
from sandbox.models import USER_NAME_CHARS, User, new_id
from sandbox.validation import Invalid, text

USER_NAME = text(USER_NAME_CHARS)  # stripped, not blank, no NUL, at most the column's length


async def add_user(db_url: str, name: str, timezone: str = "UTC") -> str:
    """Create a user and return its API key, which is never stored or shown again.

    Creates the tables first, so it works on a fresh database before the
    server has ever started.
    """
    try:
        name = USER_NAME(name)
    except Invalid as exc:  # what the column holds, checked before any database sees it
        raise ValueError(f"the name {exc.detail}") from None
    try:
        ZoneInfo(timezone)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"unknown timezone: {timezone!r}") from None
    key = new_key()
    engine = make_engine(db_url)
    try:
        await create_tables(engine)
        async with AsyncSession(engine) as session, session.begin():
            session.add(
                User(public_id=new_id("usr"), name=name, timezone=timezone, key_hash=hash_key(key))
            )
    finally:
        await engine.dispose()
    return key
