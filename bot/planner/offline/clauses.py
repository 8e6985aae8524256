"""A message's clauses as the dates and refusals in them read them.

Dates are per clause: "pizza last night, slept badly" puts the pizza on yesterday and the sleep
on today's check-in; a clause without a date phrase takes the one before it in the sentence,
else the one after; the night the person slept ("slept badly last night") is the sleep's
alone. A clause may also say a food was not (or not yet) eaten.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from bot.planner.offline.checkins import SLEEP_WORDS
from bot.planner.offline.dates import DayRef, find_day_refs, rx
from bot.planner.offline.text import Tokens
from bot.planner.reader.segment import Clause

# What was not (yet) eaten: a food in such a clause is not logged ("craving chocolate", "gonna
# have pasta later", "didn't eat the cake"); "gonna log my lunch" is a log.
_NOT_EATEN_RE = rx(
    r"(?:i )?(?:want|wanna|wanted|craving|crave|craved|thinking about|thinking of|dreaming of"
    r"|planning(?: to| on)?|plan to|going to(?! (?:log|add|track))|gonna(?! (?:log|add|track))"
    r"|(?:will|ill)(?! (?:log|add|track))|should|shall|might|tomorrow|later(?! on)|next time"
    r"|resisted|not (?:eating|having|drinking|ordering|getting)|wont|will not"
    # a craving in the five languages: "feel like pizza", "Lust auf", "ganas de", "envie de"
    r"|(?:feel|feeling) like|in the mood for|fancy|fancying|lust auf|hunger auf|appetit auf"
    r"|heisshunger auf|ganas de|antojo de|envie d|envie de|voglia di"
    # weary of a food, not eating it: "sick of salad", "so tired of chicken"
    r"|(?:sick|tired|bored) of|fed up with"
    r"|avoided|skipped|skip|didnt|did not|havent|have not|hadnt|never|going"
    # "don't judge", "don't ask": said about the telling, not the eating
    r"|(?:dont|do not)(?! (?:judge|ask|tell|laugh|worry|care|know|remember|mind|blame|hate))"
    r"|no (?:tome|comi|bebi|he (?:tomado|comido|bebido))|nai pas|n ai pas|pas mange|pas bu"
    r"|non ho|weggelassen|verzichtet|nicht gegessen|nicht getrunken)"
)
# A meal not had, in the five languages: "skipped lunch", "didn't have any snacks", "kein
# Frühstück", "Mittagessen ausgelassen", "sin desayuno", "me salté la comida", "pas de dessert",
# "niente pranzo", "ho saltato la colazione".
_MEALS = (
    r"breakfast|brunch|lunch|dinner|supper|snacks?|meals?|desserts?|fruhstuck|fruehstueck"
    r"|mittagessen|abendessen|abendbrot|nachtisch|desayuno|almuerzo|comida|cena|merienda|postre"
    r"|petit dej|petit dejeuner|dejeuner|diner|gouter|souper|colazione|pranzo|merenda|spuntino"
    r"|dolce"
)
MEALS_RE = rx(_MEALS)
_SKIPPING = (
    r"no|skipped|skip|skipping|missed|without|didnt (?:have|eat)|did not (?:have|eat)|never had"
    r"|(?:havent|have not|hadnt) had|nothing (?:for|at)"
    r"|kein|keine|keinen|ohne|sin|nada de|me salte|salte|me saltee|pas de|pas d|sans|niente"
    r"|senza|saltato|ho saltato|salto"
)
_ARTICLE = r"(?:(?:any|the|my|a|das|den|mein|meinen|el|la|mi|le|mon|ma|il|lo|la mia) )?"
# Eating said not done, with no food named: "didn't eat", "pas mangé ce midi", "no he comido",
# "nichts gegessen", "non ho mangiato".
# So is a meal's own verb: "non ho pranzato", "no he cenado", "je n'ai pas dîné", "nicht
# gefrühstückt".
_NOT_ATE = (
    r"(?:i )?(?:didnt|did not|havent|have not|hadnt|had not) (?:eat|eaten)"
    r"(?: anything| a thing)?(?: yet)?"
    r"|(?:(?:je )?n ?ai )?pas (?:encore )?(?:mange|dine|dejeune|petit dejeune|soupe|goute)"
    r"|rien mange|no (?:he )?(?:comido|comi|desayunado|almorzado|cenado|merendado)(?: nada)?"
    r"|(?:noch )?(?:nicht|nichts) (?:gegessen|gefruhstuckt|gefruehstueckt)"
    r"|(?:noch )?nicht zu (?:mittag|abend) gegessen"
    r"|non ho (?:ancora )?(?:mangiato|pranzato|cenato|fatto colazione|fatto merenda)"
    r"(?: niente| nulla)?"
)
_SKIPPED_MEAL_RE = rx(
    rf"(?:{_NOT_ATE})(?: {_ARTICLE}(?:{_MEALS})(?: yet)?)?"
    rf"|(?:{_SKIPPING}) {_ARTICLE}(?:{_MEALS})(?: yet)?"
    rf"|(?:{_MEALS}) (?:skipped|ausgelassen|ausgefallen|saltato|saltata|salte)"
    r"|no (?:desayune|almorce|cene|meriende)"
)
# A refusal that reaches back over the whole sentence ("pizza but I didn't have any").
_NONE_RE = rx(r"didnt (?:have|eat|touch|get) (?:any|it|one|some)|none for me|not for me")


@dataclass
class Clauses:
    """Which clause each token is in, and the date phrase that governs each clause."""

    clause_of: list[int]
    refs: dict[int, DayRef]
    sentence_of: list[int]

    def ref(self, index: int) -> DayRef | None:
        return self.refs.get(self.clause_of[index]) if index < len(self.clause_of) else None


def date_clauses(
    tokens: Tokens, segmented: Sequence[Clause], today: dt.date, night: bool = False
) -> Clauses:
    """The message's clauses as segmented, a second date phrase in one starting another
    ("pizza last night and today I'm 82.3 kg"), each with the date phrase that governs it;
    `night`: said before the person's day has ended, after midnight."""
    found = find_day_refs(tokens, today, night)
    clause_of = [0] * len(tokens)
    sentence_of = [0] * len(tokens)
    clause = -1
    for part in segmented:
        clause += 1
        dated = False  # the current clause has a date phrase already
        for i in part.span:
            if i in found and dated:
                clause += 1
                if i > 0 and tokens.items[i - 1].text in {"and", "und", "y"}:
                    clause_of[i - 1] = clause
            dated = dated or i in found
            clause_of[i] = clause
            sentence_of[i] = part.sentence
    own: dict[int, DayRef] = {}
    for index, ref in sorted(found.items()):
        own.setdefault(clause_of[index], ref)
    # A clause without its own date takes the previous one in the sentence, else the next.
    first_token: dict[int, int] = {}
    for i, c in enumerate(clause_of):
        first_token.setdefault(c, i)
    refs: dict[int, DayRef] = dict(own)
    lent = {c: ref for c, ref in own.items() if not _night_slept(tokens, clause_of, c, ref)}
    for c in range(max(clause, 0) + 1):
        if c in own or c not in first_token:
            continue
        s = sentence_of[first_token[c]]
        same = [d for d in lent if d in first_token and sentence_of[first_token[d]] == s]
        before = [d for d in same if d < c]
        after = [d for d in same if d > c]
        if before:
            refs[c] = own[max(before)]
        elif after:
            refs[c] = own[min(after)]
    return Clauses(clause_of, refs, sentence_of)


