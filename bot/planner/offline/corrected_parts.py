"""What a correction within a message changes in the food said before it, other than its
number: the share eaten ("pizza margherita intera, anzi no, metà", "a bagel, sorry, only
half", "eine Pizza, nein, die Hälfte"), a part of it ("flat white w oat milk, scratch that,
regular milk": the flat white with regular milk) or its kind ("un cornetto alla crema, no
scusa, vuoto": a plain cornetto). The text said before is rewritten as the person settled
it and read again (corrections.py); a rewriting is kept only when it is read in full, as
many foods as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from bot.agent_api.actions import NutritionAddEntry
from bot.planner.base import Plan
from bot.planner.reader.quantities import fmt_amount

# A share said alone after the correcting words, in the five languages: what part of the
# food said before was eaten.
_SHARES = {
    "1/2": r"half|a half|one half|halb|halbe|die hälfte|hälfte|die halfte|halfte|la mitad|mitad"
    r"|la moitié|moitié|la moitie|moitie|la metà|metà|la meta|mezza|mezzo|eine halbe|ein halbes"
    r"|ein halber|una media|un medio|une demie|un demi|una mezza|un mezzo",
    "1/3": r"a third|one third|ein drittel|drittel|un tercio|un tiers|un terzo",
    "1/4": r"a quarter|one quarter|quarter|ein viertel|viertel|un cuarto|un quart|un quarto",
}
_SAID_BEFORE_SHARE = (
    r"it was|was|were|war|waren|eran|era|fueron|fue|c'était|c'etait|erano|era|just|only|nur"
    r"|solo|sólo|seulement|juste|soltanto|i ate|ate|i had|had|ich hatte|me comí|comí"
    r"|j'en ai mangé|ne ho mangiata|ne ho mangiato|more like|like|eher|plutôt|plutot|davon"
)
# ... or that the whole of it was: "half a sandwich, no, the whole thing".
_WHOLE_SAID = (
    r"the whole thing|the whole one|the whole|whole|all of it|das ganze|die ganze|den ganzen"
    r"|ganz|alles|todo|toda|entera|entero|tout|toute|entière|entier|tutto|tutta|intera|intero"
)
_SHARE_RE = re.compile(
    rf"^[\s,.;:!\-–]*(?:(?:{_SAID_BEFORE_SHARE})\s+)*"
    rf"(?:{'|'.join(f'(?P<s{i}>{alt})' for i, alt in enumerate([*_SHARES.values(), _WHOLE_SAID]))})"
    r"(?:\s+(?:of it|davon|de ella|de él|d'elle|d'elles|ne))?[\s.!)]*$",
    re.IGNORECASE,
)
# Words that say the food was eaten whole, taken out when a share of it is said instead.
_WHOLE_RE = re.compile(
    r"\s*\b(?:whole|entire|ganze|ganzen|ganzes|ganz|entera|entero|entière|entiere|entier"
    r"|intera|intero)\b",
    re.IGNORECASE,
)
_SHARE_SAID_RE = re.compile(
    r"(?:\b(?:a|an|eine|ein|einen|une|un|una|uno)\s+)?"
    r"(?:\b(?:half|halbe[nrs]?|halb|die hälfte|la mitad|media|medio|la moitié|demi|demie|mezza"
    r"|mezzo|metà)\b|(?<!\S)(?:1/2|½))"
    r"(?:\s+(?:of an?|an?|de una|de un|d'une|d'un|de|di una|di un|di|von))?\s*",
    re.IGNORECASE,
)
_NUMBER_WORD = (
    r"\d+(?:[.,]\d+)?|a|an|one|two|three|four|ein|eine|einen|zwei|drei|vier|un|una|uno|une"
    r"|dos|tres|cuatro|deux|trois|quatre|due|tre|quattro"
)
_LAST_NUMBER_RE = re.compile(rf"\b(?:{_NUMBER_WORD})\b(?!.*\b(?:{_NUMBER_WORD})\b)", re.I | re.S)
_FIRST_NUMBER_RE = re.compile(rf"\b(?:{_NUMBER_WORD})\b", re.I)


def said_share(after: str) -> str | None:
    """The share said alone after the correcting words ("metà", "only half", "nur die
    Hälfte") as a fraction ("1/2"), or None when something else is said."""
    match = _SHARE_RE.match(after)
    if match is None:
        return None
    share = next(i for i, said in enumerate(match.groups()) if said is not None)
    return [*_SHARES, "1"][share]


def with_share(
    before: str, share: str, plan_part: Callable[[str], Plan], *, of_it: bool = False
) -> Plan | None:
    """The food said before, at the share said after ("pizza intera" -> "1/2 pizza"): its
    last number is the one replaced (or, `of_it`, taken that share of: "2 slices, ate half"
    is one slice), or the share is said before its name; None when no rewriting is read as
    the same foods for less."""
    earlier = plan_part(before)
    if share == "1" and of_it:  # "frozen pizza, ate the whole thing": all of what was said
        for text in _share_said_at_each_word(before, "a whole"):
            plan = plan_part(text)
            if _same_foods(earlier, plan) and _kcal(plan) > _kcal(earlier):
                return plan
        return earlier
    if share == "1":  # "half a sandwich, no, the whole thing": the share said taken out
        for text in (_SHARE_SAID_RE.sub("1 ", before, count=1), _SHARE_SAID_RE.sub("", before)):
            plan = plan_part(text)
            if _same_foods(earlier, plan) and _kcal(plan) > _kcal(earlier):
                return plan
        return None
    said = _WHOLE_RE.sub("", before).rstrip(" ,.;:!-–")
    # A share of it is of the food's own amount, said first ("made a smoothie with 1 banana")
    number = (_FIRST_NUMBER_RE if of_it else _LAST_NUMBER_RE).search(said)
    part = _fraction(share) if of_it else 1.0
    if number is not None and of_it:
        share = _share_of(number.group(0), share)
    tried = (
        [said[: number.start()] + share + said[number.end() :]]
        if number is not None
        else list(_share_said_at_each_word(said, share))
    )
    for text in tried:
        plan = plan_part(text)
        if not _same_foods(earlier, plan) or _kcal(plan) >= _kcal(earlier):
            continue
        if of_it and abs(_kcal(plan) - part * _kcal(earlier)) > 0.2 * _kcal(earlier):
            continue  # not that share of it: the share went to a part of it
        return plan
    return None


def _fraction(share: str) -> float:
    top, bottom = share.split("/")
    return int(top) / int(bottom)


_COUNT_WORDS = {
    **dict.fromkeys("a an one ein eine einen un une una uno".split(), 1),
    **dict.fromkeys("two zwei dos deux due".split(), 2),
    **dict.fromkeys("three drei tres trois tre".split(), 3),
    **dict.fromkeys("four vier cuatro quatre quattro".split(), 4),
}


def _share_of(number: str, share: str) -> str:
    """`share` ("1/2") of the amount `number` said ("2", "a", "tres"): "1", "1/2", "1.5"."""
    count = _COUNT_WORDS.get(number.lower()) or float(number.replace(",", "."))
    return fmt_amount(count * _fraction(share))


# A share eaten said after the food, in its own words: "drank half, saving the rest", "nur
# die Hälfte gegessen", "me comí la mitad", "j'en ai mangé la moitié", "ne ho bevuto metà".
_EATEN = (
    r"ate|drank|had|finished|managed|eaten|only ate|only drank|only had|gegessen|getrunken"
    r"|geschafft|aufgegessen|comí|me comí|bebí|me bebí|tomé|me tomé|j'en ai mangé|j'en ai bu"
    r"|mangé|bu"
    r"|ne ho mangiato|ne ho mangiata|ne ho bevuto|ne ho bevuta|mangiato|mangiata|bevuto|bevuta"
)
_REST = (
    r"(?:sav\w*|kept|keeping|leaving|left) the rest\b.*|(?:the )?rest for later\b.*"
    r"|(?:den )?rest\b.*|(?:el )?resto\b.*|(?:le )?reste\b.*|(?:il )?resto\b.*"
)
# ... or all of it: "frozen pizza, ate the whole thing", "eine Tüte Chips, alles aufgegessen".
_ALL_OF_IT = (
    r"the whole thing|the whole lot|the whole (?:bag|box|pint|packet|tub|jar)|all of it|alles"
    r"|das ganze|todo|entero|entera|tout|en entier|tutto|intero|intera"
)
_SHARE_WORDS = "|".join([*_SHARES.values(), _ALL_OF_IT])
_EATEN_SHARE_RE = re.compile(
    rf"[,.;:!\-–]\s*(?:i\s+|ich\s+|hab\s+|habe\s+|ho\s+)?(?:(?:only|just|nur|solo|sólo"
    rf"|que|seulement)\s+)?(?:(?:{_EATEN})\s+(?:(?:only|just|nur|solo|sólo|que|seulement)\s+)?"
    rf"(?P<share>{_SHARE_WORDS})(?:\s+(?:of it|davon))?"
    rf"|(?P<first>{_SHARE_WORDS})(?:\s+davon)?\s+(?:{_EATEN})|(?P<all>{_ALL_OF_IT}))"
    rf"(?:\s*[,.;:!\-–]?\s*(?:{_REST}))?[\s.!]*$",
    re.IGNORECASE,
)


_TAKEN_BACK_RE = re.compile(
    r"\b(?:no|nope|nein|non|sorry|scusa|perdón|perdon|pardon|wait|anzi)\W*$", re.IGNORECASE
)


def eaten_share(text: str) -> tuple[str, str] | None:
    """The words said before a share eaten said at the end ("a smoothie, drank half"), and
    the share as a fraction ("1/2"); None when no share eaten ends the message."""
    match = _EATEN_SHARE_RE.search(text)
    if match is None or not text[: match.start()].strip():
        return None
    said = match.group("share") or match.group("first") or match.group("all")
    if match.group("all") and _TAKEN_BACK_RE.search(text[: match.start()]):
        return None  # "half a sandwich, no, the whole thing": a correction, read as one
    if re.fullmatch(_ALL_OF_IT, said, re.IGNORECASE):
        return text[: match.start()], "1"
    share = next(f for f, alt in _SHARES.items() if re.fullmatch(alt, said, re.IGNORECASE))
    return text[: match.start()], share


def _share_said_at_each_word(said: str, share: str) -> Iterator[str]:
    """`said` with `share` put before each word of its last item, first to last."""
    start = max((m.end() for m in re.finditer(r"[,;:]", said)), default=0)
    for word in re.finditer(r"\S+", said[start:]):
        at = start + word.start()
        yield f"{said[:at]}{share} {said[at:]}"


# Words joining a part or a kind to the food it is of: "w oat milk", "alla crema", "mit Hafer".
_JOINING = (
    r"w|w/|with|mit|con|avec|au|aux|à la|a la|al|alla|allo|alle|ai|agli|de|di|del|della"
    r"|dello|du|des|mi|en"
)
_JOINED_RE = re.compile(rf"\s(?:{_JOINING})\s(?!.*\s(?:{_JOINING})\s)", re.IGNORECASE | re.S)
_NOT_A_KIND_RE = re.compile(
    r"^\W*(?:no|not|none|without|ohne|kein|keine|sin|sans|pas de|senza|niente|\d)",
    re.IGNORECASE,
)
_ARTICLE_RE = re.compile(
    r"^\s*(?:a|an|the|ein|eine|einen|un|una|uno|une|el|la|le|il|lo)\s+", re.IGNORECASE
)


def with_part(before: str, after: str, plan_part: Callable[[str], Plan]) -> Plan | None:
    """The food said before with a part or kind said after in place of its own ("flat white
    w oat milk" corrected to "regular milk": a flat white w regular milk; "cornetto alla
    crema" to "vuoto": cornetto vuoto); None when `after` names no such part or kind."""
    said = _ARTICLE_RE.sub("", after.strip(" ,.;:!-–)"))
    words = said.split()
    if not words or len(words) > 3 or _NOT_A_KIND_RE.match(said):
        return None
    earlier = plan_part(before)
    for text in _part_rewritings(before.rstrip(" ,.;:!-–"), words):
        plan = plan_part(text)
        if _same_foods(earlier, plan) and _names(plan) != _names(earlier):
            return plan
    return None


def _part_rewritings(before: str, words: list[str]) -> Iterator[str]:
    """`before` with `words` in place of what they correct: the words before the same last
    word ("oat milk" -> "regular milk"), the words after the same first word ("leche
    entera" -> "leche de avena"), what is joined to the food, or its last word."""
    head = _last_said(words[-1], before)
    if head is not None and head.start() > 0:
        said = before[: head.start()].split()
        kept = said[: max(len(said) - (len(words) - 1), 0)]
        while len(kept) < len(said) and re.fullmatch(_JOINING, said[len(kept)], re.I):
            kept.append(said[len(kept)])  # "w oat milk": the "w" stays
        yield " ".join([*kept, *words]) + before[head.end() :]
    first = _last_said(words[0], before) if len(words) > 1 else None
    if first is not None and first.start() > 0:
        yield before[: first.start()] + " ".join(words)
    joined = _JOINED_RE.search(before)
    if joined is not None:
        yield f"{before[: joined.start()]} {' '.join(words)}"  # "cornetto alla crema": vuoto
    if len(words) == 1 and len(before.split()) > 1:
        yield before.rsplit(None, 1)[0] + " " + words[0]  # "vino tinto" -> "vino blanco"


def _last_said(word: str, text: str) -> re.Match[str] | None:
    """Where `word` is said last in `text`, as a word."""
    return re.search(rf"\b{re.escape(word)}\b(?!.*\b{re.escape(word)}\b)", text, re.I | re.S)


def _foods(plan: Plan) -> list[NutritionAddEntry]:
    return [a for a in plan.actions if isinstance(a, NutritionAddEntry)]


def _same_foods(earlier: Plan, plan: Plan) -> bool:
    """Whether `plan` is read in full and logs as many foods as `earlier`, and nothing else."""
    foods = _foods(plan)
    return (
        plan.understood and bool(foods) and len(foods) == len(plan.actions) == len(_foods(earlier))
    )


def _kcal(plan: Plan) -> float:
    return sum(a.entry.calories or 0 for a in _foods(plan))


def _names(plan: Plan) -> list[str]:
    return [a.entry.food for a in _foods(plan)]
