"""Tokens for the offline planner: normalised words with a record of which ones were understood.

Every rule of the offline planner claims the tokens it understood. Whatever is left unclaimed
and is not a filler word is what the planner could not place; that is how `understood` stays
honest (see `OfflinePlanner.plan`).
"""

from __future__ import annotations

import itertools
import math
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, Literal, TypeVar

from bot.planner.reader.normalize import fold as normalize


def rx(body: str) -> re.Pattern[str]:
    """Compile `body` so it only matches whole tokens of `Tokens.joined`."""
    return re.compile(rf"(?<!\S)(?:{body})(?!\S)")


TokenKind = Literal["word", "num", "punct"]

NUM = r"\d+(?:\.\d+)?"  # a number as the rules' patterns read it

_TOKEN_RE = re.compile(
    r"(?P<pct>\d+(?:[.,]\d+)?\s?%)"  # "2% milk": part of a name, never a count
    r"|(?P<num>\d+/\d+(?!\d)|\d+(?:[.,]\d+)?|[½¼¾⅓])"
    r"|(?P<word>[^\W\d_]+(?:['’-][^\W\d_]+)*)"
    r"|(?P<punct>[,;.!?:+&\n/=])"
)
_VULGAR = {"½": "1/2", "¼": "1/4", "¾": "3/4", "⅓": "1/3"}


def word_key(raw: str) -> str:
    """A word as rules see it: normalised, apostrophes dropped ("I'm" -> "im")."""
    return normalize(raw).replace("'", "").replace("-", " ")


@dataclass
class Token:
    """One word, number or punctuation mark of the message."""

    text: str  # normalised
    raw: str
    start: int  # offsets in the original text
    end: int
    kind: TokenKind
    bracketed: bool = False  # said in brackets: "chips (a big bag)"
    after_dash: bool = False  # a dash standing alone before it: "burrito - egg, bacon"


def tokenize(text: str) -> list[Token]:
    """Split into words, numbers ("75,3", "1/2", "½") and the punctuation that separates items."""
    tokens: list[Token] = []
    for m in _TOKEN_RE.finditer(text):
        raw = m.group(0)
        if m.lastgroup == "pct":
            tokens.append(
                Token(raw.replace(" ", "").replace(",", "."), raw, m.start(), m.end(), "word")
            )
        elif m.lastgroup == "num":
            value = bounded_number(_VULGAR.get(raw, raw).replace(",", "."))
            tokens.append(Token(value, raw, m.start(), m.end(), "num"))
        elif m.lastgroup == "word":
            # "in-n-out", "re-ordered": each part a word of its own, at its own offsets, so a
            # name said back is "In-n-out", not the whole word once per part
            for piece in re.finditer(r"[^-]+", raw):
                start = m.start() + piece.start()
                for part in word_key(piece.group(0)).split():
                    tokens.append(
                        Token(part, piece.group(0), start, start + len(piece.group(0)), "word")
                    )
        elif raw == "&":  # "mac & cheese", "fish & chips": the word "and", as the names say it
            tokens.append(Token("and", raw, m.start(), m.end(), "word"))
        else:
            tokens.append(Token(raw, raw, m.start(), m.end(), "punct"))
    tokens = _with_halves(tokens, text)
    depth, at = 0, 0
    for token in tokens:  # which tokens stand in brackets: "(" and ")" are no tokens
        depth = max(0, depth + text.count("(", at, token.start) - text.count(")", at, token.start))
        token.bracketed, at = depth > 0, token.start
    for before, token in itertools.pairwise(tokens):
        token.after_dash = _DASH_RE.search(text, before.end, token.start) is not None
    return tokens


_DASH_RE = re.compile(r"(?<!\S)[-–—](?!\S)")  # a dash between spaces, not "re-ordered"


# "88 e mezzo", "72 and a half", "3 und halb", "88 einhalb", "2 y medio", "64 et demi": a
# whole number and a half, read as one number; not the half hour of a time ("alle 8 e
# mezza", "a las 8 y media", "à 8 et demie").
_AND = frozenset("and e y et und".split())
_HALF = frozenset("half mezzo mezza medio media demi demie halb".split())
_AT_THE_HOUR = frozenset("at alle all a las um ore verso vers dalle".split())


