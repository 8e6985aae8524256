"""Punctuation said as a word, as voice typing leaves it: "a turkey sandwich on rye with swiss
period and a diet coke", "Schnitzel mit Pommes Punkt und ein Bier", "tostada con tomate coma y
un café". Between two words the word is the mark it names, so the items around it are read
apart and it is never a food, a symptom or a note.

Only between words: next to a number it is part of the number or the time ("72 point 4",
"1 Komma 5", "Punkt 12 Uhr", "alle 8 in punto"), and after a word that makes it a noun it
is one ("my period", "food coma", "à point", "que coma").
"""

from __future__ import annotations

import re

# The word said, and the mark it stands for.
_MARKS = {
    "period": ".",
    "full stop": ".",
    "new line": ".",
    "new paragraph": ".",
    "punkt": ".",
    "neue zeile": ".",
    "punto": ".",
    "punto y aparte": ".",
    "punto y seguido": ".",
    "point": ".",
    "point a la ligne": ".",
    "point à la ligne": ".",
    "a la ligne": ".",
    "à la ligne": ".",
    "a capo": ".",
    "comma": ",",
    "komma": ",",
    "coma": ",",
    "virgule": ",",
    "virgola": ",",
}
_WORD = r"[^\W\d_]+(?:['’][^\W\d_]+)?"
_MARK_RE = re.compile(
    rf"(?P<before>{_WORD})\s+(?P<mark>{'|'.join(sorted(_MARKS, key=len, reverse=True))})"
    rf"(?=\s*$|\s*[,.;!?]|\s+(?P<after>{_WORD}))",
    re.IGNORECASE,
)
# Words after which the word is a noun of its own: "my period", "food coma", "à point",
# "que coma" (Spanish "that he eats"), "in punto", "au point", "le point".
_NOUN_AFTER = frozenset(
    """
    my her your the a an on this that last first no food sugar carb some what which one
    every any time trial grace waiting
    mein meine meiner meinem der die das dem den ein eine einen um zum
    mi mis la el su un una que se lo le me te en al del de tu
    ma mon sa son le les au du a à un une ce cette
    il lo la mio mia suo sua un una uno in al del di
    """.split()
)
# Words after which it is a noun too: "period cramps", "period pain", "punto de vista".
_NOUN_BEFORE = frozenset(
    """
    cramps cramp pain pains symptoms flow started came is was of
    krampfe schmerzen de di del della dello du des vue vista
    """.split()
)


def punctuation_said(text: str) -> str:
    """`text` with each punctuation word said between two words made the mark it names."""

    def mark(match: re.Match[str]) -> str:
        before, said, after = match.group("before"), match.group("mark"), match.group("after")
        if before.lower() in _NOUN_AFTER or (after or "").lower() in _NOUN_BEFORE:
            return match.group(0)
        return f"{before}{_MARKS[_fold(said)]}"

    return _MARK_RE.sub(mark, text)


def _fold(said: str) -> str:
    return " ".join(said.lower().replace("à", "a").split())
