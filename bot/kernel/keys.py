"""What a service API key looks like as people paste it, so it is never kept, logged or echoed.

The service's keys are `hk_` and URL-safe characters (43 of them in the sandbox, see
docs/agent-api.md). The shape here is wider on purpose: `hk_` in any case followed by at
least 8 characters of any kind, so that a key copied in part, typed with a capital or with a
look-alike letter in it is still caught (and then refused in words, never planned). A copy
from a web page or a password manager often brings along characters nobody sees (zero-width
spaces, a byte-order mark, bidi marks) and the quotes or guillemets the key was shown in;
`clean_key` takes those off, `usable` says whether what is left can go into a request header.

Both front ends (Telegram and the terminal) and the log redaction read these definitions.
"""

from __future__ import annotations

import re

# Characters with no width that a copy brings along: soft hyphen, zero-width space and
# joiners, bidi marks and isolates, word joiner and invisible operators, BOM, Mongolian vowel
# separator, combining grapheme joiner, Arabic letter mark. (No-break and other spaces are
# whitespace to Python, so they separate words like a space does.)
ZERO_WIDTH = "\u00ad\u034f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff"
# What a key may be shown or pasted in, and punctuation a sentence puts right after it.
WRAPPING = "\"'`«»‹›“”„‟‘’‚‛「」『』<>()[]{}"
TRAILING = ".,;:!?…"
MIN_KEY_BODY = 8

_ZERO_WIDTH = re.compile(f"[{ZERO_WIDTH}]")
KEY = re.compile(rf"(?<![A-Za-z0-9])hk_\S{{{MIN_KEY_BODY},}}", re.IGNORECASE)  # in one word


def visible(text: str) -> str:
    """`text` without zero-width characters."""
    return _ZERO_WIDTH.sub("", text)


def clean_key(raw: str) -> str:
    """A pasted key without what a copy brings along: invisible characters, surrounding
    whitespace, quotes or guillemets, and a sentence's full stop or comma after it."""
    text = visible(raw).strip()
    while text and (text[0] in WRAPPING or text[-1] in WRAPPING + TRAILING):
        text = text.strip(WRAPPING).rstrip(TRAILING).strip()
    return text


def find_key(text: str) -> str | None:
    """The word of `text` that looks like an API key, cleaned; None when there is none.

    The whole word is taken, not only its key-shaped part, so that a key with a foreign
    character in it is refused as it is rather than cut short and sent.
    """
    for word in visible(text).split():
        if found := KEY.search(word):
            return clean_key(word[found.start() :])
    return None


def usable(key: str) -> bool:
    """Whether `key` can be sent as a bearer token: printable ASCII, one word."""
    return bool(key) and key.isascii() and key.isprintable() and " " not in key


def hide_keys(text: str) -> str:
    """`text` safe to echo: a `/connect` argument and every word shaped like a key hidden."""
    command, _, rest = text.partition(" ")
    if command.lower().startswith("/connect") and rest.strip():
        return f"{command} …"
    return " ".join("hk_…" if KEY.search(word) else word for word in visible(text).split(" "))
