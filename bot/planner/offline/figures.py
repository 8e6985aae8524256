"""Energy and macros as a person states them: "250 kcal", "1.1k cals", "800 kJ", "25 g protein",
"carbs 40g", "14p 60c 8f". Read here; `stated.py` gives each to the item it is for.
"""

from __future__ import annotations

import re

from bot.kernel.plausibility import MAX_STATED_KCAL
from bot.planner.offline.feelings import EXERCISE
from bot.planner.offline.sources import SOURCE_RE
from bot.planner.offline.text import NUM, Tokens, rx
from bot.planner.reader.quantities import APPROXIMATELY, MASS_UNITS

_GUESS = "|".join(sorted(APPROXIMATELY, key=len, reverse=True))  # "about", "environ", "tipo"
_ENERGY = (
    rf"(?:(?:{_GUESS}) )?(?P<num>{NUM})(?: ish)?(?: (?P<k>k)(?= ))?"
    r" ?(?P<unit>kcal|kcals|cal|cals|calories|calorie|kalorien|calorias|kj|kilojoules|kilojoule)"
)
ENERGY_RE = rx(_ENERGY)
# Energy that is not eaten: "burned 300 kcal", "2000 calories a day" (a goal, not a meal).
_BURN_BEFORE = frozenset(
    "burn burned burnt verbrannt verbraucht queme quemado bruciato bruciate brule depense gaste"
    " gastado consumato consumate consumati".split()
)
NOT_EATEN_BEFORE = _BURN_BEFORE | frozenset(
    "want goal target limit aim budget under over ziel".split()
)
_NOT_EATEN_AFTER = rx(r"a day|per day|daily|pro tag|am tag|al dia|por dia|left|remaining")
# "420 cal burned": exercise, which the service does not track
_BURNT_AFTER = rx(
    r"burned|burnt|verbrannt|quemadas?|quemados?|brulees?|bruciate|bruciati|active|activas?"
    r"|verbraucht|depensees?|depenses?|gastadas?|gastados?|consumate|consumati"
)
# What a number read off a package may be followed by that makes it no energy.
_NOT_KCAL = frozenset("% x ml l cl dl oz lb lbs min mins h km steps p c f".split())
NUM_RE = re.compile(NUM)
# What ends the words an energy is said after: "ran 5k then a shake 160 cal" (the shake's).
_THEN = frozenset("then and after dann und danach luego y despues puis et apres poi e dopo".split())
# What an exercise machine or watch calls the energy it counted: "300 kj output".
_BURNED_AFTER = frozenset("output leistung".split())


def _burnt_span(tokens: Tokens, span: range, after: str) -> range | None:
    """The words of an energy exercise burned ("burned 600 cals", "400 kcal verbraucht", "45
    min spin class, 500 kcal", "300 kj output"), or None when it is not burned."""
    said = [
        i
        for i in range(max(0, span.start - 4), span.start)
        if tokens.items[i].text in _BURN_BEFORE and not tokens.used[i]
    ]
    word_after = span.stop < len(tokens) and (
        bool(_BURNT_AFTER.match(after)) or tokens.items[span.stop].text in _BURNED_AFTER
    )
    if not (said or word_after or _exercise_after(tokens, span) or _burned(tokens, span)):
        return None
    return range(said[0] if said else span.start, span.stop + (1 if word_after else 0))


def _exercise_after(tokens: Tokens, span: range) -> bool:
    """Whether exercise is named in the few words after an energy said after no food ("500
    kcal au vélo", "350 kcal in palestra"); not after a food ("a shake, 300 kcal after gym"
    is the shake's: its words end at the comma)."""
    if span.start and tokens.used[span.start - 1]:
        return False
    for i in range(span.stop, min(span.stop + 3, len(tokens))):
        if tokens.items[i].kind == "punct" or tokens.items[i].text in _THEN:
            return False
        if tokens.items[i].text in EXERCISE:
            return True
    return False


def _burned(tokens: Tokens, span: range) -> bool:
    """Whether an energy is what exercise burned: said right after the exercise ("20 min
    rowing machine, 300 kj", "45 min spin class, 500 kcal"). The words before it are read back
    to a food, a "then" or the sentence's end."""
    j, said = span.start - 1, False
    while j >= 0 and not tokens.used[j]:
        token = tokens.items[j]
        if token.kind == "punct" and (token.text != "," or said):
            return False
        if token.text in _THEN:
            return False
        if token.text in EXERCISE:
            return True
        said = said or token.kind == "word"
        j -= 1
    return False


# A number said per serving without a unit is its energy: "280 per serving".
_PER_SERVING_RE = rx(
    rf"(?P<num>{NUM})(?= (?:per|a|each|pro|par|por|al|la|per la) (?:serving|serve|portion"
    r"|porcion|porzione|racion)(?!\S))"
)
# Below this a number per serving is no energy ("2 per serving": a count).
_LEAST_PER_SERVING = 20
# A number alone in brackets after a food, in a message that states energy in brackets
# elsewhere, is energy too: "roll (250 kcal), apple (80)". Read in the message as written:
# its tokens hold no brackets.
_BRACKETED_RE = re.compile(r"\(\s*(\d+)\s*\)")
_BRACKETED_ENERGY_RE = re.compile(
    r"\(\s*~?\s*\d+(?:[.,]\d+)?\s*(?:kcal|kcals|cal|cals|calories|kj)\s*\)", re.IGNORECASE
)


