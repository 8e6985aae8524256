"""Relative dates for the offline planner, always from the person's clock (`context.now`).

A date phrase ("yesterday", "last night", "on monday", "gestern", "ayer") is read once into a
`DayRef`; what day it means can depend on what is logged: "last night I slept badly" is
today's check-in, while "pizza last night" was eaten yesterday.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Literal

from bot.planner.offline.fillers import LEFTOVERS
from bot.planner.offline.table import food_table
from bot.planner.offline.text import Tokens, rx
from bot.planner.reader.segment import MEAL_WORDS

RefKind = Literal["day", "last_night"]

WEEKDAYS: dict[str, int] = {}
for _index, _names in enumerate(
    (
        "monday montag lunes lundi lunedi",
        "tuesday dienstag martes mardi martedi",
        "wednesday mittwoch miercoles mercredi mercoledi",
        "thursday donnerstag jueves jeudi giovedi",
        "friday freitag viernes vendredi venerdi",
        "saturday samstag sonnabend sabado samedi sabato",
        "sunday sonntag domingo dimanche domenica",
    )
):
    for _name in _names.split():
        WEEKDAYS[_name] = _index

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "a": 1}


@dataclass(frozen=True)
class DayRef:
    """A date phrase: `days_back` from today, or "last night" whose day depends on the item."""

    kind: RefKind
    days_back: int = 0

    def for_item(self, today: dt.date) -> dt.date:
        """Foods, weights, supplements: "last night" was yesterday."""
        back = 1 if self.kind == "last_night" else self.days_back
        return today - dt.timedelta(days=back)

    def for_checkin(self, today: dt.date) -> dt.date:
        """Check-ins: "last night I slept badly" belongs to today's check-in."""
        back = 0 if self.kind == "last_night" else self.days_back
        return today - dt.timedelta(days=back)


_WEEKDAY_ALT = "|".join(sorted(WEEKDAYS, key=len, reverse=True))
# "tuesday's lunch" is written "tuesdays lunch" once folded: that day's meal, no habit.
_MEAL_OF_IT = r" (?:breakfast|brunch|lunch|dinner|supper|snacks?|meals?)\b"
_NOT_A_MEAL_OF_IT = rf"(?!{_MEAL_OF_IT})"
# Order matters: longer phrases first so "the day before yesterday" wins over "yesterday".
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (
        rx(
            r"(?:the )?day before yesterday|vorgestern|anteayer|antes de ayer|avant hier|anteanoche"
            r"|(?:l ?)?altro ieri|altroieri"
        ),
        "back2",
    ),
    (
        rx(
            r"(?:last|yesterday|yday|yest) (?:nights?|evenings?)"
            r"|(?:yesterday|yday)(?: at)? (?:night|evening)"
            r"|(?:gestern|letzte) (?:nacht|abend)|heute nacht|anoche|ayer (?:por la )?noche"
            r"|(?:for|at) dinner yesterday|overnight(?! oats?\b)"
            r"|hier (?:au )?soir|ieri (?:sera|notte)|stanotte|questa notte|cette nuit"
        ),
        "last_night",
    ),
    (
        rx(
            # "yday", "yest": yesterday as it is texted
            r"(?:yesterday|yday|yest|gestern|ayer)(?: (?:morning|afternoon|fruh|morgen|mittag"
            r"|nachmittag|por la manana|por la tarde|a mediodia))?"
            # "yesterday's dinner" dates the meal; "after yesterday's run" is about the run
            r"|yesterdays(?= (?:breakfast|brunch|lunch|dinner|supper|tea|snacks?|meals?)\b)"
            # French "hier" is German "here": not before what only German says after it
            r"|hier(?: (?:midi|matin|apres midi))?(?! (?:ist|sind|mein|meine|ein|eine|im|bei|zu))"
            r"|ieri(?: (?:mattina|pomeriggio|a pranzo|a cena|a colazione))?"
        ),
        "back1",
    ),
    (rx(r"(one|two|three|four|five|six|a|\d|couple)(?: of)? days? ago"), "ago"),
    (rx(r"vor (\d|einem|zwei|drei|vier|funf|sechs) tag(?:en)?"), "ago_de"),
    (rx(r"hace (\d|un|dos|tres|cuatro|cinco|seis) dias?"), "ago_es"),
    (rx(r"il y a (\d|un|deux|trois|quatre|cinq|six) jours?"), "ago_fr"),
    (rx(r"(\d|un|uno|due|tre|quattro|cinque|sei) giorn[oi] fa"), "ago_it"),
    (
        rx(
            r"(?:last|this past|past|over the) weekend|(?:letztes|vergangenes|am) wochenende"
            r"|(?:le )?week ?end dernier|(?:el )?fin de semana pasado"
            r"|(?:lo )?scorso (?:weekend|fine settimana)|(?:il )?(?:weekend|fine settimana) scorso"
        ),
        "weekend",
    ),
    (
        rx(
            rf"(?P<before>on |last |am |el |this past |letzten |vergangenen )?({_WEEKDAY_ALT})"
            rf"(?P<after> dernier| scorso| scorsa| pasado|s(?={_MEAL_OF_IT}))?"
        ),
        "weekday",
    ),
    (
        rx(
            r"(?:this|earlier this) (?:morning|afternoon|evening)|(?:earlier )?today|tonight"
            r"|heute(?: (?:morgen|fruh|mittag|abend))?|hoy|esta (?:manana|tarde|noche)"
            r"|aujourd ?hui|ce (?:matin|midi|soir)|oggi|stamattina|stamani|stasera"
            # "took it now": a time, so today; "weight now 80" keeps "now" for the weight
            r"|(?:just |right )?now(?! (?:\S*\d|at|is|ist|es))|jetzt(?! \S*\d)|ahora(?! \S*\d)"
        ),
        "today",
    ),
]

