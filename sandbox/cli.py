"""Entry points the main `healthbot` CLI wires into `healthbot sandbox ...`.

Plain functions with typed keyword arguments, so the CLI layer (typer)
stays a thin translation and these can be called from scripts too.
"""

from __future__ import annotations

import asyncio
import sys

import uvicorn

from sandbox.app import SandboxConfig, create_app
from sandbox.users import add_user


def serve(
    host: str = "127.0.0.1",
    port: int = 8787,
    db: str = "sandbox.db",
    latency_ms: int = 0,
    fail_rate: float = 0.0,
    rate_limit: int = 0,
) -> None:
    """Serve the sandbox until interrupted; `db` is a file path or SQLAlchemy URL."""
    config = SandboxConfig(
        db_url=db, latency_ms=latency_ms, fail_rate=fail_rate, rate_limit=rate_limit
    )
    print(f"Sandbox agent API on http://{host}:{port}/api/v1/agent (database: {db})", flush=True)
    uvicorn.run(create_app(config), host=host, port=port, log_level="info")


def add_user_cli(name: str, db: str = "sandbox.db", timezone: str = "UTC") -> int:
    """Print the new key alone on the last line, so scripts can take it with `tail -1`; the
    exit status. A name or timezone the service would refuse is said in one line (status 2)."""
    try:
        key = asyncio.run(add_user(db, name, timezone))
    except ValueError as exc:
        print(f"healthbot sandbox add-user: {exc}.", file=sys.stderr)
        return 2
    print(f"Created user {name.strip()}. API key (shown once):")
    print(key)
    return 0
