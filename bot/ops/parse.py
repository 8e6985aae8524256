"""`healthbot parse`: what the bot would make of messages, with nothing sent or stored.

Each line of stdin is a message, or a JSON object `{"text": ..., "now": ..., "timezone": ...}`
whose `now`/`timezone` stand for the flags on that line. Each gives one JSON line on stdout:

    {"text": ..., "actions": [ACTION, ...], "reply": "..."}

`actions` are what the bot would POST to `/ingest` for a person with no data yet, serialised as
the client posts them: the plan's actions as `prepare_bundle` makes them safe to send (a
supplement is added to the stack before it is marked taken; a check-in merged with an empty
day is itself). `reply` is what that person would read, in plain text, from the same render
functions the core uses, in the core's order (bot/core/conversation.py): the "Logged" lines
without the day's summary (that is read from the account after the write), a draft (`draft`
then holds the actions a tap on Save would post, and `actions` is empty), the question about
a weight's unit, or, for a question, what would be read to answer it. Nothing reaches a
service, a database or a file; the LLM planner asks the configured model, nothing else.

A line that cannot be read (not JSON, no text, an unknown timezone, a `now` that is not a
time, a planner that fails) gives `{"text": ..., "error": "..."}` and the next line goes on.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import os
import stat
import sys
from collections.abc import Iterable, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import IO, Any, cast
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from rich.console import Console

from bot.agent_api.actions import Action
from bot.agent_api.client import AgentApiClient
from bot.agent_api.views import DayCheckinView, SupplementsDayView
from bot.config import Settings
from bot.core.conversation import storable
from bot.core.personal import nothing_to_repeat, settle_unit, unitless_index
from bot.core.planning import in_their_words
from bot.kernel.days import day_end
from bot.kernel.keys import find_key, hide_keys
from bot.kernel.plausibility import check
from bot.kernel.readers import Reader, language_of
from bot.ops.progress import RunProgress, run_progress, terminal_console
from bot.planner.base import Plan, PlanContext, Planner, PlannerError
from bot.planner.drinks import alcoholic_entry
from bot.planner.offline.planner import MAX_CHARS as OFFLINE_MAX_CHARS
from bot.planner.offline.questions import chart_days
from bot.planner.sanity import sane
from bot.render import conversation, drafts, reading, usual
from bot.render import format as fmt
from bot.render import parse as words
from bot.render import said as said_words
from bot.render.words import LANGUAGES
from bot.sync.items import wire
from bot.sync.reconcile import prepare_bundle

__all__ = ["Clock", "Parser", "main_parse", "parse_lines"]


class LineError(ValueError):
    """A line that cannot be parsed; its message is the line's `error`."""


@dataclass(frozen=True)
class Clock:
    """The flags: the zone of a line that names none, and its local time (None: the clock's)."""

    timezone: str = "UTC"
    now: str | None = None
    language: str = "en"  # the reader's: the foods' words and the reply's

    def context(self, settings: Settings, timezone: Any = None, now: Any = None) -> PlanContext:
        """The planner's context for a line, its own `timezone` and `now` before the flags'.
        Raises `LineError` on an unknown zone or a time that is not one."""
        name = self.timezone if timezone is None else timezone
        if not isinstance(name, str):
            raise LineError(words.bad_timezone(str(name)))
        try:
            zone = ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            raise LineError(words.bad_timezone(name)) from None
        said = self.now if now is None else now
        if said is None:
            local = dt.datetime.now(zone)
        else:
            try:
                local = dt.datetime.fromisoformat(str(said))
            except ValueError:
                raise LineError(words.bad_now(str(said))) from None
            local = local.replace(tzinfo=zone) if local.tzinfo is None else local.astimezone(zone)
        # A person with no day end of their own lives by the configured one, as in the bot.
        return PlanContext(
            now=local,
            timezone=name,
            day_ends_at=day_end(None, settings.day_ends_at),
            language=self.language,
        )


@dataclass
class _Said:
    """What the bot would do with one message: post `actions`, or show `draft` to save."""

    html: str
    actions: list[Action] = field(default_factory=list)
    draft: list[Action] = field(default_factory=list)


class _NothingYet:
    """The account of a person with no data yet, as `prepare_bundle` reads it before a send:
    no check-in on any day, no supplement in the stack. It sends nothing."""

    async def checkin_of(self, date: dt.date) -> DayCheckinView:
        return DayCheckinView(date=date)

    async def supplements_of(self, date: dt.date) -> SupplementsDayView:
        return SupplementsDayView(date=date, items=[])


