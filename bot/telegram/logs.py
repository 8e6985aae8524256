"""Logging set-up that never writes a bot token, an API key or the webhook secret.

PTB puts the bot token in every request URL, and httpx logs request URLs at INFO; an API key
travels as `Bearer ...`; at DEBUG PTB dumps every update it receives (what people wrote, a
pasted key included: as a Python repr, or as raw JSON in webhook mode, so a line break or a
zero-width space may be written as `\\n` or `\\u200b`) and the parameters of every call
(`setWebhook`'s `secret_token`). So `configure_logging` quiets httpx and installs
`RedactingFilter` on the root handlers and in the record factory, so that every record of
every logger, at every level, is redacted when it is made: even handlers added later
(pytest's log capture, a library's own) only ever see redacted records.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from typing import Any

from bot.keys import ZERO_WIDTH

TOKEN = re.compile(r"\d+:[A-Za-z0-9_-]{30,}")
BEARER = re.compile(r"(Bearer\s+)[^\s\"',;]+", re.IGNORECASE)
# A character as a log may hold it: itself, or escaped once or more (repr, JSON, both).
_ESCAPED = r"\\+(?:u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2})"
_HIDDEN = rf"(?:[{ZERO_WIDTH}]|{_ESCAPED})"
# A key on its own, anywhere (pasted into a sentence, the argument of any command), up to
# what ends a word or a quoted string: a look-alike letter in it does not cut it short.
KEY = re.compile(
    rf"(?<![A-Za-z0-9])hk_(?:[^\s\"'`,;<>(){{}}\[\]\\]|{_HIDDEN}){{4,}}", re.IGNORECASE
)
# Whatever follows `/connect` (any key, not only `hk_` ones), on the same line or the next,
# after spaces, escaped line breaks, invisible characters or an opening quote.
CONNECT = re.compile(
    r"(/connect(?:@\w+)?"
    rf"(?:\s|\\+[nrt]|{_HIDDEN}|[\"'`«»‹›“”„‘’‚])+)"
    rf"(?:[^\s\"'`,;<\\)\]}}]|{_HIDDEN})+",
    re.IGNORECASE,
)
# The webhook's secret: `secret_token` in setWebhook's parameters, the header's value, and
# the wrong one PTB's webhook logs when a request carries one.
SECRET_TOKEN = re.compile(
    r"(secret[ _-]?token[\"']?\s*[:=]\s*[\"']?)[^\s\"',;&})]+",
    re.IGNORECASE,
)
REDACTED = "<redacted>"
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# httpx logs request URLs (the bot token) at INFO; aiosqlite every SQL parameter at DEBUG.
NOISY_LOGGERS = ("httpx", "httpcore", "apscheduler", "aiosqlite")

_known: set[str] = set()  # the configured secrets themselves, redacted wherever they appear


def redact_also(secrets: Iterable[str | None]) -> None:
    """Redact these exact values too (the bot token, the webhook secret, other API keys)."""
    _known.update(s for s in secrets if s and len(s) >= 8)  # "x" is no secret


def redact(text: str) -> str:
    """The text with anything that looks like a bot token, a bearer key, an API key (on its
    own or sent with `/connect`), the webhook secret or a configured secret replaced."""
    for secret in sorted(_known, key=len, reverse=True):
        text = text.replace(secret, REDACTED)
    text = CONNECT.sub(r"\1" + REDACTED, text)
    text = SECRET_TOKEN.sub(r"\1" + REDACTED, text)
    text = KEY.sub(REDACTED, text)
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
    """Redact `record` in place, once. A message with nothing to redact keeps its arguments
    (uvicorn's access log formats its own from them)."""
    if getattr(record, "_redacted", False):
        return record
    try:
        message = record.getMessage()
    except Exception:  # a broken format string must not lose the record
        message = str(record.msg)
    redacted = redact(message)
    if redacted != message or not isinstance(record.msg, str):
        record.msg, record.args = redacted, None
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


def configure_logging(level: str | int = "INFO", *, secrets: Iterable[str | None] = ()) -> None:
    """Log to stderr at `level`, with secrets redacted everywhere (`secrets` by value too);
    idempotent. Call it before anything logs: records made earlier are not redacted."""
    redact_also(secrets)
    logging.basicConfig(level=level, format=LOG_FORMAT)
    root = logging.getLogger()
    root.setLevel(level)
    for handler in root.handlers:
        if not any(isinstance(f, RedactingFilter) for f in handler.filters):
            handler.addFilter(RedactingFilter())
    _install_record_factory()
    for name in NOISY_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)
