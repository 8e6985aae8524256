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
# bowl)", "paella, plato bien lleno", "couscous, une bonne assiette") is read as if said
# before it, where the size and the measure are understood: a full, good or generous plate
# is a large one (reader/parts.py's SIZES: 1.4 times the dish's portion), a huge one 1.7.
_ARTICLE = r"(?:an?|un|una|une|ein|eine|einen|il|el|le|la)\s+"
_SIZE_BEFORE = (
    r"big(?:\s+(?:ol|ole|old))?|large|small|huge|giant|normal|regular|medium|massive|generous"
    r"|tiny|little|hearty|heaping|full|good|grosse|grande|gran|grand|bonne|belle|buen|bel|gros"
    r"|grosser|grossen|voller|vollen|ordentlicher|ordentlichen|abbondante|generoso|generosa"
)
_SIZE_AFTER = (
    r"(?:bien\s+|ben\s+|bello\s+|bien\s+bien\s+)?(?:lleno|llena|pleine|plein|pieno|piena|voll"
    r"|remplie|rempli|colmo|colma)|grande|gran|abbondante|generoso|generosa|enorme|grosse"
)
_UNIT = (
    r"plate|bowl|portion|serving|plato|porcion|racion|assiette|bol|teller|schussel"
    r"|piatto|porzione|ciotola"
)
_PORTION_AFTER_RE = re.compile(
    r"^(?P<head>(?:.*[:;]\s*)?)(?P<food>[^,:;()\-–]+?)\s*[,(\-–]\s*(?:" + _ARTICLE + r")?"
    r"(?:(?P<size>" + _SIZE_BEFORE + r")\s+(?P<unit>" + _UNIT + r")"
    r"|(?P<unit2>" + _UNIT + r")\s+(?P<size2>" + _SIZE_AFTER + r"))"
    r"\s*\)?\s*[.!]*\s*$",
    re.IGNORECASE,
)
_SIZE_SAID = {"massive": "huge", "enorme": "huge", "tiny": "small", "little": "small"}
_UNIT_SAID = {"plato": "plate", "assiette": "plate", "teller": "plate", "piatto": "plate"}
_UNIT_SAID.update(dict.fromkeys(("bol", "schussel", "ciotola"), "bowl"))
_UNIT_SAID.update(dict.fromkeys(("porcion", "racion", "porzione"), "portion"))
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
        yield from portion
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


def _portion_first(text: str) -> tuple[str, str] | None:
    """`text` with a portion said after its foods in the words the reader knows, kept after
    them (a plate of several foods: plate_size.py), then moved before them; or None."""
    match = _PORTION_AFTER_RE.match(fold(text))
    if match is None:
        return None
    size = (match.group("size") or match.group("size2")).split()[0].lower()
    size = _SIZE_SAID.get(size, size if size in _AS_SAID else "large")
    unit = (match.group("unit") or match.group("unit2")).lower()
    unit = _UNIT_SAID.get(unit, unit)
    head, food = match.group("head"), match.group("food")
    return f"{head}{food}, {size} {unit}", f"{head}{size} {unit} of {food}"


# Sizes the reader knows as they are; every other size word above says a large portion.
_AS_SAID = frozenset("big large small huge giant normal regular medium".split())
