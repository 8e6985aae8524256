"""A food eaten together: "we shared a pizza", "split a bottle of wine", "una pizza in due",
"eine Pizza zu zweit", "una pizza a medias", "une pizza à deux". The person ate their part of
what was said, so the amount is divided by how many shared it (two unless the words say how
many). A taste of someone else's food ("a bite of my wife's cheesecake", "vom
Kaiserschmarrn meiner Frau genascht") is a share of it too, as if shared by two; a food only
said to be someone's ("my mom's lasagna") is eaten whole. Words folded, accents dropped ("à
deux" is "a deux").
"""

from __future__ import annotations

import re

from bot.planner.offline.fillers import PEOPLE
from bot.planner.offline.text import Tokens
from bot.planner.reader.quantities import (
    HOUSEHOLD_UNITS,
    MASS_UNITS,
    NUMBER_WORDS,
    SIZES,
    WHOLE_WORDS,
)
from bot.planner.reader.segment import SENTENCE_END_MARKS

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
    "entre cuatro": 4,
    "entre 2": 2,
    "entre 3": 3,
    "entre 4": 4,
    "entre nous trois": 3,
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
# Only tasted: "a bite of", "genascht", "probé", "goûté", "assaggiato".
_TASTED = frozenset(
    "tasted taste bite bites nibbled stole picked genascht probiert gekostet probe proba"
    " probado bocado goute gouter goutee assaggiato assaggiata assaggio".split()
)
_WHOSE = r"(?:my|his|her|our|meiner|meines|meinem|seiner|ihrer|mi|su|ma|mon|mia|mio|sua|suo)"
# Whose, said after the food: "meiner Frau", "de mi marido", "de ma femme", "di mia moglie".
_OWNER_RE = re.compile(rf"(?:(?:of|de|di|del|della|von|vom) )?{_WHOSE} (?:{PEOPLE})\b")
# ... or before it: "my wife's", "my husband's" (apostrophe dropped).
_OWNED_RE = re.compile(rf"{_WHOSE} (?:{PEOPLE})s")
_LONGEST = max(phrase.count(" ") + 1 for phrase in _TOGETHER)
# The words here no other rule knows, so typo repair leaves "zweit" and "medias" as said.
SHARING_WORDS = frozenset(
    {*_SHARED_BEFORE, *_SHARED_AFTER, *_TASTED, *re.findall(r"[a-z]+", _WHOSE)}
    | {"zweit", "dritt", "viert", "medias"}
)


def shared_by(tokens: Tokens, before: int, after: int) -> tuple[int, list[range]]:
    """How many shared the food whose amount is said right after token `before` and whose
    words end right before token `after`, and the tokens that say so: (1, []) when the
    words say it was not shared."""
    people, said = 1, []
    if 0 <= before and not tokens.used[before] and tokens.items[before].text in _SHARED_BEFORE:
        people, said = 2, [range(before, before + 1)]
    words: list[str] = []
    start = _past_ellipsis(tokens, after)  # "medio kilo de helado... entre 3"
    for j in range(start, min(start + _LONGEST, len(tokens))):
        if tokens.items[j].kind == "punct":
            break
        words.append(tokens.items[j].text)
    counted = _people_counted(tokens, start) if _whole_said(tokens, before, after) else None
    if counted is not None:  # "a large pizza split 3 ways", "a bottle ... between 4 of us"
        many, length = counted
        return max(people, many), [*said, range(after, start + length)]
    for n in range(len(words), 0, -1):
        phrase = " ".join(words[:n])
        if phrase in _TOGETHER or (n == 1 and phrase in _SHARED_AFTER):
            return max(people, _TOGETHER.get(phrase, 2)), [*said, range(after, start + n)]
    paused = _shared_after_pause(tokens, start) if people == 1 else None
    if paused is not None:  # "a pizza, shared with my wife"
        return 2, [range(after, paused)]
    tasted = tasted_from(tokens, before, after) if people == 1 else []
    return (2, tasted) if tasted else (people, said)


_COUNT = rf"\d+|{'|'.join(w for w, v in NUMBER_WORDS.items() if v >= 2 and v == int(v))}"
_WHO = (
    "people|persons|person|of us|friends|others|guys|personen|leute|leuten|freunden|freunde"
    "|personas|amigos|amigas|personnes|amis|copains|persone|amici"
)
# How many shared it, counted, said after the food: "split with 4 people" (the person and
# four others), "between the 3 of us", "unter 4 Leuten", "entre 3 amigos", "split 3 ways".
# ("for 4 people", "para 4 personas" say whom a dish was made for, not what was eaten.)
_SHARING = "|".join(sorted(_SHARED_AFTER | _SHARED_BEFORE))
_PEOPLE_COUNTED_RE = re.compile(
    rf"(?:(?P<shared>{_SHARING}) )?"
    rf"(?:(?:(?P<with>with|w|mit|con|avec)|between|among|amongst|by|entre|unter|tra|fra) "
    rf"(?:(?:the|us|nous|los|les|noi) )?(?P<n>{_COUNT})(?: (?P<who>{_WHO}))?"
    rf"|(?P<ways>{_COUNT}) ways)(?: (?:{_SHARING}))?(?!\S)"
)


