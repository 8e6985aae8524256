"""Tool calls as servers send them, read into `Call`s, and replayed as servers accept them.

Servers differ in what they send: some leave out "type" or ids (or count from call_0 in
every response), send arguments as an object instead of JSON text, or null; some send text
as a list of parts. Each call is validated into actions by bot/planner/tools.py; what
could not be is kept with its error, for the repair round.

Replayed, an assistant turn has `content: ""`, never null or absent, and arguments that
are JSON: a call whose arguments were not is replayed as `{}`, its tool result saying what
was wrong (llama.cpp's and llama-cpp-python's servers refuse the request otherwise).
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openai.types.chat import ChatCompletionMessage, ChatCompletionMessageParam

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import PlanContext, ReadRequest
from bot.planner.grounding import Message, grounded
from bot.planner.prompt import load_template
from bot.planner.tools import ToolCallError, ToolOutput, read_tool_call

__all__ = [
    "OK",
    "Call",
    "assistant_turn",
    "message_text",
    "not_repeated",
    "parse_calls",
    "repair_results",
]

MAX_QUOTED_ARGUMENTS = 300  # invalid arguments quoted back in a repair round
OK = "ok"  # the tool result of a call that needs no other


@dataclass(frozen=True)
class Call:
    """One tool call as the model made it, and what it became (outputs or an error)."""

    id: str
    name: str
    arguments: str
    outputs: tuple[ToolOutput, ...] = ()
    error: str | None = None
    estimates: tuple[str, ...] = ()  # foods whose figures are the model's own


def parse_calls(
    message: ChatCompletionMessage,
    context: PlanContext,
    text: str,
    taken: set[str] | None = None,
) -> list[Call]:
    """Every tool call of a message, validated; foods valued against the table and what the
    person's `text` states (bot/planner/valued.py).

    Ids are made unique, also against the first round's (`taken`): some servers omit ids or
    count from call_0 in every response, and `answer()` replays calls of both rounds.
    """
    calls: list[Call] = []
    used = set(taken or ())
    said = Message.of(text, context.today, night=context.now.date() != context.today)
    tool_calls = message.tool_calls if isinstance(message.tool_calls, list) else []
    for tool_call in tool_calls:
        name, arguments = _name_and_arguments(tool_call)
        given = _field(tool_call, "id")
        fresh = not isinstance(given, str) or not given or given in used
        call_id = _fresh_id(used) if fresh else given
        used.add(call_id)
        calls.append(_read_call(call_id, name, arguments, context, said))
    return calls


def _name_and_arguments(tool_call: Any) -> tuple[str, str]:
    """A call's tool name and arguments as text, whatever shape the server gave them."""
    function = _field(tool_call, "function")  # some servers leave out "type"
    custom = _field(tool_call, "custom")  # a free-text tool: we never offer one
    if function is not None:
        name, arguments = _field(function, "name"), _field(function, "arguments")
    elif custom is not None:
        name, arguments = _field(custom, "name"), _field(custom, "input")
    else:  # neither: refused as an unknown tool
        name, arguments = "", ""
    return name if isinstance(name, str) else "", _arguments_text(arguments)


def _read_call(
    call_id: str, name: str, arguments: str, context: PlanContext, said: Message
) -> Call:
    """One call validated, its writes kept only where the message grounds them
    (bot/planner/grounding.py): what it does not ground is left out, not repaired."""
    try:
        parsed = read_tool_call(name, arguments, context, said.text)
    except ToolCallError as exc:
        return Call(call_id, name, arguments, error=str(exc))
    proposed = zip(parsed.outputs, parsed.sources, strict=True)
    kept = grounded(((o, s) for o, s in proposed if not isinstance(o, ReadRequest)), said)
    outputs = [*kept, *(o for o in parsed.outputs if isinstance(o, ReadRequest))]
    names = {a.entry.food for a in kept if isinstance(a, NutritionAddEntry)}
    estimates = tuple(n for n in parsed.estimates if n in names)
    return Call(call_id, name, arguments, tuple(outputs), estimates=estimates)


def not_repeated(first: Sequence[Call], second: Sequence[Call]) -> list[Call]:
    """The second round's valid calls without what the first round's already do, output by
    output: a model that sends the whole meal again with the fixed item ("eggs" was ok,
    "toast" was not; then "eggs and toast") must not log the eggs twice."""
    done = Counter(output.model_dump_json(by_alias=True) for c in first for output in c.outputs)
    kept: list[Call] = []
    for call in second:
        outputs = []
        for output in call.outputs:
            key = output.model_dump_json(by_alias=True)
            if done[key] > 0:
                done[key] -= 1
            else:
                outputs.append(output)
        if len(outputs) == len(call.outputs):
            kept.append(call)
        elif outputs:
            kept.append(dataclasses.replace(call, outputs=tuple(outputs)))
    return kept


def _field(value: Any, name: str) -> Any:
    """A field of a response part, a model or (leniently parsed) a dict; None if absent."""
    return value.get(name) if isinstance(value, dict) else getattr(value, name, None)


def _arguments_text(arguments: Any) -> str:
    """A call's arguments as JSON text: some servers send an object instead of a string,
    or null."""
    if isinstance(arguments, str):
        return arguments
    if arguments is None:
        return ""
    try:
        return json.dumps(arguments, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(arguments)


def message_text(content: Any) -> str:
    """A message's text: a string, or the text parts some servers send as a list."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = (_field(part, "text") for part in content)
        return "".join(part for part in parts if isinstance(part, str))
    return ""


def _fresh_id(used: set[str]) -> str:
    number = len(used)
    while f"call_{number}" in used:
        number += 1
    return f"call_{number}"


def assistant_turn(content: str | None, calls: Sequence[Call]) -> ChatCompletionMessageParam:
    """A model's turn replayed: content "" (llama-cpp-python refuses null with a 500, and a
    missing key as well), arguments as JSON (llama.cpp's server refuses the whole request
    otherwise: a call whose arguments were not a JSON object goes back as `{}`)."""
    return {
        "role": "assistant",
        "content": content or "",
        "tool_calls": [
            {
                "id": c.id,
                "type": "function",
                "function": {"name": c.name, "arguments": _replayable(c.arguments)},
            }
            for c in calls
        ],
    }


def repair_results(calls: Sequence[Call]) -> list[ChatCompletionMessageParam]:
    """Each call's tool result in the repair round: "ok", or what was wrong with it."""
    repair = load_template("repair.md")
    return [
        {"role": "tool", "tool_call_id": c.id, "content": OK}
        if c.error is None
        else {
            "role": "tool",
            "tool_call_id": c.id,
            "content": repair.substitute(error=_repair_error(c), tool=c.name),
        }
        for c in calls
    ]


def _repair_error(call: Call) -> str:
    """What was wrong with a call, for the model; arguments replayed as `{}` are quoted
    here, so the model still sees what it sent."""
    if _replayable(call.arguments) == call.arguments:
        return str(call.error)
    return f"{call.error}; you sent: {call.arguments[:MAX_QUOTED_ARGUMENTS]}"


def _replayable(arguments: str) -> str:
    try:
        parsed = json.loads(arguments)
    except (json.JSONDecodeError, TypeError):  # not JSON, empty, or missing
        return "{}"
    return arguments if isinstance(parsed, dict) else "{}"
