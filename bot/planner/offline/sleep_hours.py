"""Hours of sleep as people say them, in the five languages: kept in the day's notes as said,
and a short night read as a poor one ("slept maybe 4 hours": sleep 2)."""

from __future__ import annotations

import re

from bot.planner.offline.checkins import SLEEP_WORDS
from bot.planner.offline.said_ratings import QUALITY, CheckinField
from bot.planner.offline.text import Found, Tokens, number_value, rx

# How long someone slept ("slept like 6 hrs", "got 7.5 hours of sleep", "8h sleep"): the
# service rates sleep 1-5 and keeps no hours, so they are kept in the day's notes as said and
# never read as a rating ("slept 8": 8 of 5). A usual night says little of how well one slept;
# a short one says it was poor (`short_night_rating`).
_HOURS = r"(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
# "dormi 7 ore", "j'ai dormi 6 heures", "dormí 5 horas", "nur 5 Stunden geschlafen": matched
# against the folded tokens, so written without accents ("dormí" is "dormi").
_SLEPT_OTHER = r"dormi|dormito|ho dormito|j ai dormi|jai dormi|he dormido|dormido"
_HEDGES_OTHER = r"solo|soltanto|nur|etwa|circa|ca|seulement|environ|a peine|apenas|unas|como|tipo"
_HOUR_WORDS = r"hours?|hrs?|h|stunden|stund|std|horas?|ore|heures?"
# Slept in one go, not woken: "8 hours straight", "8 horas del tirón", "7h d'une traite".
_STRAIGHT = (
    r"straight|straight through|without waking(?: up)?|del tiron|de un tiron|seguidas|d une traite"
    r"|d affilee|di fila|di filato|tutte di fila|am stuck|durch|ohne aufzuwachen"
)
_SLEPT_THROUGH_RATING = 4
# Waking renewed, said in the sentence of a full night's hours: "slept 9 hours and feel brand
# new", "8 Stunden geschlafen, wie neugeboren". Left unclaimed: it is the day's energy too.
_RENEWED_RE = rx(
    r"brand new|like new|a new (?:man|woman|person)|refreshed|well rested|neugeboren|erholt"
    r"|ausgeruht|como (?:nuevo|nueva)|descansad[oa]|comme (?:neuf|neuve)|reposee?"
    r"|come (?:nuovo|nuova)|riposat[oa]"
)
_RENEWED_WITHIN = 8  # tokens after the hours
_FULL_NIGHT_FROM = 7.0
SLEEP_HOURS_RE = rx(
    rf"(?:slept|sleep|got|had|only got|only had|{_SLEPT_OTHER})(?: (?:like|about|around|only"
    rf"|just|maybe|barely|almost|nearly|over|under|for|a good|a solid|roughly|approx|ca|a|an"
    rf"|{_HEDGES_OTHER}))*"
    rf" (?P<hours>{_HOURS})(?P<half> and a half)?(?: (?:or so|ish))? ?(?:{_HOUR_WORDS})"
    # "last night" after the hours is the clause's date, read (and claimed) before
    rf"(?: (?:of )?sleep)?(?: (?:or so|ish|total|max|tops))?"
    rf"(?: (?P<straight>{_STRAIGHT}))?"
    rf"|(?P<hours2>{_HOURS}) ?(?:hours?|hrs?|h) (?:of )?sleep"
    rf"|(?:(?:{_HEDGES_OTHER}) )?(?P<hours3>{_HOURS}) ?(?:stunden|std|h) (?:geschlafen|schlaf)"
    rf"|(?P<hours4>{_HOURS}) ?(?:ore|heures|horas) (?:di sonno|de sommeil|de sueño|de sueno)"
)


# Hours said a little after the sleep they are of: "slept like crap, maybe 5 hrs".
_HOURS_AFTER_SLEEP_RE = rx(
    rf"(?:(?:maybe|about|around|like|only|barely|just|roughly|approx|{_HEDGES_OTHER}|forse|quasi)"
    rf" )+(?P<hours>{_HOURS})(?P<half> and a half)? ?(?:{_HOUR_WORDS})"
    rf"(?: (?:total|max|tops|or so|ish))?"
)
# Or with no hedge, a clause of its own just after how the night was: "dormí fatal, 4 horas".
_BARE_HOURS_AFTER_SLEEP_RE = rx(
    rf"(?P<hours>{_HOURS})(?P<half> and a half)? ?(?:{_HOUR_WORDS}|stund|stunde)(?= [,.;!?]|$)"
)
_BARE_BEFORE = 4  # tokens: right after the sleep word and how it was
# How the night was, said after its hours: "slept 5 hrs but it was decent".
_IT_WAS_RE = rx(
    r"(?:[,;] )?(?:but |and |aber |pero |y |mais |et |ma |e )?"
    r"(?:it was|they were|was|war|es war|fue|fueron|c etait|etait|era|erano|e stato|e stata)"
    rf" (?:(?:pretty|quite|really|very|fairly|ziemlich|muy|bastante|assez|tres|molto) )?"
    rf"(?P<quality>{'|'.join(sorted(QUALITY, key=len, reverse=True))})"
)
_SLEEP_TOKENS = frozenset(SLEEP_WORDS.split("|"))
_SLEEP_BEFORE = 8  # tokens: the same sentence, near enough to be about the sleep


