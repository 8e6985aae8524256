"""Who reads a reply: their language and the units they think in, resolved once a message.

The core resolves a `Reader` with the person (`bot.core.person`) and hands it to every
render function; only `bot.render` turns it into words. The service is never told any of
this: it always receives kilograms and kilocalories.

The languages are those with a catalog (`bot.render.words.LANGUAGES`); a person's is their
choice (`/language de`), else the first two letters of the
`language_code` Telegram sends with their latest update, else English. A unit is the
person's choice (`/units lb`), else what they showed (a first weight in lb, a tap on the lb
button of a weight said without a unit), else the metric default.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Final

from bot.kernel.callbacks import ENERGY_UNITS, WEIGHT_UNITS, EnergyUnit, WeightUnit

__all__ = [
    "DEFAULT",
    "ENERGY_UNITS",
    "KG_PER_LB",
    "KJ_PER_KCAL",
    "WEIGHT_UNITS",
    "EnergyUnit",
    "Reader",
    "WeightUnit",
    "language_of",
    "reader_for",
    "unit_of",
]

KJ_PER_KCAL: Final = 4.184
KG_PER_LB: Final = 0.45359237  # the international pound


@dataclass(frozen=True)
class Reader:
    """The person a reply is for, as far as its words and numbers go."""

    language: str = "en"
    weight: WeightUnit = "kg"
    energy: EnergyUnit = "kcal"

    @property
    def volume(self) -> str:
        """Millilitres, or US fluid ounces for a person who weighs in pounds."""
        return "fl oz" if self.weight == "lb" else "ml"


DEFAULT: Final = Reader()


def language_of(code: str | None, supported: Collection[str]) -> str | None:
    """The supported language a code names ("de", "de-AT"; "pt-BR" without "pt": None)."""
    if not code:
        return None
    head = code.strip().lower().replace("_", "-").split("-", 1)[0]
    return head if head in supported else None


def unit_of(word: str | None) -> WeightUnit | EnergyUnit | None:
    """The unit a person typed ("LB", "lbs", "kj", "kcal", "cal"), else None."""
    key = (word or "").strip().lower().rstrip(".")
    aliases: dict[str, WeightUnit | EnergyUnit] = {
        "kg": "kg",
        "kgs": "kg",
        "kilo": "kg",
        "kilos": "kg",
        "lb": "lb",
        "lbs": "lb",
        "pound": "lb",
        "pounds": "lb",
        "kj": "kJ",
        "kilojoule": "kJ",
        "kilojoules": "kJ",
        "kcal": "kcal",
        "cal": "kcal",
        "cals": "kcal",
        "calories": "kcal",
    }
    return aliases.get(key)


def reader_for(
    supported: Collection[str],
    *,
    language: str | None = None,
    telegram_language: str | None = None,
    weight: str | None = None,
    energy: str | None = None,
) -> Reader:
    """The reader from what is stored of a person: their choices, else what Telegram says;
    `supported` are the languages with a catalog (bot.render.words.LANGUAGES)."""
    chosen = (
        language_of(language, supported)
        or language_of(telegram_language, supported)
        or DEFAULT.language
    )
    return Reader(
        language=chosen,
        weight="lb" if weight == "lb" else "kg",
        energy="kJ" if energy == "kJ" else "kcal",
    )
