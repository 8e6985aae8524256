"""Step 1, normalize: the text a person typed as the rules read it, and as it is shown.

Phones and web pages bring compatibility characters ("ﬁ", full-width digits "１２"),
markup and character references ("latte &amp; <b>cake</b>"). `normalize` gives the text
to show, with those dropped or made plain; `fold` gives the form every match is made in:
lower case, accents and "ß" folded, so "Café", "cafe" and "CAFÉ" compare equal while the
name shown keeps the person's spelling.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from bot.planner.markup import without_markup

# NFKC writes "½" as "1⁄2" with the fraction slash; read as the "/" of "1/2".
_FRACTION_SLASH = "\u2044"


@dataclass(frozen=True, slots=True)
class Normalized:
    """A message as shown (`text`) and as matched (`folded`, the same length or shorter)."""

    text: str
    folded: str


def fold(text: str) -> str:
    """Lower case, accents stripped, typographic apostrophes plain: the form of matching."""
    text = text.lower().replace("ß", "ss").replace("’", "'")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def normalize(text: str) -> Normalized:
    """The message with markup and references dropped and compatibility forms made plain
    (NFKC), ready to be read; `folded` is the same text in the form of matching."""
    shown = unicodedata.normalize("NFKC", without_markup(text)).replace(_FRACTION_SLASH, "/")
    shown = shown.strip()
    return Normalized(shown, fold(shown))
