"""The composition root: `create_app(config)` builds one sandbox; nothing runs at import."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.responses import JSONResponse

from sandbox.config import SandboxConfig
from sandbox.db import open_database
from sandbox.faults import FaultInjector, LatencyMiddleware, RateLimiter
from sandbox.openapi import PREFIX, openapi_document
from sandbox.problems import install_problem_handlers
from sandbox.routes import router
from sandbox.runtime import Runtime

__all__ = ["SandboxConfig", "create_app"]


def create_app(config: SandboxConfig) -> FastAPI:
    """A ready-to-serve ASGI app; its database is opened (and tables created) at startup.

    Interactive docs and trailing-slash redirects are off: the real service
    is not known to offer them, and the sandbox should not teach the bot to
    rely on anything the spec does not promise.
    """
    runtime = Runtime(
        config=config,
        faults=FaultInjector(config.fail_rate, config.seed),
        limiter=RateLimiter(config.rate_limit),
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        runtime.database = await open_database(config.db_url)
        try:
            yield
        finally:
            await runtime.database.engine.dispose()
            runtime.database = None

    app = FastAPI(
        title="healthbot sandbox agent API",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        redirect_slashes=False,
    )
    app.state.sandbox = runtime
    install_problem_handlers(app)
    app.include_router(router)
    document = openapi_document()

    async def openapi_json() -> JSONResponse:
        """The API's description, auth-free (schemathesis reads it; docs/reliability.md)."""
        return JSONResponse(document)

    app.add_api_route(f"{PREFIX}/openapi.json", openapi_json, methods=["GET"])
    if config.latency_ms:
        app.add_middleware(LatencyMiddleware, latency_ms=config.latency_ms)
    return app
