"""Turn what a person types ("Berlin", "new york", "europe/berlin", "UTC+2") into an IANA zone.

People rarely know IANA names; a city is what they type. We match, in order: an exact IANA
name (any case), the city part of an IANA name ("berlin" -> Europe/Berlin), a short table of
big cities that have no zone of their own, and fixed UTC offsets from UTC-12 to UTC+14 (Etc/GMT
zones, shown to people as "UTC+02:00" by `zone_label`). An offset no place uses ("UTC-13") or a
half-hour one ("UTC+5:30", which needs a city) resolves to nothing, and `looks_like_offset`
lets the caller say why.

Only places are taken (and UTC, and fixed offsets typed as such). The zone database also holds
names that are no place: `localtime` is whatever clock the server runs on, `Factory` is no
zone at all, and `posixrules`, `posix/…`, `right/…`, `SystemV/…` and rule names ("CET",
"EST5EDT") are there for old systems. A person's day must not follow one; they resolve to
nothing, and `names_no_place` lets the caller say why.
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

# The areas the zone database files places under ("Europe/Berlin"), with the older area and
# single names it keeps for places ("US/Eastern", "Japan").
_PLACE_AREAS = frozenset(
    "Africa America Antarctica Arctic Asia Atlantic Australia Europe Indian Pacific"
    " Brazil Canada Chile Mexico US".split()
)
_OLD_PLACE_NAMES = frozenset(
    "Cuba Egypt Eire GB GB-Eire Hongkong Iceland Iran Israel Jamaica Japan Kwajalein Libya NZ"
    " NZ-CHAT Navajo PRC Poland Portugal ROC ROK Singapore Turkey W-SU".split()
)
_UTC_NAMES = frozenset(
    name
    for base in "UTC UCT Universal Zulu GMT GMT0 GMT+0 GMT-0 Greenwich".split()
    for name in (base, f"Etc/{base}")
)
# Names of the database's files that are no zone of a place, whatever the system ships.
_NO_PLACE_PREFIXES = ("posix/", "right/", "systemv/")
_NO_PLACE_NAMES = frozenset({"localtime", "posixrules", "factory"})


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).strip().lower()
    return re.sub(r"[\s_]+", " ", text)


def _as_place(name: str) -> str | None:
    """The zone database's `name` as a person's zone: a place's, "UTC" for every name of UTC,
    a fixed offset ("Etc/GMT-2") as it is; None for a name that is no place."""
    if name in _UTC_NAMES:
        return "UTC"
    if _ETC_GMT.match(name) or name in _OLD_PLACE_NAMES:
        return name
    area, slash, _rest = name.partition("/")
    return name if slash and area in _PLACE_AREAS else None


@cache
def _index() -> dict[str, str]:
    """Folded IANA names and folded city parts -> canonical IANA name, places only."""
    index: dict[str, str] = {}
    places = {name: _as_place(name) for name in zoneinfo.available_timezones()}
    for name in sorted(places):
        if places[name] is None or name.startswith("Etc/") or "/" not in name:
            continue
        index.setdefault(_fold(name.rsplit("/", 1)[-1]), name)
    for name, place in places.items():
        if place is not None:
            index[_fold(name)] = place
    return index


@cache
def _no_places() -> frozenset[str]:
    """Folded names the zone database holds that are no place."""
    names = {_fold(name) for name in zoneinfo.available_timezones() if _as_place(name) is None}
    return frozenset(names | _NO_PLACE_NAMES)


def names_no_place(text: str) -> bool:
    """Whether `text` is a name of the zone database that is no place ("localtime",
    "Factory", "posix/Europe/Berlin", "EST5EDT"): refused, though the database knows it."""
    folded = _fold(text)
    return folded in _no_places() or folded.startswith(_NO_PLACE_PREFIXES)


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
