"""Per-app state shared by all requests: the database and the fault machinery."""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import Request

from sandbox.config import SandboxConfig
from sandbox.db import Database
from sandbox.faults import FaultInjector, RateLimiter


@dataclass
class Runtime:
    """Built by `create_app`; `db` is filled in when the app starts."""

    config: SandboxConfig
    faults: FaultInjector
    limiter: RateLimiter
    database: Database | None = None

    @property
    def db(self) -> Database:
        if self.database is None:
            raise RuntimeError("sandbox database used before the app started")
        return self.database


def runtime_of(request: Request) -> Runtime:
    runtime: Runtime = request.app.state.sandbox
    return runtime
