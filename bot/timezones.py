"""Turn what a person types ("Berlin", "new york", "europe/berlin", "UTC+2") into an IANA zone.

People rarely know IANA names; a city is what they type. We match, in order: an exact IANA
name (any case), the city part of an IANA name ("berlin" -> Europe/Berlin), a short table of
big cities that have no zone of their own, and fixed UTC offsets from UTC-12 to UTC+14 (Etc/GMT
zones, shown to people as "UTC+02:00" by `zone_label`). An offset no place uses ("UTC-13") or a
half-hour one ("UTC+5:30", which needs a city) resolves to nothing, and `looks_like_offset`
lets the caller say why.
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

_OFFSET = re.compile(r"^(?:utc|gmt)?\s*([+-−])\s*(\d{1,4})(?::?(\d{2}))?(?:\s*h)?$")
# The offsets in use on Earth: UTC-12 (Baker Island) to UTC+14 (Kiribati). Etc/GMT zones
# exist for exactly these whole hours, with inverted signs (UTC+2 is Etc/GMT-2).
MIN_OFFSET_HOURS, MAX_OFFSET_HOURS = -12, 14
_ETC_GMT = re.compile(r"^Etc/GMT([+-])(\d{1,2})$")


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
    hours = _offset_hours(folded)
    if hours is None or not MIN_OFFSET_HOURS <= hours <= MAX_OFFSET_HOURS:
        return None
    if hours == 0:
        return "UTC"
    # Etc/GMT zones have inverted signs: UTC+2 is Etc/GMT-2.
    zone = f"Etc/GMT{'-' if hours > 0 else '+'}{abs(hours)}"
    return zone if zone in zoneinfo.available_timezones() else None


def _offset_hours(folded: str) -> int | None:
    """The whole-hour offset a person typed ("utc+2", "gmt-5", "+3"); None for anything else,
    including half hours ("+5:30"), which only a city's zone can carry."""
    offset = _OFFSET.match(folded)
    if offset is None or offset.group(3) not in (None, "00") or len(offset.group(2)) > 2:
        return None
    hours = int(offset.group(2))
    return -hours if offset.group(1) in "-−" else hours


def looks_like_offset(text: str) -> bool:
    """Whether `text` is written as a UTC offset ("UTC-13", "+5:30"), resolvable or not."""
    return _OFFSET.match(_fold(text)) is not None


def zone_label(name: str) -> str:
    """How a zone is shown to people: "Etc/GMT-2" reads inverted, so it is "UTC+02:00"."""
    if name in ("UTC", "Etc/UTC", "Etc/GMT", "Etc/GMT+0", "Etc/GMT-0", "Etc/Zulu"):
        return "UTC"
    fixed = _ETC_GMT.match(name)
    if fixed is None:
        return name
    sign = "-" if fixed.group(1) == "+" else "+"
    return f"UTC{sign}{int(fixed.group(2)):02d}:00"
