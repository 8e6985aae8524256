"""What a person says after a food that is read before it: a portion ("spaghetti, big
plate": "big plate of spaghetti") or a kind in brackets ("greek yogurt (nonfat)": "nonfat
greek yogurt"). The planner reads a message again this way only when the first reading
left something unplaced, and keeps the new reading only when it places everything.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.planner.offline.fillers import FILLERS
from bot.planner.reader.normalize import fold

# A portion said after the food ("dinner: spaghetti bolognese, big plate", "pasta (small
# bowl)") is read as if said before it, where the size and the measure are understood.
_PORTION_AFTER_RE = re.compile(
    r"^(?P<head>(?:.*[:;]\s*)?)(?P<food>[^,:;()\-–]+?)\s*[,(\-–]\s*(?:an?\s+)?"
    r"(?P<size>big|large|small|huge|giant|normal|regular|medium|massive|generous|tiny|little)"
    r"\s+(?P<unit>plate|bowl|portion|serving)\s*\)?\s*[.!]*\s*$",
    re.IGNORECASE,
)
_SIZE_SAID = {"massive": "huge", "generous": "large", "tiny": "small", "little": "small"}
# A word or two in brackets straight after a word, no number in them: "(nonfat)", "(fat
# free)", "(entier)". The one to three words before are where the food's name may start.
_KIND_AFTER_RE = re.compile(
    r"(?P<before>(?:[^\W\d_][\w'-]*\s+){0,2}[^\W\d_][\w'-]*)\s*"
    r"\((?P<kind>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?)\)"
)


# The kind said after the food as "the ... one": "chicken wrap, the grilled one" is a grilled
# chicken wrap.
_ONE_AFTER_RE = re.compile(
    r"^(?P<food>[^,;:()]+?)\s*[,(\-–]\s*the\s+(?P<kind>[^\W\d_]+(?:\s+[^\W\d_]+)?)\s+one"
    r"\s*\)?\s*[.!]*\s*$",
    re.IGNORECASE,
)


def said_before(text: str) -> Iterator[str]:
    """`text` read again with what was said after its food moved before it, most likely
    first; nothing when nothing is said after a food."""
    portion = _portion_first(text)
    if portion is not None:
        yield portion
    one = _ONE_AFTER_RE.match(text.strip())
    if one is not None:
        yield f"{one.group('kind')} {one.group('food').strip()}"
    found = _KIND_AFTER_RE.search(text)
    if found is None:
        return
    words = found.group("before").split()
    head, tail = text[: found.start()], text[found.end() :]
    # The food's name starts after the last word of no food ("a glass of milk"): its whole
    # name first ("nonfat greek yogurt"), then its last words ("greek nonfat yogurt").
    first = max((i + 1 for i, w in enumerate(words) if fold(w) in FILLERS), default=0)
    for start in range(first, len(words)):
        named = " ".join([*words[:start], found.group("kind"), *words[start:]])
        yield f"{head}{named}{tail}"


def _portion_first(text: str) -> str | None:
    """`text` with a portion said after its one food moved before it, or None."""
    match = _PORTION_AFTER_RE.match(text)
    if match is None:
        return None
    size = match.group("size").lower()
    size = _SIZE_SAID.get(size, size)
    return f"{match.group('head')}{size} {match.group('unit')} of {match.group('food')}"
