"""Whatever a person (or a forged update) sends, the core answers in words and never raises.

Hypothesis feeds the core's public entry points arbitrary text: lone surrogates, control
characters, NUL, huge and odd numbers, superscript digits, very long names. Each call goes
through the real assistant to the real sandbox over HTTP and must come back as a reply whose
text is non-empty, can be sent (encodes as UTF-8) and shows no traceback. `on_button` is
driven only through its public signature, so the test holds whatever parses the data.
"""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.core.assistant import Assistant
from bot.kernel.replies import Reply
from tests.core.test_assistant import USER
from tests.fixtures.core import AssistantFactory
from tests.fixtures.sandbox import RunningSandbox

MORNING = dt.datetime(2026, 11, 22, 8, 15, tzinfo=zoneinfo.ZoneInfo("Europe/Berlin"))
PROFILE = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

_ODD = [
    "\ud800",
    "\udfff",
    "\ud83d\ude00",
    "\x00",
    "\x1b[31m",
    "\u202e",
    "\ufeff",
    "1e309",
    "-3",
    "+14",
    "9" * 400,
    "²³",
    "ß" * 101,
    "hk_",
    ":",
    "draft:save:",
    "rate:mood:",
    "forget:",
    "settings:confirm:",
]
_WORDS = ["2 eggs", "banana", "weight", "kg", "mood", "kcal", "UTC", "utc-13", "/connect", " "]
_NUMBERS = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.decimals(allow_nan=False, allow_infinity=False).map(str),
)
_PIECES = st.one_of(
    st.sampled_from(_ODD + _WORDS),
    _NUMBERS,
    st.text(st.characters(categories=["Cs", "Cc", "Cf", "No", "Nd", "Zs"]), max_size=8),
    st.text(max_size=20),
)
junk = st.lists(_PIECES, max_size=8).map("".join) | st.text(max_size=300)
button_data = st.one_of(
    st.builds(
        lambda prefix, middle, tail: f"{prefix}{middle}{tail}",
        st.sampled_from(["draft:save:", "draft:fix:", "draft:drop:", "rate:mood:", "rate:"]),
        st.sampled_from(["", "sleep:", "energy:", ":"]),
        st.one_of(_NUMBERS, st.sampled_from(_ODD)),
    ),
    junk,
)


def assert_a_reply(reply: Reply) -> None:
    """Words for the person: the message, or for a button the short notice shown instead."""
    assert isinstance(reply, Reply)
    words = reply.html.strip() or str(getattr(reply, "toast", None) or "").strip()
    assert words, reply
    words.encode("utf-8")  # Telegram refuses text that is not valid Unicode
    assert "Traceback" not in words


@pytest.fixture
async def assistant(assistant_factory: AssistantFactory, sandbox: RunningSandbox) -> Assistant:
    """A linked person with a timezone, on the real sandbox."""
    key = await sandbox.add_user("Alice", "Europe/Berlin")
    built = await assistant_factory(sandbox_url=sandbox.url)
    await built.connect(user_id=USER, chat_id=USER, api_key=key)
    await built.preferences.set_timezone(user_id=USER, name="Berlin")
    return built


@PROFILE
@given(text=junk)
@example(text="\ud800")
@example(text="weight 1e309 kg")
async def test_any_text_gets_a_reply(assistant: Assistant, text: str) -> None:
    reply = await assistant.handle_text(user_id=USER, chat_id=USER, text=text, now=MORNING)
    assert_a_reply(reply)


@PROFILE
@given(data=button_data)
@example(data="draft:save:99999999999999999999999")
@example(data="draft:save:²")
@example(data="rate:mood:³")
@example(data="rate:sleep:-1")
async def test_any_button_data_gets_a_reply(assistant: Assistant, data: str) -> None:
    reply = await assistant.on_button(user_id=USER, chat_id=USER, data=data, now=MORNING)
    assert_a_reply(reply)


@PROFILE
@given(name=junk)
@example(name="UTC-13")
@example(name="\ud800")
async def test_any_timezone_gets_a_reply(assistant: Assistant, name: str) -> None:
    assert_a_reply(await assistant.preferences.set_timezone(user_id=USER, name=name))


@PROFILE
@given(spec=junk)
async def test_any_reminder_gets_a_reply(assistant: Assistant, spec: str) -> None:
    assert_a_reply(await assistant.preferences.set_reminder(user_id=USER, spec=spec))


@settings(PROFILE, max_examples=40)
@given(key=junk)
@example(key="hk_\u200babc")
@example(key="«hk_abc»")
async def test_any_key_gets_a_reply(assistant: Assistant, key: str) -> None:
    """Junk keys (another person, so the linked one stays); the service says no, or the
    request cannot even be made (a key that is no valid header)."""
    assert_a_reply(await assistant.connect(user_id=USER + 1, chat_id=USER + 1, api_key=key))
