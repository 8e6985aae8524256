"""What the offline planner reads besides foods, check-ins and notes: weights, goals and numbers
out of range (supplements: bot/planner/offline/supplements.py).

Each `find_*` claims the tokens it understood and returns what it found with the index of its
first token, so the planner can give each finding the date of the clause it came from.
Phrases are written against normalised text (lower case, no accents, no apostrophes).
"""

from __future__ import annotations

import re
from typing import Literal

from bot.kernel.plausibility import (
    MAX_GOAL_GRAMS,
    MAX_GOAL_KCAL,
    MAX_KG,
    MAX_STATED_KCAL,
    MIN_GOAL_KCAL,
    MIN_KG,
)
from bot.planner.offline.checkins import CHECKIN_NUMBER_RE, CHECKIN_PHRASES
from bot.planner.offline.figures import ENERGY_RE, NOT_EATEN_BEFORE
from bot.planner.offline.sleep_hours import SLEEP_HOURS_RE
from bot.planner.offline.supplements import supplement_phrases
from bot.planner.offline.text import NUM, Found, Tokens, rx
from bot.planner.offline.unitless import NOT_A_WEIGHT, UNITLESS_RE, read_unitless

RangeKind = Literal["rating", "weight", "energy", "goal"]
KG_PER = {"kg": 1.0, "lb": 0.45359237, "st": 6.35029318}
_KG_WORDS = r"kg|kgs|kilo|kilos|kilogram|kilograms|kilogramm|kilogramos"
_LB_WORDS = r"lb|lbs|pound|pounds|libra|libras"
_ST_WORDS = r"st|stone|stones"
_LINK = r"(?: (?:is|was|of|at|in|now|=|:|ist|war|es|fue|de|heute|today|hoy|around|about|ca))*"

# What the scale says: "Waage sagt", "la balanza marca", "la balance indique".
_SCALE_SAYS = (
    r"(?:the |my |die |meine |la |mi |ma )?(?:scale|scales|waage|balanza|bascula|balance"
    r"|bilancia|pese personne)(?: (?:says|said|shows|showed|reads|read|sagt|zeigt|zeigte|marca"
    r"|dice|indica|indique|affiche|dit|segna|mostra|muestra))?"
)
_SCALE_SAYS_RE = rx(_SCALE_SAYS)
_WEIGHT_KEYWORDS = (
    r"(?:my )?(?:body )?weight|weigh|weighed|weighing|weight in|i weigh|i weighed|im|i am"
    rf"|gewicht|wiege|ich wiege|gewogen|peso|pese|pesaba|peso hoy|poids|pesato|pesata|pesee"
    rf"|{_SCALE_SAYS}"
)
_WEIGHT_RE = rx(
    rf"(?:(?P<kw>{_WEIGHT_KEYWORDS}){_LINK} )?(?P<num>{NUM}) ?(?P<unit>{_KG_WORDS}|{_LB_WORDS}"
    rf"|{_ST_WORDS})(?: (?P<lbs>{NUM}) ?(?:{_LB_WORDS})?)?"
)
_BARE_WEIGHT_RE = UNITLESS_RE
_WEIGHT_GOAL_RE = rx(
    rf"(?:(?:set|change|update|make) )?(?:my )?(?:goal weight|target weight|weight goal"
    rf"|weight target|zielgewicht|wunschgewicht|peso objetivo|peso ideal|meta de peso"
    rf"|objetivo de peso|i want to weigh|want to get to){_LINK}(?: to| auf| a| en)?"
    rf" (?P<num>{NUM}) ?(?P<unit>{_KG_WORDS}|{_LB_WORDS})?"
)
_GOAL_FIELDS = {
    "calorie": "calories",
    "calories": "calories",
    "kcal": "calories",
    "kalorien": "calories",
    "kalorienziel": "calories",
    "calorias": "calories",
    "protein": "protein",
    "eiweiss": "protein",
    "proteina": "protein",
    "proteinas": "protein",
    "carb": "carbs",
    "carbs": "carbs",
    "carbohydrate": "carbs",
    "carbohydrates": "carbs",
    "kohlenhydrate": "carbs",
    "carbohidratos": "carbs",
    "fat": "fat",
    "fett": "fat",
    "grasa": "fat",
    "grasas": "fat",
}
_FIELD_ALT = "|".join(sorted(_GOAL_FIELDS, key=len, reverse=True))
_GOAL_WORDS = r"goal|goals|target|limit|ziel|objetivo|meta"
_NUTRITION_GOAL_RE = rx(
    rf"(?:(?:set|change|update|make|put) )?(?:my )?(?:daily )?(?:(?:{_GOAL_WORDS}) (?:for |de )?"
    rf"(?P<f1>{_FIELD_ALT})|(?P<f2>{_FIELD_ALT}) (?:{_GOAL_WORDS})|(?P<f3>{_FIELD_ALT})ziel)"
    rf"{_LINK}(?: to| auf| a| en)? (?P<num>{NUM})"
    rf"(?: ?(?:kcal|cal|calories|g|grams|gramm|gramos|a day|per day|pro tag|al dia))*"
)


def _kg(value: float, unit: str, extra_lb: float | None = None) -> float | None:
    if unit in _ST_WORDS.split("|"):
        kg = value * KG_PER["st"] + (extra_lb or 0.0) * KG_PER["lb"]
    elif unit in _LB_WORDS.split("|"):
        kg = value * KG_PER["lb"]
    else:
        kg = value
    return round(kg, 2) if MIN_KG <= kg <= MAX_KG else None


