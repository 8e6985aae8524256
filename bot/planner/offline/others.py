"""Food someone else ate is not the person's: "my wife had the salad", "he had the steak, i
had the fish", "los niños comieron nuggets y yo una ensalada", "mon mari a pris une pizza",
"i bambini hanno preso il gelato", and in a list after the person's own food, the verb left
out: "ich hatte ein Schnitzel, die Kinder Pommes".

Such a part of a clause runs from who ate (a person word, a pronoun, a name) to the end of its
clause, or to where the person speaks of themselves again ("and I had", "y yo", "moi", "io");
it logs nothing, and its words are read.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.planner.offline.fillers import FILLERS, PEOPLE
from bot.planner.offline.text import Tokens, rx
from bot.planner.reader.segment import (
    CLAUSE_END_MARKS,
    CLAUSE_END_WORDS,
    CONJUNCTIONS,
    SENTENCE_END_MARKS,
    never_food_words,
)

# Whose: "my wife", "die Kinder", "los niños", "mon mari", "i bambini".
_WHOSE = (
    r"my|our|his|her|their|the|meine|mein|meiner|meinem|die|der|unsere|unser|mi|mis|su|sus"
    r"|los|las|el|la|mon|ma|mes|le|les|il|i|la mia|il mio|mia|mio|miei|mie|i miei|le mie"
)
# Who else, besides the people eaten with (fillers.py): children in the five languages.
# A group the person is one of ("the family had tacos") is not someone else.
_GROUPS = frozenset("family familie familia famille famiglia team".split())
_OTHERS = "|".join(
    [w for w in PEOPLE.split("|") if w not in _GROUPS]
    + "hubby wifey kid kinder kleine kleinen sohn tochter ninos ninas nino nina fils fille"
    " figlio figlia bambini bimbi bambino bambina".split()
)
_PRONOUNS = r"he|she|they|er|el|ella|ellos|ellas|il|elle|elles|ils|lui|lei|loro"
# Ate, had, took or ordered, said of someone else.
_ATE = (
    r"had|ate|has|eats|took|got|ordered|chose|went for|is having|was having"
    r"|hatte|hatten|hat|haben|ass|assen|nahm|nahmen|bestellte|bestellten|bekam|bekamen"
    r"|comio|comieron|tomo|tomaron|pidio|pidieron|(?:ha|han) (?:comido|tomado|pedido)"
    r"|(?:a|ont) (?:pris|mange|commande|choisi)|prend|prennent|mange|mangent"
    r"|(?:ha|hanno) (?:preso|mangiato|ordinato)|prese|presero|mangio|mangiarono"
)
_ALSO = r"(?: (?:also|just|only|auch|nur|tambien|solo|aussi|seulement|anche))?"
_EATER_RE = rx(
    rf"(?P<who>(?:(?:{_WHOSE}) )?(?:{_OTHERS})|{_PRONOUNS}){_ALSO} (?:{_ATE})"
    rf"|(?P<listed>(?:{_WHOSE}) (?:{_OTHERS}))|(?P<name>[a-z]+) (?:{_ATE})"
)
# The words here, kept as said by typo repair ("comió" is no "comido").
OTHERS_WORDS = frozenset(re.findall(r"[a-z]+", f"{_OTHERS}|{_PRONOUNS}|{_ATE}"))
# The person again: "and I had", "y yo", "moi", "io", "ich".
_SELF = frozenset("ich yo moi je j io".split())
_AND = frozenset({*CONJUNCTIONS, "while", "but", "aber", "pero", "mais", "ma"})


def others_food(tokens: Tokens, food_at: Callable[[int], int]) -> list[range]:
    """The parts of the message saying what someone else ate (module docstring): from who
    ate to the end of the clause or the person's own words. Who is said with the verb (a
    person word, a pronoun, a name written with a capital), or with a word of whose right
    before a food ("die Kinder Pommes"). `food_at(i)` is how many words of a food's name
    start at token `i` (0 for none)."""
    found: list[range] = []
    for match, span in tokens.matches(_EATER_RE):
        if (found and span.start < found[-1].stop) or not _opens_clause(tokens, span.start):
            continue
        who = tokens.span(match, "who").stop - 1 if match.group("who") else span.stop - 1
        if match.group("name"):
            who = span.start
        elif match.group("listed") and (span.stop >= len(tokens) or not food_at(span.stop)):
            continue
        if food_at(who) > 1 or (match.group("name") and not _a_name(tokens, who, food_at)):
            continue  # "Kinder Bueno": the word begins a food's name
        end = span.stop
        while end < len(tokens) and not _ends(tokens, end, food_at):
            end += 1
        found.append(range(span.start, end))
    return found


def _a_name(tokens: Tokens, i: int, food_at: Callable[[int], int]) -> bool:
    """Whether token `i` is someone's name: written with a capital though no sentence starts
    there ("Also had" is not), and no food's or other known word."""
    text = tokens.items[i].text
    if i == 0 or tokens.items[i - 1].text in SENTENCE_END_MARKS:
        return False
    known = text in FILLERS or text in never_food_words() or text == "i"
    return tokens.items[i].raw[:1].isupper() and not known and not food_at(i)


def _opens_clause(tokens: Tokens, i: int) -> bool:
    """Whether token `i` starts a clause or follows "and" ("..., and the kids had"), not
    after the person ("me and Tom had pizza" is theirs too)."""
    if i == 0:
        return True
    before = tokens.items[i - 1].text
    if before not in _AND:
        return before in CLAUSE_END_MARKS
    return i < 2 or tokens.items[i - 2].text not in _SELF | {"i", "me", "mich", "mir"}


def _ends(tokens: Tokens, i: int, food_at: Callable[[int], int]) -> bool:
    """Whether someone else's part of the clause ends before token `i`."""
    text = tokens.items[i].text
    if text in CLAUSE_END_MARKS or text in CLAUSE_END_WORDS or text in _SELF:
        return True
    # "i" is the person unless it is the Italian article of a food ("i biscotti")
    return text == "i" and not (i + 1 < len(tokens) and food_at(i + 1))
