"""Bread said by its kind alone after its slices: "2 slices whole wheat", "a slice of rye",
"2 Scheiben Vollkorn", "deux tranches de complet", "due fette di integrale", "dos rebanadas
de integral". The kind is the bread of that kind, written out before the message is read;
a kind followed by another food ("a slice of whole wheat toast", "2 slices of rye bread")
is left as said.
"""

from __future__ import annotations

import re

# The kind as said -> the bread it names, as the food table names it.
_BREADS = {
    "whole wheat": "whole wheat bread",
    "wholewheat": "whole wheat bread",
    "wholemeal": "wholemeal bread",
    "whole grain": "whole grain bread",
    "wholegrain": "whole grain bread",
    "brown": "brown bread",
    "white": "white bread",
    "rye": "rye bread",
    "vollkorn": "Vollkornbrot",
    "roggen": "Roggenbrot",
    "integral": "pan integral",
    "centeno": "pan de centeno",
    "complet": "pain complet",
    "seigle": "pain de seigle",
    "integrale": "pane integrale",
    "segale": "pane di segale",
}
_SLICES = r"slices?|scheiben?|rebanadas?|tranches?|fett[ae]"
# What may follow the kind: the end, a stop, or a word that starts what comes next.
_NEXT = (
    r"and|with|w|n|plus|for|at|und|mit|zum|y|con|para|et|avec|au|pour|e|per|al|a|today|heute"
    r"|hoy|aujourd'hui|oggi"
)
_KIND_RE = re.compile(
    rf"\b(?P<slices>{_SLICES})\s+(?P<of>(?:of|de|di)\s+)?(?P<kind>{'|'.join(_BREADS)})"
    rf"(?=\s*(?:$|[,.;:!?)]|\s+(?:{_NEXT})\b))",
    re.IGNORECASE,
)


def bread_said_by_kind(text: str) -> str:
    """`text` with a bread said by its kind after its slices named in full."""
    return _KIND_RE.sub(_named, text)


def _named(match: re.Match[str]) -> str:
    bread = _BREADS[re.sub(r"\s+", " ", match.group("kind").lower())]
    return f"{match.group('slices')} {match.group('of') or ''}{bread}"
