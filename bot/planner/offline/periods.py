"""The period a question is about, in English, German, Spanish, French and Italian.

"this week", "last month", "the last 30 days", "since Monday", "in November", "lately", or
only "on average" (`average_span`: the last `AVERAGE_DAYS` days): each is read from `Tokens.joined`
(lower case, accents stripped) into the first and last day it covers, both included and
never after today. A single day ("yesterday", "on monday") is not a period: dates.py reads it.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bot.planner.offline.dates import WEEKDAYS
from bot.planner.offline.text import rx

# "what's my average sleep?" says no period: the last week is what people mean by it.
AVERAGE_DAYS = 7
# The service keeps at most a year of history in one read (docs/agent-api.md).
_MAX_DAYS = 366

_WEEKDAYS = dict(WEEKDAYS)
for _index, _names in enumerate(
    (
        "lundi lunedi",
        "mardi martedi",
        "mercredi mercoledi",
        "jeudi giovedi",
        "vendredi venerdi",
        "samedi sabato",
        "dimanche domenica",
    )
):
    for _name in _names.split():
        _WEEKDAYS[_name] = _index

_MONTHS: dict[str, int] = {}
for _index, _names in enumerate(
    (
        "january jan januar janner enero janvier gennaio",
        "february feb februar febrero fevrier febbraio",
        "march mar marz maerz marzo mars",
        "april apr abril avril aprile",
        "may mai mayo maggio",
        "june jun juni junio juin giugno",
        "july jul juli julio juillet luglio",
        "august aug agosto aout",
        "september sep sept septiembre septembre settembre",
        "october oct oktober octubre octobre ottobre",
        "november nov noviembre novembre",
        "december dec dezember diciembre decembre dicembre",
    ),
    start=1,
):
    for _name in _names.split():
        _MONTHS[_name] = _index

_COUNTS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10,
    "fourteen": 14, "thirty": 30, "few": 3,
    "zwei": 2, "drei": 3, "vier": 4, "funf": 5, "sieben": 7, "zehn": 10, "vierzehn": 14,
    "dreissig": 30,
    "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "siete": 7, "diez": 10, "catorce": 14,
    "treinta": 30,
    "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "dix": 10, "quatorze": 14,
    "trente": 30, "quinze": 15,
    "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sette": 7, "dieci": 10, "quattordici": 14,
    "trenta": 30, "quindici": 15,
}  # fmt: skip


def _alt(words: Iterable[str]) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


_DAY = r"days?|tage?n?|dias?|jours?|giorn[oi]"
_WEEK = r"weeks?|wochen?|semanas?|semaines?|settiman[ae]"
_MONTH = r"months?|monate?n?|mes|meses|mois|mes[ei]"
_YEAR = r"year|jahr|ano|annee|anno"
_NUM = rf"\d{{1,3}}|{_alt(_COUNTS)}"
_LAST = (
    r"last|past|previous|recent|letzten|vergangenen|ultimos|ultimas|ultimi|ultime|scorsi"
    r"|scorse|derniers|dernieres|passes|passees"
)
_THIS = r"this|the current|diese|dieser|diesen|dieses|diesem|esta|este|cette|ce|questa|questo"


@dataclass(frozen=True)
class Span:
    """A period asked about: `start` to `end`, both included; `said` is where it was said in
    the text it was read from (start and end offsets)."""

    start: dt.date
    end: dt.date
    said: tuple[int, int]


def _this(match: re.Match[str], today: dt.date) -> dt.date:
    unit = match.group("unit")
    if re.fullmatch(_WEEK, unit):
        return today - dt.timedelta(days=today.weekday())
    if re.fullmatch(_YEAR, unit):
        return today.replace(month=1, day=1)
    return today.replace(day=1)


def _last_week(match: re.Match[str], today: dt.date) -> tuple[dt.date, dt.date]:
    monday = today - dt.timedelta(days=today.weekday() + 7)
    return monday, monday + dt.timedelta(days=6)


def _last_month(match: re.Match[str], today: dt.date) -> tuple[dt.date, dt.date]:
    last = today.replace(day=1) - dt.timedelta(days=1)
    return last.replace(day=1), last


def _last_n(match: re.Match[str], today: dt.date) -> dt.date:
    said = match.group("n")
    count = int(said) if said.isdigit() else _COUNTS[said]
    unit = match.group("unit")
    per = 7 if re.fullmatch(_WEEK, unit) else 30 if re.fullmatch(_MONTH, unit) else 1
    days = min(max(count * per, 1), _MAX_DAYS)
    return today - dt.timedelta(days=days - 1)


def _since(match: re.Match[str], today: dt.date) -> dt.date:
    word = match.group("since")
    if word in _WEEKDAYS:  # as dates.py reads "on monday": said on a Monday, a week ago
        return today - dt.timedelta(days=(today.weekday() - _WEEKDAYS[word]) % 7 or 7)
    if word in _MONTHS:
        return _month_start(_MONTHS[word], today)
    return today - dt.timedelta(days=1)  # yesterday


def _month_start(month: int, today: dt.date) -> dt.date:
    """The first day of the most recent `month` that has begun ("in November" in March is
    last November)."""
    year = today.year if month <= today.month else today.year - 1
    return dt.date(year, month, 1)


def _in_month(match: re.Match[str], today: dt.date) -> tuple[dt.date, dt.date]:
    start = _month_start(_MONTHS[match.group("month")], today)
    following = (start.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    return start, min(today, following - dt.timedelta(days=1))


def _week_back(match: re.Match[str], today: dt.date) -> dt.date:
    return today - dt.timedelta(days=AVERAGE_DAYS - 1)


_Read = Callable[[re.Match[str], dt.date], "dt.date | tuple[dt.date, dt.date]"]

_PERIODS: list[tuple[re.Pattern[str], _Read]] = [
    (rx(rf"(?:{_THIS}) (?P<unit>{_WEEK}|{_MONTH}|{_YEAR})(?: ci)?"), _this),
    (rx(r"(?:quest|dieses|diesem) (?P<unit>anno|jahr)"), _this),
    (
        rx(
            r"(?:the )?(?:last|previous|past|letzte|letzten|letzter|vergangene|vergangenen"
            r"|ultima|scorsa) (?:week|woche|semana|settimana)|(?:la )?semana (?:pasada|anterior)"
            r"|(?:la )?semaine (?:derniere|passee|precedente)|(?:la )?settimana (?:scorsa|passata)"
        ),
        _last_week,
    ),
    (
        rx(
            r"(?:the )?(?:last|previous|past|letzten|letzter|vergangenen|ultimo|scorso) "
            r"(?:month|monat|mes|mese)|(?:el )?mes (?:pasado|anterior)"
            r"|(?:le )?mois (?:dernier|passe|precedent)|(?:il )?mese (?:scorso|passato)"
        ),
        _last_month,
    ),
    (  # "the last 7 days", "in den letzten 2 Wochen", "los últimos 30 días", "gli ultimi 7 giorni"
        rx(
            rf"(?:(?:in|over|during|for) )?(?:the |den |los |las |gli |les |ces |le )?"
            rf"(?:{_LAST}) (?P<n>{_NUM}) (?P<unit>{_DAY}|{_WEEK}|{_MONTH})"
        ),
        _last_n,
    ),
    (  # "les 7 derniers jours", "7 giorni scorsi"
        rx(
            rf"(?<!hace )(?<!vor )(?<!y a )(?:les |ces )?(?P<n>{_NUM}) (?:(?:{_LAST}) )?"
            rf"(?P<unit>{_DAY}|{_WEEK}|{_MONTH})(?: (?:{_LAST}))?(?! ago| fa| zuruck)"
        ),
        _last_n,
    ),
    (
        rx(
            rf"(?:since|seit|desde(?: el)?|depuis|da|dal|dall) "
            rf"(?P<since>{_alt(_WEEKDAYS)}|{_alt(_MONTHS)}|yesterday|gestern|ayer|hier|ieri)"
        ),
        _since,
    ),
    (
        rx(
            r"(?:in|im|en|a|di|during|durante|pendant|over) (?:the month of |el mes de "
            rf"|le mois de |il mese di |mese di )?(?P<month>{_alt(_MONTHS)})"
        ),
        _in_month,
    ),
    (
        rx(
            r"lately|recently|these days|of late|in letzter zeit|zuletzt|kurzlich|ultimamente"
            r"|ultimamente|recientemente|dernierement|recemment|ces derniers temps"
            r"|di recente|recentemente|negli ultimi tempi"
        ),
        _week_back,
    ),
]

# "on average", "im Schnitt", "en promedio", "en moyenne", "in media": a period of its own
# when none is said.
AVERAGE_RE = rx(
    r"average|averages|avg|mean|on average|typical|typically|im schnitt|durchschnitt"
    r"|durchschnittlich|durchschnittliche|durchschnittlichen|durchschnittlicher|promedio"
    r"|en promedio|de media|la media|moyenne|en moyenne|in media|mediamente"
)


def find_span(joined: str, today: dt.date) -> Span | None:
    """The period `joined` names, or None when it names none."""
    for pattern, read in _PERIODS:
        match = pattern.search(joined)
        if match is None:
            continue
        got = read(match, today)
        start, end = got if isinstance(got, tuple) else (got, today)
        if start > today:
            continue
        return Span(max(start, today - dt.timedelta(days=_MAX_DAYS - 1)), end, match.span())
    return None


def average_span(joined: str, today: dt.date) -> Span | None:
    """The last `AVERAGE_DAYS` days when `joined` asks for an average ("what's my average
    sleep?") and names no period of its own; None otherwise."""
    average = AVERAGE_RE.search(joined)
    if average is None:
        return None
    return Span(today - dt.timedelta(days=AVERAGE_DAYS - 1), today, average.span())


def without_period(joined: str) -> str:
    """`joined` with its period phrases taken out: the numbers of "the last 7 days" are no
    amounts of anything."""
    for pattern, _read in _PERIODS:
        joined = pattern.sub(" ", joined)
    return joined
