"""Turn what a person types ("Berlin", "new york", "europe/berlin", "UTC+2") into an IANA zone.

People rarely know IANA names; a city is what they type. We match, in order: an exact IANA
name (any case), the city part of an IANA name ("berlin" -> Europe/Berlin), a short table of
big cities that have no zone of their own, and fixed UTC offsets (Etc/GMT zones).
"""

from __future__ import annotations

import re
import unicodedata
import zoneinfo
from functools import cache

CITY_ALIASES = {
    "munich": "Europe/Berlin",
    "münchen": "Europe/Berlin",
    "hamburg": "Europe/Berlin",
    "frankfurt": "Europe/Berlin",
    "cologne": "Europe/Berlin",
    "köln": "Europe/Berlin",
    "zurich": "Europe/Zurich",
    "geneva": "Europe/Zurich",
    "barcelona": "Europe/Madrid",
    "seville": "Europe/Madrid",
    "valencia": "Europe/Madrid",
    "milan": "Europe/Rome",
    "florence": "Europe/Rome",
    "munchen": "Europe/Berlin",
    "manchester": "Europe/London",
    "edinburgh": "Europe/London",
    "nyc": "America/New_York",
    "boston": "America/New_York",
    "washington": "America/New_York",
    "miami": "America/New_York",
    "atlanta": "America/New_York",
    "san francisco": "America/Los_Angeles",
    "sf": "America/Los_Angeles",
    "la": "America/Los_Angeles",
    "seattle": "America/Los_Angeles",
    "san diego": "America/Los_Angeles",
    "austin": "America/Chicago",
    "dallas": "America/Chicago",
    "houston": "America/Chicago",
    "beijing": "Asia/Shanghai",
    "delhi": "Asia/Kolkata",
    "new delhi": "Asia/Kolkata",
    "mumbai": "Asia/Kolkata",
    "bangalore": "Asia/Kolkata",
    "kyiv": "Europe/Kyiv",
    "kiev": "Europe/Kyiv",
    "st petersburg": "Europe/Moscow",
    "saint petersburg": "Europe/Moscow",
    "rio": "America/Sao_Paulo",
    "rio de janeiro": "America/Sao_Paulo",
    "utc": "UTC",
    "gmt": "UTC",
}

_OFFSET = re.compile(r"^(?:utc|gmt)?\s*([+-])\s*(\d{1,2})(?::?00)?$")


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).strip().lower()
    return re.sub(r"[\s_]+", " ", text)


@cache
def _index() -> dict[str, str]:
    """Folded IANA names and folded city parts -> canonical IANA name."""
    index: dict[str, str] = {}
    for name in sorted(zoneinfo.available_timezones()):
        if name.startswith(("Etc/", "SystemV/", "posix/", "right/")) or "/" not in name:
            continue
        index.setdefault(_fold(name.rsplit("/", 1)[-1]), name)
    for name in zoneinfo.available_timezones():
        index[_fold(name)] = name
    return index


def resolve_timezone(text: str) -> str | None:
    """The IANA zone a person meant, or None when we cannot tell."""
    folded = _fold(text)
    if not folded or len(folded) > 64:
        return None
    if folded in CITY_ALIASES:
        return CITY_ALIASES[folded]
    found = _index().get(folded)
    if found:
        return found
    offset = _OFFSET.match(folded)
    if offset:
        sign, hours = offset.group(1), int(offset.group(2))
        if hours == 0:
            return "UTC"
        if hours <= 14:
            # Etc/GMT zones have inverted signs: UTC+2 is Etc/GMT-2.
            return f"Etc/GMT{'-' if sign == '+' else '+'}{hours}"
    return None
