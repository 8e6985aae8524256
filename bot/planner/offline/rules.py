"""What the offline planner reads besides foods, check-ins and notes: weights, goals, supplements,
and numbers out of range.

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
from bot.planner.offline.dates import rx
from bot.planner.offline.figures import ENERGY_RE, NOT_EATEN_BEFORE
from bot.planner.offline.sleep_hours import SLEEP_HOURS_RE
from bot.planner.offline.text import NUM, Found, Tokens, normalize, tokenize
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


SUPPLEMENTS: dict[str, str] = {
    "Vitamin D": "vitamin d|vitamin d3|vit d|vit d3|d3|vitamina d|vitamin d 3",
    "Vitamin C": "vitamin c|vit c|vitamina c",
    "Vitamin B12": "vitamin b12|vit b12|b12|vitamina b12",
    "Vitamin B complex": "b complex|vitamin b complex|b vitamins|b komplex|vitamin b komplex",
    "Vitamin K2": "vitamin k2|k2|vitamina k2",
    "Vitamin E": "vitamin e|vitamina e",
    "Vitamin A": "vitamin a|vitamina a",
    "Multivitamin": "multivitamin|multivitamins|multi vitamin|multivitamina|multivitaminico"
    "|multivit|multivits|multi|multis|multivitamine|multivitamines|multivitaminico",
    "Magnesium": "magnesium|magnesio|magnesium glycinate|magnesium citrate|mag|mag glycinate"
    "|magnesium bisglycinate|mag citrate",
    "Zinc": "zinc|zink",
    "Iron": "iron|eisen|hierro|fer|ferro",
    "Calcium": "calcium|calcio|kalzium",
    "Potassium": "potassium|kalium|potasio",
    "Omega-3": "omega 3|omega3|omega 3 capsules|omega|omega 3 s|omegas",
    "Fish oil": "fish oil|fischol|fischoel|aceite de pescado|cod liver oil",
    "Creatine": "creatine|kreatin|creatina",
    "Probiotic": "probiotic|probiotics|probiotikum|probiotika|probiotico|probioticos"
    "|probiotique|probiotiques|probiotici",
    "Melatonin": "melatonin|melatonina",
    "Ashwagandha": "ashwagandha",
    "Collagen": "collagen|kollagen|colageno",
    "Folic acid": "folic acid|folate|folsaure|acido folico",
    "Iodine": "iodine|jod|yodo",
    "Selenium": "selenium|selen|selenio",
    "Biotin": "biotin|biotina",
    "Turmeric": "turmeric|curcumin|kurkuma|curcuma",
    "CoQ10": "coq10|q10|coenzyme q10|coenzym q10",
    "Glucosamine": "glucosamine|glucosamin|glucosamina",
    "L-theanine": "l theanine|theanine|l-theanine",
    "Electrolytes": "electrolytes|elektrolyte|electrolitos",
    "Psyllium": "psyllium|psyllium husk|flohsamenschalen",
    "Spirulina": "spirulina",
    "Ginkgo": "ginkgo|gingko",
    "Prenatal vitamin": "prenatal|prenatals|prenatal vitamin|prenatal vitamins|prenatale"
    "|prenatales",
    # Medicines are marked taken like supplements, by their common name, whatever brand is said.
    "Paracetamol": "paracetamol|paracetamolo|acetaminophen|panadol|tylenol|tachipirina|doliprane"
    "|efferalgan|dafalgan|calpol|ben u ron",
    "Ibuprofen": "ibuprofen|ibuprofeno|ibuprofene|advil|nurofen|brufen|motrin|espidifen",
    "Aspirin": "aspirin|aspirina|aspirine",
    "Metformin": "metformin|metformina|metformine",
    "Lisinopril": "lisinopril",
    "Omeprazole": "omeprazole|omeprazol|omeprazolo|prilosec",
    "Levothyroxine": "levothyroxine|levothyroxin|levotiroxina|l thyroxin|l thyroxine"
    "|thyroxin|thyroxine|euthyrox|eutirox|levothyrox|synthroid",
    "Antihistamine": "cetirizine|cetirizin|cetirizina|loratadine|loratadin|loratadina|zyrtec"
    "|claritin",
}


def _as_tokens(phrase: str) -> str:
    return " ".join(t.text for t in tokenize(phrase))


_SUPPLEMENT_BY_ALIAS = {
    _as_tokens(alias): name for name, aliases in SUPPLEMENTS.items() for alias in aliases.split("|")
}
# A dose said without its unit follows the name: "tachipirina 1000", "l-thyroxin 75".
_DOSE = rf"{NUM} ?(?:iu|ie|ui|mg|mcg|ug|µg|g)"
_SUPPLEMENT_RE = rx(
    rf"(?:(?P<dose1>{_DOSE}) (?:of )?)?"
    rf"(?P<name>{'|'.join(sorted(map(re.escape, _SUPPLEMENT_BY_ALIAS), key=len, reverse=True))})"
    rf"(?: (?P<dose2>{_DOSE}|[1-9]\d{{1,3}}))?"
)
_TOOK_UNKNOWN_RE = rx(
    r"(?:took|taken|take|have taken|genommen|tome|tomado) (?:my |the |a |an |some |\d+ )?"
    r"(?P<what>(?:[a-z]+ ){0,2}(?:pills?|capsules?|tablets?|drops|gummies|supplements?|softgels?"
    r"|vitamins))"
)
TAKE_WORDS = rx(
    r"took|taken|take|taking|have taken|had|my|all my|both|genommen|eingenommen|nehme|meine?"
    r"|popped|pop|swallowed|done|stack|morning stack|evening stack|daily"
    r"|gummies|gummy|drops|tropfen|powder"
    r"|tome|tomado|tomada|mis?|pills?|capsules?|tablets?|softgels?|supplements?|kapseln?"
    r"|tabletten?|pastillas?|capsulas?|dose|done|checked|check"
)
_TOOK_IT_RE = rx(r"(?:took|taken|take|had|genommen|tome) (?:it|them|one|that|those)")
_SKIP_WORDS = frozenset(
    {"forgot", "forget", "forgotten", "skipped", "skip", "missed", "vergessen", "olvide", "didnt"}
    | {"not", "no", "nicht", "havent", "hasnt", "dont", "without"}
)


_NEGATED_CLAUSE_WORDS = _SKIP_WORDS | {"take", "took", "taken", "my", "the", "to"}


def _claim_negated(tokens: Tokens, clause_of: list[int], named: range) -> None:
    """A supplement named as not taken, and the "forgot"/"skipped" of its clause: read."""
    tokens.claim(named)
    for i, token in enumerate(tokens.items):
        if clause_of[i] == clause_of[named.start] and token.text in _NEGATED_CLAUSE_WORDS:
            tokens.claim(range(i, i + 1))


# Short names that are as often the start of something else ("multi grain", "ferro da
# stiro"): a supplement only when no other word follows them.
_ALONE_ONLY = frozenset({"multi", "multis", "fer", "ferro"})
_AFTER_ALONE = frozenset(
    "and und y e et plus with mit con avec today heute hoy oggi this after before".split()
)
# What a supplement is taken in: "magnesio sciolto in acqua", "creatine in water".
_TAKEN_IN_RE = rx(
    r"(?:(?:dissolved|mixed|stirred|aufgelost|aufgeloest|disuelto|disuelta|disueltos|dissous"
    r"|dissoute|sciolto|sciolta|sciolti|sciolte) )?(?:in|with|mit|in|con|en|dans|avec)"
    r" (?:some |a glass of |un vaso de |un verre d |un bicchiere d )?"
    r"(?:water|wasser|agua|eau|acqua)"
)


def _alone(tokens: Tokens, span: range, name: str) -> bool:
    """Whether a short name stands alone ("popped my multi"), not opening another word."""
    if name not in _ALONE_ONLY or span.stop >= len(tokens.items):
        return True
    after = tokens.items[span.stop]
    return after.kind != "word" or after.text in _AFTER_ALONE


def find_supplements(
    tokens: Tokens, clause_of: list[int], not_taken: list[str] | None = None
) -> list[Found[str]]:
    """Supplements taken: known names anywhere, or "took my <x> pills"; not when negated
    ("forgot my zinc": added to `not_taken`), unless taken after all ("... but took it")."""
    negated_clauses = {clause_of[i] for i, t in enumerate(tokens.items) if t.text in _SKIP_WORDS}
    found: list[Found[str]] = []
    skipped: list[tuple[range, str]] = []  # named where it was not taken ("forgot the zinc")
    for match, span in tokens.matches(_SUPPLEMENT_RE):
        if not _alone(tokens, span, match.group("name")):
            continue
        if clause_of[span.start] in negated_clauses:
            skipped.append((span, _SUPPLEMENT_BY_ALIAS[match.group("name")]))
            continue
        tokens.claim(span)
        found.append(Found(span.start, _SUPPLEMENT_BY_ALIAS[match.group("name")]))
    if skipped:  # "... but took it this morning": "it" is the supplement named just before
        for _match, span in tokens.matches(_TOOK_IT_RE):
            if clause_of[span.start] in negated_clauses:
                continue
            earlier = [s for s in skipped if s[0].start < span.start]
            if not earlier:
                continue
            named, name = max(earlier, key=lambda s: s[0].start)
            tokens.claim(span)
            _claim_negated(tokens, clause_of, named)
            skipped.remove((named, name))
            found.append(Found(span.start, name))
    for named, name in skipped:  # said as not taken: read, and nothing is marked
        _claim_negated(tokens, clause_of, named)
        if not_taken is not None:
            not_taken.append(name)
    for match, span in tokens.matches(_TOOK_UNKNOWN_RE):
        if clause_of[span.start] in negated_clauses:
            continue
        if found:  # "took both my pills: vitamin d and iron": the pills are those named
            tokens.claim(span)
            continue
        tokens.claim(span)
        found.append(Found(span.start, match.group("what").capitalize()))
    if found:
        clauses = {clause_of[f.index] for f in found}
        for pattern in (TAKE_WORDS, _TAKEN_IN_RE):
            for _match, span in tokens.matches(pattern):
                if clause_of[span.start] in clauses:
                    tokens.claim(span)
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
        _TOOK_UNKNOWN_RE.pattern,
        *(p.pattern for p, _f, _v in CHECKIN_PHRASES),
        *(normalize(a) for a in SUPPLEMENTS.values()),
    ]
    return frozenset(w for s in sources for w in re.findall(r"[a-z]{4,}", s))
