"""A remark about the day said beside a check-in: kept in the day's notes, in the person's words.

"mood 4, energy 2, long day ahead", "Stimmung 3, morgen wird ein langer Tag", "energía 2,
examen mañana", "humeur 3, grosse journée de boulot", "umore 3, giornata lunga davanti": the
ratings are read by checkins.py; the words left after them say what kind of day it is. They
are no food and nothing to "place"; a person who adds them to a check-in wants them kept, so
they become its note. Only a run of words nothing else read, between punctuation, that speaks
of the day (its length, work, an exam, a shift, tomorrow), and only beside a rating, so a
message about food never loses a word to a note.
"""

from __future__ import annotations

from collections.abc import Collection

from bot.planner.offline.feelings import trimmed
from bot.planner.offline.fillers import FILLERS
from bot.planner.offline.text import Found, Tokens

# Words of the day and of what fills it, in the five languages (folded: no accents).
_DAY_WORDS = frozenset(
    """
    day days week tomorrow tonight ahead work job shift shifts exam exams test meeting meetings
    deadline deadlines presentation interview busy hectic stressful long rough tough
    tag tage woche morgen arbeit job schicht schichten prufung prufungen klausur termin termine
    besprechung stressig hektisch lang langer lange anstrengend
    dia dias semana manana trabajo chamba curro turno examen examenes reunion reuniones
    estresante largo larga ajetreado pesado pesada
    jour journee journees semaine demain travail boulot taf garde examen examens partiel reunion
    reunions stressante stressant longue long chargee charge
    giorno giornata giornate settimana domani lavoro turno esame esami riunione riunioni
    stressante lunga lungo pesante impegnativa impegnativo
    """.split()
)
# Read by other rules (as a time, a place, a filler) but still part of a remark: "at work",
# "hoy", "heute", "tonight".
_TIMES = frozenset(
    "today tonight tomorrow morning evening night heute abend hoy noche tarde aujourdhui soir"
    " matin oggi stasera sera mattina".split()
)
_MIN_WORDS = 2  # "long day", "examen mañana": one word alone is too little to keep
# Words that join the remark to what was said beside it, never kept at its ends ("had a long
# day and" a pizza: "a long day").
_JOINERS = frozenset(
    "and but also then so plus with had have having und aber dann mit hatte y pero con tuve"
    " et mais puis avec eu e ma poi con avuto".split()
)


def day_remarks(text: str, tokens: Tokens, eaten: Collection[int] = ()) -> list[Found[str]]:
    """The runs of words that speak of the day, none of them a food's (`eaten`) or read as
    anything but a time, a place or a filler, as said; their free words claimed."""
    found: list[Found[str]] = []
    i = 0
    while i < len(tokens):
        if not _in_remark(tokens, i, eaten):
            i += 1
            continue
        last = i
        while last + 1 < len(tokens) and _in_remark(tokens, last + 1, eaten):
            last += 1
        kept = trimmed(tokens, range(i, last + 1), _JOINERS)
        first, end = kept.start, kept.stop - 1
        words = [t for t in tokens.items[first : end + 1] if t.kind == "word"]
        free = [j for j in range(i, last + 1) if not tokens.used[j]]
        if free and len(words) >= _MIN_WORDS and any(t.text in _DAY_WORDS for t in words):
            for j in free:
                tokens.claim(range(j, j + 1))
            found.append(Found(first, tokens.raw_between(first, end, text)))
        i = last + 1
    return found


def _in_remark(tokens: Tokens, i: int, eaten: Collection[int]) -> bool:
    """Whether token `i` may be part of a remark: a word, no food's, unread or read as one of
    the words a remark is made of."""
    token = tokens.items[i]
    if token.kind == "punct" or i in eaten:
        return False
    if not tokens.used[i]:
        return True
    return token.text in _DAY_WORDS or token.text in _TIMES or token.text in FILLERS
