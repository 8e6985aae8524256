"""Supplements and medicines said taken: "took my vitamin d", "magnesio e potassio preso",
"forgot my zinc" (read, and nothing marked).

`find_supplements` claims the tokens it understood and returns each name found with the index
of its first token, so the planner can give it the date of the clause it came from. Phrases are
written against normalised text (lower case, no accents, no apostrophes).
"""

from __future__ import annotations

import re

from bot.planner.offline.supplement_names import (
    AS_BESIDE,
    AS_IN_CLAUSE,
    COUNT_WORDS,
    FORMS_AFTER,
    FORMS_BEFORE,
    GENERIC,
    GIVEN,
    INJECTED,
    KINDS,
    LINKS,
    PACKAGES,
    SUPPLEMENTS,
)
from bot.planner.offline.text import NUM, Found, Tokens, normalize, rx, tokenize


def _as_tokens(phrase: str) -> str:
    return " ".join(t.text for t in tokenize(phrase))


def _by_alias(table: dict[str, str]) -> dict[str, str]:
    return {_as_tokens(a): name for name, aliases in table.items() for a in aliases.split("|")}


def _alternatives(aliases: dict[str, str]) -> str:
    return "|".join(sorted(map(re.escape, aliases), key=len, reverse=True))


_SUPPLEMENT_BY_ALIAS = _by_alias(SUPPLEMENTS)


def supplement_aliases(name: str) -> tuple[str, ...]:
    """Every way the rules know of saying the supplement `name` is (as tokens: "vitamina d",
    "eisen"), found by its stack name or any of them; none when it is none they know."""
    said = _as_tokens(name)
    canonical = _SUPPLEMENT_BY_ALIAS.get(said) or next(
        (stack for stack in SUPPLEMENTS if _as_tokens(stack) == said), None
    )
    return tuple(alias for alias, of in _SUPPLEMENT_BY_ALIAS.items() if of == canonical)


# German says a supplement and what it comes as in one word ("Eisentablette",
# "Magnesiumkapseln", "Zinktabletten", "Jodtabletten"): read as the name and the form.
_COMPOUND_RE = re.compile(
    rf"\b({_alternatives({a: a for a in _SUPPLEMENT_BY_ALIAS if ' ' not in a and len(a) > 2})})"
    r"(brausetabletten?|kautabletten?|tabletten?|kapseln?|tropfen|pulver)\b",
    re.IGNORECASE,
)


def supplement_compounds_split(text: str) -> str:
    """`text` with a German supplement said in one word with its form split in two:
    "Eisentablette genommen" as "Eisen tablette genommen"."""
    return _COMPOUND_RE.sub(r"\1 \2", text)


_FORM_AFTER_BY_ALIAS = _by_alias(FORMS_AFTER)
_FORM_BEFORE_BY_ALIAS = _by_alias(FORMS_BEFORE)
# A dose follows the name, its unit left out or not: "tachipirina 1000", "l-thyroxin 75",
# "lantus 10 units"; or a count of what it comes as ("vit d 4 drops").
_DOSE = rf"{NUM} ?(?:iu|ie|ui|mg|mcg|ug|µg|g|units?|u|einheiten|unidades|unites|unita|unidad)"
# What comes before the name: a count, what it comes as ("2 capsules of", "una bustina di",
# "piqure d"), a dose ("5000 iu of") and its form ("marine", "citrato de").
_BEFORE = (
    rf"(?:(?P<count>{COUNT_WORDS}) (?:x )?)?(?:(?P<pack>{PACKAGES}) (?:(?:{LINKS}) )?)?"
    rf"(?:(?P<dose1>{_DOSE}) (?:of )?)?(?:(?P<before>{_alternatives(_FORM_BEFORE_BY_ALIAS)}) )?"
    rf"(?:(?P<salt>{_alternatives(_FORM_AFTER_BY_ALIAS)}) (?:de|di|d|du|von) )?"
)
_SUPPLEMENT_RE = rx(
    rf"{_BEFORE}(?P<name>{_alternatives(_SUPPLEMENT_BY_ALIAS)})"
    rf"(?: (?P<after>{_alternatives(_FORM_AFTER_BY_ALIAS)}))?"
    rf"(?: (?P<dose2>{_DOSE}|[1-9]\d{{1,3}}|[1-9](?= (?:{PACKAGES})(?!\S))))?"
    rf"(?P<beside>(?: (?:{AS_BESIDE})){{0,2}})"
)
_TOOK = (
    r"took|taken|take|have taken|had|popped|genommen|eingenommen|tome|tomado|tomada|tomadas"
    r"|tomados|pris|prise|prises|preso|presa|presi|prese"
)
_GENERIC_BY_ALIAS = _by_alias(GENERIC)
_GENERIC = _alternatives(_GENERIC_BY_ALIAS)
_OWN = (
    r"my|the|all my|meine?n?|die|mes|mon|ma|la|les|mis|mi|las|los|el|la mia|le mie|i miei"
    r"|il mio|le|i"
)
_TOOK_UNKNOWN_RE = rx(
    rf"(?:{_TOOK}) (?:my |the |a |an |some |\d+ )?"
    r"(?P<what>(?:[a-z]+ ){0,2}(?:pills?|capsules?|tablets?|drops|gummies|supplements?|softgels?"
    r"|vitamins))"
)
# One's usual medicines, the verb before or after: "took my meds", "meine Tabletten genommen".
_GENERIC_RE = rx(rf"(?:(?P<verb>{_TOOK}) )?(?:{_OWN}) (?P<what>{_GENERIC})(?: (?P<after>{_TOOK}))?")
TAKE_WORDS = rx(
    r"took|taken|take|taking|have taken|had|my|all my|both|genommen|eingenommen|nehme|meine?"
    r"|popped|pop|swallowed|done|stack|morning stack|evening stack|daily"
    r"|tome|tomado|tomada|mis?|dose|done|checked|check|powder|already|schon|ya|deja|gia"
    rf"|{AS_IN_CLAUSE}"
)
_TOOK_IT_RE = rx(r"(?:took|taken|take|had|genommen|tome) (?:it|them|one|that|those)")
_SKIP_WORDS = frozenset(
    {"forgot", "forget", "forgotten", "skipped", "skip", "missed", "vergessen", "olvide", "didnt"}
    | {"olvidado", "olvidada", "oublie", "oubliee", "dimenticato", "dimenticata", "scordato"}
    | {"not", "no", "nicht", "havent", "hasnt", "dont", "without"}
)