_AGO_WORDS = {
    **{"einem": 1, "zwei": 2, "drei": 3, "vier": 4, "funf": 5, "sechs": 6},
    **{"un": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6},
    **{"deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6},
    **{"uno": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6},
    "couple": 2,
}
# The words a day is said with: one read as a date between two foods ("a salad and today
# eggs", "gestern Salat und heute Eier") starts another part of the message.
DAY_WORDS = frozenset(
    "today tonight yesterday yday yest heute gestern vorgestern hoy ayer anoche anteayer"
    " aujourdhui aujourd hier avant oggi ieri stasera stamattina stamani altroieri".split()
)

# A weekday said of a habit dates nothing: "como siempre los domingos", "every sunday",
# "sonntags", "tous les dimanches", "la domenica come sempre" is no date either way.
WEEKDAYS_PLURAL = frozenset(
    "mondays tuesdays wednesdays thursdays fridays saturdays sundays montags dienstags"
    " mittwochs donnerstags freitags samstags sonntags sabados domingos lundis mardis"
    " mercredis jeudis vendredis samedis dimanches sabati domeniche".split()
)
_HABIT_RE = rx(
    rf"(?:(?:como siempre|as always|wie immer|comme toujours|come sempre) )?"
    rf"(?:(?:every|each|jeden|cada|todos los|tous les|ogni|los|les|on) )?"
    rf"(?:{'|'.join(sorted(WEEKDAYS_PLURAL))}){_NOT_A_MEAL_OF_IT}"
    rf"|(?:every|each|jeden|cada|tous les|ogni|todos los|los) (?:{_WEEKDAY_ALT})"
)
# What is left over from a day is eaten now: "leftover mac n cheese from last night", "Rest
# vom Kartoffelsalat von gestern", "sobras de ayer", "gli avanzi di ieri".
_FROM = frozenset("from von vom de del d di da dal dalla".split())


def _days_back_for_weekday(weekday: int, today: dt.date, bare: bool) -> int:
    """The most recent *past* such weekday: on a Monday, "on monday" is a week ago; a bare
    weekday that is today's ("dimanche midi chez ma mère", on a Sunday) is today."""
    back = (today.weekday() - weekday) % 7
    return back or (0 if bare else 7)


def _of_leftovers(tokens: Tokens, indices: range) -> bool:
    """Whether a date phrase says where a leftover is from ("pasta from last night")."""
    before = indices.start - 1
    if before < 0 or tokens.items[before].text not in _FROM:
        return False
    return any(t.text in LEFTOVERS for t in tokens.items[max(0, before - 8) : before])


def find_day_refs(tokens: Tokens, today: dt.date, night: bool = False) -> dict[int, DayRef]:
    """Claim the date phrases; map the index of each phrase's first token to its `DayRef`.
    Said in the `night` (after midnight, before the person's day ends), "last night",
    "heute Nacht", "cette nuit" is the night they are still in: today."""
    found: dict[int, DayRef] = {}
    for _match, indices in tokens.matches(_HABIT_RE):
        tokens.claim(indices)
    for pattern, kind in _PATTERNS:
        for match, indices in list(tokens.matches(pattern)):
            if not tokens.free(indices):
                continue
            ref = _ref_for("today" if night and kind == "last_night" else kind, match, today)
            if ref is None or (kind == "weekday" and _in_food_name(tokens, match, indices)):
                continue
            tokens.claim(indices)
            if not _of_leftovers(tokens, indices):
                found[indices.start] = ref
    return found


def _in_food_name(tokens: Tokens, match: re.Match[str], indices: range) -> bool:
    """Whether a weekday said alone starts the name of a food the table knows ("sunday
    roast"): that food, whatever day it was eaten; "sunday lunch" is still a day and a meal."""
    if match.group("before") or match.group("after") or len(indices) != 1:
        return False
    words = [t.text for t in tokens.items[indices.start : indices.start + 4]]
    if len(words) < 2 or words[1] in MEAL_WORDS:
        return False
    aliases = food_table().by_alias
    return any(" ".join(words[:n]) in aliases for n in range(2, len(words) + 1))


def _ref_for(kind: str, match: re.Match[str], today: dt.date) -> DayRef | None:
    if kind == "back2":
        return DayRef("day", 2)
    if kind == "last_night":
        return DayRef("last_night")
    if kind == "back1":
        return DayRef("day", 1)
    if kind == "today":
        return DayRef("day", 0)
    if kind == "weekend":  # the last weekend's Saturday: the week it counts in is right
        return DayRef("day", (today.weekday() - 5) % 7 or 7)
    if kind == "weekday":
        bare = not (match.group("before") or match.group("after"))
        return DayRef("day", _days_back_for_weekday(WEEKDAYS[match.group(2)], today, bare))
    word = match.group(1)
    if word.isdigit():
        back = int(word)
    else:
        back = _NUMBER_WORDS.get(word) or _AGO_WORDS.get(word) or 0
    if not 0 < back <= 31:
        return None
    return DayRef("day", back)
