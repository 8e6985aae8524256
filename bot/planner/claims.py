"""Model text that claims a write: "Logged: ...", "I've saved ...", "2 Eier gespeichert."

A model shown how the app answers learns to answer so itself without calling a tool; such
text, when nothing was written, must never reach the person (bot/planner/llm.py replaces
it). The patterns change with the wordings models use and the languages the prompt lets
them answer in, which is why they live apart from the request protocol.
"""

from __future__ import annotations

import re

__all__ = ["claims_write"]

# A reply that says it wrote something: "Logged: ...", a record line copied ("app: Logged:
# ..."), "I've saved ...", "... has been added".
_DONE = r"(?:logged|saved|added|recorded|tracked|stored)"  # not "Noted!", an acknowledgement
_NOT_A_LIST = r"(?!\s+(?:entries|entry|items|meals|foods)\b)"  # "Saved entries can't be..."
_CLAIMS_WRITE = re.compile(
    rf"^\W*(?:app\s*:\s*)?(?:{_DONE}|logging|saving|adding)\b{_NOT_A_LIST}"
    r"|\bI(?:'ve|\s+have|\s+just|'m)?\s+(?:just\s+|also\s+)?(?:logging|saving|adding|"
    r"logged|saved|added|recorded|tracked|noted|stored)\b"
    r"|\bI(?:'ll|\s+will)\s+(?:log|save|add|record|note)\s+(?:that|this|these|those|them|your)\b"
    rf"|\b(?:has|have)\s+been\s+{_DONE}\b",
    re.IGNORECASE | re.MULTILINE,
)
# ... and, when no read was made, a report of a write in other words: "2 eggs logged.",
# "Got it, logged 2 eggs", "Your breakfast is saved" ("isn't tracked" is not one).
# ("tracked" is left out here: "food and weight are tracked" says what the app can do.)
_NOT = r"(?<!n't\s)(?<!not\s)(?<!never\s)"
_SAID = r"(?:logged|saved|added|recorded|stored)"
_REPORTS_WRITE = re.compile(
    rf"{_NOT}\b(?:is|are|was|were)\s+(?:now\s+|all\s+)?{_SAID}\b"
    rf"|{_NOT}\b{_SAID}(?:\s*[!\u2705\u2714]|\.|\s*$)"
    rf"|{_NOT}\b{_SAID}\s+(?:to|for|in|on)\s+(?:today|your|the)\b"
    rf"|(?:[,;:\u2013\u2014]|\s-)\s*{_SAID}\b{_NOT_A_LIST}",
    re.IGNORECASE | re.MULTILINE,
)
# The same in German, Spanish, French and Italian, which the prompt lets a model answer in:
# a label ("Eingetragen: 2 Eier", "Registrado: ..."), the first person ("Ich habe ...
# gespeichert", "He anotado ...", "J'ai ajouté ...", "Ho registrato ..."), and, when no read
# was made, a report ("2 Eier gespeichert.", "Tu desayuno fue registrado", "... a été
# enregistré", "... è stato aggiunto"); negated ones ("nicht eingetragen", "no registrado",
# "pas enregistré", "non aggiunto") claim nothing.
_DONE_INTL = (
    r"(?:eingetragen|gespeichert|registrad[oa]s?|anotad[oa]s?|enregistr[ée]e?s?|ajout[ée]e?s?"
    r"|registrat[oaie]|aggiunt[oaie])"
)
_NOT_INTL = r"(?<!nicht\s)(?<!nichts\s)(?<!no\s)(?<!pas\s)(?<!rien\s)(?<!non\s)(?<!jamais\s)"
_CLAIMS_WRITE_INTL = re.compile(
    rf"^\W*(?:app\s*:\s*)?{_DONE_INTL}\b"
    r"|\b(?:ich\s+)?(?:habe|hab)\b(?![^.!?\n]*\b(?:nicht|nichts|kein\w*)\b)[^.!?\n]{0,60}"
    r"\b(?:eingetragen|gespeichert)\b"
    r"|(?<!no\s)\b(?:he|hemos)\s+(?:registrado|anotado|añadido)\b"
    r"|\bj['\u2019]ai\s+(?:bien\s+)?(?:enregistré|ajouté|noté)"
    r"|(?<!non\s)\bho\s+(?:registrato|aggiunto|segnato)\b",
    re.IGNORECASE | re.MULTILINE,
)
_REPORTS_WRITE_INTL = re.compile(
    rf"{_NOT_INTL}\b{_DONE_INTL}(?:\s*[!\u2705\u2714]|\.|\s*$)"
    r"|(?<!n['\u2019])\b(?:wurden?|ist|sind|fue|fueron|ha\s+sido|han\s+sido|a\s+été|ont\s+été|est|sont"
    rf"|è\s+stat[oaie]|sono\s+stat[ie])\s+(?:\w+\s+){{0,3}}?{_NOT_INTL}{_DONE_INTL}\b",
    re.IGNORECASE | re.MULTILINE,
)
_QUESTION = re.compile(r"[^.!?\n]*\?")  # a sentence asking, which claims nothing


def claims_write(text: str, *, read: bool = False) -> bool:
    """Whether `text` says something was saved. `read`: the model was given read results,
    whose report of past entries ("Lunch was logged at 12:40.") is not a claim."""
    said = _QUESTION.sub("", text)
    if _CLAIMS_WRITE.search(said) or _CLAIMS_WRITE_INTL.search(said):
        return True
    return not read and bool(_REPORTS_WRITE.search(said) or _REPORTS_WRITE_INTL.search(said))