_SLEPT = frozenset(
    (SLEEP_WORDS + "|woke|wach|aufgewacht|desperte|reveille|svegliato|svegliata").split("|")
)


def _night_slept(tokens: Tokens, clause_of: list[int], clause: int, ref: DayRef) -> bool:
    """Whether the clause's date is the night the person slept ("slept bad last night",
    "heute Nacht schlecht geschlafen", "dormí fatal anoche"): the sleep's, never lent to
    the foods of the other clauses, which were had today."""
    return ref.kind == "last_night" and any(
        tokens.items[i].text in _SLEPT for i, c in enumerate(clause_of) if c == clause
    )


def not_eaten_clauses(tokens: Tokens, clauses: Clauses) -> dict[int, list[range]]:
    """The clauses that say a food was not (or not yet) eaten, with the words saying so
    (claimed by the caller where a food was indeed left out); a skipped meal is read."""
    found: dict[int, list[range]] = {}
    for _match, span in tokens.matches(_SKIPPED_MEAL_RE):
        found.setdefault(clauses.clause_of[span.start], [])
        tokens.claim(span)
    for _match, span in tokens.matches(_NONE_RE):
        sentence = clauses.sentence_of[span.start]
        for c in {c for i, c in enumerate(clauses.clause_of) if clauses.sentence_of[i] == sentence}:
            found.setdefault(c, []).append(span)
    for _match, span in tokens.matches(_NOT_EATEN_RE):
        found.setdefault(clauses.clause_of[span.start], []).append(span)
    return found