_WHOLE = frozenset({*MASS_UNITS, *HOUSEHOLD_UNITS, *SIZES, *WHOLE_WORDS, "family"})


def _whole_said(tokens: Tokens, before: int, after: int) -> bool:
    """Whether the amount said between tokens `before` and `after` is a whole to share (a
    bottle, 2 litres, a large pizza, 500 g), not one person's portion ("a raclette")."""
    said = tokens.items[before + 1 : after]
    return any(t.kind == "num" or t.text in _WHOLE for t in said)


def _people_counted(tokens: Tokens, at: int) -> tuple[int, int] | None:
    """How many shared a food, counted in the words from token `at` on, and how many words say
    so; None when they do not. Shared "with" so many, the person is one more; only eaten with
    them ("tacos with 3 friends"), it was not shared."""
    end = at
    while end < len(tokens) and tokens.items[end].kind != "punct" and end - at < 8:
        end += 1
    said = " ".join(t.text for t in tokens.items[at:end])
    match = _PEOPLE_COUNTED_RE.match(said)
    if match is None or (
        match.group("with") and not (match.group("who") and match.group("shared"))
    ):
        return None  # "with 4 cheeses", "tacos with 3 friends": company, no share said
    word = match.group("n") or match.group("ways")
    many = int(word) if word.isdigit() else int(NUMBER_WORDS[word])
    many += 1 if match.group("with") else 0
    if not 2 <= many <= 12:
        return None
    return many, match.group(0).count(" ") + 1


_WITH_WHOM_RE = re.compile(rf"(?:with|w|mit|con|avec) (?:{_WHOSE} )?(?:{PEOPLE})")
_PAUSES = frozenset({",", "-", "–"})


def _shared_after_pause(tokens: Tokens, at: int) -> int | None:
    """The token after the words saying a food was shared, said after a pause at token
    `at` ("a pizza, shared with my wife", "eine Pizza, mit meiner Frau geteilt", "une pizza,
    partagée avec ma copine"), when they end the clause; else None."""
    if at >= len(tokens) or tokens.items[at].text not in _PAUSES:
        return None
    end = at + 1
    while end < len(tokens) and tokens.items[end].kind != "punct":
        end += 1
    said = " ".join(t.text for t in tokens.items[at + 1 : end])
    whom = rf"(?: {_WITH_WHOM_RE.pattern}| between us| between the two of us)?"
    share = "|".join(sorted(_SHARED_BEFORE | _SHARED_AFTER))
    pattern = rf"(?:{share}){whom}|{_WITH_WHOM_RE.pattern} (?:{share})"
    return end if re.fullmatch(pattern, said) else None


def _past_ellipsis(tokens: Tokens, at: int) -> int:
    """The token after an ellipsis ("...", "…") starting at token `at`, a pause and no end
    of the sentence; `at` itself when none starts there."""
    end = at
    while end < len(tokens) and tokens.items[end].text in {".", "…"}:
        end += 1
    dots = end - at
    return end if dots >= 2 or (dots == 1 and tokens.items[at].text == "…") else at


def tasted_from(tokens: Tokens, before: int, after: int) -> list[range]:
    """The words saying the person only tasted someone else's food, when they do ("a bite of
    my wife's cheesecake", "vom Kaiserschmarrn meiner Frau genascht", "probé el flan de mi
    marido"): a share of it, as if shared by two. Else none."""
    tasted = _tasting(tokens, after)
    if tasted is None:
        return []
    owner = _OWNER_RE.match(" ".join(t.text for t in tokens.items[after : after + 4]))
    if owner is not None:
        return [range(after, after + owner.group(0).count(" ") + 1), tasted]
    owned = " ".join(t.text for t in tokens.items[max(before - 1, 0) : before + 1])
    if before >= 1 and _OWNED_RE.fullmatch(owned):
        return [range(before - 1, before + 1), tasted]
    return []


def _tasting(tokens: Tokens, at: int) -> range | None:
    """The word of the sentence around token `at` saying something was only tasted."""
    start = at
    while start > 0 and tokens.items[start - 1].text not in SENTENCE_END_MARKS:
        start -= 1
    end = at
    while end < len(tokens) and tokens.items[end].text not in SENTENCE_END_MARKS:
        end += 1
    found = (i for i in range(start, end) if tokens.items[i].text in _TASTED)
    return next((range(i, i + 1) for i in found if not tokens.used[i]), None)
