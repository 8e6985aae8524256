"""Every error the sandbox sends is an RFC 9457 problem document.

Clients get one shape for 400 through 503, so the bot can handle errors in
one place. Details are terse on purpose (a real service owes the caller no
hints), but validation errors name each failing field as a JSON pointer.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

log = logging.getLogger(__name__)

PROBLEM_JSON = "application/problem+json"

TITLES = {
    400: "Bad Request",
    401: "Unauthorized",
    404: "Not Found",
    405: "Method Not Allowed",
    413: "Content Too Large",
    415: "Unsupported Media Type",
    422: "Unprocessable Content",
    429: "Too Many Requests",
    500: "Internal Server Error",
    503: "Service Unavailable",
}

DEFAULT_DETAILS = {
    400: "The request could not be read.",
    401: "Missing or invalid API key.",
    404: "No such route.",
    405: "Method not allowed on this route.",
    413: "The request is too large.",
    415: "Content-Type must be application/json.",
    422: "The request failed validation.",
    429: "Rate limit exceeded.",
    500: "Internal error.",
    503: "Service temporarily unavailable.",
}


@dataclass(frozen=True)
class FieldError:
    """One failing field: where and why.

    Body fields are named by a JSON pointer (RFC 6901); query parameters,
    which have no pointer, by `parameter` as RFC 9457's examples do.
    """

    pointer: str
    detail: str
    parameter: str | None = None

    def to_json(self) -> dict[str, str]:
        if self.parameter is not None:
            return {"parameter": self.parameter, "detail": self.detail}
        return {"pointer": self.pointer, "detail": self.detail}


class ProblemError(Exception):
    """Raised anywhere in a request to answer with a problem document."""

    def __init__(
        self,
        status: int,
        detail: str | None = None,
        *,
        errors: list[FieldError] | None = None,
        headers: dict[str, str] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(detail or DEFAULT_DETAILS.get(status, ""))
        self.status = status
        self.detail = detail or DEFAULT_DETAILS.get(status, "")
        self.errors = errors or []
        self.headers = headers or {}
        self.extra = extra or {}


def invalid(errors: list[FieldError]) -> ProblemError:
    return ProblemError(422, errors=errors)


def problem_response(
    status: int,
    detail: str | None = None,
    *,
    errors: list[FieldError] | None = None,
    headers: dict[str, str] | None = None,
    extra: dict[str, Any] | None = None,
) -> JSONResponse:
    body: dict[str, Any] = {
        "type": "about:blank",
        "title": TITLES.get(status, "Error"),
        "status": status,
        "detail": detail or DEFAULT_DETAILS.get(status, ""),
    }
    if errors:
        body["errors"] = [error.to_json() for error in errors]
    body.update(extra or {})
    return JSONResponse(body, status_code=status, headers=headers, media_type=PROBLEM_JSON)


async def _on_problem(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ProblemError)
    return problem_response(
        exc.status, exc.detail, errors=exc.errors, headers=exc.headers, extra=exc.extra
    )


async def _on_http_exception(_request: Request, exc: Exception) -> JSONResponse:
    """Starlette's own 404/405 (routing) and any HTTPException, reshaped."""
    assert isinstance(exc, StarletteHTTPException)
    status = exc.status_code if exc.status_code in TITLES else 500
    return problem_response(status, headers=dict(exc.headers or {}))


async def _on_validation_error(_request: Request, exc: Exception) -> JSONResponse:
    """Routes validate by hand; this only guards against FastAPI's own checks."""
    assert isinstance(exc, RequestValidationError)
    errors = [
        FieldError("/" + "/".join(str(part) for part in err.get("loc", ())[1:]), err["msg"])
        for err in exc.errors()
    ]
    return problem_response(422, errors=errors)


async def _on_unexpected(_request: Request, exc: Exception) -> JSONResponse:
    """Last resort: no input should get here, but if one does it is still a problem."""
    log.exception("unhandled error in sandbox", exc_info=exc)
    return problem_response(500)


def install_problem_handlers(app: FastAPI) -> None:
    app.add_exception_handler(ProblemError, _on_problem)
    app.add_exception_handler(StarletteHTTPException, _on_http_exception)
    app.add_exception_handler(RequestValidationError, _on_validation_error)
    app.add_exception_handler(Exception, _on_unexpected)