# Still to be taken: "need to take my magnesium", "ozempic shot tomorrow", "devo ancora
# prendere il ferro" ("Morgen", "mañana" are as often the morning; "took it later" is taken).
_LATER_RE = rx(
    r"need to|have to|gotta|going to|gonna|will|tomorrow|muss noch|muss|noch nicht|tengo que"
    r"|todavia no|aun no|je dois|demain|pas encore|devo|domani|non ancora|devo ancora"
)
# When, read with what is still to be taken: "need to take my zinc later".
_WHEN_LATER_RE = rx(r"later|spater|mas tarde|plus tard|piu tardi|tonight|ce soir|stasera")
_NEGATED_CLAUSE_WORDS = _SKIP_WORDS | {"take", "took", "taken", "my", "the", "to"}
_NEGATED_CLAUSE_WORDS |= {"do", "nehmen", "mein", "meine", "tomar", "el", "la", "mi", "prendere"}
_NEGATED_CLAUSE_WORDS |= {"il", "lo", "prendre", "ma", "mon", "mes"}


def _claim_negated(tokens: Tokens, clause_of: list[int], named: range) -> None:
    """A supplement named as not taken, and the "forgot"/"skipped" of its clause: read."""
    tokens.claim(named)
    for match in (*_LATER_RE.finditer(tokens.joined), *_WHEN_LATER_RE.finditer(tokens.joined)):
        if clause_of[tokens.span(match).start] == clause_of[named.start]:
            tokens.claim(tokens.span(match))
    for i, token in enumerate(tokens.items):
        if clause_of[i] == clause_of[named.start] and token.text in _NEGATED_CLAUSE_WORDS:
            tokens.claim(range(i, i + 1))


# Short names that are as often the start of something else ("multi grain", "ferro da
# stiro"): a supplement only when no other word follows them.
_ALONE_ONLY = frozenset({"multi", "multis", "fer", "ferro"})
_AFTER_ALONE = frozenset(
    "and und y e et plus with mit con avec today heute hoy oggi this after before".split()
)
# What a supplement is taken in: "magnesio sciolto in acqua", "creatine in water".
_TAKEN_IN_RE = rx(
    r"(?:(?:dissolved|mixed|stirred|aufgelost|aufgeloest|disuelto|disuelta|disueltos|dissous"
    r"|dissoute|sciolto|sciolta|sciolti|sciolte) )?(?:in|with|mit|in|con|en|dans|avec)"
    r" (?:some |a glass of |un vaso de |un verre d |un bicchiere d )?"
    r"(?:water|wasser|agua|eau|acqua)"
)


def _alone(tokens: Tokens, match: re.Match[str]) -> bool:
    """Whether a short name stands alone ("popped my multi", "fer bisglycinate"), not opening
    another word."""
    name = tokens.span(match, "name")
    if match.group("name") not in _ALONE_ONLY or match.group("after") or match.group("salt"):
        return True
    if name.stop >= len(tokens.items):
        return True
    after = tokens.items[name.stop]
    return after.kind != "word" or after.text in _AFTER_ALONE


