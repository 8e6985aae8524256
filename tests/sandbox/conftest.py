"""Clients for the sandbox's own HTTP tests: one real httpx client per user."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tests.fixtures.sandbox import RunningSandbox

DAY = "2026-11-22"


@dataclass
class User:
    """A sandbox user as the tests see it: its key and a client that sends it."""

    key: str
    http: httpx.AsyncClient


MakeUser = Callable[..., Awaitable[User]]


def entry(food: str = "oatmeal", calories: Any = 300, **macros: Any) -> dict[str, Any]:
    """A valid nutrition entry; any field can be overridden, even with invalid values."""
    return {"food": food, "calories": calories, "protein": 10, "carbs": 50, "fat": 5, **macros}


def add_entry(day: str = DAY, **fields: Any) -> dict[str, Any]:
    return {"type": "nutrition.add_entry", "date": day, "entry": entry(**fields)}


@pytest.fixture
async def make_user(shared_sandbox: RunningSandbox) -> AsyncIterator[MakeUser]:
    """`await make_user("Alice", timezone=..., on=other_sandbox)` -> a User with a client."""
    clients: list[httpx.AsyncClient] = []

    async def make(
        name: str = "Alice", timezone: str = "UTC", on: RunningSandbox = shared_sandbox
    ) -> User:
        key = await on.add_user(name, timezone)
        http = httpx.AsyncClient(
            base_url=on.api_url, headers={"Authorization": f"Bearer {key}"}, timeout=10
        )
        clients.append(http)
        return User(key, http)

    yield make
    for http in clients:
        await http.aclose()


@pytest.fixture
async def alice(make_user: MakeUser) -> User:
    return await make_user("Alice")


@pytest.fixture
async def anon(shared_sandbox: RunningSandbox) -> AsyncIterator[httpx.AsyncClient]:
    """A client without any key."""
    async with httpx.AsyncClient(base_url=shared_sandbox.api_url, timeout=10) as http:
        yield http
