"""Tokens and keys never reach a log line, whatever logs them and however."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest
from uvicorn.logging import AccessFormatter

from bot.telegram.logs import NOISY_LOGGERS, RedactingFilter, configure_logging, redact

TOKEN = "7000000001:AAHfakeTokenForTestsOnly_abcdefghijklmnop"
KEY = "hb_live_s3cr3t_key_value"


def test_redact_token_and_bearer() -> None:
    line = f"POST https://api.telegram.org/bot{TOKEN}/getMe Authorization: Bearer {KEY}"
    out = redact(line)
    assert TOKEN not in out and KEY not in out
    assert "https://api.telegram.org/bot<redacted>/getMe" in out
    assert "Bearer <redacted>" in out
    assert redact("reminder at 21:30, user 12345") == "reminder at 21:30, user 12345"


@pytest.fixture
def stream() -> Iterator[io.StringIO]:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(RedactingFilter())
    logger = logging.getLogger("tests.redaction")
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    try:
        yield out
    finally:
        logger.removeHandler(handler)
        logger.propagate = True


def test_filter_redacts_arguments_and_tracebacks(stream: io.StringIO) -> None:
    logger = logging.getLogger("tests.redaction")
    logger.info("calling %s", f"/bot{TOKEN}/sendMessage")
    try:
        raise RuntimeError(f"failed with Bearer {KEY} at /bot{TOKEN}/getUpdates")
    except RuntimeError:
        logger.exception("boom")
    text = stream.getvalue()
    assert TOKEN not in text and KEY not in text
    assert "RuntimeError" in text and "<redacted>" in text


def test_configure_logging_quiets_httpx_and_covers_later_handlers() -> None:
    factory = logging.getLogRecordFactory()
    httpx_level = logging.getLogger("httpx").level
    try:
        configure_logging("INFO")
        configure_logging("INFO")  # idempotent
        assert logging.getLogger("httpx").getEffectiveLevel() == logging.WARNING
        # A handler added afterwards, without the filter (like pytest's capture or uvicorn's):
        out = io.StringIO()
        late = logging.StreamHandler(out)
        logger = logging.getLogger("tests.late")
        logger.addHandler(late)
        logger.setLevel(logging.INFO)
        try:
            logger.info("token %s", TOKEN)
            logger.warning("auth: Bearer %s", KEY)
        finally:
            logger.removeHandler(late)
        assert TOKEN not in out.getvalue() and KEY not in out.getvalue()
        assert out.getvalue().count("<redacted>") == 2
    finally:
        logging.setLogRecordFactory(factory)
        logging.getLogger("httpx").setLevel(httpx_level)


KEY_43 = "hk_" + "Ab3-_x9Zq" * 4 + "Tu4Kp0R"


@pytest.mark.parametrize(
    "line",
    [
        f"'text': '/connect\\n{KEY_43}', 'entities': []",  # a Python repr: the break escaped
        f'{{"text": "/connect\\n{KEY_43}"}}',  # raw JSON, as the webhook logs it
        f'\'{{"text": "/connect\\\\n{KEY_43}"}}\'',  # JSON inside a repr
        f"'text': '/connect\n{KEY_43}'",  # a real line break
        f"'text': '/connect@healthbot_test_bot {KEY_43}'",
        f"'text': '/connect \\u200b{KEY_43}'",
        f"'text': '/connect «{KEY_43}»'",
        f'{{"text": "/connect \\u00ab{KEY_43}\\u00bb"}}',
        f"'text': 'my key is {KEY_43} ok?'",
        f"'text': '/timezone {KEY_43}'",
        f"'text': '{KEY_43[:10]}\\u200b{KEY_43[10:]}'",  # a zero-width space inside the key
        f"'text': '{KEY_43[:10]}а{KEY_43[10:]}'",  # a look-alike letter inside the key
        f"'caption': 'lunch {KEY_43.upper()}'",
    ],
)
def test_a_key_is_redacted_in_every_form_a_log_holds_it(line: str) -> None:
    out = redact(line).lower()
    assert KEY_43[3:13].lower() not in out and KEY_43[-10:].lower() not in out
    assert "<redacted>" in out


def test_whatever_follows_connect_is_redacted_even_if_it_is_no_hk_key() -> None:
    out = redact("'text': '/connect\\nsk-other-service-key-123'")
    assert "sk-other" not in out and "/connect\\n<redacted>" in out
    assert redact("'text': '/connect', 'x': 1") == "'text': '/connect', 'x': 1"


@pytest.mark.parametrize(
    "line",
    [
        "Calling Bot API endpoint `setWebhook` with parameters `{'url': 'https://b.example/"
        "telegram', 'secret_token': 'hook-s3cret-Zq81xv', 'max_connections': 40}`",
        "Request had the wrong secret token: hook-s3cret-Zq81xv",
        "headers: {'x-telegram-bot-api-secret-token': 'hook-s3cret-Zq81xv'}",
    ],
)
def test_the_webhook_secret_is_redacted(line: str) -> None:
    out = redact(line)
    assert "s3cret" not in out and "<redacted>" in out


def test_every_logger_is_redacted_even_one_with_its_own_handler() -> None:
    factory = logging.getLogRecordFactory()
    levels = {name: logging.getLogger(name).level for name in NOISY_LOGGERS}
    out = io.StringIO()
    isolated = logging.getLogger("tests.isolated")
    own = logging.StreamHandler(out)
    isolated.addHandler(own)
    isolated.setLevel(logging.DEBUG)
    isolated.propagate = False
    try:
        configure_logging("INFO")
        isolated.debug("received %r", {"text": f"my key is {KEY_43}"})
        isolated.debug("setWebhook %s", {"secret_token": "hook-s3cret-Zq81xv"})
    finally:
        isolated.removeHandler(own)
        isolated.propagate = True
        logging.setLogRecordFactory(factory)
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)
    assert KEY_43 not in out.getvalue() and "s3cret" not in out.getvalue()
    assert out.getvalue().count("<redacted>") == 2


def test_a_record_with_nothing_to_redact_keeps_its_arguments() -> None:
    """uvicorn's access log formats its own line from the record's arguments."""
    factory = logging.getLogRecordFactory()
    levels = {name: logging.getLogger(name).level for name in NOISY_LOGGERS}
    out = io.StringIO()
    access = logging.getLogger("tests.access")
    handler = logging.StreamHandler(out)
    handler.setFormatter(AccessFormatter("%(request_line)s %(status_code)s", use_colors=False))
    access.addHandler(handler)
    access.setLevel(logging.INFO)
    access.propagate = False
    try:
        configure_logging("INFO")
        access.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "POST", "/telegram", "1.1", 200)
    finally:
        access.removeHandler(handler)
        access.propagate = True
        logging.setLogRecordFactory(factory)
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)
    assert out.getvalue().strip() == "POST /telegram HTTP/1.1 200 OK"


def test_what_a_handlers_format_adds_to_the_message_is_redacted_too() -> None:
    factory = logging.getLogRecordFactory()
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(logging.Formatter("%(message)s [%(detail)s]"))
    logger = logging.getLogger("tests.formatted")
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    try:
        configure_logging("INFO")
        logger.debug("update received", extra={"detail": f"text: /connect \\u200b{KEY_43}"})
    finally:
        logger.removeHandler(handler)
        logger.propagate = True
        logging.setLogRecordFactory(factory)
    assert out.getvalue() == "update received [text: /connect \\u200b<redacted>]\n"
