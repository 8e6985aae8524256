"""The end-to-end harness (a running PTB bot against the fake Bot API), shared with e2e, and
everything every logger writes at DEBUG (`all_logs`)."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest

from bot.telegram.logs import LOG_FORMAT, configure_logging
from tests.e2e.conftest import harness_factory  # noqa: F401  (a fixture, used by name)

LOGGERS = (
    "",
    "bot",
    "sandbox",
    "aiohttp",
    "httpx",
    "httpcore",
    "telegram",
    "telegram.ext",
    "sqlalchemy",
    "sqlalchemy.engine",
    "sqlalchemy.pool",
    "uvicorn",
    "uvicorn.error",
    "uvicorn.access",
    "apscheduler",
    "openai",
    "alembic",
    "asyncio",
)


@pytest.fixture
def all_logs() -> Iterator[io.StringIO]:
    """Everything logged anywhere, at DEBUG, after the production logging set-up."""
    factory, root = logging.getLogRecordFactory(), logging.getLogger()
    handlers = list(root.handlers)
    levels = {name: logging.getLogger(name).level for name in LOGGERS}
    configure_logging("DEBUG")
    out = io.StringIO()
    capture = logging.StreamHandler(out)
    capture.setFormatter(logging.Formatter(LOG_FORMAT))
    capture.setLevel(logging.DEBUG)
    root.addHandler(capture)
    for name in LOGGERS:
        logging.getLogger(name).setLevel(logging.DEBUG)
    try:
        yield out
    finally:
        logging.setLogRecordFactory(factory)
        root.handlers[:] = handlers
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)