async def _posted(actions: Sequence[Action]) -> list[dict[str, Any]]:
    """`actions` as the client would post them to `/ingest` for a person with no data yet."""
    prepared, _owners = await prepare_bundle(cast(AgentApiClient, _NothingYet()), [actions])
    return wire(prepared)


@dataclass
class Parser:
    """Plans messages as the bot does and words what it would say, reading and writing nothing."""

    planner: Planner
    settings: Settings
    clock: Clock = field(default_factory=Clock)
    requests: int = field(default=0, init=False)  # the model's, over every line so far
    tokens: int = field(default=0, init=False)

    @property
    def reader(self) -> Reader:
        return Reader(language=self.clock.language)

    @property
    def uses_llm(self) -> bool:
        return self.planner.name != "offline"

    async def line(self, raw: str) -> dict[str, Any] | None:
        """One line of input as one object of output; None for a blank line."""
        if not raw.strip():
            return None
        text: str = raw.rstrip("\r\n")
        try:
            fields: dict[str, Any] = {}
            if raw.lstrip().startswith("{"):
                fields = _json_line(raw)
                text = fields["text"]
            context = self.clock.context(self.settings, fields.get("timezone"), fields.get("now"))
            return await self.message(text, context)
        except LineError as exc:
            return {"text": hide_keys(text), "error": str(exc)}
        except Exception as exc:  # one line's failure is its own, never the stream's
            return {"text": hide_keys(text), "error": words.crashed(type(exc).__name__, str(exc))}

    async def message(self, text: str, context: PlanContext) -> dict[str, Any]:
        """What the bot would post and say for `text` (Assistant.handle_text, no account)."""
        if find_key(text) is not None:  # linked, never planned, kept or echoed
            return _output(hide_keys(text), _Said(words.holds_key()))
        if (days := chart_days(text)) is not None:
            return _output(text, _Said(words.would_chart(days)))
        notes: list[str] = []
        planned = self._read_part(storable(text), notes)
        try:
            plan = in_their_words(sane(await self.planner.plan(planned, context)), self.reader)
        except PlannerError as exc:
            self.requests += exc.llm_requests
            self.tokens += exc.llm_tokens
            raise LineError(words.planner_failed(type(exc).__name__, str(exc))) from exc
        self.requests += plan.llm_requests
        self.tokens += plan.prompt_tokens + plan.completion_tokens
        said = _carried_out(plan, context, notes, self.reader)
        posted = await _posted(said.actions) if said.actions else []
        drafted = await _posted(said.draft) if said.draft else []
        return _output(text, said, posted, drafted)

    def _read_part(self, text: str, notes: list[str]) -> str:
        """The part of `text` the core reads (Conversation.trimmed): a long message is cut,
        with a note unless the rules alone would refuse it whole and say so themselves."""
        limit = self.settings.max_message_chars
        if len(text) > limit and (self.uses_llm or limit <= OFFLINE_MAX_CHARS):
            notes.append(conversation.message_truncated(limit, self.reader))
        return text[:limit]


def _json_line(raw: str) -> dict[str, Any]:
    try:
        fields = json.loads(raw)
    except ValueError as exc:
        raise LineError(words.bad_json(str(exc))) from None
    if not isinstance(fields, dict):
        raise LineError(words.bad_json(type(fields).__name__))
    if not isinstance(fields.get("text"), str):
        raise LineError(words.needs_text())
    return fields


def _carried_out(plan: Plan, context: PlanContext, notes: list[str], reader: Reader) -> _Said:
    """The core's branches (Personal.settle, Conversation._carry_out) for a person with no data
    yet: nothing to repeat, no earlier weight, nothing logged today to correct."""
    today = context.today
    reply = said_words.reply(plan.said, reader)
    if plan.repeat is not None:
        return _Said(usual.nothing_to_repeat(nothing_to_repeat(plan.repeat, today), reader))
    if plan.unit_question is not None:
        index = unitless_index(plan, plan.unit_question)
        if index is not None and not settle_unit(
            plan, index, plan.unit_question, None, context.timezone
        ):
            return _Said(usual.which_unit(plan.unit_question, reader))
    if plan.amends:
        return _Said(drafts.correction_of_nothing_logged(reader))
    if plan.actions:
        if reply and not plan.understood:
            notes.append(fmt.esc(reply))
        concerns = check(plan.actions, last_weight_kg=None, is_alcohol=alcoholic_entry)
        if concerns:
            shown = drafts.draft(plan.actions, concerns, today, plan.estimated(), reader=reader)
            return _Said(shown, draft=plan.actions)
        if plan.estimated():
            notes.append(reading.estimated(plan.estimated(), reader))
        parts = [
            conversation.logged(plan.actions, today, reader),
            *(["\n".join(notes)] if notes else []),
        ]
        return _Said(fmt.fit("\n\n".join(parts)), actions=plan.actions)
    if plan.offer:
        shown = drafts.draft(plan.offer, [], today, reader=reader)
        return _Said(f"{fmt.esc(reply)}\n{shown}" if reply else shown, draft=plan.offer)
    return _Said("\n\n".join([*_answer(plan, reply, today, reader), *notes]))


