"""API keys: random, shown once, stored only as SHA-256 hashes.

Every failure is the same terse 401, whether the header is missing,
malformed or carries an unknown key, so probing reveals nothing about which
keys or users exist.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from sqlalchemy import select
from starlette.requests import Request

from sandbox.models import User
from sandbox.problems import ProblemError
from sandbox.runtime import runtime_of

KEY_PREFIX = "hk_"


def new_key() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(32)


def hash_key(key: str) -> str:
    """A fast hash is enough: keys are 256 random bits, not guessable passwords."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class Principal:
    """The caller, resolved from the key; detached from any session."""

    pk: int
    public_id: str
    name: str
    timezone: str
    key_hash: str


def unauthorized() -> ProblemError:
    return ProblemError(401, headers={"WWW-Authenticate": "Bearer"})


def bearer_token(header: str | None) -> str | None:
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or " " in token:
        return None
    return token


async def current_user(request: Request) -> Principal:
    """FastAPI dependency: the authenticated caller, after the rate limit."""
    token = bearer_token(request.headers.get("authorization"))
    if token is None:
        raise unauthorized()
    runtime = runtime_of(request)
    key_hash = hash_key(token)
    async with runtime.db.sessions() as session:
        user = await session.scalar(select(User).where(User.key_hash == key_hash))
    if user is None:
        raise unauthorized()
    retry_after = runtime.limiter.hit(key_hash)
    if retry_after is not None:
        raise ProblemError(
            429,
            f"Rate limit exceeded; retry after {retry_after} seconds.",
            headers={"Retry-After": str(retry_after)},
        )
    return Principal(user.pk, user.public_id, user.name, user.timezone, key_hash)
