"""Markup in what a person types: text to ignore, never part of a name.

People paste from web pages and apps, or type the HTML they know ("a latte & <b>cake</b>",
"latte &amp; cake"). Telegram delivers the characters as typed, so without this a tag's
letters are read as words ("B cake") and a character reference as a food ("amp"). The
offline rules read a message through `without_markup`, and every name a plan would write
passes it too (bot/planner/sanity.py), whichever planner made the plan.
"""

from __future__ import annotations

import html
import re

# A tag ("<b>", "</i>", "<br/>", "<span class='x'>") or a comment; "<3" and "a < b" are no tag.
_TAG = re.compile(r"<!--.*?-->|</?[A-Za-z][A-Za-z0-9-]{0,20}(?:\s[^<>]{0,200})?/?>", re.DOTALL)
# Tags that end a line where they stand; any other tag is dropped in place ("<b>ca</b>ke").
_BREAK = re.compile(r"</?(?:br|p|div|li|ul|ol|tr|td|h[1-6]|blockquote|pre)\b", re.IGNORECASE)
# A character reference, well formed ("&amp;", "&#34;", "&#x26;") or not ("&34;").
_REFERENCE = re.compile(r"&(?:#[xX][0-9A-Fa-f]{1,6}|#?[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});")
_ROUNDS = 3  # "&amp;lt;b&amp;gt;": escaped twice, as some apps do


def without_markup(text: str) -> str:
    """`text` with character references as the characters they stand for (one that stands
    for none, like "&34;", dropped), then without tags."""
    for _ in range(_ROUNDS):
        unescaped = _REFERENCE.sub(_character, text)
        if unescaped == text:
            break
        text = unescaped
    return _TAG.sub(_tag, text)


def _character(match: re.Match[str]) -> str:
    reference = match.group(0)
    character = html.unescape(reference)
    return " " if character == reference else character


def _tag(match: re.Match[str]) -> str:
    return "\n" if _BREAK.match(match.group(0)) else ""
