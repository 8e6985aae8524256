"""The 15 routes of the agent API, under /api/v1/agent.

Handlers only translate HTTP to the read views and the action appliers;
query parameters and bodies are checked by hand so that every failure is a
problem document with named fields.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable
from typing import Annotated, Any
from zoneinfo import ZoneInfo

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse
from starlette.requests import Request

from sandbox import views
from sandbox.actions import Result, apply_all
from sandbox.auth import Principal, current_user
from sandbox.body import read_json
from sandbox.faults import WriteFault
from sandbox.problems import FieldError, ProblemError, invalid
from sandbox.runtime import runtime_of
from sandbox.validation import (
    AREA_PREFIXES,
    MAX_ACTIONS,
    Action,
    Invalid,
    parse_area_action,
    parse_date,
    parse_ingest,
)

PREFIX = "/api/v1/agent"
DEFAULT_HISTORY_DAYS = 30
MAX_HISTORY_DAYS = 366

router = APIRouter(prefix=PREFIX)
Caller = Annotated[Principal, Depends(current_user)]


def local_today(user: Principal) -> dt.date:
    """'Today' is the user's calendar day, not the server's."""
    return dt.datetime.now(ZoneInfo(user.timezone)).date()


def _bad_parameter(name: str, detail: str) -> ProblemError:
    return invalid([FieldError("", detail, parameter=name)])


def _date_param(request: Request, name: str) -> dt.date | None:
    raw = request.query_params.get(name)
    if raw is None:
        return None
    try:
        return parse_date(raw)
    except Invalid as exc:
        raise _bad_parameter(name, exc.detail) from None


def _day(request: Request, user: Principal) -> dt.date:
    return _date_param(request, "date") or local_today(user)


def _range(request: Request, user: Principal) -> tuple[dt.date, dt.date]:
    """`from`/`to`, inclusive; by default the last 30 days up to today."""
    end = _date_param(request, "to") or local_today(user)
    start = _date_param(request, "from") or end - dt.timedelta(days=DEFAULT_HISTORY_DAYS)
    if start > end:
        raise _bad_parameter("from", "must not be after 'to'")
    if (end - start).days > MAX_HISTORY_DAYS:
        raise _bad_parameter("from", f"range must span at most {MAX_HISTORY_DAYS} days")
    return start, end


def _unavailable() -> ProblemError:
    return ProblemError(503)


async def _write(
    request: Request, user: Principal, parse: Callable[[Any], list[Action]]
) -> list[Result]:
    """Shared path of every POST: fault draw, body, validation, one transaction.

    An injected failure either happens before anything is read (nothing is
    written) or after the commit (everything is written); the 503 looks the
    same either way, as it would from a real gateway.
    """
    runtime = runtime_of(request)
    fault = runtime.faults.draw()
    if fault is WriteFault.BEFORE:
        raise _unavailable()
    actions = parse(await read_json(request))
    results = await apply_all(runtime.db, user, actions)
    if fault is WriteFault.AFTER:
        raise _unavailable()
    return results


def _ingest_actions(body: Any) -> list[Action]:
    raw = body.get("actions") if isinstance(body, dict) else None
    if isinstance(raw, list) and len(raw) > MAX_ACTIONS:
        raise ProblemError(413, f"At most {MAX_ACTIONS} actions per request.")
    actions, errors = parse_ingest(body)
    if errors:
        raise invalid(errors)
    return actions


@router.get("/me")
async def me(user: Caller) -> JSONResponse:
    return JSONResponse({"id": user.public_id, "name": user.name, "timezone": user.timezone})


@router.get("/today")
async def today(request: Request, user: Caller) -> JSONResponse:
    day = _day(request, user)
    async with runtime_of(request).db.sessions() as session:
        return JSONResponse(await views.today(session, user, day))


@router.get("/nutrition")
async def nutrition(request: Request, user: Caller) -> JSONResponse:
    day = _day(request, user)
    async with runtime_of(request).db.sessions() as session:
        return JSONResponse(await views.nutrition_day(session, user, day))


@router.get("/weight")
async def weight(request: Request, user: Caller) -> JSONResponse:
    start, end = _range(request, user)
    async with runtime_of(request).db.sessions() as session:
        return JSONResponse(await views.weight_history(session, user, start, end))


@router.get("/checkins")
async def checkins(request: Request, user: Caller) -> JSONResponse:
    """One day by `date` (default today), or a history when `from` or `to` is given."""
    params = request.query_params
    history = "from" in params or "to" in params
    if history and "date" in params:
        raise _bad_parameter("date", "cannot be combined with 'from' or 'to'")
    async with runtime_of(request).db.sessions() as session:
        if history:
            start, end = _range(request, user)
            rows = await views.checkin_history(session, user, start, end)
            return JSONResponse({"checkins": rows})
        day = _day(request, user)
        checkin = await views.checkin_day(session, user, day)
        return JSONResponse({"date": day.isoformat(), "checkin": checkin})


@router.get("/supplements")
async def supplements(request: Request, user: Caller) -> JSONResponse:
    day = _day(request, user)
    async with runtime_of(request).db.sessions() as session:
        items = await views.supplement_day(session, user, day)
        return JSONResponse({"date": day.isoformat(), "items": items})


@router.get("/recipes")
async def recipes(request: Request, user: Caller) -> JSONResponse:
    async with runtime_of(request).db.sessions() as session:
        return JSONResponse({"recipes": await views.recipes(session, user)})


@router.get("/support")
async def support(request: Request, user: Caller) -> JSONResponse:
    async with runtime_of(request).db.sessions() as session:
        return JSONResponse({"tickets": await views.tickets(session, user)})


@router.post("/ingest")
async def ingest(request: Request, user: Caller) -> JSONResponse:
    """All actions are validated before any is applied, then applied all or none."""
    results = await _write(request, user, _ingest_actions)
    return JSONResponse({"results": [{"index": i, **r} for i, r in enumerate(results)]})


def _area_route(area: str) -> Callable[[Request, Principal], Awaitable[JSONResponse]]:
    """POST /<area>: one action, named by its bare operation (`"action": "add_entry"`)."""

    def parse(body: Any) -> list[Action]:
        action, errors = parse_area_action(area, body)
        if errors or action is None:
            raise invalid(errors)
        return [action]

    async def post_area(request: Request, user: Caller) -> JSONResponse:
        (result,) = await _write(request, user, parse)
        return JSONResponse({"result": result})

    post_area.__name__ = f"post_{area}"
    return post_area


for _area in AREA_PREFIXES:
    router.add_api_route(f"/{_area}", _area_route(_area), methods=["POST"])