# "weight 90.5 kg, goal 85": a bare goal beside a body weight is a weight goal, in its unit.
_BARE_GOAL_RE = rx(
    rf"(?:my )?(?:goal|target|aim)(?: is| of| to| at| =| :)? (?P<num>{NUM})"
    rf"(?: ?(?P<unit>{_KG_WORDS}|{_LB_WORDS}))?"
)


def find_weight_goals(tokens: Tokens) -> list[Found[float]]:
    found: list[Found[float]] = []
    for match, span in tokens.matches(_WEIGHT_GOAL_RE):
        kg = _kg(float(match.group("num")), match.group("unit") or "kg")
        if kg is not None:
            tokens.claim(span)
            found.append(Found(span.start, kg))
    weight = _WEIGHT_RE.search(tokens.joined) or _BARE_WEIGHT_RE.search(tokens.joined)
    if weight is not None and not found:
        said = weight.groupdict().get("unit") or "kg"
        for match, span in tokens.matches(_BARE_GOAL_RE):
            kg = _kg(float(match.group("num")), match.group("unit") or said)
            if kg is not None:
                tokens.claim(span)
                found.append(Found(span.start, kg))
    return found


def find_nutrition_goals(tokens: Tokens) -> dict[str, float]:
    """Calorie and macro goals by field; a later mention of the same field wins."""
    goals: dict[str, float] = {}
    for match, span in tokens.matches(_NUTRITION_GOAL_RE):
        word = match.group("f1") or match.group("f2") or match.group("f3")
        value = float(match.group("num"))
        field = _GOAL_FIELDS[word]
        if (field == "calories" and MIN_GOAL_KCAL <= value <= MAX_GOAL_KCAL) or (
            field != "calories" and 0 < value <= MAX_GOAL_GRAMS
        ):
            tokens.claim(span)
            goals[field] = value
    return goals


def find_weights(
    tokens: Tokens, last_kg: float | None = None, asks: list[float] | None = None
) -> list[Found[float]]:
    """Body weights: "72.4 kg", "weight 160 lb", "11 st 4", "Gewicht 72", "I'm at 176"
    (without a unit: bot/planner/offline/unitless.py; a number whose unit is still a question
    is logged in kg and added to `asks`)."""
    found: list[Found[float]] = []
    for match, span in tokens.matches(_WEIGHT_RE):
        lbs = match.group("lbs")
        if lbs and match.group("unit") not in _ST_WORDS.split("|"):
            span = tokens.span(match, "unit")
            span = range(tokens.span(match).start, span.stop)
            lbs = None
        kg = _kg(float(match.group("num")), match.group("unit"), float(lbs) if lbs else None)
        if kg is not None:
            tokens.claim(span)
            found.append(Found(span.start, kg))
    for match, span in tokens.matches(_BARE_WEIGHT_RE):
        unitless = read_unitless(float(match.group("num")), last_kg)
        if unitless is not None:
            tokens.claim(span)
            found.append(Found(span.start, unitless.kg))
            if unitless.ask and asks is not None:
                asks.append(unitless.value)
    for _match, span in tokens.matches(_SCALE_SAYS_RE) if found else ():
        tokens.claim(span)  # "Waage sagt heute 78,3 kg": the date word between was read
    return found


def find_out_of_range(tokens: Tokens) -> list[tuple[range, RangeKind]]:
    """Numbers in a place the rules know but outside what they accept: "mood 9", "weight 0 kg".

    Run after the other rules: what they accepted is claimed, so a match left over is one
    they refused for its value. It is claimed here, so the reply can give the allowed range
    instead of "couldn't place". A weight needs its keyword ("lost 2 kg" is no body weight)
    and energy that was not eaten ("burned 300 kcal") is left alone.
    """
    found: list[tuple[range, RangeKind]] = []
    for _match, span in tokens.matches(CHECKIN_NUMBER_RE):
        tokens.claim(span)
        found.append((span, "rating"))
    for pattern in (_WEIGHT_GOAL_RE, _NUTRITION_GOAL_RE):
        for _match, span in tokens.matches(pattern):
            tokens.claim(span)
            found.append((span, "goal"))
    for match, span in tokens.matches(_WEIGHT_RE):
        if match.group("kw"):
            tokens.claim(span)
            found.append((span, "weight"))
    for _match, span in tokens.matches(_BARE_WEIGHT_RE):
        tokens.claim(span)
        found.append((span, "weight"))
    for match, span in tokens.matches(ENERGY_RE):
        before = {t.text for t in tokens.items[max(0, span.start - 4) : span.start]}
        value = float(match.group("num"))
        if match.group("unit") in {"kj", "kilojoules", "kilojoule"}:
            value /= 4.184
        if not before & NOT_EATEN_BEFORE and not 0 < value <= MAX_STATED_KCAL:
            tokens.claim(span)
            found.append((span, "energy"))
    return sorted(found, key=lambda f: f[0].start)


def normalized_phrase_words() -> frozenset[str]:
    """Every word the rules know, so typo correction can aim at them too. The words a
    unit-less weight must not be followed by ("2 coffees") are not words the rules read."""
    sources = [
        _WEIGHT_RE.pattern,
        _BARE_WEIGHT_RE.pattern.replace(NOT_A_WEIGHT, " "),
        _WEIGHT_GOAL_RE.pattern,
        _NUTRITION_GOAL_RE.pattern,
        CHECKIN_NUMBER_RE.pattern,
        SLEEP_HOURS_RE.pattern,
        *(p.pattern for p, _f, _v in CHECKIN_PHRASES),
        *supplement_phrases(),
    ]
    return frozenset(w for s in sources for w in re.findall(r"[a-z]{4,}", s))
