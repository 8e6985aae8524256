"""A message about an earlier one: it opens by taking back or changing what was logged
("scratch the sweet potato", "oops, make that a small one"), or by saying what it was after a
"no" ("no, it was 3 eggs", "nein, es waren 3 Brötchen", "no, eran 3 tostadas", "en fait
c'était 2 expressos", "anzi erano 2 mele"). Logged as said, such a message would double what
the earlier one logged; the core offers the difference instead (bot/core/revisions.py).
"""

from __future__ import annotations

import re

__all__ = ["about_an_earlier_one", "said_it_was", "without_opening"]

_TAKE_BACK_RE = re.compile(
    r"^(?:(?:oh|oops|whoops|sorry|wait|no|nope|hmm|ah|actually|please|pls|can you|could you"
    r"|can u)\s*[,.!]*\s+)*(?:scratch|cancel|take back|take off|remove|delete|undo|make that"
    r"|make it|change (?:that|it) to)\b"
)
_OPENER = r"no|nope|nah|nein|nee|ne|non|oops|sorry|en fait|al final|anzi|ah|oh"
_IT_WAS = (
    r"(?:it|that|there) (?:was|were)|it s|they were|es (?:war|waren)|waren es|das (?:war|waren)"
    r"|eran?|fueron|fue|c etaient|c etait|erano|era"
)
# On the tokens joined (folded, apostrophes apart: "c etait").
_SAID_IT_WAS_RE = re.compile(rf"^(?:(?:{_OPENER})\s*[,.!:;]*\s+)+(?:{_IT_WAS})\b")
# The same opening in the words as typed ("Non, c'était", "no, it's").
_AS_TYPED = _IT_WAS.replace("c eta", "c['’ ]?[ée]ta").replace("it s", "it['’]?s")
_OPENED_RE = re.compile(rf"^\W*(?:(?:{_OPENER})\b\W*)+(?:{_AS_TYPED})\b", re.IGNORECASE)


def said_it_was(joined: str) -> bool:
    """Whether a message (its tokens joined) opens by saying what an earlier one was."""
    return _SAID_IT_WAS_RE.match(joined) is not None


def about_an_earlier_one(joined: str) -> bool:
    """Whether a message (its tokens joined) opens by taking back, changing or saying again
    what an earlier message said."""
    return _TAKE_BACK_RE.match(joined) is not None or said_it_was(joined)


def without_opening(text: str) -> str:
    """`text` as typed without its opening "no, it was" (what was eaten is what is left)."""
    return _OPENED_RE.sub(" ", text)
