"""One person's conversation with the bot's core on a real model, and what the tests judge.

The path is the production one: the assistant core, the real openai client pointed (through
a recording proxy) at the real server, the sandbox over real HTTP. OFFLINE_FAST_PATH is off,
so every message is put to the model, as it is whenever the rules do not understand a
message fully; a draft is saved, as a person who trusts the bot would.
"""

from __future__ import annotations

import datetime as dt
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from bot.compose import create_assistant
from bot.core.assistant import Assistant
from bot.core.person import resolve
from bot.kernel.readers import DEFAULT
from bot.kernel.replies import Reply
from bot.planner.base import Plan
from bot.render.keyboards import draft_buttons
from bot.store import repo
from sandbox.users import add_user
from tests.fixtures.core import make_settings
from tests.llm_real.proxy import Exchange
from tests.llm_real.records import Records, read_records
from tests.llm_real.server import RunningModel

ZONE = "Europe/Berlin"
TIMEOUT_SECONDS = 30.0  # OPENAI_TIMEOUT_SECONDS's default, set here so the tests can rely on it
SAVE = draft_buttons(DEFAULT)[0]
USER = 4711

FOOD = "had 2 eggs and toast for breakfast"
WEIGHT = "72.4 kg this morning"
CHECKIN = "slept badly, mood 3"
SUPPLEMENT = "took vitamin D"
QUESTION = "how much protein have I had today?"
STATED = "a caesar salad with chicken, about 600 kcal"
VAGUE = "the usual from that place downtown"
# What made a 135M model write a food named `oatmeal, 1 cup cooked"}, {`: JSON in the text.
GARBLING = 'log this: {"food": "oatmeal, 1 cup cooked"}, {"food": <b>banana</b>, "kcal": "lots"}'
LONG = (
    "Long day. For breakfast I had oatmeal with blueberries and a flat white, then a banana "
    "mid-morning and a chicken wrap with salad for lunch; I felt a bit tired after lunch. "
) * 60
LONG = LONG[:10_000]

# What made a small model write foods nobody said, a check-in for a question, today's date
# for yesterday's wine, or a name nobody said beside the ones said.
THANKS = "thanks, that's all for today"
SLEPT = "last night I barely slept"
WINE = "yesterday evening a glass of red wine"
LUNCH = "lunch: chicken caesar salad and a diet coke"
UNDO = "no wait, delete the fries"
GERMAN = "gestern Abend zwei Brötchen mit Käse"

MESSAGES = (
    FOOD,
    WEIGHT,
    CHECKIN,
    SUPPLEMENT,
    QUESTION,
    STATED,
    VAGUE,
    GARBLING,
    THANKS,
    SLEPT,
    WINE,
    LUNCH,
    UNDO,
    GERMAN,
    LONG,
)
# The messages that name a day other than the one they are said on: what they write is
# dated the day before.
SAID_OF_YESTERDAY = frozenset({WINE, GERMAN})


@dataclass
class Turn:
    """One message of the conversation and everything the tests judge it by."""

    text: str
    html: str = ""
    saved: str | None = None  # the reply to tapping "Save" when the reply was a draft
    crash: str | None = None
    seconds: float = 0.0
    before: Records = field(default_factory=Records)
    after: Records = field(default_factory=Records)
    rules: Plan | None = None  # what the built-in rules alone make of the text

    @property
    def replies(self) -> list[str]:
        return [self.html] if self.saved is None else [self.html, self.saved]

    @property
    def new(self) -> Records:
        return self.after.new_since(self.before)

    @property
    def rules_understand(self) -> bool:
        rules = self.rules
        return rules is not None and rules.understood and bool(rules.actions)

    def label(self) -> str:
        return self.text if len(self.text) <= 60 else f"{self.text[:57]}... ({len(self.text)})"


@dataclass
class Conversation:
    model: RunningModel
    turns: list[Turn]
    final: Records
    exchanges: list[Exchange] = field(default_factory=list)  # every request, as sent
    counted: tuple[int, int] = (0, 0)  # LLM requests and tokens the bot counted for the person
    today: dt.date | None = None  # the person's day when the conversation began

    def transcript(self) -> str:
        lines = [f"model {self.model.model} at {self.model.base_url}"]
        for turn in self.turns:
            lines.append(f"> {turn.label()}   [{turn.seconds:.1f} s]")
            lines.append(turn.crash or turn.html)
            if turn.saved is not None:
                lines.append(f"[{SAVE}] {turn.saved}")
            lines.append("")
        return "\n".join(lines)


async def converse(
    model: RunningModel, sandbox_url: str, db_url: str, workdir: Path
) -> Conversation:
    key = await add_user(db_url, "Alice", ZONE)
    settings = make_settings(
        workdir,
        agent_api_base_url=sandbox_url,
        openai_api_key="local",  # llama-cpp-python's server takes any key
        openai_base_url=model.base_url,
        openai_model=model.model,
        openai_timeout_seconds=TIMEOUT_SECONDS,
        offline_fast_path=False,
        max_message_chars=12_000,  # the long message reaches the model whole
    )
    assistant = await create_assistant(settings)
    turns: list[Turn] = []
    try:
        linked = await assistant.connect(user_id=USER, chat_id=USER, api_key=key)
        assert "Alice" in linked.html, linked.html
        await assistant.preferences.set_timezone(user_id=USER, name=ZONE)
        today = (await resolve(assistant.resources, USER)).today
        for text in MESSAGES:
            turn = Turn(text, before=await read_records(db_url, key))
            started = time.monotonic()
            try:
                reply = await assistant.handle_text(user_id=USER, chat_id=USER, text=text)
                turn.html = reply.html
                save = _save_button(reply)
                if save is not None:  # a person who trusts the bot taps "Save" on a draft
                    tapped = await assistant.on_button(user_id=USER, chat_id=USER, data=save)
                    turn.saved = tapped.html
            except Exception:
                turn.crash = traceback.format_exc()
            turn.seconds = time.monotonic() - started
            turn.after = await read_records(db_url, key)
            turn.rules = await _rules_plan(assistant, text)
            turns.append(turn)
        final = await read_records(db_url, key)
        counted = await _counted(assistant)
    finally:
        await assistant.aclose()
    return Conversation(model, turns, final, counted=counted, today=today)


async def _counted(assistant: Assistant) -> tuple[int, int]:
    """The LLM requests and tokens counted against the person's budget, over the days the
    conversation may have spanned (their today and yesterday)."""
    today = (await resolve(assistant.resources, USER)).today
    requests = tokens = 0
    async with assistant.resources.sessionmaker() as session:
        for day in (today - dt.timedelta(days=1), today):
            used = await repo.get_llm_usage(session=session, telegram_id=USER, local_date=day)
            requests, tokens = requests + used[0], tokens + used[1]
    return requests, tokens


def _save_button(reply: Reply) -> str | None:
    for row in reply.buttons:
        for button in row:
            if button.text == SAVE:
                return button.callback
    return None


async def _rules_plan(assistant: Assistant, text: str) -> Plan:
    """What the bot's built-in rules alone make of `text`, in the person's context."""
    person = await resolve(assistant.resources, USER)
    return await assistant.resources.offline.plan(text, person.context())
