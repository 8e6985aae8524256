"""Logging set-up that never writes a bot token, an API key or the webhook secret.

PTB puts the bot token in every request URL, and httpx logs request URLs at INFO; an API key
travels as `Bearer ...`; at DEBUG PTB dumps every update it receives (what people wrote, a
pasted key included: as a Python repr, or as raw JSON in webhook mode, so a line break or a
zero-width space may be written as `\\n` or `\\u200b`) and the parameters of every call
(`setWebhook`'s `secret_token`). So `configure_logging` quiets httpx and redacts in the
record factory (`scrub`), so that every record of every logger, at every level, is redacted
when it is made: even handlers added later (pytest's log capture, a library's own) only ever
see redacted records. Every handler present then also redacts its records
(`RedactingFilter`) and the very line it writes (`RedactingFormatter`): what its format adds
to the message is caught too.

`LOG_FORMAT=json` (for log collectors) writes each record as one JSON object a line: time,
level, logger, message, and the update being handled (`current_update`, set where updates
are processed) and its outcome where known. It goes through the very same redaction: the
record is scrubbed before it is encoded, and the encoded line is redacted once more.
"""

from __future__ import annotations

import json
import logging
import re
import sys
from collections.abc import Iterable
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any, Literal

from bot.kernel.keys import ZERO_WIDTH

TOKEN = re.compile(r"\d+:[A-Za-z0-9_-]{30,}")
BEARER = re.compile(r"(Bearer\s+)[^\s\"',;]+", re.IGNORECASE)
# A character as a log may hold it: itself, or escaped once or more (repr, JSON, both).
_ESCAPED = r"\\+(?:u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2})"
_HIDDEN = rf"(?:[{ZERO_WIDTH}]|{_ESCAPED})"
# A character of a key as a log may hold it: anything that does not end a word or a quoted
# string (a look-alike letter in a key does not cut it short), or an invisible one.
_BODY = rf"(?:[^\s\"'`,;<>(){{}}\[\]\\]|{_HIDDEN})"
# Where a key pasted over two lines (or with a tab in it) was split, as a log holds it: a
# line break or tab, real or escaped, among spaces and invisible characters.
_BREAK = r"(?:[\r\n\t\v\f]|\\+[nrtvf])"
_SPLIT = rf"(?:[ \u00a0]|{_HIDDEN})*{_BREAK}(?:\s|\\+[nrtvf]|{_HIDDEN})*"
# A key runs on past such a split: whatever word follows a break goes with it.
_KEY_REST = rf"(?:{_SPLIT}{_BODY}+)*"
# A key starts a word: after a letter or digit `hk_` is part of something else, unless that
# letter ends an escaped character (`\u200b`, `%E2%80%8B`) pasted right before the key.
# (Looked behind from after `hk_`: a pattern that starts with it is searched for quickly.)
_KEY_START = (
    r"hk_(?:(?<![A-Za-z0-9]hk_)|(?<=\\u[0-9a-fA-F]{4}hk_)|(?<=\\x[0-9a-fA-F]{2}hk_)"
    r"|(?<=%[0-9a-fA-F]{2}hk_))"
)
# A key on its own, anywhere (pasted into a sentence, the argument of any command).
KEY = re.compile(rf"{_KEY_START}{_BODY}{{4,}}{_KEY_REST}", re.IGNORECASE)
# Whatever follows `/connect` (any key, not only `hk_` ones), on the same line or the next,
# after spaces, escaped line breaks, invisible characters, an opening quote, or URL-encoded.
CONNECT = re.compile(
    r"((?:/|%2F)connect(?:@\w+)?"
    rf"(?:\s|\\+[nrtvf]|{_HIDDEN}|%[0-9a-fA-F]{{2}}|[\"'`«»‹›“”„‘’‚])+)"
    rf"(?:[^\s\"'`,;<\\)\]}}]|{_HIDDEN})+{_KEY_REST}",
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

# The update this task is handling (bot/telegram/ordering.py), in every JSON line it logs.
current_update: ContextVar[int | None] = ContextVar("healthbot_update_id", default=None)

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


class RedactingFormatter(logging.Formatter):
    """A handler's own formatter whose every line is redacted once more, as written: what a
    format adds to the message (an `extra` field, a traceback next to a message) is caught
    in the string that actually goes out."""

    def __init__(self, inner: logging.Formatter | None) -> None:
        super().__init__()
        self.inner = inner or logging.Formatter()

    def format(self, record: logging.LogRecord) -> str:
        return redact(self.inner.format(record))

    def __getattr__(self, name: str) -> Any:  # what else a handler may read off its formatter
        return getattr(self.inner, name)


class JsonFormatter(logging.Formatter):
    """One JSON object a line: `time` (UTC, ISO 8601), `level`, `logger`, `message`, then
    `update_id` and `outcome` where known (a record's `extra` or the update being handled),
    and `exception` or `stack` when the record carries one. Wrapped in `RedactingFormatter`
    like any other formatter."""

    def format(self, record: logging.LogRecord) -> str:
        scrub(record)
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        update_id = getattr(record, "update_id", None) or current_update.get()
        if update_id is not None:
            entry["update_id"] = update_id
        if (outcome := getattr(record, "outcome", None)) is not None:
            entry["outcome"] = outcome
        if record.exc_text:
            entry["exception"] = record.exc_text
        if record.stack_info:
            entry["stack"] = record.stack_info
        return json.dumps(entry, ensure_ascii=False, default=str)


def _redact_output(handler: logging.Handler) -> None:
    """Redact `handler`'s records (`RedactingFilter`) and what it writes (`RedactingFormatter`)."""
    if not any(isinstance(f, RedactingFilter) for f in handler.filters):
        handler.addFilter(RedactingFilter())
    if not isinstance(handler.formatter, RedactingFormatter):
        handler.setFormatter(RedactingFormatter(handler.formatter))


def _install_record_factory() -> None:
    current = logging.getLogRecordFactory()
    if getattr(current, "_healthbot_redacting", False):
        return

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        return scrub(current(*args, **kwargs))

    factory._healthbot_redacting = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(factory)


def configure_logging(
    level: str | int = "INFO",
    *,
    secrets: Iterable[str | None] = (),
    fmt: Literal["text", "json"] = "text",
) -> None:
    """Log to stderr at `level` as text or JSON lines (`fmt`), with secrets redacted
    everywhere (`secrets` by value too); idempotent. Call it before anything logs: records
    made earlier are not redacted."""
    redact_also(secrets)
    logging.basicConfig(level=level, format=LOG_FORMAT)
    root = logging.getLogger()
    root.setLevel(level)
    if fmt == "json":  # the stderr handler basicConfig made (or found); others keep theirs
        for handler in root.handlers:
            if getattr(handler, "stream", None) is sys.stderr:
                handler.setFormatter(JsonFormatter())
    loggers = [root, *logging.Logger.manager.loggerDict.values()]
    for logger in loggers:  # every handler there is (records of later ones: the factory's)
        for handler in getattr(logger, "handlers", ()):
            _redact_output(handler)
    _install_record_factory()
    for name in NOISY_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)