def _after_sleep(tokens: Tokens, start: int, within: int = _SLEEP_BEFORE) -> bool:
    return any(t.text in _SLEEP_TOKENS for t in tokens.items[max(0, start - within) : start])


def _a_clause_of_hours(tokens: Tokens, span: range) -> bool:
    """ "dormí fatal, 4 horas,": hours that are a clause of their own, just after the sleep."""
    opens = span.start > 0 and tokens.items[span.start - 1].kind == "punct"
    return opens and _after_sleep(tokens, span.start, _BARE_BEFORE)


def _said_after(tokens: Tokens, stop: int) -> tuple[range, int] | None:
    """How the night was, said right after its hours ("..., but it was decent"): its words
    and its rating."""
    for match, span in tokens.matches(_IT_WAS_RE):
        if span.start == stop:
            return span, QUALITY[match.group("quality")]
    return None


_HOUR_NUMBERS = {
    word: float(n)
    for n, word in enumerate(
        "one two three four five six seven eight nine ten eleven twelve".split(), start=1
    )
}
# Under five hours is a short night for nearly everyone: a poor one, and under three a very
# poor one. Longer nights are not rated: eight hours can be slept well or badly.
_SHORT_NIGHT_BELOW = 5.0
_VERY_SHORT_NIGHT_BELOW = 3.0


def short_night_rating(hours: float) -> int | None:
    """The sleep rating a night of `hours` says by itself: 1 or 2 for a short night, else None."""
    if hours <= 0 or hours >= _SHORT_NIGHT_BELOW:
        return None
    return 1 if hours < _VERY_SHORT_NIGHT_BELOW else 2


def _short_night(match: re.Match[str]) -> int | None:
    """A short night's rating; a night of usual length slept in one go is a good one."""
    hours = _hours_said(match)
    if hours is None:
        return None
    rating = short_night_rating(hours)
    if rating is None and match.groupdict().get("straight"):
        return _SLEPT_THROUGH_RATING
    return rating


def _renewed_after(tokens: Tokens, stop: int) -> bool:
    """Whether waking renewed is said just after the hours, in their sentence."""
    for _match, span in tokens.matches(_RENEWED_RE):
        between = tokens.items[stop : span.start]
        if 0 <= span.start - stop <= _RENEWED_WITHIN and not any(
            t.text in {".", "!", "?", ";"} for t in between
        ):
            return True
    return False


def _hours_said(match: re.Match[str]) -> float | None:
    groups = match.groupdict()
    said = next(groups[g] for g in ("hours", "hours2", "hours3", "hours4") if groups.get(g))
    value = _HOUR_NUMBERS.get(said) or number_value(said)
    if value is None:
        return None
    return value + 0.5 if groups.get("half") else value


def find_sleep_hours(
    text: str, tokens: Tokens
) -> tuple[list[Found[str]], list[Found[tuple[CheckinField, int]]]]:
    """Hours of sleep, as the person wrote them, for the day's notes, their words claimed;
    and the sleep rating of a short night ("slept maybe 4 hours": 2)."""
    found: list[Found[str]] = []
    rated: list[Found[tuple[CheckinField, int]]] = []
    for pattern in (SLEEP_HOURS_RE, _HOURS_AFTER_SLEEP_RE, _BARE_HOURS_AFTER_SLEEP_RE):
        for match, span in tokens.matches(pattern):
            if pattern is _HOURS_AFTER_SLEEP_RE and not _after_sleep(tokens, span.start):
                continue
            if pattern is _BARE_HOURS_AFTER_SLEEP_RE and not _a_clause_of_hours(tokens, span):
                continue
            tokens.claim(span)
            found.append(Found(span.start, tokens.raw_between(span.start, span.stop - 1, text)))
            how = _said_after(tokens, span.stop)
            if how is not None:
                tokens.claim(how[0])
                rated.append(Found(span.start, ("sleep_quality", how[1])))
                continue
            rating = _short_night(match)
            hours = _hours_said(match)
            if rating is None and hours is not None and hours >= _FULL_NIGHT_FROM:
                rating = _SLEPT_THROUGH_RATING if _renewed_after(tokens, span.stop) else None
            if rating is not None:
                rated.append(Found(span.start, ("sleep_quality", rating)))
    return found, rated
