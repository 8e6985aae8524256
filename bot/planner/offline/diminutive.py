"""How a word of a message may name a food by a diminutive or augmentative ending: "galletitas"
(galleta), "juguito" (jugo), "cervecita" (cerveza), "pizzetta" (pizza), "caffettino" (caffè),
"insalatona" (insalata), "Käffchen" (Kaffee), "Brötli" (Brot), "Weckerl" (Weck), "bièrette"
(bière), "crêpette" (crêpe).

Each language's endings take the place of the base word's last letters ("galleta" ->
"gallet-ita"), and some bring a spelling change back to the base: Spanish "qu" and "gu" keep
a hard c and g ("taquito" -> "taco", "juguito" -> "jugo"), Italian "ch" and "gh" likewise
("bistecchina" -> "bistecca"), German umlauts are folded away ("Brötchen" -> "brot"). A base
counts only when it is a food's whole name in the table, so an ending on any other word
("poquito", "Mädchen") reads nothing.

A diminutive names the food in its usual portion: "un cafecito" is a coffee, "ein Bierchen" a
beer; what is small about it is how it is said, not a smaller serving the table could weigh.
An augmentative ("insalatona", "gelatone") is the large size of the food, as "una insalata
grande" is (`is_augmentative`; offline/amount_next.py). A name the table has itself
("panettone", "cafecito", "Brötchen") is read as the table has it, never by its ending.

A word that carries one of these endings on a base the table does not know is still a word
of its language, not a slip: its ending is no part of a typo (offline/tolerant.py).
"""

from __future__ import annotations

from collections.abc import Callable

# (ending, the base's last letters it takes the place of), longest endings first within a
# language; plurals are endings of their own ("galletitas", "pizzette", "Weckerln").
_SPANISH = (
    *(("ecit" + v, ("e", "")) for v in ("os", "as", "o", "a")),  # cafe -> cafecito
    *(("cit" + v, ("", "e", "zo")) for v in ("os", "o")),
    *(("cit" + v, ("", "e", "za")) for v in ("as", "a")),  # cerveza -> cervecita
    # the base's own vowel: "galleta" -> "galletita", "jugo" -> "juguito" ("papito" is no
    # potato, "perito" no pear)
    *(("it" + v, ("o",)) for v in ("os", "o")),
    *(("it" + v, ("a",)) for v in ("as", "a")),
    *(("ill" + v, ("o",)) for v in ("os", "o")),  # bocadillo -> bocadillito
    *(("ill" + v, ("a",)) for v in ("as", "a")),
)
# Italian likewise keeps the base's gender, or goes on a base in -e ("caffè", "pane").
_MASCULINE, _FEMININE = ("o", "i"), ("a", "e")
_ITALIAN = (
    *(
        (f"{e}{v}", finals)
        for e in ("ettin", "in", "ett", "ott", "ell")
        for vowels, finals in ((_MASCULINE, ("o", "e")), (_FEMININE, ("a", "e")))
        for v in vowels
    ),  # caffe -> caffettino, birra -> birretta, cornetto -> cornettino
    *(("on" + v, ("a", "o", "e")) for v in ("e", "a", "i")),  # insalata -> insalatona
)
_GERMAN = (
    ("chen", ("", "e", "ee", "en")),  # Bier, Kaffee -> Käffchen, Torte -> Törtchen
    ("lein", ("", "e", "en")),
    ("erln", ("", "e", "el", "en")),
    ("erl", ("", "e", "el", "en")),  # Weck -> Weckerl, Schnitzel -> Schnitzerl
    ("eln", ("", "e")),
    ("el", ("", "e")),  # Wurst -> Würstel
    ("li", ("", "e", "l", "en")),  # Brot -> Brötli, Gipfel -> Gipfeli
    ("le", ("", "e", "l")),  # Weck -> Weckle
)
_FRENCH = (
    ("lettes", ("", "e")),  # tarte -> tartelette
    ("lette", ("", "e")),
    ("ettes", ("e", "")),
    ("ette", ("e", "")),  # biere -> bierette
    ("ets", ("e", "")),
    ("et", ("e", "")),
)
_AUGMENTATIVE = frozenset(ending for ending, _ in _ITALIAN if ending.startswith("on"))
ENDINGS: tuple[tuple[str, tuple[str, ...]], ...] = (*_SPANISH, *_ITALIAN, *_GERMAN, *_FRENCH)
# Common words of the five languages that end as a diminutive or augmentative of a food's
# name and are other words: "bambina" (a girl, no "bamba"), "ricetta" (a recipe, no rice),
# "cocina" (a kitchen), "chouette", "carpet", "sample", "Häschen" (a bunny). Never a food's
# diminutive; they are read as they are.
NOT_DIMINUTIVES = frozenset(
    """
    amandine appella appelle arancel arancione arancioni bambina bambine beetle bobina
    bobine bollettini bollettino bollino brothel buchlein bulloni burrone cafone canette
    canina canine canone canoni carpet carpets cavita cervelli cervello chelines
    chiottes cholet chouette chouettes cochino cocina cocine cocino cocotte colette
    colina coloni conchita coquette coquine cremona haschen jaquette kabine kasino
    lattine limito machette machina machine manzoni mazzetta mazzette mazzini mazzoni
    melilla molina molino moroni muretto olivetti ombrelli ombrello pannella passerella
    passerelle patina patine patino patito pavillon pavone pechino pedacito pedacitos
    pedina pedine pedone pedoni pennelli pennello pimentel pinilla poletti principle
    quichotte rapelle rapina rapine rapita ricetta ricette rubini rubino salmonella
    sample sandrine souple suppone tacito tacones tortona vermutet
    """.split()
)
# The letters left before an ending: "cito" alone is no diminutive of anything; before the
# endings many other words end with ("panel", "beetle", "budget"), more.
_MIN_STEM = 3
_LOOSE_ENDINGS = frozenset({"el", "le", "li", "et", "ets"})
_MIN_LOOSE_STEM = 4
# The base is a food's whole name ("jugo", "pizza", "Bier"), of four letters or more: the
# shorter ones ("sal", "gin", "ham") end too many other words.
_MIN_BASE = 4
# German's endings go on a consonant ("Bier-chen", "Brot-li", "Weck-erl"); after a vowel the
# same letters end words of the other languages ("natale", "pedale", "pistole").
_GERMAN_ENDINGS = frozenset(ending for ending, _ in _GERMAN)
_VOWELS = frozenset("aeiouy")
# Spelling kept hard before the ending's front vowel: "taqu-ito" is "taco", "jugu-ito" "jugo",
# "bistecch-ina" "bistecca", "funghetto" "fungo".
_HARD = (("qu", "c"), ("gu", "g"), ("ch", "c"), ("gh", "g"))


