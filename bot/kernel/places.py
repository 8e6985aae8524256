"""The country a person's time zone is in: where the reader learns what their words mean.

A "pint" is 473 ml in the US and 568 ml in a British pub; "chips" are fries in London and crisps
in New York; "un demi" is a beer in Paris. The person's IANA time zone is all the bot knows of
where they are, so one step turns it into a country (ISO 3166 code), from the zone database's
own table (`zone.tab` in the `tzdata` package: one country for each zone, the one the zone was
made for; `zone1970.tab`, which lists every country sharing a zone, names no single one).

A zone the table does not list is an old name kept as a link ("US/Eastern", "Asia/Calcutta",
"Europe/Belfast", "Eire"): its file holds the same rules as the zone it stands for, so it is
found by comparing the files, once per name, with those of the zones `zone1970.tab` lists
(each a zone of its own, never a link, so no two share their rules: "Canada/Eastern" is
America/Toronto, not America/Nassau, a link to it). A zone no country has ("UTC",
"Etc/GMT+5") is in no country: `None`.
"""

from __future__ import annotations

import importlib.resources
from functools import cache

_PACKAGE = "tzdata.zoneinfo"


@cache
def _zone_countries() -> dict[str, str]:
    """zone.tab: zone name -> country code."""
    table = importlib.resources.files(_PACKAGE).joinpath("zone.tab").read_text("utf-8")
    countries: dict[str, str] = {}
    for line in table.splitlines():
        if line and not line.startswith("#"):
            code, _where, zone, *_comment = line.split("\t")
            countries[zone] = code
    return countries


def _rules(zone: str) -> bytes | None:
    """The compiled rules of `zone` (its TZif file), or None when there is no such zone."""
    if not zone or ".." in zone or zone.startswith("/"):
        return None
    path = importlib.resources.files(_PACKAGE).joinpath(*zone.split("/"))
    try:
        return path.read_bytes()
    except (OSError, ValueError):
        return None


@cache
def _by_rules() -> dict[bytes, str]:
    """The zones of their own (zone1970.tab), by their rules."""
    table = importlib.resources.files(_PACKAGE).joinpath("zone1970.tab").read_text("utf-8")
    found: dict[bytes, str] = {}
    for line in table.splitlines():
        if line and not line.startswith("#"):
            zone = line.split("\t")[2]
            rules = _rules(zone)
            if rules is not None and zone in _zone_countries():
                found.setdefault(rules, zone)
    return found


@cache
def listed_zone(zone: str) -> str | None:
    """The zone of the table that `zone` is, or is an old name of; None when it is none."""
    if zone in _zone_countries():
        return zone
    rules = _rules(zone)
    return _by_rules().get(rules) if rules is not None else None


def country_of(zone: str) -> str | None:
    """The ISO 3166 code of the country `zone` is in ("Europe/Belfast": "GB"), or None."""
    listed = listed_zone(zone)
    return _zone_countries()[listed] if listed is not None else None


def in_the_americas(zone: str) -> bool:
    """Whether `zone` is in North, Central or South America or the Caribbean (Hawaii is
    not: it is the US, though)."""
    listed = listed_zone(zone)
    return listed is not None and listed.startswith("America/")
