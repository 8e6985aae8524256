"""Whether a word one edit from a food's word reads as a slip of the fingers on that word.

A short word one letter off a food's word is as often another word of the language ("panera",
a bakery, is one letter from "panela"; "platazo", a big plate, one from "platano"; "curro",
work, one from "churro"). A slip is read only when it is the kind a hand makes: a letter
struck twice ("bananna"), a letter left out of a word of six letters or more ("chiken") or
one of a doubled pair ("cofee"), a key beside the right one ("chickrn"), or one vowel for
another ("tomatu"). Words two edits apart are long enough to be left to the table's own
test.
"""

from __future__ import annotations

import functools

# The letter rows of the keyboards people type on (QWERTY; QWERTZ swaps y and z, AZERTY a
# and q, w and z): keys on the same row side by side, or on the next row and a half key
# over, are neighbours.
_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_SWAPS = (("y", "z"), ("a", "q"), ("w", "z"))
_VOWELS = frozenset("aeiouy")
# Below this many letters a word missing a letter is read as a slip only when the letter
# missing was a doubled one.
_DROP_MIN_LETTERS = 6


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
