"""Reading a table file into little memory: its lines one at a time, one float per figure.

The food tables stay resident in every bot process, so what they keep, and what reading
them leaves scattered among the objects kept, is paid for as long as the process runs.
"""

from __future__ import annotations

from collections.abc import Iterator


def text_lines(text: str) -> Iterator[str]:
    """The lines of a file's text, each with its newline, one at a time (a StringIO would
    copy the text at four bytes a character, memory left scattered among the rows kept)."""
    start, end = 0, len(text)
    while start < end:
        stop = text.find("\n", start) + 1 or end
        yield text[start:stop]
        start = stop


def number(text: str, seen: dict[str, float]) -> float:
    """The float a figure's text reads as, one object per text in `seen` (ValueError when
    it is no number, TypeError when it is missing)."""
    found = seen.get(text)
    if found is None:
        found = seen[text] = float(text)
    return found
