"""What the model is told of the app's earlier replies: what was done, never the reply.

A reply names foods with their amounts, energy and macros ("Logged: bread rolls, 2 rolls —
412 kcal · P 11 g"). A small model shown such lines copies them as food names or notes, so
the app's turn in the remembered conversation is a recap of what was done, by kind
("logged 2 foods, 1 check-in", "answered", "asked: how many eggs?"), kept as data (`recap`)
and worded only when a request is built (`recap_line`). Anything else stored as an app turn
(a reply's text remembered before recaps were) is read as "replied".
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from bot.kernel.said import ModelWords
from bot.planner.base import Plan

__all__ = ["recap", "recap_actions", "recap_line"]

MAX_QUESTION_CHARS = 200  # the model's own clarifying question, kept so an answer to it reads
_DONE = ("logged", "drafted", "answered", "asked", "replied")
# The model's words for each kind of action: (one, several).
_KINDS = {
    "nutrition.add_entry": ("food", "foods"),
    "nutrition.set_goals": ("nutrition goal", "nutrition goals"),
    "checkin.upsert": ("check-in", "check-ins"),
    "weight.log": ("weight", "weights"),
    "weight.set_goal": ("weight goal", "weight goals"),
    "supplements.add_item": ("supplement added", "supplements added"),
    "supplements.mark_taken": ("supplement taken", "supplements taken"),
    "supplements.toggle": ("supplement switched", "supplements switched"),
    "recipes.upsert": ("recipe", "recipes"),
    "support.create_ticket": ("support ticket", "support tickets"),
}


def recap_actions(done: str, actions: Iterable[BaseModel]) -> str:
    """The app turn of a reply that `done` ("logged", "drafted") these actions."""
    kinds = Counter(str(getattr(action, "type", "entry")) for action in actions)
    return json.dumps({"did": done, "kinds": dict(kinds)}, separators=(",", ":"))


def recap(plan: Plan, *, saved: bool) -> str:
    """The app turn to remember for a message planned as `plan`: its actions, `saved` or only
    shown as a draft, else its offer or correction (drafts), else what kind of reply it had."""
    if plan.actions:
        return recap_actions("logged" if saved else "drafted", plan.actions)
    if plan.offer or plan.amends:
        return recap_actions("drafted", plan.offer or plan.amends)
    if plan.reads:
        return json.dumps({"did": "answered"})
    question = next((s.text for s in plan.said if isinstance(s, ModelWords)), None)
    if plan.is_question and question:
        return json.dumps({"did": "asked", "question": question[:MAX_QUESTION_CHARS]})
    return json.dumps({"did": "replied"})


def recap_line(text: str) -> str:
    """The words the model reads for a remembered app turn (`recap`'s record)."""
    record = _decode(text)
    done = record.get("did")
    if done not in _DONE:
        return "replied"
    if done == "asked":
        question = " ".join(str(record.get("question") or "").split())[:MAX_QUESTION_CHARS]
        return f"asked: {question}" if question else "asked a question"
    if done in ("answered", "replied"):
        return str(done)
    kinds = record.get("kinds")
    counted = _counted(kinds if isinstance(kinds, dict) else {})
    if done == "drafted":
        return f"showed {counted or 'entries'} as a draft, not saved yet"
    return f"logged {counted or 'entries'}"


def _counted(kinds: dict[str, Any]) -> str:
    parts = []
    for kind, count in kinds.items():
        if not isinstance(count, int) or count < 1:
            continue
        one, several = _KINDS.get(kind, ("entry", "entries"))
        parts.append(f"{count} {one if count == 1 else several}")
    return ", ".join(parts)


def _decode(text: str) -> dict[str, Any]:
    if not text.startswith("{"):
        return {}
    try:
        record = json.loads(text)
    except ValueError:
        return {}
    return record if isinstance(record, dict) else {}
