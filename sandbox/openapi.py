"""The sandbox's OpenAPI document, written by hand and served at /api/v1/agent/openapi.json.

FastAPI's generated schema would be empty here: the routes read query parameters and bodies
by hand (so every failure is a problem document with named fields). This document describes
what the routes accept, loosely enough (dates as strings, action fields as open objects) that
a generator such as schemathesis also sends wrong values; the sandbox must answer those with
a 4xx, never a 500. Each operation lists every status the sandbox sends on purpose, so a
generator can check that nothing else comes back. The action types and their fields follow
`sandbox.validation.SCHEMAS`.
"""

from __future__ import annotations

from typing import Any

from sandbox.validation import AREA_PREFIXES, MAX_ACTIONS, SCHEMAS

PREFIX = "/api/v1/agent"

_DATE = {"type": "string", "example": "2026-11-22"}
_NUMBERS: dict[str, Any] = {k: {"type": "number"} for k in ("calories", "protein", "carbs", "fat")}
_MACROS: dict[str, Any] = {"type": "object", "properties": _NUMBERS}
_FIELDS: dict[str, dict[str, Any]] = {
    "date": _DATE,
    "entry": {
        "type": "object",
        "properties": {"food": {"type": "string"}, **_NUMBERS},
    },
    "mood": {"type": "integer"},
    "energy": {"type": "integer"},
    "sleepQuality": {"type": "integer"},
    "notes": {"type": ["string", "null"]},
    "weightKg": {"type": "number"},
    "goalKg": {"type": ["number", "null"]},
    "name": {"type": "string"},
    "dose": {"type": ["string", "null"]},
    "servings": {"type": "integer"},
    "ingredients": {"type": "array", "items": {"type": "string"}},
    "instructions": {"type": "string"},
    "perServing": _MACROS,
    "subject": {"type": "string"},
    "message": {"type": "string"},
    **_NUMBERS,
}


def _action(type_name: str) -> dict[str, Any]:
    schema = SCHEMAS[type_name]
    fields = {**schema.required, **schema.optional}
    return {
        "type": "object",
        "required": ["type", *schema.required],
        "properties": {
            "type": {"type": "string", "enum": [type_name]},
            **{name: _FIELDS.get(name, {}) for name in fields},
        },
    }


def _query(*names: str) -> list[dict[str, Any]]:
    return [{"name": n, "in": "query", "required": False, "schema": _DATE} for n in names]


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
    prefix = AREA_PREFIXES[area] + "."
    variants = []
    for type_name in SCHEMAS:
        if type_name.startswith(prefix):
            action = _action(type_name)
            properties = dict(action["properties"])
            properties["action"] = {"type": "string", "enum": [type_name[len(prefix) :]]}
            del properties["type"]
            required = ["action", *[r for r in action["required"] if r != "type"]]
            variants.append({"type": "object", "required": required, "properties": properties})
    return {"oneOf": variants}


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
                        "maxItems": MAX_ACTIONS,
                        "items": {"oneOf": [_action(t) for t in SCHEMAS]},
                    }
                },
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
