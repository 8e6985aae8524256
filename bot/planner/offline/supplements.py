"""Supplements and medicines said taken: "took my vitamin d", "magnesio e potassio preso",
"forgot my zinc" (read, and nothing marked).

`find_supplements` claims the tokens it understood and returns each name found with the index
of its first token, so the planner can give it the date of the clause it came from. Phrases are
written against normalised text (lower case, no accents, no apostrophes).
"""

from __future__ import annotations

import re

from bot.planner.offline.dates import rx
from bot.planner.offline.text import NUM, Found, Tokens, normalize, tokenize

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


def supplement_phrases() -> list[str]:
    """The phrases this module reads, for the words typo correction aims at."""
    return [_TOOK_UNKNOWN_RE.pattern, *(normalize(a) for a in SUPPLEMENTS.values())]
