"""The measures whose size depends on where the person lives: the pint and the fluid ounce.

A US pint is 473 ml and an imperial one 568 ml; a US fluid ounce 29.57 ml and an imperial
one 28.41 ml. The country of the person's time zone decides (`measures_in`, through
bot/kernel/places.py): in the US (Hawaii too) and the rest of the Americas, whose cans and
cups are made to US sizes, a pint and a fluid ounce are the US ones; in the UK and Ireland
both are imperial; elsewhere
a pint is the imperial one (the pint of beer of a European pub) and a fluid ounce, mostly
seen on US-made cans and cups, the US one. `reader/nutrients.py` measures "pint" and "fl oz"
(and the ounce of a drink, a fluid one) by them; every other unit is the same everywhere
(`reader/quantities.py`).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.kernel.places import country_of, in_the_americas

US_PINT_ML = 473.0
IMPERIAL_PINT_ML = 568.0
US_FL_OZ_ML = 29.57
IMPERIAL_FL_OZ_ML = 28.41

_IMPERIAL_COUNTRIES = frozenset({"GB", "IE", "IM", "JE", "GG"})


@dataclass(frozen=True, slots=True)
class Measures:
    """Millilitres of a pint and of a fluid ounce where the person lives."""

    pint_ml: float = IMPERIAL_PINT_ML
    fl_oz_ml: float = US_FL_OZ_ML


# Where the time zone decides nothing else: an imperial pint, a US fluid ounce.
DEFAULT_MEASURES = Measures()


def measures_in(timezone: str) -> Measures:
    """The pint and fluid ounce of the person's IANA time zone (see the module)."""
    country = country_of(timezone)
    if country == "US" or in_the_americas(timezone):
        return Measures(pint_ml=US_PINT_ML, fl_oz_ml=US_FL_OZ_ML)
    if country in _IMPERIAL_COUNTRIES:
        return Measures(pint_ml=IMPERIAL_PINT_ML, fl_oz_ml=IMPERIAL_FL_OZ_ML)
    return DEFAULT_MEASURES
