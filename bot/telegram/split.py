"""Split a long Telegram-HTML reply into messages below Telegram's 4,096-character limit.

Cuts prefer a line break, then a space, and never fall inside a tag or an entity (`&amp;`).
A tag open at a cut (say a `<b>` spanning lines, or a `<pre>` block) is closed at the end of
one part and reopened at the start of the next, so every part is valid HTML on its own.
Length is counted in UTF-16 code units over the HTML source, which is never less than what
Telegram counts (the text after entity parsing), so a part that fits here fits there.
"""

from __future__ import annotations

import re

TELEGRAM_LIMIT = 4096
SAFE_LIMIT = 4000  # a margin below TELEGRAM_LIMIT

_ATOM = re.compile(r"<[^<>]*>|&#?\w+;|\n| |[^<&\n ]{1,64}|.", re.DOTALL)
_TAG_NAME = re.compile(r"</?\s*([A-Za-z][\w-]*)")

Stack = tuple[tuple[str, str], ...]  # (name, opening tag) of the tags open at a position


def units(text: str) -> int:
    """Length as Telegram counts it: UTF-16 code units (an emoji can count 2)."""
    return len(text.encode("utf-16-le")) // 2


def _apply(stack: Stack, atom: str) -> Stack:
    if not atom.startswith("<") or len(atom) < 3:
        return stack
    match = _TAG_NAME.match(atom)
    if match is None:
        return stack
    name = match.group(1).lower()
    if atom.startswith("</"):
        for depth in range(len(stack) - 1, -1, -1):
            if stack[depth][0] == name:
                return stack[:depth]
        return stack
    if atom.endswith("/>"):
        return stack
    return (*stack, (name, atom))


def _closing(stack: Stack) -> str:
    return "".join(f"</{name}>" for name, _ in reversed(stack))


def _opening(stack: Stack) -> str:
    return "".join(tag for _, tag in stack)


def split_html(text: str, limit: int = SAFE_LIMIT) -> list[str]:
    """Parts of `text`, each at most `limit` units and valid on its own; blank parts dropped."""
    if units(text) <= limit:
        return [text] if text.strip() else []
    atoms = _ATOM.findall(text)
    parts: list[str] = []
    start = 0
    stack: Stack = ()
    while start < len(atoms):
        prefix = _opening(stack)
        size, current, end = units(prefix), stack, start
        line_cut: tuple[int, Stack] | None = None
        space_cut: tuple[int, Stack] | None = None
        while end < len(atoms):
            atom = atoms[end]
            after = _apply(current, atom)
            if size + units(atom) + units(_closing(after)) > limit:
                break
            size, current, end = size + units(atom), after, end + 1
            if atom == "\n":
                line_cut = (end, current)
            elif atom == " ":
                space_cut = (end, current)
        cut: tuple[int, Stack] = (end, current)
        if end < len(atoms):
            # A line break is the nicest cut, unless it would leave a part mostly empty.
            if line_cut is not None and units("".join(atoms[start : line_cut[0]])) > limit // 2:
                cut = line_cut
            elif space_cut is not None:
                cut = space_cut
            elif line_cut is not None:
                cut = line_cut
        if cut[0] == start:
            # Not even one atom fits after the reopened tags (pathological nesting): take one
            # anyway so the loop always makes progress.
            cut = (start + 1, _apply(stack, atoms[start]))
        body = "".join(atoms[start : cut[0]]).rstrip(" \n")
        part = prefix + body + _closing(cut[1])
        if body.strip():
            parts.append(part)
        start, stack = cut
        while start < len(atoms) and atoms[start] in ("\n", " "):
            start += 1
    return parts