def _read_off(tokens: Tokens) -> list[tuple[range, float]]:
    """A number said right after where it was read, with no unit: "app says 800", "the label
    said 450". Energy, as a figure read off an app or a package is."""
    found: list[tuple[range, float]] = []
    for match in SOURCE_RE.finditer(tokens.joined):
        at = tokens.span(match).stop
        if at >= len(tokens) or tokens.used[at] or tokens.items[at].kind != "num":
            continue
        after = tokens.items[at + 1].text if at + 1 < len(tokens) else ""
        value = float(tokens.items[at].text) if NUM_RE.fullmatch(tokens.items[at].text) else 0
        if value >= _LEAST_PER_SERVING and after not in MASS_UNITS and after not in _NOT_KCAL:
            found.append((range(at, at + 1), value))
    return found


def _bracketed(text: str, tokens: Tokens) -> list[tuple[range, float]]:
    """The numbers alone in brackets of a message that states energy in brackets elsewhere."""
    if not _BRACKETED_ENERGY_RE.search(text):
        return []
    found: list[tuple[range, float]] = []
    for match in _BRACKETED_RE.finditer(text):
        at = next((i for i, t in enumerate(tokens.items) if t.start == match.start(1)), None)
        value = float(match.group(1))
        if at is not None and not tokens.used[at] and value >= _LEAST_PER_SERVING:
            found.append((range(at, at + 1), value))
    return found


def find_energies(tokens: Tokens, text: str = "") -> list[tuple[range, float]]:
    """Stated energy ("250 kcal", "1.1k cals", "800 kJ"), in kcal, with the tokens it covers;
    `text`, the message as written, for a number in brackets beside others ("apple (80)")."""
    found: list[tuple[range, float]] = []
    per_serving = [
        (match, span)
        for match, span in tokens.matches(_PER_SERVING_RE)
        if float(match.group("num")) >= _LEAST_PER_SERVING
    ]
    for match, span in [*tokens.matches(ENERGY_RE), *per_serving]:
        burnt = _burnt_span(tokens, span, tokens.joined[match.end() :].lstrip())
        if burnt is not None:  # read, and never a food: the service keeps no exercise
            tokens.claim(burnt)
            continue
        before = {t.text for t in tokens.items[max(0, span.start - 4) : span.start]}
        if before & NOT_EATEN_BEFORE or _NOT_EATEN_AFTER.match(
            tokens.joined[match.end() :].lstrip()
        ):
            continue
        value = float(match.group("num")) * (1000 if match.re is ENERGY_RE and match["k"] else 1)
        if match.re is ENERGY_RE and match.group("unit") in {"kj", "kilojoules", "kilojoule"}:
            value /= 4.184
        if 0 < value <= MAX_STATED_KCAL:
            tokens.claim(span)
            found.append((span, round(value)))
    for span, value in _bracketed(text, tokens) + _read_off(tokens):
        if value <= MAX_STATED_KCAL:
            tokens.claim(span)
            found.append((span, round(value)))
    return sorted(found, key=lambda f: f[0].start)


_MACRO_WORDS = {
    "protein": "protein",
    "proteins": "protein",
    "prot": "protein",
    "carb": "carbs",
    "carbs": "carbs",
    "carbohydrate": "carbs",
    "carbohydrates": "carbs",
    "fat": "fat",
    "fats": "fat",
}
_ENGLISH_MACROS = frozenset(_MACRO_WORDS)
for _words, _field in (
    ("eiweiss eiweis proteine proteina proteinas proteines", "protein"),
    ("kohlenhydrate carboidrati carbohidratos hidratos glucides", "carbs"),
    ("fett grassi grasas lipides", "fat"),
):
    _MACRO_WORDS.update(dict.fromkeys(_words.split(), _field))
_MACRO_ALT = "|".join(sorted(_MACRO_WORDS, key=len, reverse=True))
# Before its grams only an English word names a macro: in "batido de proteinas 25g prot" the
# Spanish word names the shake.
_MACRO_BEFORE = "|".join(sorted(_ENGLISH_MACROS, key=len, reverse=True))
# Grams as the five languages write them: "15 gramos de proteína", "10 Gramm Eiweiß".
_GRAMS = r"(?:g|grams?|gr|gramm|gramos?|grammi|grammes?)"
# "50g pro": protein, shortened; "25 g pro 100 g" is German for "per".
_PRO = r"pro(?! \d| portion| stuck| tag| person| scheibe)"
_MACRO_WORDS["pro"] = "protein"
_MACRO_RE = rx(
    rf"(?P<num>{NUM}) ?{_GRAMS} (?:of |di |de |d )?(?P<macro>{_MACRO_ALT}|{_PRO})"
    rf"|(?P<macro2>{_MACRO_BEFORE}) (?P<num2>{NUM}) ?{_GRAMS}\b"
    rf"|(?P<num3>{NUM}) ?(?P<letter>p|c|f)"
)
_MACRO_LETTERS = {"p": "protein", "c": "carbs", "f": "fat"}
MAX_STATED_GRAMS = 500.0  # protein, carbs or fat a person may state for one item


def find_macros(tokens: Tokens) -> list[tuple[range, str, float]]:
    """Stated protein, carbs or fat ("25 g protein", "carbs 40g"): the tokens, the field, grams.
    Not claimed here: `writes` claims each one it gives to an item."""
    found: list[tuple[range, str, float]] = []
    letters: list[tuple[range, str, float]] = []
    for match, span in tokens.matches(_MACRO_RE):
        value = float(match.group("num") or match.group("num2") or match.group("num3"))
        if not 0 <= value <= MAX_STATED_GRAMS:
            continue
        if match.group("letter"):  # "14p 60c 8f": read only beside stated figures
            letters.append((span, _MACRO_LETTERS[match.group("letter")], value))
            continue
        found.append((span, _MACRO_WORDS[match.group("macro") or match.group("macro2")], value))
    if found or len(letters) > 1 or (letters and ENERGY_RE.search(tokens.joined)):
        found.extend(letters)
    return sorted(found, key=lambda f: f[0].start)
