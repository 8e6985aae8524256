"""Every text a person reads is in every language's catalog, with the same placeholders and
the same markup as the English, and the catalogs compile."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot.render.words import DOMAIN, LANGUAGES, LOCALES

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {
    "_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "N_": None,
    "NP_": ((1, "c"), 2, 3),
}
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_TAG = re.compile(r"</?[a-z]+[^>]*>")
OTHERS = [language for language in LANGUAGES if language != "en"]


def _code_ids() -> set[str]:
    """Every message id bot/render's code looks up (the singular of a plural)."""
    found = extract_from_dir(
        str(ROOT / "bot" / "render"), method_map=[("**.py", "python")], keywords=KEYWORDS
    )
    ids: set[str] = set()
    for _file, _line, message, _comments, context in found:
        singular = message[0] if isinstance(message, tuple) else message
        ids.add(f"{context}\x04{singular}" if context else singular)
    return ids


def _catalog(language: str) -> Catalog:
    with (LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as file:
        return read_po(file, locale=language)


def _key(message_id: str | tuple[str, ...], context: str | None) -> str:
    singular = message_id[0] if isinstance(message_id, tuple) else message_id
    return f"{context}\x04{singular}" if context else singular


def test_the_bot_speaks_five_languages_at_least() -> None:
    assert set(LANGUAGES) >= {"en", "de", "es", "fr", "it"}


@pytest.mark.parametrize("language", OTHERS)
def test_every_text_of_the_code_is_translated(language: str) -> None:
    catalog = _catalog(language)
    translated = {
        _key(m.id, m.context)
        for m in catalog
        if m.id and "fuzzy" not in m.flags and all(_forms(m.string))
    }
    missing = sorted(_code_ids() - translated)
    assert missing == [], f"{len(missing)} texts lack a {language} translation: {missing[:5]}"


def _forms(string: str | tuple[str, ...] | None) -> tuple[str, ...]:
    if isinstance(string, tuple):
        return string
    return (string or "",)


@pytest.mark.parametrize("language", OTHERS)
def test_placeholders_and_markup_are_those_of_the_english(language: str) -> None:
    wrong = []
    for message in _catalog(language):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        for form in _forms(message.string):
            if not form:
                continue
            if set(_PLACEHOLDER.findall(form)) != set(_PLACEHOLDER.findall(english[-1])):
                wrong.append((english[0], form, "placeholders"))
            if Counter(_TAG.findall(form)) != Counter(_TAG.findall(english[0])):
                wrong.append((english[0], form, "markup"))
    assert wrong == []


@pytest.mark.parametrize("language", OTHERS)
def test_each_catalog_compiles(language: str) -> None:
    buffer = io.BytesIO()
    write_mo(buffer, _catalog(language))
    assert buffer.getvalue()


def test_the_checks_see_a_missing_translation_and_a_lost_placeholder(tmp_path: Path) -> None:
    catalog = Catalog(locale="de")
    catalog.add("Logged {food}", "{food} gespeichert")
    catalog.add("Your settings", "")
    catalog.add("Done — weights in {weight}.", "Erledigt.")
    entries = {m.id: m for m in catalog if m.id}
    assert not all(_forms(entries["Your settings"].string))
    lost = entries["Done — weights in {weight}."]
    assert set(_PLACEHOLDER.findall(str(lost.string))) != set(_PLACEHOLDER.findall(str(lost.id)))
