"""The core reaches its storage one way: the store package's promised surface.

A journey asks the store for what it needs (the person and their open draft, the message's
outbox item with its history and usage, ...); which path runs the statements (a session, or
the driver on the event loop) is the store's business. So no function of the core takes a
session or a driver transaction, and the core imports `bot.store` itself, never a module
inside it. Read from the source, as a newcomer would.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bot.store

CORE = Path(__file__).resolve().parents[2] / "bot" / "core"
JOURNEYS = ["planning.py", "writing.py", "drafts.py", "conversation.py", "person.py"]


def _tree(name: str) -> ast.Module:
    return ast.parse((CORE / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", JOURNEYS)
def test_no_journey_takes_a_session_or_a_transaction(name: str) -> None:
    taken = [
        f"{node.name}({arg.arg})"
        for node in ast.walk(_tree(name))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        for arg in [*node.args.args, *node.args.kwonlyargs]
        if arg.arg in ("session", "tx", "direct")
    ]
    assert taken == []


@pytest.mark.parametrize("name", JOURNEYS)
def test_journeys_import_only_what_the_store_promises(name: str) -> None:
    reached: list[str] = []
    for node in ast.walk(_tree(name)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("bot.store"):
            if node.module != "bot.store":
                reached.append(node.module or "")
            reached += [
                f"bot.store.{a.name}" for a in node.names if a.name not in bot.store.__all__
            ]
    assert reached == []


def test_planning_reads_in_named_steps() -> None:
    long = [
        node.name
        for node in ast.walk(_tree("planning.py"))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and (node.end_lineno or 0) - node.lineno + 1 > 60
    ]
    assert long == []
