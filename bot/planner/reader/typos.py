"""Whether a word one edit from a food's word reads as a slip of the fingers on that word.

A short word one letter off a food's word is as often another word of the language ("panera",
a bakery, is one letter from "panela"; "platazo", a big plate, one from "platano"; "curro",
work, one from "churro"). A slip is read only when it is the kind a hand makes: a letter
struck twice ("bananna"), a letter left out of a word of six letters or more ("chiken") or
one of a doubled pair ("cofee"), a key beside the right one ("chickrn"), or one vowel for
another ("tomatu"). A long word two edits from a food's word is read as it only when each
edit is such a slip, or both fall in its last three letters (an ending said otherwise:
"butterbrezn", "weisswurscht"), and a letter too many was struck twice or by the key beside
("cappucinno", "mozarela"); a word differing inside ("entrepot" from "entrecote",
"filibertos" from "filberts") is another word.
"""

from __future__ import annotations

import functools

from rapidfuzz.distance import Levenshtein

# The letter rows of the keyboards people type on (QWERTY; QWERTZ swaps y and z, AZERTY a
# and q, w and z): keys on the same row side by side, or on the next row and a half key
# over, are neighbours.
_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_SWAPS = (("y", "z"), ("a", "q"), ("w", "z"))
_VOWELS = frozenset("aeiouy")
# Below this many letters a word missing a letter is read as a slip only when the letter
# missing was a doubled one.
_DROP_MIN_LETTERS = 6
# Two edits in this many last letters of a food's word are its ending said another way.
_ENDING_LETTERS = 3


@functools.cache
def _neighbours() -> dict[str, frozenset[str]]:
    near: dict[str, set[str]] = {}
    for r, row in enumerate(_ROWS):
        for c, key in enumerate(row):
            around = {row[c - 1] if c > 0 else "", row[c + 1] if c + 1 < len(row) else ""}
            if r + 1 < len(_ROWS):
                below = _ROWS[r + 1]
                around |= {below[i] for i in (c - 1, c) if 0 <= i < len(below)}
            if r > 0:
                above = _ROWS[r - 1]
                around |= {above[i] for i in (c, c + 1) if 0 <= i < len(above)}
            near.setdefault(key, set()).update(a for a in around if a)
            for a in around:
                if a:
                    near.setdefault(a, set()).add(key)
    for a, b in _SWAPS:
        near[a].add(b)
        near[b].add(a)
    return {key: frozenset(keys) for key, keys in near.items()}


def _dropped(short: str, long: str) -> int | None:
    """Where `long` has the one letter `short` lacks, if that is all that differs."""
    for i, letter in enumerate(short):
        if letter != long[i]:
            return i if short[i:] == long[i + 1 :] else None
    return len(short)


def is_slip(said: str, word: str) -> bool:
    """Whether `said` is `word` typed with one slip of the hand (see the module)."""
    if len(said) == len(word) + 1:  # a letter too many: struck twice or by the next key
        return _dropped(word, said) is not None
    if len(said) + 1 == len(word):
        at = _dropped(said, word)
        if at is None:
            return False
        doubled = word[at] in (word[at - 1 : at] + word[at + 1 : at + 2])
        return len(said) >= _DROP_MIN_LETTERS or doubled
    if len(said) != len(word):
        return False
    wrong = [(a, b) for a, b in zip(said, word, strict=True) if a != b]
    if len(wrong) != 1:
        return len(wrong) == 2 and sorted(wrong[0]) == sorted(wrong[1])  # two swapped
    typed, meant = wrong[0]
    if typed in _VOWELS and meant in _VOWELS:
        return True
    return typed in _neighbours().get(meant, frozenset())


def are_two_slips(said: str, word: str) -> bool:
    """Whether `said` is `word` typed with two slips of the hand, or two letters swapped."""
    if is_slip(said, word):
        return True  # "spahgetti": two letters swapped
    ops = list(Levenshtein.editops(said, word))
    if len(ops) != 2:
        return False
    if min(op.dest_pos for op in ops) >= len(word) - _ENDING_LETTERS:
        return True  # an ending said otherwise: "butterbrezn", "weisswurscht"
    first = ops[0]
    at, letter = first.src_pos, word[first.dest_pos : first.dest_pos + 1]
    rest = said[at + 1 :] if first.tag in ("replace", "delete") else said[at:]
    middle = said[:at] + (letter if first.tag != "delete" else "") + rest
    return _close_slip(said, middle) and _close_slip(middle, word)


def _close_slip(said: str, word: str) -> bool:
    """`is_slip`, a letter too many only when struck twice or by a key beside its neighbour."""
    if len(said) != len(word) + 1:
        return is_slip(said, word)
    at = _dropped(word, said)
    if at is None:
        return False
    beside = said[at - 1 : at] + said[at + 1 : at + 2]
    near = _neighbours().get(said[at], frozenset())
    if said[at] in _VOWELS and any(b in _VOWELS for b in beside):
        return True  # a vowel said as it sounds: "bolognaise", "yoghourt"
    return any(b == said[at] or b in near for b in beside)
