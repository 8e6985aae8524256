"""Amounts and values a message takes back within itself, settled in its text: "3 eggs, no
wait 2, and a banana" -> "2 eggs, and a banana", "mood 3 actually 4" -> "mood 4". The text
left is then read as if said that way (corrections.py).
"""

from __future__ import annotations

import re

from bot.planner.offline.corrected_numbers import in_unit_meant

# Words that take back the amount or value said just before them, in the five languages:
# "3 eggs, no wait 2", "mood 3 actually 4", "3 Eier, nein 2", "3 huevos, mejor dicho 2",
# "humeur 3 plutôt 4", "3 uova, anzi 2". Longest first.
_INLINE_MARKERS = sorted(
    (
        "no wait|wait no|no sorry|sorry|actually|i mean|i meant|make that|make it|oops|or rather"
        "|er|err|erm|um|uh|eh|no|wait"
        "|nein|nee|ah nein|ach nein|ach nee|ach ne|ahm|ehm|ich meine|ich meinte|besser gesagt"
        "|oder besser|warte"
        "|mejor dicho|perdon|perdón|digo|quiero decir|o sea|no espera|espera|em"
        "|en fait|plutot|plutôt|pardon|je veux dire|non|euh|enfin|attends|ou plutot|ou plutôt"
        "|anzi|cioe|cioè|scusa|volevo dire|no aspetta|aspetta|o meglio|ehm"
        "|ne|doch|eher|nee doch|ne doch|non en fait|ok|okay|it was|more like|oh wait|fine|bon"
        "|bueno|naja|beh|vabbè|vabbe|ah non|ah no|oh non|quatsch|na quatsch|ach quatsch"
    ).split("|"),
    key=len,
    reverse=True,
)
INLINE_NUMBER = (
    r"\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|zwei|drei|vier|funf"
    r"|fünf|sechs|dos|tres|cuatro|cinco|seis|deux|trois|quatre|cinq|due|tre|quattro|cinque"
)
# The settled amount may be a lone "one": "2 croissants, non en fait un seul", "nur eins".
SETTLED_ONE = r"un|une|uno|una|ein|eine|einen|eins"
_MARKER_ALT = "|".join(map(re.escape, _INLINE_MARKERS))
# Markers may come in a row ("nee, warte, 2", "non en fait un seul", "wait no") and after a
# the end of a sentence or a trailing-off "..." ("3 biscuits... ok it was 5").
_INLINE_RE = re.compile(
    rf"(?<![\w.,])(?P<n1>{INLINE_NUMBER})(?P<mid>[^\W\d_]*(?:[ '%/-]+[^\W\d_]+){{0,3}}?)"
    rf"\s*(?:[,;(\-–]|\.+|…)?\s*(?<!\w)(?:{_MARKER_ALT})(?!\w)"
    rf"(?:\s*[,:!\-–]*\s*(?<!\w)(?:{_MARKER_ALT})(?!\w))*"
    rf"\s*[,:!\-–]*\s*(?:(?:nur|only|just|solo|sólo|seulement|juste|soltanto)\s+)?"
    rf"(?P<n2>{INLINE_NUMBER}|{SETTLED_ONE})(?!\w*\d)(?P<tail>[^\W\d_]*)"
    r"(?:\s+(?:seul|seule|solo|sola|only|nur))?",
    re.IGNORECASE,
)
# What a person adds after the settled amount without meaning anything: "anzi 3 😅", "no 4
# lol", "178.6 ugh". Taken out with the correction.
# A correcting word said after the amount ("2 en fait", "3 actually") and a shrug ("who
# cares", "chi se ne frega") are read with it too.
AFTERTHOUGHT_RE = re.compile(
    r"^(?:\s*(?:lol|lmao|ugh|haha\w*|jaja\w*|mdr|xd|oops|sorry|tbh|honestly|to be honest"
    r"|en fait|actually|eigentlich|de hecho|en realidad|in realt(?:à|a)|in fact"
    r"|who cares|whatever|egal|scheiß ?drauf|me da igual|qu[eé] m[aá]s da|tant pis"
    r"|on s'en fout|chi se ne frega|pazienza|vabb[eè]"
    r"|if i'?m (?:being )?honest|ehrlich gesagt|la verdad|franchement|sinceramente"
    r"|[\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F]+)(?!\w))+",
    re.IGNORECASE,
)
# What may follow the settled amount: the end, a clause's end, or the next item.
_INLINE_END_RE = re.compile(
    r"\s*(?:[,;.!?()]|$|(?:and|und|y|e|et|plus|with|mit|con|avec|&)(?!\w))", re.IGNORECASE
)


# "and a half" after a settled amount, in the five languages.
_HALF_RE = re.compile(
    r"\s+(?:and a half|e mezzo|e mezza|y medio|y media|et demi|et demie|und (?:ein )?halb)(?!\w)",
    re.IGNORECASE,
)


def settled_inline(text: str) -> str:
    """`text` with each amount or value taken back within it replaced by the one said after
    the correcting words: "3 eggs, no wait 2, and a banana" -> "2 eggs, and a banana", "mood
    3 actually 4, energy 2" -> "mood 4, energy 2". A correction that names something else
    ("3 eggs, no wait 2 bananas") is left for `corrected`."""
    at = 0
    while (match := _INLINE_RE.search(text, at)) is not None:
        mid, tail = match.group("mid"), match.group("tail")
        rest = AFTERTHOUGHT_RE.sub("", text[match.end() :])
        said_again = (
            mid.strip() and not tail and rest.lower().lstrip().startswith(mid.strip().lower())
        )
        if said_again:  # "3 eggs, sorry, 2 eggs and toast"
            rest = rest.lstrip()[len(mid.strip()) :]
        restated = _restated(match.group("n2"), rest) if not mid.strip() else None
        if restated is not None:  # "toast, 1... no, 2. 2 slices": the amount said again
            head = text[: match.start()]
            text, at = head + restated, len(head)
            continue
        if (
            mid.strip()
            and not said_again
            and not _INLINE_END_RE.match(rest)
            and not (tail and tail.lower() == mid.strip().lower())
        ):
            at = match.start("n2")
            continue
        half = _HALF_RE.match(rest)
        n2 = match.group("n2")
        if half is not None and n2.isdigit():  # "anzi 1 e mezzo": one and a half
            n2, rest = f"{int(n2)}.5", rest[half.end() :]
        unit = re.match(r"[^\W\d_]+", mid)
        if tail and unit is not None:  # "80kg, sorry, 80lb": the unit said last
            mid = tail + mid[unit.end() :]
        head = text[: match.start()] + in_unit_meant(n2, match.group("n1"), mid)
        text, at = head + rest, len(head)
    return text


def _restated(number: str, rest: str) -> str | None:
    """What follows a settled amount that is said again at once with its food ("2. 2
    slices"): that amount and food; None when the amount is not said again."""
    again = re.match(rf"\s*[.,;:!…]*\s*{re.escape(number)}(?=\s+[^\W\d_])", rest)
    return rest[again.end() - len(number) :] if again is not None else None
