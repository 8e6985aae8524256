"""A food said only as when a weight or a rating was taken: "scale said 156.8 but that was
after coffee", "82,4 kg nach dem Kaffee", "70,1 kg después del café", "68 kg après le café",
"75 kg dopo il caffè", "mood 4 after coffee". The food dates the figure; it is no meal the
person is logging, so its words are read here and no food is made of them. "had a coffee
after lunch" is a meal: the food comes before "after", and a verb of eating says it was had.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from bot.planner.offline.text import Tokens, rx

_WHEN_RE = rx(
    r"(?:right |just )?(?:after|before|nach|vor|despues de|antes de|apres|avant|dopo|prima di)"
    r"(?: (?:the|my|a|dem|der|meinem|einem|el|la|mi|un|le|mon|ma|il|lo|l|al))?"
    r"|(?:right |just )?(?:despues|antes) del|(?:apres|avant) (?:le|la|l|mon|ma|du)"
    r"|(?:dopo|prima) (?:il|lo|la|l|del|della|dello|dell|aver)"
)
# Saying a food was had between the figure and "after": "82 kg, then had a coffee after
# the gym" is a meal logged.
_EATEN = frozenset(
    """
    had ate eaten drank drink eat have having hatte hab habe gegessen getrunken trank ass
    tome comi bebi comido tomado bebido mange bu pris mangiato bevuto preso
    """.split()
)


def claim_said_when(
    tokens: Tokens, anchors: Collection[int], sentence_of: list[int], food_at: Callable[[int], int]
) -> None:
    """Claim "after <food>" said after a weight or a rating (their first tokens `anchors`) in
    the same sentence, with no verb of eating between: the food is when, not a meal.
    `food_at(i)` is how many words of a food's name start at token `i`."""
    for _match, span in list(tokens.matches(_WHEN_RE)):
        before = [
            a for a in anchors if a < span.start and sentence_of[a] == sentence_of[span.start]
        ]
        if not before or span.stop >= len(tokens):
            continue
        between = range(max(before), span.start)
        if any(tokens.items[i].text in _EATEN for i in between):
            continue
        length = food_at(span.stop)
        if length:
            tokens.claim(range(span.start, span.stop + length))
