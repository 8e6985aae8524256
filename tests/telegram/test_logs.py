"""Tokens and keys never reach a log line, whatever logs them and however."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest

from bot.telegram.logs import RedactingFilter, configure_logging, redact

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
