"""The sandbox's OpenAPI document, written by hand and served at /api/v1/agent/openapi.json.

FastAPI's generated schema would be empty here: the routes read query parameters and bodies
by hand (so every failure is a problem document with named fields). This document says what
the routes accept, no more and no less: every date parameter, action and field is the JSON
Schema its check in `sandbox.validation` carries (`Rule.schema`, `Obj.schema`), so a client
that sends only what the document allows is refused only for what no schema can say (state,
such as marking a supplement not yet in the stack; how parameters relate; the body's size in
bytes; see docs/agent-api.md). Each operation lists every status the sandbox sends on
purpose, so a generator can check that nothing else comes back.
"""

from __future__ import annotations

from typing import Any

from sandbox.validation import AREA_PREFIXES, MAX_ACTIONS, SCHEMAS, date

PREFIX = "/api/v1/agent"


def _action(type_name: str) -> dict[str, Any]:
    """An /ingest action: its fields, and `type` naming it."""
    return SCHEMAS[type_name].schema(type={"type": "string", "const": type_name})


def _query(*names: str) -> list[dict[str, Any]]:
    return [{"name": n, "in": "query", "required": False, "schema": date.schema} for n in names]


_PROBLEM: dict[str, Any] = {
    "type": "object",
    "required": ["type", "title", "status", "detail"],
    "properties": {
        "type": {"type": "string"},
        "title": {"type": "string"},
        "status": {"type": "integer"},
        "detail": {"type": "string"},
        "errors": {"type": "array", "items": {"type": "object"}},
    },
}
# Every status the sandbox sends on purpose, each as an RFC 9457 problem (sandbox.problems).
# A 500 is never listed: it would be a bug, and the schemathesis test says so.
_ERRORS = {
    "400": "The body is not valid JSON",
    "401": "Missing, malformed or unknown key",
    "413": "Body over 256 KiB, or more than 100 actions",
    "415": "Content-Type is not application/json",
    "422": "A body field or query parameter failed validation (each is named)",
    "429": "Rate limit exceeded; Retry-After says when to try again",
    "503": "Unavailable; a write may or may not have been applied",
}
_GET_ERRORS = ("401", "429")
_QUERY_ERRORS = ("422",)
_POST_ERRORS = ("400", "401", "413", "415", "422", "429", "503")


def _responses(ok: str, errors: tuple[str, ...]) -> dict[str, Any]:
    problem = {"application/problem+json": {"schema": _PROBLEM}}
    responses: dict[str, Any] = {
        "200": {"description": ok, "content": {"application/json": {"schema": {}}}}
    }
    for status in sorted(errors):
        responses[status] = {"description": _ERRORS[status], "content": problem}
    return responses


def _get(summary: str, *params: str) -> dict[str, Any]:
    errors = _GET_ERRORS + (_QUERY_ERRORS if params else ())
    return {
        "get": {
            "summary": summary,
            "parameters": _query(*params),
            "responses": _responses("OK", errors),
        }
    }


def _post(summary: str, body: dict[str, Any]) -> dict[str, Any]:
    return {
        "post": {
            "summary": summary,
            "requestBody": {"required": True, "content": {"application/json": {"schema": body}}},
            "responses": _responses("Applied", _POST_ERRORS),
        }
    }


def _area_body(area: str) -> dict[str, Any]:
    """An area route's body: one of its actions, named by the bare operation in `action`."""
    prefix = AREA_PREFIXES[area] + "."
    return {
        "oneOf": [
            schema.schema(action={"type": "string", "const": type_name.removeprefix(prefix)})
            for type_name, schema in SCHEMAS.items()
            if type_name.startswith(prefix)
        ]
    }


def openapi_document() -> dict[str, Any]:
    """The whole document (OpenAPI 3.1), built from the validation schemas."""
    paths: dict[str, Any] = {
        f"{PREFIX}/me": _get("The key's user"),
        f"{PREFIX}/today": _get("The day's summary", "date"),
        f"{PREFIX}/nutrition": _get("The day's entries", "date"),
        f"{PREFIX}/weight": _get("Weight history", "from", "to"),
        f"{PREFIX}/checkins": _get("A day's check-in, or a history", "date", "from", "to"),
        f"{PREFIX}/supplements": _get("The stack and the day's marks", "date"),
        f"{PREFIX}/recipes": _get("Recipes"),
        f"{PREFIX}/support": _get("Support tickets"),
        f"{PREFIX}/ingest": _post(
            "Several actions, applied all or none",
            {
                "type": "object",
                "required": ["actions"],
                "properties": {
                    "actions": {
                        "type": "array",
                        "minItems": 1,
                        "maxItems": MAX_ACTIONS,
                        "items": {"oneOf": [_action(t) for t in SCHEMAS]},
                    }
                },
                "additionalProperties": False,
            },
        ),
    }
    for area in AREA_PREFIXES:
        paths.setdefault(f"{PREFIX}/{area}", {}).update(
            _post(f"One {AREA_PREFIXES[area]} action", _area_body(area))
        )
    return {
        "openapi": "3.1.0",
        "info": {"title": "healthbot sandbox agent API", "version": "1"},
        "paths": paths,
        "components": {"securitySchemes": {"key": {"type": "http", "scheme": "bearer"}}},
        "security": [{"key": []}],
    }