def _answer(plan: Plan, reply: str | None, today: dt.date, reader: Reader) -> list[str]:
    """A plan without actions (Conversation._answer): what its reads would be, or its words."""
    if plan.reads:
        reads = [(r.route, r.date, r.from_, r.to) for r in plan.reads]
        left_out = reply and not plan.understood and not plan.is_question
        return [words.would_read(reads, today), *([fmt.esc(reply)] if left_out else [])]
    if reply:
        return [fmt.esc(reply)]
    return [conversation.nothing_understood(reader)]


def _output(
    text: str,
    said: _Said,
    actions: list[dict[str, Any]] | None = None,
    draft: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {"text": text, "actions": actions or [], "reply": fmt.to_plain(said.html)}
    if draft:
        out["draft"] = draft
    return out


async def parse_lines(
    parser: Parser, lines: Iterable[str], out: IO[bytes], progress: RunProgress | None = None
) -> None:
    """Each line parsed in turn, each answer written (and flushed) as soon as it is known;
    `progress` hears of each, with the model's requests and tokens it cost."""
    progress = progress or RunProgress()
    for raw in lines:
        requests, tokens = parser.requests, parser.tokens
        answer = await parser.line(raw)
        if answer is not None:
            out.write(json.dumps(answer, ensure_ascii=False).encode("utf-8") + b"\n")
            out.flush()
            progress.case_done(requests=parser.requests - requests, tokens=parser.tokens - tokens)


# --- the command ----------------------------------------------------------------------------


def main_parse(
    settings: Settings, planner_name: str, timezone: str, now: str | None, language: str = "en"
) -> int:
    """The `healthbot parse` command: 0 once stdin is read, 2 when it cannot start (one line
    on stderr: no model for --planner llm, a flag that does not parse).

    With the LLM planner, a progress bar is drawn on stderr when it is a terminal and neither
    stdin (someone typing) nor stdout (the JSON lines themselves show the progress, and a bar
    redrawn over them would garble them) is; see `main_eval` for why not with the rules.
    """
    if planner_name == "llm" and not settings.llm_enabled:
        print(words.needs_model(), file=sys.stderr)
        return 2
    known = language_of(language, LANGUAGES)
    if known is None:
        print(words.bad_language(language, LANGUAGES), file=sys.stderr)
        return 2
    clock = Clock(timezone, now, known)
    try:
        clock.context(settings)
    except LineError as exc:
        print(f"healthbot parse: {exc}", file=sys.stderr)
        return 2
    bar = None
    if planner_name == "llm" and not sys.stdin.isatty() and not sys.stdout.isatty():
        bar = terminal_console()
    lines, total = _input_lines(sys.stdin.buffer)
    asyncio.run(_run(settings, planner_name, clock, lines, sys.stdout.buffer, bar, total))
    return 0


def _input_lines(stdin: IO[bytes]) -> tuple[Iterable[str], int | None]:
    """stdin's lines, and how many give an answer when that is known before reading them:
    a file is read whole at once, a pipe line by line as it comes (total unknown)."""
    lines = (raw.decode("utf-8", "replace") for raw in stdin)
    try:
        regular = stat.S_ISREG(os.fstat(stdin.fileno()).st_mode)
    except (OSError, ValueError):  # no file descriptor (an in-memory stream)
        regular = False
    if not regular:
        return lines, None
    read = list(lines)
    return read, sum(1 for line in read if line.strip())


async def _run(
    settings: Settings,
    planner_name: str,
    clock: Clock,
    lines: Iterable[str],
    out: IO[bytes],
    bar: Console | None = None,
    total: int | None = None,
) -> None:
    async with AsyncExitStack() as stack:
        planner = _planner(planner_name, settings)
        aclose = getattr(planner, "aclose", None)
        if aclose is not None:
            stack.push_async_callback(aclose)
        with run_progress(total, console=bar, label="parse") as progress:
            await parse_lines(Parser(planner, settings, clock), lines, out, progress)


def _planner(name: str, settings: Settings) -> Planner:
    if name == "llm":
        from bot.planner.llm import build_llm_planner

        return build_llm_planner(settings)
    from bot.planner.offline.planner import OfflinePlanner

    return OfflinePlanner()