def _stems(stem: str) -> list[str]:
    out = [stem]
    for written, base in _HARD:
        if stem.endswith(written):
            out.append(stem[: -len(written)] + base)
    return out


def _ends_with(word: str, ending: str) -> bool:
    least = _MIN_LOOSE_STEM if ending in _LOOSE_ENDINGS else _MIN_STEM
    return word.endswith(ending) and len(word) - len(ending) >= least


def diminutive_endings(word: str) -> list[str]:
    """The diminutive or augmentative endings `word` ends with (longest first)."""
    return [ending for ending, _ in ENDINGS if _ends_with(word, ending)]


def diminutive_base(word: str, is_name: Callable[[str], bool]) -> str | None:
    """The food name `word` is a diminutive or augmentative of (`is_name` says which words
    name a food of their own), the longest ending first; None when it is none or when it
    is a word of its own (`NOT_DIMINUTIVES`)."""
    if word in NOT_DIMINUTIVES:
        return None
    for ending, finals in ENDINGS:
        if not _ends_with(word, ending):
            continue
        stem = word[: -len(ending)]
        if ending in _GERMAN_ENDINGS and stem[-1] in _VOWELS:
            continue  # "Bier-chen", "Weck-erl", never "nata-le" or "pisto-le"
        for spelled in _stems(stem):
            for final in finals:
                base = spelled + final
                if base != word and len(base) >= _MIN_BASE and is_name(base):
                    return base
    return None


def is_augmentative(word: str) -> bool:
    """Whether `word` ends as an augmentative does ("insalatona", "gelatone"); whether it
    names a food that way is `diminutive_base`'s to say."""
    return any(_ends_with(word, ending) for ending in _AUGMENTATIVE)
