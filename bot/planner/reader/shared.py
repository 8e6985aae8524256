"""A food eaten together: "we shared a pizza", "split a bottle of wine", "una pizza in due",
"eine Pizza zu zweit", "una pizza a medias", "une pizza à deux". The person ate their part of
what was said, so the amount is divided by how many shared it (two unless the words say how
many). Words folded, accents dropped ("à deux" is "a deux").
"""

from __future__ import annotations

from bot.planner.offline.text import Tokens

# Said right before the amount: "(we) shared a pizza", "split a bottle of wine".
_SHARED_BEFORE = frozenset(
    "shared share split splitting sharing compartimos comparti compartido compartida"
    " partage partagee partagions divise diviso divisa condiviso condivisa".split()
)
# Said right after the food: "eine Pizza geteilt", "una pizza compartida", "une pizza partagée".
_SHARED_AFTER = frozenset(
    "shared split geteilt compartido compartida compartidos compartidas partage partagee"
    " partages partagees diviso divisa condiviso condivisa".split()
)
# ... or how many shared it: "in due", "zu zweit", "a medias", "between the two of us".
_TOGETHER = {
    "in due": 2,
    "in 2": 2,
    "in tre": 3,
    "in 3": 3,
    "in quattro": 4,
    "in 4": 4,
    "zu zweit": 2,
    "zu dritt": 3,
    "zu viert": 4,
    "zweit": 2,  # "zu" and "a" may be read as filler words before the food is
    "dritt": 3,
    "viert": 4,
    "a medias": 2,
    "medias": 2,
    "entre dos": 2,
    "entre los dos": 2,
    "entre tres": 3,
    "a deux": 2,
    "a trois": 3,
    "a quatre": 4,
    "entre nous deux": 2,
    "between us": 2,
    "between the two of us": 2,
    "between the three of us": 3,
    "between 2": 2,
    "between 3": 3,
    "between 4": 4,
}
_LONGEST = max(phrase.count(" ") + 1 for phrase in _TOGETHER)
# The words here no other rule knows, so typo repair leaves "zweit" and "medias" as said.
SHARING_WORDS = frozenset({*_SHARED_BEFORE, *_SHARED_AFTER, "zweit", "dritt", "viert", "medias"})


def shared_by(tokens: Tokens, before: int, after: int) -> tuple[int, list[range]]:
    """How many shared the food whose amount is said right after token `before` and whose
    words end right before token `after`, and the tokens that say so: (1, []) when the
    words say it was not shared."""
    people, said = 1, []
    if 0 <= before and not tokens.used[before] and tokens.items[before].text in _SHARED_BEFORE:
        people, said = 2, [range(before, before + 1)]
    words: list[str] = []
    for j in range(after, min(after + _LONGEST, len(tokens))):
        if tokens.items[j].kind == "punct":
            break
        words.append(tokens.items[j].text)
    for n in range(len(words), 0, -1):
        phrase = " ".join(words[:n])
        if phrase in _TOGETHER or (n == 1 and phrase in _SHARED_AFTER):
            return max(people, _TOGETHER.get(phrase, 2)), [*said, range(after, after + n)]
    return people, said
