"""The words for a part of one, all of one, a pair, one and a half and a size, in English,
German, Spanish, French and Italian (folded: lower case, no accents). `reader/quantities.py`
reads them before a food: "half of a pizza", "die Hälfte einer Pizza", "a third of a pizza",
"a whole pizza", "un par de", "one and a half cups", "a large", "ein kleines".
"""

from __future__ import annotations

# "half of a pizza", "die Hälfte einer Pizza", "la mitad de una", "la moitié d'une", "metà
# della", "a quarter of a": a part of one, its article read with it.
FRACTIONS = {"half": 0.5, "halfte": 0.5, "mitad": 0.5, "moitie": 0.5, "meta": 0.5}
FRACTIONS.update(dict.fromkeys("quarter viertel cuarto quarto".split(), 0.25))
# A third only with its "of" ("a third of a pizza", "un tiers de la tarte"): "my third coffee"
# counts coffees.
THIRDS = frozenset("third drittel tiers terzo tercio".split())
ARTICLE = r"(?:an?|one|the|einer|eines|einem|der|des|dem|un|une|una|uno|la|el|l|le|il|lo)"
PART_OF = (
    r"(?:(?:an?|one|die|ein|la|el|un|une|uno|una) )?(?:{words})"
    r"(?: (?:of|von|de|d|di|del|della|du))?"
    rf"(?: {ARTICLE})?"
)
THIRD_OF = (
    rf"(?:(?:an?|one|ein|un|une|uno|una) )?(?:{'|'.join(sorted(THIRDS))})"
    rf" (?:of|von|de|d|di|del|della|dello|du|der|des|einer|eines)(?: {ARTICLE})?"
)
# "a whole pizza", "pizza margherita intera", "una pizza entera": all of one, not a portion.
WHOLE_WORDS = frozenset(
    "whole entire ganz ganze ganzen ganzer ganzes entero entera entier entiere intero intera"
    " completa".split()
)

# "a couple of", "ein paar", "un par de", "un paio di": two.
PAIR = ("couple", "paar", "par", "paio")
# "one and a half", "2 and a half", "eineinhalb", "zweieinhalb", "anderthalb", "uno y medio",
# "deux et demi", "due e mezzo": a count and a half.
_COUNTED = {
    1: "one 1 a an un uno una une ein",
    2: "two 2 zwei dos deux due",
    3: "three 3 drei tres trois tre",
    4: "four 4 vier cuatro quatre quattro",
}
AND_A_HALF_OF = {w: float(n) for n, words in _COUNTED.items() for w in words.split()}
AND_A_HALF_OF.update({"anderthalb": 1.0, "eineinhalb": 1.0, "zweieinhalb": 2.0})
AND_A_HALF_OF.update({"dreieinhalb": 3.0, "viereinhalb": 4.0})
AND_A_HALF = (
    rf"(?:{'|'.join(w for w in AND_A_HALF_OF if not w.endswith('halb'))})"
    r" (?:and|y|et|e|und) (?:a )?(?:half|medio|media|demi|demie|mezzo|mezza|halb)"
    rf"|{'|'.join(w for w in AND_A_HALF_OF if w.endswith('halb'))}"
)

# A size before a food, its label and factor of the usual portion; written short too ("sm",
# "med", "lg", the Scots "wee").
SIZES: dict[str, tuple[str, float]] = {}
for _words, _label, _factor in (
    (
        "small tiny sm wee klein kleine kleiner kleinen kleines pequeno pequena pequenos"
        " pequenas petit petite petits petites piccolo piccola piccoli piccole",
        "small",
        0.7,
    ),
    (
        "medium med regular normal mittel mittlere mittleres mittlerer mittleren mediano mediana"
        " moyen moyenne moyens moyennes medianos medianas reguliere regulier normale",
        "medium",
        1.0,
    ),
    (
        "large lg lrg big gross grosse grosser grossen grosses grande grandes gran grand grands"
        " gros grosso grossa grossi grosse grandi sharing",  # "a sharing bag of crisps"
        "large",
        1.4,
    ),
    ("huge giant riesig enorme venti", "huge", 1.7),
    ("double doppelt doppelter doble", "double", 2.0),
    ("triple", "triple", 3.0),
):
    for _word in _words.split():
        SIZES[_word] = (_label, _factor)
