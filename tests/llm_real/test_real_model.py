"""A small local model makes mistakes; the bot stays correct and truthful with it.

Each test judges the one conversation of conftest.py (run once against the real server) by
one property a person would notice, and names every message that breaks it. A server that
does not answer fails them: the model must have answered with tool calls, one reply must be
the model's plan (not the rules' fallback), every request must be answered, and the server
must still run at the end.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from zoneinfo import ZoneInfo

from bot.kernel.readers import DEFAULT
from bot.render import conversation as said
from bot.render import model, reading
from tests.llm_real.conversation import LONG, TIMEOUT_SECONDS, ZONE, Conversation, Turn
from tests.llm_real.proxy import Exchange
from tests.llm_real.records import malformed
from tests.llm_real.server import RunningModel
from tests.llm_real.texts import WRITE_CLAIMS, read_reply

# What the sandbox (fault-free here) never deserves to be blamed with.
SERVICE_BLAME = (
    said.read_failed(DEFAULT),
    said.service_unavailable(False, DEFAULT),
    said.service_unavailable(True, DEFAULT),
    said.summary_unavailable(DEFAULT),
    said.today_unavailable(DEFAULT, busy=False),
    "the health service isn't answering",
    "the health service is busy",
    "The health service is busy",
)
MODEL_GAVE_UP = (
    model.llm_failed(DEFAULT),
    model.llm_unavailable(DEFAULT),
    reading.LLM_NOT_UNDERSTOOD,
)
# What a reply says when it is not the model's plan.
MODEL_DID_NOT_PLAN = (
    *MODEL_GAVE_UP,
    model.used_rules_instead(True, DEFAULT),
    model.used_rules_instead(False, DEFAULT),
    model.llm_slow(DEFAULT),
    model.llm_budget_reached(DEFAULT),
    model.llm_message_too_long(DEFAULT),
    model.llm_answer_failed(DEFAULT),
)
_FOOD_LINE = re.compile(r"^🍽 (.+?) — ", re.MULTILINE)
_WEIGHT_LINE = re.compile(r"^⚖️ Weight: ([\d.,]+) kg", re.MULTILINE)


def broken(turns: list[Turn], why: list[str]) -> str:
    return "\n".join(f"{turn.label()!r}: {reason}" for turn, reason in zip(turns, why, strict=True))


def test_no_message_crashes_the_bot(conversation: Conversation) -> None:
    crashed = [
        t
        for t in conversation.turns
        if t.crash or any(said.internal_error(DEFAULT) in r for r in t.replies)
    ]
    assert not crashed, broken(crashed, [t.crash or "\n".join(t.replies) for t in crashed])


def test_nothing_malformed_reaches_the_service(conversation: Conversation) -> None:
    """Names without JSON or markup, values in range, macros that make the calories (within
    bot/kernel/plausibility.py's tolerance: 100 kcal or 30 %; 0/0/0 g means macros unknown)."""
    assert malformed(conversation.final) == [], conversation.final


def test_logged_is_said_only_of_what_the_service_holds(conversation: Conversation) -> None:
    turns, why = [], []
    for turn in conversation.turns:
        shown = "\n\n".join(turn.replies)
        if "Logged" not in shown:
            continue
        new = turn.new
        foods = [r["food"] for r in new.foods]
        for name in _FOOD_LINE.findall(shown):
            if not any(_same_name(name, food) for food in foods):
                turns.append(turn)
                why.append(f"says it logged {name!r}; the service got {foods}")
        for kg in _WEIGHT_LINE.findall(shown):
            if not any(abs(r["weight_kg"] - _number(kg)) < 0.05 for r in new.weights):
                turns.append(turn)
                why.append(f"says it logged {kg} kg; the service got {new.weights}")
        if "📝 Check-in" in shown and not new.checkins:
            turns.append(turn)
            why.append("says it logged a check-in; the service got none")
        if new.count() == 0:
            turns.append(turn)
            why.append("says Logged; nothing new is in the service")
    assert not turns, broken(turns, why)


def test_the_service_is_not_blamed_when_it_was_fine(conversation: Conversation) -> None:
    blamed = [
        t for t in conversation.turns if any(b in r for b in SERVICE_BLAME for r in t.replies)
    ]
    assert not blamed, broken(blamed, ["\n".join(t.replies) for t in blamed])


def test_what_the_rules_understand_is_logged_even_when_the_model_fails(
    conversation: Conversation,
) -> None:
    """The rules' plan stands in when the model gives no usable plan."""
    turns, why = [], []
    for turn in conversation.turns:
        if not turn.rules_understand or turn.text == LONG:
            continue
        assert turn.rules is not None
        if any(text in turn.html for text in MODEL_GAVE_UP):  # the message's own reply
            turns.append(turn)
            why.append(f"the rules understood it, the person read: {turn.html!r}")
            continue
        areas = {type(a).__name__ for a in turn.rules.actions}
        new = turn.new
        got = {
            "NutritionAddEntry": bool(new.foods),
            "WeightLog": bool(new.weights),
            "CheckinUpsert": bool(new.checkins),
            "SupplementMarkTaken": bool(new.supplements) or "💊 Took" in turn.html,
        }
        missing = sorted(area for area in areas if not got.get(area, True))
        if missing:
            turns.append(turn)
            why.append(f"the rules would have written {missing}; the service got none")
    assert not turns, broken(turns, why)


def test_every_reply_is_one_of_the_documented_texts(conversation: Conversation) -> None:
    """Replies are bot/render's texts; the model's own words appear only as the answer to a
    question or a question back, and never claim that something was saved."""
    turns, why = [], []
    for turn in conversation.turns:
        if turn.crash:
            continue
        for reply in turn.replies:
            problem = _undocumented(turn.text, reply)
            if problem is not None:
                turns.append(turn)
                why.append(problem)
    assert not turns, broken(turns, why)


def test_an_over_long_message_is_not_kept_for_a_retry_that_cannot_work(
    conversation: Conversation,
) -> None:
    [turn] = [t for t in conversation.turns if t.text == LONG]
    assert model.llm_unavailable(DEFAULT) not in turn.html, turn.html


def _undocumented(text: str, reply: str) -> str | None:
    """Why `reply` is not made of the documented texts; None when it is."""
    reading = read_reply(reply)
    if reading is None:
        return f"not made of documented texts: {reply!r}"
    words = reading.model_words
    if words is None:
        return None
    if not (text.rstrip().endswith("?") or words.rstrip().endswith("?")):
        return f"the model's own words, not an answer or a question: {words!r}"
    if WRITE_CLAIMS.search(words):
        return f"the model's words claim a write: {words!r}"
    return None


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _same_name(shown: str, stored: str) -> bool:
    """A logged line shows the food's name HTML-escaped and possibly shortened."""
    plain = html.unescape(shown).rstrip("…")
    return stored.startswith(plain) or plain == stored


# --- the requests themselves, as the recording proxy saw them ------------------------------


def test_every_request_the_bot_sends_is_accepted_by_the_server(conversation: Conversation) -> None:
    """llama-cpp-python answers 500 to `"content": null` in an assistant turn, llama-server
    400 to invalid JSON arguments replayed in the history, both 400 to a prompt over the
    context: the bot sends what the server takes. A request is answered 200 unless the bot
    gave up on it first (its deadline passed); a server that crashed or dropped the
    connection fails this too."""
    failed = [e for e in conversation.exchanges if e.status != 200 and not e.gave_up]
    assert conversation.exchanges, "the bot sent the model no request"
    assert not failed, _failures(failed)


def test_the_server_kept_running(real_model: RunningModel, conversation: Conversation) -> None:
    """A crash on some prompt would leave every later message to the rules."""
    assert real_model.exited() is None, real_model.exited()


def test_the_model_answered_with_tool_calls(conversation: Conversation) -> None:
    """Without an answer every other test here passes on the rules' fallback alone."""
    called = [e for e in conversation.exchanges if e.status == 200 and e.tool_calls]
    assert called, f"no answer with a tool call; the requests:\n{_failures(conversation.exchanges)}"


def test_a_reply_came_from_the_models_plan(conversation: Conversation) -> None:
    planned = [
        t
        for t in conversation.turns
        if not t.crash and not any(text in t.html for text in MODEL_DID_NOT_PLAN)
    ]
    assert planned, "every reply is the rules' fallback or says the model failed:\n" + "\n".join(
        f"{t.label()!r}: {t.html}" for t in conversation.turns
    )


def _failures(exchanges: list[Exchange]) -> str:
    return "\n".join(
        f"HTTP {e.status}: {e.error}" if e.status != 200 else f"HTTP 200: {e.answer}"
        for e in exchanges
    )


def test_every_request_bounds_the_answer(conversation: Conversation) -> None:
    """Without `max_tokens` a runaway answer runs to the client's timeout, and the server,
    which serves one request at a time, goes on generating for everyone's cost."""
    exchanges = conversation.exchanges
    unbounded = [
        e
        for e in exchanges
        if not (e.body.get("max_tokens") or e.body.get("max_completion_tokens"))
    ]
    assert exchanges and not unbounded, f"{len(unbounded)} of {len(exchanges)} without a bound"


def test_the_prompt_does_not_open_with_the_time_of_day(conversation: Conversation) -> None:
    """A server reuses the longest unchanged prefix of the previous prompt (so does OpenAI's
    prompt cache): a clock early in the prompt makes every minute's requests start over."""
    zone = ZoneInfo(ZONE)
    clocked = []
    for exchange in conversation.exchanges:
        first = str(exchange.body["messages"][0].get("content") or "")
        sent = dt.datetime.fromtimestamp(exchange.sent_at, zone)
        minutes = {f"{sent - dt.timedelta(minutes=m):%H:%M}" for m in (0, 1)}
        if any(minute in first for minute in minutes):
            clocked.append(first[:200])
    assert not clocked, f"{len(clocked)} requests open with the time of day: {clocked[0]!r}"


def test_every_request_is_counted_against_the_daily_budget(conversation: Conversation) -> None:
    requests, _ = conversation.counted
    assert requests == len(conversation.exchanges), (
        f"{len(conversation.exchanges)} requests sent, {requests} counted"
    )


def test_the_budget_counts_the_tokens_the_server_reported(conversation: Conversation) -> None:
    """Of the answers the bot waited for; tiktoken's estimate is 20-30 % below a local
    model's own count, so the server's figure is the one to keep."""
    reported = sum(
        int(e.usage.get("prompt_tokens") or 0) + int(e.usage.get("completion_tokens") or 0)
        for e in conversation.exchanges
        if e.usage and e.seconds < TIMEOUT_SECONDS
    )
    _, tokens = conversation.counted
    assert reported > 0, "no answer reported its tokens"
    assert tokens >= reported, (
        f"the server reported {reported:,} tokens, the bot counted {tokens:,}"
    )
