"""What is said about the language and units replies are in: /language, /units and their
buttons. Every text here is looked up in the reader's catalog (bot/render/words.py).
"""

from __future__ import annotations

from bot.kernel.readers import Reader
from bot.render.format import esc
from bot.render.words import LANGUAGES, language_name, words

__all__ = [
    "language_set",
    "language_unknown",
    "language_view",
    "unit_set",
    "unit_unknown",
    "units_view",
]


def language_view(reader: Reader) -> str:
    """/language alone: the language replies are in, and how to change it."""
    w = words(reader)
    codes = ", ".join(LANGUAGES)
    return w._(
        "I'm writing to you in <b>{language}</b>. Tap another language below, "
        "or send <code>/language CODE</code> ({codes})."
    ).format(language=language_name(reader.language), codes=codes)


def language_set(reader: Reader) -> str:
    """The language was changed: said in the new language."""
    w = words(reader)
    return w._("Done — I'll write to you in {language} from now on.").format(
        language=language_name(reader.language)
    )


def language_unknown(reader: Reader, asked: str) -> str:
    w = words(reader)
    names = ", ".join(f"{code} ({language_name(code)})" for code in LANGUAGES)
    return w._("I can't write in “{asked}” yet. I can write in: {names}.").format(
        asked=esc(asked[:20]), names=names
    )


def units_view(reader: Reader) -> str:
    """/units alone: the units replies are in, and how to change them."""
    w = words(reader)
    return w._(
        "Weights are shown in <b>{weight}</b> and energy in <b>{energy}</b>. "
        "Tap below, or send <code>/units lb</code>, <code>/units kg</code>, "
        "<code>/units kj</code> or <code>/units kcal</code>. "
        "Your health account always keeps kg and kcal."
    ).format(weight=reader.weight, energy=reader.energy)


def unit_set(reader: Reader) -> str:
    w = words(reader)
    return w._("Done — weights in {weight}, energy in {energy}.").format(
        weight=reader.weight, energy=reader.energy
    )


def unit_unknown(reader: Reader, asked: str) -> str:
    w = words(reader)
    return w._("I don't know the unit “{asked}”. Try kg, lb, kcal or kJ.").format(
        asked=esc(asked[:20])
    )
