"""Logging set-up that never writes a bot token or an API key.

PTB puts the bot token in every request URL, and httpx logs request URLs at INFO; an API key
travels as `Bearer ...`. So `configure_logging` quiets httpx and installs `RedactingFilter`
on the root handlers and in the record factory, so that even handlers added later (uvicorn's,
pytest's log capture) only ever see redacted records.
"""

from __future__ import annotations

import logging
import re
from typing import Any

TOKEN = re.compile(r"\d+:[A-Za-z0-9_-]{30,}")
BEARER = re.compile(r"(Bearer\s+)[^\s\"',;]+", re.IGNORECASE)
# A key as a person sends it: PTB logs fetched updates (the message text) at DEBUG.
CONNECT = re.compile(r"(/connect(?:@\w+)?\s+)[^\s\"',;\\]+", re.IGNORECASE)
REDACTED = "<redacted>"
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
NOISY_LOGGERS = ("httpx", "httpcore", "apscheduler")


def redact(text: str) -> str:
    """The text with anything that looks like a bot token, a bearer key or a key sent with
    `/connect` replaced."""
    text = CONNECT.sub(r"\1" + REDACTED, text)
    return BEARER.sub(r"\1" + REDACTED, TOKEN.sub(REDACTED, text))


class RedactingFilter(logging.Filter):
    """Rewrites a record's message (and formatted traceback) with secrets redacted.

    The message is rendered once (`msg % args`) so that a secret passed as an argument is
    caught too; the traceback is rendered into `exc_text`, which formatters then reuse.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        scrub(record)
        return True


def scrub(record: logging.LogRecord) -> logging.LogRecord:
    if getattr(record, "_redacted", False):
        return record
    try:
        message = record.getMessage()
    except Exception:  # a broken format string must not lose the record
        message = str(record.msg)
    record.msg, record.args = redact(message), None
    if record.exc_info and not record.exc_text:
        record.exc_text = logging.Formatter().formatException(record.exc_info)
    if record.exc_text:
        record.exc_text = redact(record.exc_text)
    if record.stack_info:
        record.stack_info = redact(record.stack_info)
    record._redacted = True
    return record


def _install_record_factory() -> None:
    current = logging.getLogRecordFactory()
    if getattr(current, "_healthbot_redacting", False):
        return

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        return scrub(current(*args, **kwargs))

    factory._healthbot_redacting = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(factory)


def configure_logging(level: str | int = "INFO") -> None:
    """Log to stderr at `level`, with secrets redacted everywhere; idempotent."""
    logging.basicConfig(level=level, format=LOG_FORMAT)
    root = logging.getLogger()
    root.setLevel(level)
    for handler in root.handlers:
        if not any(isinstance(f, RedactingFilter) for f in handler.filters):
            handler.addFilter(RedactingFilter())
    _install_record_factory()
    for name in NOISY_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)
