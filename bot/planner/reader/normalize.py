"""Step 1, normalize: the text a person typed as the rules read it, and as it is shown.

Emoji are mapped to the words they stand for ("🍕": "a slice of pizza"), kept beside the text
(`Normalized.emoji`): the planner offers them as a guess, never logs them unasked.

Phones and web pages bring compatibility characters ("ﬁ", full-width digits "１２"),
markup and character references ("latte &amp; <b>cake</b>"). `normalize` gives the text
to show, with those dropped or made plain; `fold` gives the form every match is made in:
lower case, accents and "ß" folded, so "Café", "cafe" and "CAFÉ" compare equal while the
name shown keeps the person's spelling.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from bot.planner.markup import without_markup

# NFKC writes "½" as "1⁄2" with the fraction slash; read as the "/" of "1/2".
_FRACTION_SLASH = "\u2044"


# Food and drink emoji, as the words of the portion one stands for.
EMOJI_WORDS = {
    "🍕": "a slice of pizza",
    "🍌": "a banana",
    "☕": "a coffee",
    "🍺": "a beer",
    "🍻": "a beer",
    "🍷": "a glass of red wine",
    "🍵": "a cup of tea",
    "🍩": "a donut",
    "🍔": "a burger",
    "🍟": "fries",
    "🍎": "an apple",
    "🍏": "an apple",
    "🥚": "an egg",
    "🍳": "a fried egg",
    "🍪": "a cookie",
    "🍰": "a slice of cake",
    "🎂": "a slice of cake",
    "🍫": "chocolate",
    "🥐": "a croissant",
    "🍞": "a slice of bread",
    "🥯": "a bagel",
    "🥗": "a salad",
    "🍣": "sushi",
    "🍜": "ramen",
    "🌮": "a taco",
    "🌯": "a burrito",
    "🍦": "ice cream",
    "🍨": "ice cream",
    "🥛": "a glass of milk",
    "🍊": "an orange",
    "🍇": "grapes",
    "🍓": "strawberries",
    "🍝": "pasta",
    "🍚": "rice",
    "🥞": "pancakes",
    "🥑": "half an avocado",
    "🥕": "a carrot",
    "🥩": "a steak",
    "🥓": "bacon",
    "🧀": "cheese",
    "🍿": "popcorn",
    "🥨": "a pretzel",
    "🍉": "watermelon",
    "🍐": "a pear",
    "🍑": "a peach",
    "🥜": "peanuts",
}


@dataclass(frozen=True, slots=True)
class Normalized:
    """A message as shown (`text`), as matched (`folded`, the same length or shorter), and
    the words of each food emoji in it (`emoji`, in order: "🍕🍺" -> a slice of pizza, a beer)."""

    text: str
    folded: str
    emoji: tuple[str, ...] = ()


# French and Italian write an article or preposition into the word after it: "l'insalata",
# "un'insalata", "dell'acqua", "d'avoine", "j'ai", "qu'il". Folded, the two are words of
# their own ("l insalata"), so the food is found by its name; "aujourd'hui" and English
# ("I'm", "cow's milk") keep theirs.
_ELIDED_RE = re.compile(
    r"(?<![\w'])(l|d|j|m|t|s|n|c|qu|jusqu|lorsqu|puisqu|un|dell|dall|nell|sull|all|coll"
    r"|quell|quest|tutt|nessun|buon|bell|sant)'(?=[^\W\d_])"
)


def fold(text: str) -> str:
    """Lower case, accents stripped, ligatures spelled out ("œuf": "oeuf"), typographic
    apostrophes plain, elided articles apart ("l'acqua": "l acqua"): the form of matching."""
    text = text.lower()
    if not text.isascii():  # most words are: nothing to strip (the table's 16,000 names)
        text = text.replace("ß", "ss").replace("œ", "oe").replace("æ", "ae").replace("’", "'")
        decomposed = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _ELIDED_RE.sub(r"\1 ", text) if "'" in text else text


# "3in1 coffee", "3-in-1": the instant coffee sachet with sugar and creamer is named by its
# digits, which the rules would read as a count; the name is read in words.
_THREE_IN_ONE_RE = re.compile(
    r"(?<![\w.,])(?:3in1|3-in-1|3 in 1(?= (?:coffee|kopi|kape|cafe|café)))(?![\w.,])",
    re.IGNORECASE,
)


# "ein 0,5er Weizen", "ne 0,3er Cola": the German glass or bottle named by its litres.
_LITRE_GLASS_RE = re.compile(r"(?<![\w.,])(0[.,][1-9]\d?)er(?![^\W\d_])", re.IGNORECASE)


# "a latte @ the airport": an "@" written apart is "at", the place said after a food.
_AT_RE = re.compile(r"(?<=\s)@(?=\s)")


def normalize(text: str) -> Normalized:
    """The message with markup and references dropped and compatibility forms made plain
    (NFKC), ready to be read; `folded` is the same text in the form of matching."""
    shown = unicodedata.normalize("NFKC", without_markup(text)).replace(_FRACTION_SLASH, "/")
    shown = _AT_RE.sub("at", _THREE_IN_ONE_RE.sub("three in one", shown)).strip()
    shown = _LITRE_GLASS_RE.sub(r"\1 l", shown)
    return Normalized(shown, fold(shown), emoji_words(shown))


def emoji_words(text: str) -> tuple[str, ...]:
    """The words each food or drink emoji of the text stands for, in order."""
    return tuple(EMOJI_WORDS[char] for char in text if char in EMOJI_WORDS)
