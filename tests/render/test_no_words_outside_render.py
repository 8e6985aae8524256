"""Every sentence a person reads is worded in bot/render, in their language: no module outside
it hands a person words of its own.

The scan parses each module of bot/ outside bot/render (and the operator's tools: bot/ops,
bot/cli.py) and looks at what reaches a person: a `Reply`, a `Refused`, a toast, a button's
label, a command's description, what Telegram is asked to send, edit or answer, the lines
said under a reply, and what a function named for a reply returns. A string literal there (or
an f-string, or a name bound to one in the same function or module) that reads as a sentence
is a text no catalog holds: an English sentence for every reader.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"
# Where words are allowed, or whom they are for: render (every reader's words), the operator's
# tools and the command line (an operator at a terminal, in English).
OUTSIDE = ("render", "ops", "cli.py", "sandbox", "prompts")

# Calls whose arguments a person reads: the core's replies and refusals, a button, a toast;
# Telegram's send, edit and answer; the command menu; a line the terminal chat prints.
SINKS = {
    "Reply",
    "Refused",
    "toast",
    "Button",
    "InlineKeyboardButton",
    "BotCommand",
    "send_message",
    "send_photo",
    "reply_text",
    "reply_html",
    "edit_message_text",
    "edit_message_caption",
    "answer",
    "answer_callback_query",
    "out",
}
# Keywords of those calls that are not for the person (`callback_data`, `operator_note` is
# for whoever runs the bot, `chat_id`, ...): only these and the positional arguments count.
READ_KEYWORDS = {"html", "text", "caption", "toast", "label", "description"}
# Attributes of a reply a person reads when assigned, and lists of lines said under one.
READ_ATTRIBUTES = {"html", "toast", "caption"}
READ_LISTS = {"notes", "under", "retire"}
# A function that returns what a person reads is named for it.
REPLY_NAMES = re.compile(r"(^|_)(reply|replies|answer|toast|notice|caption|hint)s?($|_)")

# Texts that read as a sentence and are allowed where they are, each with why: (module, text)
# -> reason. None today; an entry no longer met fails the scan, so the list stays true.
ALLOWED: dict[tuple[str, str], str] = {}

_WORD = re.compile(r"[^\W\d_]{2,}")
_SQL = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|WITH)\b")
_REGEX = re.compile(r"\\[dswbDSWB]|\(\?[:=!P<]|\[\^")


def reads_as_sentence(text: str) -> bool:
    """Two words of letters or more, with a space between, and not a regex, SQL, a URL, a
    path or an identifier (none of which has a space between words)."""
    prose = re.sub(r"\{[^{}]*\}|<[^<>]*>", " ", text)  # placeholders and markup
    if not re.search(r"[^\W\d_]{2,}\s+\W*[^\W\d_]{2,}", prose):
        return False
    if _SQL.match(text) or _REGEX.search(text) or "://" in text:
        return False
    return len(_WORD.findall(prose)) >= 2


@dataclass(frozen=True)
class Finding:
    module: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.module}:{self.line}: {self.text!r}"


def _name_of(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


class _Scan(ast.NodeVisitor):
    """Walks one module, keeping the names bound to an expression in each scope, and notes
    each sentence literal that reaches a sink."""

    def __init__(self, module: str, tree: ast.Module) -> None:
        self.module = module
        self.found: list[Finding] = []
        self.scopes: list[dict[str, list[ast.expr]]] = [_bindings(tree.body)]
        self.functions: list[str] = []

    # --- what an expression says ------------------------------------------------------------

    def _texts(
        self, node: ast.expr | None, seen: frozenset[str] = frozenset()
    ) -> Iterator[ast.expr]:
        """The string literals and f-strings `node` is made of (through +, %, a conditional,
        `or`, a list, a `.format` or `.join` of a literal, and a name bound in scope)."""
        if node is None:
            return
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node
        elif isinstance(node, ast.JoinedStr):
            yield node
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
            yield from self._texts(node.left, seen)
            yield from self._texts(node.right, seen)
        elif isinstance(node, ast.IfExp):
            yield from self._texts(node.body, seen)
            yield from self._texts(node.orelse, seen)
        elif isinstance(node, ast.BoolOp):
            for value in node.values:
                yield from self._texts(value, seen)
        elif isinstance(node, ast.List | ast.Tuple):
            for element in node.elts:
                yield from self._texts(element, seen)
        elif isinstance(node, ast.Starred):
            yield from self._texts(node.value, seen)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in ("format", "join", "strip", "upper", "capitalize"):
                yield from self._texts(node.func.value, seen)
                if node.func.attr == "join":
                    for arg in node.args:
                        yield from self._texts(arg, seen)
        elif isinstance(node, ast.Name) and node.id not in seen:
            for scope in reversed(self.scopes):
                if node.id in scope:
                    for bound in scope[node.id]:
                        yield from self._texts(bound, seen | {node.id})
                    break

    def _check(self, node: ast.expr | None) -> None:
        for literal in self._texts(node):
            text = _plain(literal)
            if reads_as_sentence(text):
                self.found.append(Finding(self.module, literal.lineno, text))

    # --- where it goes ----------------------------------------------------------------------

    def visit_Call(self, node: ast.Call) -> None:
        name = _name_of(node)
        if name in SINKS:
            for arg in node.args:
                self._check(arg)
            for keyword in node.keywords:
                if keyword.arg in READ_KEYWORDS:
                    self._check(keyword.value)
        func = node.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr in ("append", "insert", "extend")
            and isinstance(func.value, ast.Attribute)
            and func.value.attr in READ_LISTS
        ):
            for arg in node.args:
                self._check(arg)
        self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            if isinstance(target, ast.Attribute) and target.attr in READ_ATTRIBUTES:
                self._check(node.value)
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        if isinstance(node.target, ast.Attribute) and node.target.attr in READ_ATTRIBUTES:
            self._check(node.value)
        self.generic_visit(node)

    def visit_Return(self, node: ast.Return) -> None:
        if self.functions and REPLY_NAMES.search(self.functions[-1]):
            self._check(node.value)
        self.generic_visit(node)

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.scopes.append(_bindings(node.body))
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()
        self.scopes.pop()

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function


def _bindings(body: list[ast.stmt]) -> dict[str, list[ast.expr]]:
    """The expressions each plain name is assigned in `body` (not in nested functions)."""
    bound: dict[str, list[ast.expr]] = {}
    pending = list(body)
    while pending:
        statement = pending.pop()
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    bound.setdefault(target.id, []).append(statement.value)
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            if isinstance(statement.target, ast.Name):
                bound.setdefault(statement.target.id, []).append(statement.value)
        for field in ("body", "orelse", "finalbody", "handlers"):
            pending.extend(getattr(statement, field, []))
        if isinstance(statement, ast.Match):
            for case in statement.cases:
                pending.extend(case.body)
    return bound


def _plain(literal: ast.expr) -> str:
    """The text of a literal; an f-string's values read as placeholders."""
    if isinstance(literal, ast.Constant):
        return str(literal.value)
    assert isinstance(literal, ast.JoinedStr)
    return "".join(
        str(part.value) if isinstance(part, ast.Constant) else "{}" for part in literal.values
    )