def _named(match: re.Match[str]) -> str:
    """The stack's name of what was said, with the form the person named: "Vitamin D3",
    "Magnesium glycinate", "Marine collagen"."""
    name = _SUPPLEMENT_BY_ALIAS[match.group("name")]
    form = _FORM_AFTER_BY_ALIAS.get(match.group("after") or match.group("salt") or "")
    form = form or _FORM_BEFORE_BY_ALIAS.get(match.group("before") or "")
    if form is None:
        return name
    if form in KINDS:
        return f"{form.capitalize()} {name[:1].lower()}{name[1:]}"
    return f"{name} {form}"


def _given(tokens: Tokens, clause_of: list[int], match: re.Match[str], span: range) -> bool:
    """Whether a name is of a dose: always, but for the injected medicines, where the clause
    says it was given ("ozempic shot", "took 10 units of lantus") or not ("forgot my
    mounjaro")."""
    if _SUPPLEMENT_BY_ALIAS[match.group("name")] not in INJECTED:
        return True
    if match.group("pack") or match.group("beside"):
        return True  # "my ozempic shot", "piqure d ozempic"
    clause = clause_of[span.start]
    return any(
        clause_of[i] == clause and (t.text in GIVEN or t.text in _SKIP_WORDS)
        for i, t in enumerate(tokens.items)
    )


def _read_named(
    tokens: Tokens, clause_of: list[int], negated: set[int]
) -> tuple[list[Found[str]], list[tuple[range, str]]]:
    """Known names, taken or (in a negated clause) not taken."""
    found: list[Found[str]] = []
    skipped: list[tuple[range, str]] = []  # named where it was not taken ("forgot the zinc")
    for match, span in tokens.matches(_SUPPLEMENT_RE):
        if not _alone(tokens, match) or not _given(tokens, clause_of, match, span):
            continue
        if clause_of[span.start] in negated:
            skipped.append((span, _named(match)))
            continue
        tokens.claim(span)
        found.append(Found(span.start, _named(match)))
    return found, skipped


_NOT_A_NAME = frozenset("both all my the of some".split())


def _read_unnamed(
    tokens: Tokens, clause_of: list[int], negated: set[int], found: list[Found[str]]
) -> None:
    """ "took my bp pills", "took my meds", "meine Tabletten genommen": what the person calls
    them; their usual medication when they name no more than pills."""
    for match, span in tokens.matches(_TOOK_UNKNOWN_RE):
        if clause_of[span.start] in negated:
            continue
        tokens.claim(span)
        what = " ".join(w for w in match.group("what").split() if w not in _NOT_A_NAME)
        if not found:  # "took both my pills: vitamin d and iron": the pills are those named
            found.append(Found(span.start, _GENERIC_BY_ALIAS.get(what, what.capitalize())))
    for match, span in tokens.matches(_GENERIC_RE):
        if clause_of[span.start] in negated or not (match.group("verb") or match.group("after")):
            continue
        tokens.claim(span)
        if not found:
            found.append(Found(span.start, _GENERIC_BY_ALIAS[match.group("what")]))


def find_supplements(
    tokens: Tokens, clause_of: list[int], not_taken: list[str] | None = None
) -> list[Found[str]]:
    """Supplements taken: known names anywhere, or "took my <x> pills"; not when negated
    ("forgot my zinc": added to `not_taken`), unless taken after all ("... but took it")."""
    negated_clauses = {clause_of[i] for i, t in enumerate(tokens.items) if t.text in _SKIP_WORDS}
    negated_clauses |= {clause_of[tokens.span(m).start] for m in _LATER_RE.finditer(tokens.joined)}
    found, skipped = _read_named(tokens, clause_of, negated_clauses)
    if skipped:  # "... but took it this morning": "it" is the supplement named just before
        for _match, span in tokens.matches(_TOOK_IT_RE):
            if clause_of[span.start] in negated_clauses:
                continue
            earlier = [s for s in skipped if s[0].start < span.start]
            if not earlier:
                continue
            named, name = max(earlier, key=lambda s: s[0].start)
            tokens.claim(span)
            _claim_negated(tokens, clause_of, named)
            skipped.remove((named, name))
            found.append(Found(span.start, name))
    for named, name in skipped:  # said as not taken: read, and nothing is marked
        _claim_negated(tokens, clause_of, named)
        if not_taken is not None:
            not_taken.append(name)
    _read_unnamed(tokens, clause_of, negated_clauses, found)
    if found:
        clauses = {clause_of[f.index] for f in found}
        for pattern in (TAKE_WORDS, _TAKEN_IN_RE):
            for _match, span in tokens.matches(pattern):
                if clause_of[span.start] in clauses:
                    tokens.claim(span)
    return found


def supplement_phrases() -> list[str]:
    """The phrases this module reads, for the words typo correction aims at."""
    return [_TOOK_UNKNOWN_RE.pattern, *(normalize(a) for a in SUPPLEMENTS.values())]
