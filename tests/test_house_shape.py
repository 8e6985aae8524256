"""The shape the house keeps, read from the source as a newcomer would: the planner in
modules a reader can hold in their head and functions that fit on a screen, words chosen
only in render, and no circle of files importing each other (a circle is what makes a
module impossible to read, test or move alone)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

BOT = Path(__file__).resolve().parents[1] / "bot"
MODULE_LINES = 400
FUNCTION_LINES = 60


def _modules(package: str) -> list[Path]:
    return sorted((BOT / package).rglob("*.py"))


def _name(path: Path) -> str:
    parts = path.relative_to(BOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The bot modules `path` imports, inside functions too (a lazy import that keeps a
    circle from failing is still a circle), but not under `if TYPE_CHECKING:`."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("bot"))
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.startswith("bot"):
                found.update({f"{node.module}.{a.name}" for a in node.names} | {node.module})
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("path", _modules("planner"), ids=lambda p: str(p.relative_to(BOT)))
def test_a_planner_module_fits_in_a_readers_head(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MODULE_LINES, f"{path.relative_to(BOT)} has {lines} lines"


def test_no_planner_function_is_longer_than_a_screen() -> None:
    long = [
        f"{path.relative_to(BOT)}:{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for path in _modules("planner")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > FUNCTION_LINES
    ]
    assert long == []


@pytest.mark.parametrize(
    ("package", "never"),
    [
        ("planner", "bot.render"),  # a planner returns what it understood; render words it
        ("sync", "bot.render"),  # work that outlives a message words nothing
        ("kernel", "bot.render"),
        ("core", "bot.render.telegram"),  # the core serves every front end alike
        ("core", "bot.telegram"),
        ("render", "bot.core"),  # render is below the core
        ("render", "bot.store"),
        ("render", "bot.products.openfoodfacts"),  # render takes a product, not the client
        ("render", "bot.agent_api.client"),
        ("products", "bot.store"),  # the client stores nothing; the core keeps products
        ("products", "bot.render"),
        ("products", "bot.core"),
    ],
)
def test_no_layer_reaches_what_it_must_not(package: str, never: str) -> None:
    reached = sorted(
        f"{_name(path)} -> {name}"
        for path in _modules(package)
        for name in _imports(path)
        if name == never or name.startswith(never + ".")
    )
    assert reached == []


def _graph() -> dict[str, set[str]]:
    paths = {_name(path): path for path in sorted(BOT.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        targets = set()
        for imported in _imports(path):
            # "from bot.planner import base" names the module bot.planner.base
            while imported and imported not in paths:
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                targets.add(imported)
        graph[name] = targets
    return graph


def _circle(graph: dict[str, set[str]]) -> list[str]:
    """One circle of imports, as the modules along it; [] when there is none."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := walk(target)):
                return found
        path.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state and (found := walk(node)):
            return found
    return []


def test_no_circle_of_files() -> None:
    graph = _graph()
    # A package's __init__ re-exporting its modules is not a circle a reader walks into.
    for name in graph:
        graph[name] = {t for t in graph[name] if not name.startswith(t + ".")}
    assert _circle(graph) == []


def test_the_circle_check_sees_a_circle() -> None:
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": set()}) == []
