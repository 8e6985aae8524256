"""Tiredness given as the reason something was not done: read, never a check-in.

"no dinner tonight, too tired", "niente cena stasera, troppo stanco", "skipped lunch, too
tired to cook", "kein Frühstück, zu müde", "pas de dîner, trop fatiguée", "no cené, demasiado
cansada": "too" and a meal skipped make the tiredness why, and the person reports no energy
rating. Tiredness said plainly ("so tired today", "too tired today") stays the check-in it is.
"""

from __future__ import annotations

from bot.planner.offline.text import Tokens

_TOO = frozenset("too zu demasiado trop troppo".split())
# Right after the tiredness: what it kept one from ("to cook", "para cenar", "pour manger").
_FOR_DOING = frozenset("to zum zur um para pour per da".split())
# Elsewhere in the message: a meal or a thing said not to have been had or done.
_NOT_DONE = frozenset(
    "no not without pas non nicht kein keine keinen nix sin sans senza niente nessun nessuna"
    " nothing nada rien nichts skip skipped skipping saltato saltata saltati salte saute"
    " ausgelassen".split()
)


def tiredness_as_reason(tokens: Tokens, span: range) -> range | None:
    """The words of the tiredness at `span` with its "too", when it says why something was
    not done; else None."""
    before = span.start - 1
    if before < 0 or tokens.items[before].text not in _TOO:
        return None
    if not any(t.text in _NOT_DONE for t in tokens.items):
        return None
    after = tokens.items[span.stop].text if span.stop < len(tokens) else ""
    if after in _FOR_DOING and span.stop + 1 < len(tokens):
        return range(before, span.stop + 2)  # "too tired to cook": what was left undone too
    return range(before, span.stop)