def sentences_reaching_a_person(source: str, module: str = "<source>") -> list[Finding]:
    """The sentence literals of `source` that a person would read."""
    tree = ast.parse(source)
    scan = _Scan(module, tree)
    scan.visit(tree)
    return scan.found


def scanned_modules() -> list[Path]:
    return sorted(
        path
        for path in BOT.rglob("*.py")
        if path.relative_to(BOT).parts[0] not in OUTSIDE
        and "migrations" not in path.relative_to(BOT).parts
    )


# --- the scanner itself ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "source",
    [
        'Reply("Sorry, that failed")',
        'raise Refused(Reply("Sorry, that failed"))',
        'def f(n):\n    return Reply(f"Logged {n} foods for you")',
        'def f(reply):\n    reply.html += "\\n\\nThat was a lot of food"',
        'def f(said):\n    said.notes.append("Your key was refused, sorry")',
        'def f():\n    said = "Nothing was saved"\n    return Reply(said)',
        'async def f(q):\n    await q.answer("Too late for that button")',
        'async def f(bot):\n    await bot.send_message(1, text="Good morning, Ada")',
        'def refusal_reply(x):\n    return "You are not linked yet"',
        'Button("Yes please", "forget:yes")',
    ],
)
def test_a_sentence_for_a_person_outside_render_is_found(source: str) -> None:
    assert sentences_reaching_a_person(source), source


@pytest.mark.parametrize(
    "source",
    [
        'log.warning("LLM unavailable for user %s: %s", user_id, exc)',
        'raise ValueError(f"no such unit button: {unit} {draft_id}")',
        'def f():\n    """A docstring says what this does."""',
        "Reply(conversation.read_failed(reader), buttons=[])",
        'Reply(html, operator_note="set OPENAI_API_KEY to use the model")',
        'Button("95.4 kg", "unit:kg:12")',
        'Reply("<b>📊</b>\\n" + "\\n\\n".join(parts))',
        'PATTERN = re.compile(r"\\d\\s*(?:lbs?|pounds?)\\b")\nReply(PATTERN.sub("", x))',
        'session.execute(text("SELECT id FROM accounts WHERE telegram_id = :id"))',
        'Reply(f"{title}\\n{body}")',
        'def reply_for(x):\n    return {"mood": 4, "energy level": 3}',
    ],
)
def test_what_is_not_a_persons_sentence_is_left_alone(source: str) -> None:
    assert sentences_reaching_a_person(source) == [], source


def test_words_can_be_told_from_names_and_patterns() -> None:
    assert reads_as_sentence("Sorry, that failed")
    assert reads_as_sentence("<b>Logged</b> {count} foods")
    assert not reads_as_sentence("settings:units:kg")
    assert not reads_as_sentence("https://example.org/api v1")
    assert not reads_as_sentence("{eaten} / {goal}")
    assert not reads_as_sentence("🙂 {value}")


# --- the bot ---------------------------------------------------------------------------------


def test_no_module_outside_render_hands_a_person_words_of_its_own() -> None:
    modules = scanned_modules()
    assert len(modules) > 50 and BOT / "core" / "assistant.py" in modules
    assert not any(path.is_relative_to(BOT / "render") for path in modules)
    found = [
        finding
        for path in modules
        for finding in sentences_reaching_a_person(
            path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))
        )
    ]
    wrong = [f for f in found if (f.module, f.text) not in ALLOWED]
    assert not wrong, "words a person reads belong in bot/render:\n" + "\n".join(map(str, wrong))
    stale = set(ALLOWED) - {(f.module, f.text) for f in found}
    assert not stale, f"allowed but no longer there: {stale}"


def test_the_core_speaks_through_no_front_end() -> None:
    """The core's words are render's modules named by what they say; the Telegram front end's
    own words (its command menu, its answers to stickers) are the front end's alone."""
    for path in sorted((BOT / "core").rglob("*.py")) + sorted((BOT / "sync").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = {f"{node.module}.{alias.name}" for alias in node.names}
                assert "bot.render.telegram" not in {node.module, *names}, path
