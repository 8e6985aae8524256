"""One small hierarchy for every failure talking to the health service.

    AgentApiError
    ├── BadKey               401/403: the key is wrong, revoked or lacks access
    ├── RateLimited          429: `retry_after` seconds, when the service said so
    ├── ServiceUnavailable   5xx, connect error, timeout
    └── InvalidRequest       400/404/405/413/415/422: the server's detail is kept

Every error says whether a write may have landed (`maybe_applied`): only then must the bot
reconcile before sending the same write again. Texts never contain the API key; bot/render
owns the words a person sees.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FieldProblem:
    """One entry of a problem-details `errors` list: where (a JSON pointer) and what."""

    pointer: str
    detail: str


class AgentApiError(Exception):
    """Base for every failure talking to the service."""

    maybe_applied: bool = False

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


class BadKey(AgentApiError):
    """The service refused the key (401/403). Nothing was applied."""


class RateLimited(AgentApiError):
    """429. Nothing was applied; try again after `retry_after` seconds when given."""

    def __init__(self, message: str, *, retry_after: float | None, status: int = 429) -> None:
        super().__init__(message, status=status)
        self.retry_after = retry_after


class ServiceUnavailable(AgentApiError):
    """5xx, connect error or timeout. `maybe_applied` says if a write may have landed."""

    def __init__(self, message: str, *, maybe_applied: bool, status: int | None = None) -> None:
        super().__init__(message, status=status)
        self.maybe_applied = maybe_applied


class InvalidRequest(AgentApiError):
    """The service rejected the request itself (4xx other than 401/403/429). Nothing applied."""

    def __init__(
        self,
        message: str,
        *,
        status: int,
        detail: str | None = None,
        problems: tuple[FieldProblem, ...] = (),
        body: Any = None,
    ) -> None:
        super().__init__(message, status=status)
        self.detail = detail
        self.problems = problems
        self.body = body
