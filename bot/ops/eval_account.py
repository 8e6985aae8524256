"""The account behind a case: what the eval's reads are answered from.

A question's reads go to an empty account in a private sandbox ("what did I eat
yesterday?" must answer that nothing was logged), through the same code a conversation uses
(`bot.core.conversation.read`), so an answer is judged on the words a person would get.

"The usual" reads the person's own days and recipes: a case gives them in its `context`
(`entries`, `recipes`), and `account_read` answers the read as the service's
`GET /nutrition?date=` and `GET /recipes` would (docs/agent-api.md), `createdAt` included,
so the core's own picking runs on them unchanged.
"""

from __future__ import annotations

import datetime as dt
import tempfile
import zoneinfo
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.agent_api.client import AgentApiClient, new_http_client
from bot.core.conversation import read
from bot.kernel.readers import DEFAULT
from bot.planner.base import ReadRequest, ReadResult
from bot.terminal.demo import running_sandbox
from sandbox.users import add_user

Reader = Callable[[ReadRequest], Awaitable[ReadResult]]

MACROS = ("calories", "protein", "carbs", "fat")
# A new user's goals (docs/agent-api.md); a day view always carries them.
NEW_USER_GOALS = {"calories": 2000.0, "protein": 100.0, "carbs": 250.0, "fat": 70.0}
ACCOUNT_KEYS = ("entries", "recipes")  # context keys that are account data, not PlanContext


@asynccontextmanager
async def empty_account() -> AsyncIterator[Reader]:
    """A reader for one new, empty sandbox account; the sandbox stops when the block ends."""
    with tempfile.TemporaryDirectory(prefix="healthbot-eval-") as tmp:
        db_url = f"sqlite+aiosqlite:///{Path(tmp) / 'sandbox.db'}"
        key = await add_user(db_url, "Eval")
        async with running_sandbox(db_url) as url, new_http_client() as http:
            api = AgentApiClient(url, key, http=http)

            async def reader(request: ReadRequest) -> ReadResult:
                return await read(api, request, DEFAULT)

            yield reader


# --- a case's own account ---------------------------------------------------------------


def account_read(
    context: Mapping[str, Any], request: ReadRequest, today: dt.date, zone: zoneinfo.ZoneInfo
) -> dict[str, Any] | None:
    """What the service would answer `request` with for an account holding the case's
    `entries` and `recipes`; None for a route a case cannot hold (only these two are read to
    repeat a meal). Raises ValueError on a malformed entry or recipe."""
    if request.route == "nutrition":
        return nutrition_day(context.get("entries") or [], request.date or today, zone)
    if request.route == "recipes":
        return saved_recipes(context.get("recipes") or [])
    return None


def nutrition_day(
    entries: Sequence[Mapping[str, Any]], day: dt.date, zone: zoneinfo.ZoneInfo
) -> dict[str, Any]:
    """`GET /nutrition?date=day`: the entries dated `day`, in the order the case lists them.

    An entry's `time` ("HH:MM", local) on its `date` is when it was logged (`createdAt`); a
    `createdAt` of its own (ISO, with zone) says so instead, for an entry logged on another
    day (backdated, or after midnight for the day before). Without either it has none.
    """
    rows: list[dict[str, Any]] = []
    for index, entry in enumerate(entries, start=1):
        if dt.date.fromisoformat(str(entry["date"])) != day:
            continue
        row: dict[str, Any] = {"id": f"nut_{index}", "food": str(entry["food"])}
        row |= {field: float(entry[field]) for field in MACROS}
        created = _created(entry, day, zone)
        if created is not None:
            row["createdAt"] = created.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        rows.append(row)
    totals = {field: round(sum(r[field] for r in rows), 2) for field in MACROS}
    return {"date": day.isoformat(), "entries": rows, "totals": totals, "goals": NEW_USER_GOALS}


def _created(entry: Mapping[str, Any], day: dt.date, zone: zoneinfo.ZoneInfo) -> dt.datetime | None:
    if entry.get("createdAt") is not None:
        created = dt.datetime.fromisoformat(str(entry["createdAt"]).replace("Z", "+00:00"))
        if created.tzinfo is None:
            raise ValueError("createdAt needs a zone")
        return created
    if entry.get("time") is None:
        return None
    return dt.datetime.combine(day, dt.time.fromisoformat(str(entry["time"])), tzinfo=zone)


def saved_recipes(recipes: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """`GET /recipes`: every saved recipe with its per-serving values."""
    listed = []
    for index, recipe in enumerate(recipes, start=1):
        per = recipe["perServing"]
        listed.append(
            {
                "id": f"rcp_{index}",
                "name": str(recipe["name"]),
                "servings": recipe.get("servings", 1),
                "ingredients": list(recipe.get("ingredients", [])),
                "instructions": str(recipe.get("instructions", "")),
                "perServing": {field: float(per[field]) for field in MACROS},
            }
        )
    return {"recipes": listed}