def _with_halves(tokens: list[Token], text: str) -> list[Token]:
    """The tokens with each whole number followed by "and a half" made one number."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        token, words = tokens[i], [t.text for t in tokens[i + 1 : i + 4]]
        size = 0
        if token.kind == "num" and token.text.isdigit():
            if words[:1] == ["einhalb"]:
                size = 2
            elif words[:1] and words[0] in _AND:
                at = 2 if words[1:2] == ["a"] or words[1:2] == ["ein"] else 1
                size = at + 2 if words[at : at + 1] and words[at] in _HALF else 0
        if size and not (out and out[-1].text in _AT_THE_HOUR and int(token.text) <= 24):
            end = tokens[i + size - 1].end
            out.append(Token(f"{token.text}.5", text[token.start : end], token.start, end, "num"))
            i += size
            continue
        out.append(token)
        i += 1
    return out


# Numbers the rules never read: a power of ten ("1e309", "2.5E3", "10^3") or a sign stuck to
# the digits ("-500 kcal", "+3 bananas", "−2"). Read digit by digit they would become some
# other number ("1e309" -> 309), so a message carrying one is refused as a whole instead. A
# dash between words or digits ("2-3 eggs", "omega-3", "2026-11-22", "oatmeal - 300 kcal") is
# no sign.
_ODD_NUMBER_RE = re.compile(
    r"\d+(?:[.,]\d+)?[eE][-+−]?\d+|\d+\s?\^\s?[-+−]?\d+"
    r"|(?<![\w.,/:+\-−–])[-+−–]\d+(?:[.,]\d+)?"
)


def odd_numbers(text: str) -> list[str]:
    """Each number written in a way the rules would misread, as typed, once each."""
    return list(dict.fromkeys(m.group(0).strip() for m in _ODD_NUMBER_RE.finditer(text)))


# The largest number the rules read, and the most decimals they keep. No amount anyone logs
# comes near it and every bound the rules check refuses it, so a longer number ("mood 1" and
# 400 zeros, a 400-digit egg count) is read as this one: refused with the allowed range, the
# arithmetic on it finite (as typed it was infinity, from which no rating can be rounded).
NUMBER_CEILING = 10**9
_MAX_DECIMALS = 6


def bounded_number(text: str) -> str:
    """A number token's text as the rules read it: digits of any script as ASCII ("١٢" ->
    "12"), at most `NUMBER_CEILING` on either side of a fraction bar, at most `_MAX_DECIMALS`
    decimals ("72.55555555…" -> "72.555555", "0.000…1" -> "0.000000")."""
    text = "".join(str(d) if (d := unicodedata.decimal(c, None)) is not None else c for c in text)
    return "/".join(_bounded_part(part) for part in text.split("/"))


def _bounded_part(text: str) -> str:
    whole, point, decimals = text.partition(".")
    if len(whole.lstrip("0")) > len(str(NUMBER_CEILING)) or int(whole or 0) > NUMBER_CEILING:
        return str(NUMBER_CEILING)
    return whole + point + decimals[:_MAX_DECIMALS]


def number_value(text: str) -> float | None:
    """The value of a number token ("72.4", "1/2"); None when it is not one, or not finite."""
    try:
        if "/" in text:
            num, den = text.split("/")
            value = float(Fraction(int(num), int(den))) if int(den) else None
        else:
            value = float(text)
    except (ValueError, OverflowError):
        return None
    return value if value is not None and math.isfinite(value) else None


class Tokens:
    """The message's tokens plus which of them a rule has claimed.

    Rules match regular expressions against `joined` (normalised tokens separated by single
    spaces) and claim the tokens a match covers; a token can be claimed once.
    """

    def __init__(self, tokens: list[Token]) -> None:
        self.items = tokens
        self.used = [False] * len(tokens)
        # claimed words describing the food right after them ("cheese and onion" crisps):
        # the food's amount is read across them ("a packet of cheese and onion crisps")
        self.described: set[int] = set()
        self.starts: list[int] = []
        self.joined = ""
        self.reindex()

    def reindex(self) -> None:
        """Rebuild `joined` after token texts changed (typo repair); claims are kept."""
        self.starts = []
        offset = 0
        for token in self.items:
            self.starts.append(offset)
            offset += len(token.text) + 1
        self.joined = " ".join(token.text for token in self.items)

    def __len__(self) -> int:
        return len(self.items)

    def span(self, match: re.Match[str], group: int | str = 0) -> range:
        """Token indices covered by a match (or one of its groups)."""
        start, end = match.span(group)
        first = self._index_at(start)
        last = self._index_at(max(start, end - 1))
        return range(first, last + 1)

    def _index_at(self, offset: int) -> int:
        lo, hi = 0, len(self.starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def across_described(self, first: int, floor: int) -> int:
        """The first token of the words describing the food at token `first` ("salt and
        vinegar" crisps), when an amount's word stands before them ("2 bags of"); else
        `first`."""
        start = first
        while start > floor and start - 1 in self.described:
            start -= 1
        before = start - 1
        if start == first or before < floor or self.used[before]:
            return first
        return start if self.items[before].kind in ("num", "word") else first

    def free(self, indices: range) -> bool:
        return all(not self.used[i] for i in indices)

    def claim(self, indices: range) -> None:
        for i in indices:
            self.used[i] = True

    def release(self, indices: range) -> None:
        """Give tokens back: a rule that held them for a while did not use them after all."""
        for i in indices:
            self.used[i] = False

    def matches(self, pattern: re.Pattern[str]) -> Iterator[tuple[re.Match[str], range]]:
        """Matches of `pattern` whose tokens are all still unclaimed.

        A match over a claimed token is skipped and the search resumes one character later,
        so "weight this morning 72 kg" still yields "72 kg" once the date claimed its words.
        Claims made by the caller between two matches are seen by the next one.
        """
        pos = 0
        while pos <= len(self.joined):
            match = pattern.search(self.joined, pos)
            if match is None:
                return
            if match.end() == match.start():
                pos = match.end() + 1
                continue
            indices = self.span(match)
            if self.free(indices):
                yield match, indices
                pos = match.end()
            else:
                pos = match.start() + 1

    def raw_between(self, first: int, last: int, text: str) -> str:
        """The original text from token `first` through token `last`."""
        return text[self.items[first].start : self.items[last].end]


T = TypeVar("T")


@dataclass(frozen=True)
class Found(Generic[T]):
    """One finding and the index of its first token (which decides its clause and date)."""

    index: int
    value: T
