"""Words for a reader: the catalog of their language and the numbers, dates and units of it.

Every text a person reads is an English message id looked up in a gettext catalog
(`bot/render/locales/<language>/LC_MESSAGES/healthbot.po`, compiled to `.mo` by `make`
through Babel), then filled with `str.format` placeholders:

    w = words(reader)
    w._("Logged {count} foods").format(count=...)          # extracted as a message id
    w.ngettext("{n} food", "{n} foods", n).format(n=n)     # plural forms of the language
    w.npgettext("portion", "{count} cup", "{count} cups", n)  # the same, in a context
    w.energy(1250)   # "1,250 kcal", "1.250 kcal" (de), "5,230 kJ" for a reader in kJ
    w.weight(72.4)   # "72.4 kg", "72,4 kg" (de), "159.6 lb" for a reader in lb
    w.date(day)      # "Mon 23 Nov", "Mo., 23. Nov." (de)

Numbers, dates and plural rules come from Babel's CLDR data for the reader's language. A
language without a compiled catalog is read from its `.po` (an install that skipped
`make`); a language without either speaks English.
"""

from __future__ import annotations

import datetime as dt
import gettext
import io
import logging
import math
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from babel import Locale
from babel.dates import format_skeleton
from babel.lists import format_list
from babel.numbers import format_decimal

from bot.kernel.readers import DEFAULT, KG_PER_LB, KJ_PER_KCAL, Reader

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALES",
    "NP_",
    "N_",
    "Words",
    "language_name",
    "translations",
    "words",
]

DOMAIN = "healthbot"
LOCALES = Path(__file__).with_name("locales")
# The languages the bot speaks: English (its message ids), then each with a catalog, so a
# new language is a new .po file and nothing else.
LANGUAGES: tuple[str, ...] = (
    "en",
    *sorted(p.parent.parent.name for p in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po")),
)
_MISSING = "–"

log = logging.getLogger(__name__)


def N_(message: str) -> str:
    """Marks a message id kept in a table for the catalogs; looked up later with `w._`."""
    return message


def NP_(context: str, singular: str, plural: str) -> tuple[str, str, str]:
    """Marks a message id with plural forms, in a context, kept in a table for the catalogs
    (`-k NP_:1c,2,3`); looked up later with `w.npgettext`."""
    return context, singular, plural


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalog of `language` (English: the message ids themselves)."""
    if language == "en" or language not in LANGUAGES:
        return gettext.NullTranslations()
    folder = LOCALES / language / "LC_MESSAGES"
    compiled = folder / f"{DOMAIN}.mo"
    if compiled.exists():
        with compiled.open("rb") as file:
            return gettext.GNUTranslations(file)
    source = folder / f"{DOMAIN}.po"
    if not source.exists():
        log.warning("no catalog for %s: its readers get English", language)
        return gettext.NullTranslations()
    log.warning("the %s catalog is not compiled (run make); reading its .po", language)
    return gettext.GNUTranslations(io.BytesIO(_compiled(source, language)))


def _compiled(source: Path, language: str) -> bytes:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with source.open("rb") as file:
        catalog = read_po(file, locale=language, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


class Words:
    """A reader's catalog and formats; `words(reader)` gives the one for a reader."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        # English as written in Britain: "Mon 23 Nov", the day before the month as elsewhere
        self.locale = Locale.parse("en_GB" if reader.language == "en" else reader.language)
        self._catalog = translations(reader.language)

    def _(self, message: str) -> str:
        """The reader's words for `message` (an English message id)."""
        return self._catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of the reader's language for `n` of something."""
        return self._catalog.ngettext(singular, plural, n)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """The form of the reader's language for `n` of something said in `context`."""
        return self._catalog.npgettext(context, singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """`message` where the same English word is said two ways ("sleep" the rating)."""
        return self._catalog.pgettext(context, message)

    def number(self, value: float | None, decimals: int = 0, *, trim: bool = False) -> str:
        """`value` as the reader writes numbers ("1,250.5", "1.250,5"); `trim` drops zeros."""
        if value is None or not math.isfinite(value):
            return _MISSING
        if abs(value) >= 1e12:  # beyond what a decimal pattern rounds: three digits
            return f"{value:.3g}"
        fraction = "#" * decimals if trim else "0" * decimals
        pattern = f"#,##0.{fraction}" if decimals else "#,##0"
        return format_decimal(value, format=pattern, locale=self.locale)

    def energy(self, kcal: float | None, *, unit: bool = True) -> str:
        """An energy in the reader's unit (kcal or kJ), as they write numbers."""
        value = None if kcal is None else kcal * (KJ_PER_KCAL if self.reader.energy == "kJ" else 1)
        text = self.number(value)
        return f"{text} {self.reader.energy}" if unit and text != _MISSING else text

    def weight(self, kg: float | None, decimals: int = 1, *, unit: bool = True) -> str:
        """A body weight in the reader's unit (kg or lb), trailing zeros dropped."""
        value = None if kg is None else kg / (KG_PER_LB if self.reader.weight == "lb" else 1)
        text = self.number(value, decimals, trim=True)
        return f"{text} {self.reader.weight}" if unit and text != _MISSING else text

    def grams(self, value: float | None) -> str:
        """A nutrient's mass ("12 g", "12,5 g"): grams whatever the reader's weight unit."""
        text = self.number(value, 1, trim=True)
        return f"{text} g" if text != _MISSING else text

    def date(self, day: dt.date) -> str:
        """A day as the reader's language writes it short: "Mon 23 Nov", "Mo., 23. Nov."."""
        return format_skeleton("MMMEd", day, locale=self.locale)

    def listed(self, items: Sequence[str]) -> str:
        """Items joined as the reader's language lists them: "a, b and c", "a, b y c"."""
        return format_list(list(items), locale=self.locale) if items else ""


def language_name(language: str) -> str:
    """A language's name in itself ("Deutsch", "español"), as a person looks for it."""
    return Locale.parse(language).get_display_name(language) or language


@cache
def words(reader: Reader = DEFAULT) -> Words:
    """The words of `reader` (one per distinct reader, kept)."""
    return Words(reader)
