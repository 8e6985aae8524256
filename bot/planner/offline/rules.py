"""What the offline planner reads besides foods and check-ins: weights, goals, supplements.

Each `find_*` claims the tokens it understood and returns what it found with the index of its
first token, so the planner can give each finding the date of the clause it came from.
Phrases are written against normalised text (lower case, no accents, no apostrophes).
"""

from __future__ import annotations

import re
from collections.abc import Collection
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
from bot.planner.offline.text import Found, Tokens, normalize, tokenize
from bot.planner.offline.unitless import NOT_A_WEIGHT, UNITLESS_RE, read_unitless

NUM = r"\d+(?:\.\d+)?"
RangeKind = Literal["rating", "weight", "energy", "goal"]
KG_PER = {"kg": 1.0, "lb": 0.45359237, "st": 6.35029318}
_KG_WORDS = r"kg|kgs|kilo|kilos|kilogram|kilograms|kilogramm|kilogramos"
_LB_WORDS = r"lb|lbs|pound|pounds|libra|libras"
_ST_WORDS = r"st|stone|stones"
_LINK = r"(?: (?:is|was|of|at|in|now|=|:|ist|war|es|fue|de|heute|today|hoy|around|about|ca))*"

_WEIGHT_KEYWORDS = (
    r"(?:my )?(?:body )?weight|weigh|weighed|weighing|weight in|i weigh|i weighed|im|i am"
    r"|gewicht|wiege|ich wiege|gewogen|peso|pese|pesaba|peso hoy|scale|the scale says|waage"
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


def find_notes(text: str, tokens: Tokens) -> list[Found[str]]:
    """ "note: ..." / "Notiz: ..." / "nota: ...": the rest of the message, verbatim."""
    for i, token in enumerate(tokens.items):
        if tokens.used[i] or token.text not in {"note", "notes", "notiz", "nota", "notas"}:
            continue
        if i + 1 < len(tokens) and tokens.items[i + 1].text in {":", "="}:
            body = text[tokens.items[i + 1].end :].strip()
            if body and i + 2 < len(tokens):
                tokens.claim(range(i, len(tokens)))
                return [Found(i, body[:2000])]
    return []


# How a person felt, or a symptom: kept in the day's check-in notes, in their own words.
FEELINGS = frozenset(
    """
    headache headaches migraine nausea nauseous nauseated sick unwell cramps cramping
    bloated bloating stomachache tummyache heartburn reflux constipated diarrhea diarrhoea
    dizzy lightheaded fever feverish cough coughing sneezing congested flu hangover hungover
    sore rash allergies anxious anxiety stressed stress sad depressed irritable overwhelmed
    lonely nervous panicky grumpy cranky groggy
    pain pains painful hurts hurt hurting ache aches aching achy stiff injured injury sprained
    sprain bruised throat stomach tummy period pms cramp bloat gassy indigestion constipation
    vomiting vomited threw fainted faint shaky weak foggy fog unfocused restless woke waking
    insomniac jetlag jetlagged itchy sneezy runny congestion sinus sinuses allergy
    calm relaxed grateful excited motivated productive proud focus distracted unmotivated
    hungry starving famished peckish
    """.split()
)
# Phrases of how a person felt whose words are not feelings alone ("feeling a bit off").
_FEELING_PHRASES = rx(
    r"(?:feel|feels|feeling|felt)(?: (?:a bit|a little|kinda|kind of|sort of|slightly|so|very"
    r"|really|pretty|quite))? (?:off|weird|strange|blah|rough|rubbish|crap|crappy|awful"
    r"|terrible|horrible|lousy|drained|meh|sluggish|heavy|full|stuffed|ill)"
    r"|coming down with|under the weather|run down|burnt out|burned out|brain fog"
    r"|(?:a |the )?cold coming|caught a cold|have a cold|got a cold|a bad cold"
)
# What the service has no place for: said plainly, not "couldn't place".
EXERCISE = frozenset(
    """
    ran run running jogged jog jogging walked hiked hike hiking cycled cycling biked swam swim
    swimming yoga pilates gym workout workouts lifted lifting crossfit hiit spinning treadmill
    exercise exercised stretching stretched climbing bouldering walk walking steps tennis
    football soccer basketball volleyball badminton squash golf skiing skied snowboarding
    surfing surfed rowing rowed boxing kickboxing karate judo martial dance danced dancing
    zumba spin sprints sprinted laps trained training weights deadlifts squats pushups
    situps plank cardio elliptical stairmaster peloton
    """.split()
)


def _phrase_around(tokens: Tokens, i: int) -> range:
    """Token `i` and the unclaimed words around it, up to punctuation or a claimed token."""
    first = last = i
    while first > 0 and not tokens.used[first - 1] and tokens.items[first - 1].kind != "punct":
        first -= 1
    while (
        last + 1 < len(tokens)
        and not tokens.used[last + 1]
        and tokens.items[last + 1].kind != "punct"
    ):
        last += 1
    return range(first, last + 1)


def find_feelings(text: str, tokens: Tokens, eaten: Collection[int] = ()) -> list[Found[str]]:
    """Symptoms and feelings ("headache all day", "anxious", "felt sick after lunch"), each
    with the words around it, as the person wrote them: run after the other rules, so a rating
    or a food in the same clause is theirs."""
    found: list[Found[str]] = []
    covered: set[int] = set()
    seeds = {i for _match, span in tokens.matches(_FEELING_PHRASES) for i in span}
    for i, token in enumerate(tokens.items):
        # A feeling a rating was read from ("anxious": mood 2) is kept in words too.
        if (token.text not in FEELINGS and i not in seeds) or i in covered or i in eaten:
            continue
        span = _trimmed(tokens, _phrase_around(tokens, i))
        tokens.claim(span)
        covered.update(span)
        last = _time_after(tokens, span.stop - 1)  # "woke up at 3am": the time is kept
        found.append(Found(span.start, tokens.raw_between(span.start, last, text)))
    return found


# A time of day right after a feeling, already read as a time: part of what the note says.
_TIME_OF_DAY = re.compile(
    r"(?:(?:at|around|about|by|since|until|till|um|gegen|a las) )?\d{1,2}(?: : \d{2})?"
    r"(?: ?(?:am|pm|uhr|h))?|\d{1,2}(?: : \d{2})? ?(?:am|pm)"
)


def _time_after(tokens: Tokens, last: int) -> int:
    """The index of the last token of a time said right after token `last`, else `last`."""
    for stop in range(min(len(tokens), last + 7), last + 1, -1):
        words = " ".join(t.text for t in tokens.items[last + 1 : stop])
        if _TIME_OF_DAY.fullmatch(words) and any(
            t.kind == "num" for t in tokens.items[last + 1 : stop]
        ):
            return stop - 1
    return last


_JOINERS = frozenset("and a an the with but also then so plus".split())


def _trimmed(tokens: Tokens, span: range) -> range:
    """`span` without the joining words at its ends ("and a headache": "headache")."""
    first, last = span.start, span.stop - 1
    while first < last and tokens.items[first].text in _JOINERS:
        first += 1
    while last > first and tokens.items[last].text in _JOINERS:
        last -= 1
    return range(first, last + 1)


# "after the pizza" beside a symptom names what was eaten before, not a meal to log.
_AFTER_EATING = rx(
    r"(?:after|since|from) (?:eating |having |drinking )?(?:the|my|that|this|those|all that|all"
    r" the|some|too much|so much)"
)


def hold_foods_named_by_a_feeling(tokens: Tokens) -> range:
    """The words right after "after the" in a message with a symptom ("stomach ache after the
    pizza"), claimed so no food is read from them; the caller releases them for the note."""
    if not any(t.text in FEELINGS for t in tokens.items):
        return range(0)
    for _match, span in tokens.matches(_AFTER_EATING):
        end = span.stop
        while end < len(tokens) and end - span.stop < 3 and tokens.items[end].kind == "word":
            if tokens.used[end]:
                break
            end += 1
        held = range(span.stop, end)
        tokens.claim(held)
        return held
    return range(0)


def exercise_to_note(tokens: Tokens) -> bool:
    """Whether the person asked for what they did to be kept as a note ("ran 10k, please
    note it"); the asking words are claimed."""
    found = False
    for _match, span in tokens.matches(_NOTE_IT):
        tokens.claim(span)
        found = True
    return found


_NOTE_IT = rx(
    r"(?:(?:please|pls|can you|could you) )?(?:note|notes|noted|add|put|save|keep|log)"
    r" (?:it|that|this)(?: (?:as|in|to|into) (?:a |my |the )?(?:note|notes|check ?in))?"
    r"(?: please| pls)?|(?:add|put|save|keep) (?:it |that |this )?(?:as|in|to|into)"
    r" (?:a |my |the )?(?:note|notes)(?: please| pls)?|(?:as|in) (?:a )?notes?(?: please| pls)?"
    r"|make a note(?: of (?:it|that))?(?: please| pls)?|please note(?: it| that)?"
)


def find_exercise(text: str, tokens: Tokens) -> list[str]:
    """Exercise ("ran 5k", "45 min yoga"), as written: the service keeps no exercise."""
    found: list[str] = []
    for i, token in enumerate(tokens.items):
        if tokens.used[i] or token.text not in EXERCISE:
            continue
        span = _phrase_around(tokens, i)
        tokens.claim(span)
        found.append(tokens.raw_between(span.start, span.stop - 1, text))
    return found


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
    return found


SUPPLEMENTS: dict[str, str] = {
    "Vitamin D": "vitamin d|vitamin d3|vit d|vit d3|d3|vitamina d|vitamin d 3",
    "Vitamin C": "vitamin c|vit c|vitamina c",
    "Vitamin B12": "vitamin b12|vit b12|b12|vitamina b12",
    "Vitamin B complex": "b complex|vitamin b complex|b vitamins|b komplex|vitamin b komplex",
    "Vitamin K2": "vitamin k2|k2|vitamina k2",
    "Vitamin E": "vitamin e|vitamina e",
    "Vitamin A": "vitamin a|vitamina a",
    "Multivitamin": "multivitamin|multivitamins|multi vitamin|multivitamina|multivitaminico",
    "Magnesium": "magnesium|magnesio|magnesium glycinate|magnesium citrate|mag|mag glycinate"
    "|magnesium bisglycinate|mag citrate",
    "Zinc": "zinc|zink",
    "Iron": "iron|eisen|hierro",
    "Calcium": "calcium|calcio|kalzium",
    "Potassium": "potassium|kalium|potasio",
    "Omega-3": "omega 3|omega3|omega 3 capsules|omega|omega 3 s|omegas",
    "Fish oil": "fish oil|fischol|fischoel|aceite de pescado|cod liver oil",
    "Creatine": "creatine|kreatin|creatina",
    "Probiotic": "probiotic|probiotics|probiotikum|probiotika|probiotico|probioticos",
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
}


def _as_tokens(phrase: str) -> str:
    return " ".join(t.text for t in tokenize(phrase))


_SUPPLEMENT_BY_ALIAS = {
    _as_tokens(alias): name for name, aliases in SUPPLEMENTS.items() for alias in aliases.split("|")
}
_DOSE = rf"{NUM} ?(?:iu|ie|ui|mg|mcg|ug|µg|g)"
_SUPPLEMENT_RE = rx(
    rf"(?:(?P<dose1>{_DOSE}) (?:of )?)?"
    rf"(?P<name>{'|'.join(sorted(map(re.escape, _SUPPLEMENT_BY_ALIAS), key=len, reverse=True))})"
    rf"(?: (?P<dose2>{_DOSE}))?"
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


def find_supplements(
    tokens: Tokens, clause_of: list[int], not_taken: list[str] | None = None
) -> list[Found[str]]:
    """Supplements taken: known names anywhere, or "took my <x> pills"; not when negated
    ("forgot my zinc": added to `not_taken`), unless taken after all ("... but took it")."""
    negated_clauses = {clause_of[i] for i, t in enumerate(tokens.items) if t.text in _SKIP_WORDS}
    found: list[Found[str]] = []
    skipped: list[tuple[range, str]] = []  # named where it was not taken ("forgot the zinc")
    for match, span in tokens.matches(_SUPPLEMENT_RE):
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
        for _match, span in tokens.matches(TAKE_WORDS):
            if clause_of[span.start] in clauses:
                tokens.claim(span)
    return found


_ENERGY_RE = rx(
    rf"(?:about |around |ca |approx )?(?P<num>{NUM})(?: ish)?(?: (?P<k>k)(?= ))?"
    r" ?(?P<unit>kcal|kcals|cal|cals|calories|calorie|kalorien|calorias|kj|kilojoules|kilojoule)"
)
# After a stated energy: it is for each of the counted items ("2 bars, 200 kcal each"), or for
# everything named before it together ("salmon and rice, 700 kcal total").
EACH_RE = rx(r"each|apiece|a piece|per piece|per serving|per portion|per bar|per slice|je|cada uno")
TOTAL_RE = rx(r"total|in total|altogether|all together|overall|for everything|for all|all in")
# Energy that is not eaten: "burned 300 kcal", "2000 calories a day" (a goal, not a meal).
_NOT_EATEN_BEFORE = frozenset(
    "burn burned burnt want goal target limit aim budget under over verbrannt ziel queme"
    " quemado".split()
)
_NOT_EATEN_AFTER = rx(r"a day|per day|daily|pro tag|am tag|al dia|por dia|left|remaining")


def find_energies(tokens: Tokens) -> list[tuple[range, float]]:
    """Stated energy ("250 kcal", "1.1k cals", "800 kJ"), in kcal, with the tokens it covers."""
    found: list[tuple[range, float]] = []
    for match, span in tokens.matches(_ENERGY_RE):
        before = {t.text for t in tokens.items[max(0, span.start - 4) : span.start]}
        after = tokens.joined[match.end() :]
        if before & _NOT_EATEN_BEFORE or _NOT_EATEN_AFTER.match(after.lstrip()):
            continue
        value = float(match.group("num")) * (1000 if match.group("k") else 1)
        if match.group("unit") in {"kj", "kilojoules", "kilojoule"}:
            value /= 4.184
        if 0 < value <= MAX_STATED_KCAL:
            tokens.claim(span)
            found.append((span, round(value)))
    return found


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
_MACRO_ALT = "|".join(sorted(_MACRO_WORDS, key=len, reverse=True))
_MACRO_RE = rx(
    rf"(?P<num>{NUM}) ?(?:g|grams?|gr) (?:of )?(?P<macro>{_MACRO_ALT})"
    rf"|(?P<macro2>{_MACRO_ALT}) (?P<num2>{NUM}) ?(?:g|grams?|gr)\b"
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
    if found or len(letters) > 1 or (letters and _ENERGY_RE.search(tokens.joined)):
        found.extend(letters)
    return sorted(found, key=lambda f: f[0].start)


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
    for match, span in tokens.matches(_ENERGY_RE):
        before = {t.text for t in tokens.items[max(0, span.start - 4) : span.start]}
        value = float(match.group("num"))
        if match.group("unit") in {"kj", "kilojoules", "kilojoule"}:
            value /= 4.184
        if not before & _NOT_EATEN_BEFORE and not 0 < value <= MAX_STATED_KCAL:
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
        _TOOK_UNKNOWN_RE.pattern,
        *(p.pattern for p, _f, _v in CHECKIN_PHRASES),
        *(normalize(a) for a in SUPPLEMENTS.values()),
    ]
    return frozenset(w for s in sources for w in re.findall(r"[a-z]{4,}", s))
