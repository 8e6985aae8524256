"""Step 4, lookup: which words around a food are how it was made or where it came from.

The food table is searched by the longest alias (offline/table.py: names and synonyms in five
languages, plurals and typos through `rapidfuzz`). What is said beside a food without being
one — how it was made ("grilled", "homemade", "leftover"), what it lacks ("decaf"), a brand
or a chain ("starbucks", "mcdonalds"), a percentage ("2% milk") — is a modifier: read with
the food, never an item of its own and never a word left unplaced.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

_HOW_MADE = frozenset(
    """
    grilled roasted roast baked boiled steamed toasted fried poached scrambled sauteed smoked
    cooked
    braised stewed raw mashed sliced chopped diced shredded crispy creamy spicy plain salted
    unsalted homemade home made leftover leftovers fresh frozen organic wholegrain lowfat
    decaf decaffeinated unsweetened sweetened iced hot cold warm reheated microwaved black
    store bought storebought canned instant vegan vegetarian glutenfree skinny light
    maison fait grille grillee roti rotie cuit cuite frais fraiche
    casero casera asado asada frito frita hervido hervida fresco fresca
    selbstgemacht hausgemacht gebraten gegrillt gekocht frisch schwarz schwarze schwarzer
    schwarzen schwarzes
    fatto casa grigliato grigliata arrosto fritto fritta bollito fresco fresca
    """.split()
)
# Said of a food weighed, how it was weighed: cooked ("300 g cooked rice", "riz cuit", "Reis
# (gekocht)"), or dry ("riz basmati cru", "Nudeln trocken gewogen"; reader/dry.py). A fat a
# food was cooked in is part of it ("2 eggs, fried in butter"; offline/additions.py).
COOKED = frozenset(
    """
    cooked boiled steamed fried sauteed pan-fried panfried gekocht gekochte gekochter gekochten
    gekochtes gebraten angebraten frito frita fritos fritas cocido cocida cocinado cocinada
    cocinados cocinadas hervido hervida hervidos hervidas frit frite frits frites cuit cuite
    cuits cuites fritto fritta fritti fritte cotto cotta cotti cotte lesso lessa lessi bollito
    bollita
    """.split()
)
UNCOOKED = frozenset(
    """
    dry raw uncooked trocken roh rohe roher rohen ungekocht crudo cruda crudos crudas crudi
    crude seco seca cru crue crus crues secco secca
    """.split()
)
# Chains and shops a food came from: "a costco hot dog", "iced coffee from dunkin".
CHAINS = frozenset(
    """
    starbucks mcdonalds mcds maccas kfc pret costa chipotle nandos subway wendys dominos
    dunkin greggs tesco aldi lidl trader joes wholefoods kirkland costco timmies nordsee itsu
    waitrose sainsburys asda morrisons woolies woolworths coles mercadona carrefour rewe edeka
    oxxo walmart wawa sheetz centra wetherspoons servo bunnings billa spar hofer migros coop
    dunks denner kaufland penny backer baecker backerei baeckerei bakery metzger metzgerei
    boulangerie panaderia jollibee
    """.split()
)
DESCRIPTORS = _HOW_MADE | CHAINS
# What bread or a dish's base is made of: "whole wheat toast", "a turkey sandwich on rye".
GRAINS = frozenset(
    """
    wheat grain wholewheat wholemeal wholegrain multigrain rye sourdough spelt vollkorn dinkel
    roggen integral integrale complet
    """.split()
)
# "on rye", "auf Vollkorn", "sur pain complet": what a food was served on, after it.
_SERVED_ON = frozenset({"on", "auf", "sur", "su", "en"})
# "from costco", "at the servo", "von Nordsee": which chain or shop it came from, after it.
FROM = frozenset({"from", "fae", "at", "von", "vom", "bei", "beim", "de", "da", "dal", "chez"})
# How it was cooked, said after it: "merluza a la plancha", "pollo al forno", "vom Grill".
_COOKED_AFTER = frozenset(
    tuple(phrase.split())
    for phrase in (
        "a la plancha|a la parrilla|a la brasa|a la romana|al horno|al vapor|al ajillo"
        "|al forno|al vapore|alla griglia|alla piastra|ai ferri|in padella|vom grill"
        "|aus dem ofen|au four|a la vapeur|a la poele|on the grill|off the grill|on the bbq"
        # and, said after it as Spanish, French and Italian say it, made at home or served
        # cold: "flan casero", "tarte maison", "zumo natural exprimido", "chela bien fría"
        "|casero|casera|caseros|caseras|hecho en casa|hecha en casa|maison|fait maison"
        "|fatto in casa|fatta in casa|natural|exprimido|exprimida|bien fria|bien frio"
        "|bien frias|bien frios|fria|frio|frias|frios"
        # and how sweet a sweet drink is: "un bissap bien sucré"
        "|bien sucre|bien sucree"
        # and fried, as Spanish says it after it: "boquerones fritos"
        "|frito|frita|fritos|fritas"
    ).split("|")
)

_PERCENT_RE = re.compile(r"\d+(?:[.,]\d+)?%")


def is_percent(word: str) -> bool:
    """Whether a word of the message is a percentage ("2%", "85%"), which names a food."""
    return _PERCENT_RE.fullmatch(word) is not None


def is_modifier(word: str, following: str = "") -> bool:
    """Whether a folded word says how a food was made, what it is from, or a percentage;
    "whole" when the word `following` it is a grain ("whole wheat", "whole grain")."""
    if word == "whole":
        return following in GRAINS
    return word in DESCRIPTORS or word in GRAINS or is_percent(word)


def served_on(words: list[str]) -> int:
    """How many of the words right after a food say what it was served on ("on rye",
    "on whole wheat") or the chain or shop it came from ("from costco", "from the
    wawa") or how it was cooked ("a la plancha", "al forno"): 0 when they say something
    else."""
    cooked = next(
        (len(p) for p in (words[:3], words[:2], words[:1]) if tuple(p) in _COOKED_AFTER), 0
    )
    if cooked:
        return cooked
    if len(words) >= 2 and words[0] in FROM:
        chain = 2 if words[1] == "the" and len(words) > 2 else 1
        return chain + 1 if words[chain] in CHAINS else 0
    if len(words) < 2 or words[0] not in _SERVED_ON:
        return 0
    grain = 2 if words[1] == "whole" and len(words) > 2 and words[2] in GRAINS else 1
    return grain + 1 if words[grain] in GRAINS else 0


class _Word(Protocol):
    text: str  # folded
    raw: str  # as typed


# "un thé", "du thé", "mon thé": French tea folds to English "the"; after a French article,
# or typed with its accent ("Thé", "thè"), it is the tea, never the article.
_TEA_AFTER = frozenset({"un", "une", "du", "de", "le", "au", "mon", "ton", "son", "ce", "d"})
# Words only an Italian message has: there a bare "latte" is milk ("colazione con latte e
# biscotti"), and the coffee is a "caffellatte" or a "latte macchiato".
_ITALIAN = frozenset(
    """
    il gli di del della dello dei degli delle ho col nel nella alla anche stamattina stamani
    stasera colazione pranzo merenda spuntino preso presa bevuto mangiato tazza bicchiere
    tazzina biscotti fette biscottate cornetto
    """.split()
)


def said_for(words: Sequence[_Word], i: int) -> tuple[str, ...]:
    """The table word the message's word `i` stands for in its language, read before the
    word as written: "tea" for a French "thé", "milk" for "latte" in an Italian message."""
    word = words[i]
    if word.text in ("the", "thes") and (
        word.raw.lower().startswith(("thé", "thè")) or (i and words[i - 1].text in _TEA_AFTER)
    ):
        return ("tea",)
    if word.text == "latte" and any(w.text in _ITALIAN for w in words):
        return ("milk",)
    return ()
