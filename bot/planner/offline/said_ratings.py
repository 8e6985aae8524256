"""How a check-in is said in words, in the five languages: what it is about, maybe a negation
or a degree, and a word of how it was.

"Laune gut", "mood not great", "feeling pretty good", "je me sens pas bien", "no me siento muy
bien", "umore basso", "nicht so gut drauf", "dormito non benissimo": the subject gives the field
(mood, energy or sleep), the word its place on the 1-5 scale; "very" takes it one step further
from the middle, a negation turns it ("not good": 2, "not bad": 3). A message that is nothing
but how it was ("not great today", "no muy bien hoy", "pas terrible aujourd'hui") is the mood.
Written against normalised tokens (lower case, no accents, no apostrophes).
"""

from __future__ import annotations

import functools
import re
from typing import Literal

from bot.planner.offline.text import Found, Tokens, rx

CheckinField = Literal["mood", "energy", "sleep_quality"]

# The words of how it was, by the rating they give when said plainly.
_QUALITY_WORDS: dict[int, str] = {
    5: "great amazing fantastic awesome excellent wonderful brilliant superb perfect top super"
    " toll prima klasse hervorragend ausgezeichnet fantastisch wunderbar bestens genial"
    " excelente estupendo estupenda fantastico fantastica buenisimo buenisima excellente"
    " parfait parfaite formidable geniale ottimo ottima benissimo splendido splendida eccellente",
    4: "good well happy high positive better grand gut guet guat besser hoch bien bueno buena alto"
    " alta mejor"
    " bon bonne haut haute mieux fort bene buono buona meglio positivo positiva positif",
    3: "ok okay alright fine average normal medium moderate decent meh mittel mittelmassig"
    " regular moyen moyenne correct correcte bof normale medio media discreto discreta",
    2: "bad low poor down rough crap crappy lousy worse rubbish schlecht mies niedrig tief mau"
    " schlechter mal malo mala bajo baja peor mauvais mauvaise bas basse pire pourri pourrie"
    " male cattivo"
    " cattiva basso bassa giu peggio scarso scarsa",
    1: "terrible awful horrible dreadful atrocious shit shitty schrecklich furchtbar katastrophal"
    " beschissen grauenhaft fatal pesimo pesima nul nulle catastrophique pessimo pessima"
    " malissimo orribile terribile",
}
_QUALITY_PHRASES = {"so so": 3, "geht so": 3, "so mittel": 3, "mas o menos": 3, "asi asi": 3}
_QUALITY_PHRASES |= {"cosi cosi": 3, "comme ci comme ca": 3, "uno schifo": 1}
# Italian and Spanish say it as a place: "energia a terra" (on the floor), "a tope" (full).
_QUALITY_PHRASES |= {"a terra": 1, "a pezzi": 1, "a mille": 5, "a tope": 5, "al top": 5}
_QUALITY_PHRASES |= {"au plus bas": 1, "a zero": 1, "au max": 5, "al massimo": 5, "al maximo": 5}
_QUALITY_PHRASES |= {"im keller": 1, "am boden": 1, "sotto i piedi": 1, "por los suelos": 1}
_QUALITY_PHRASES |= {"dans les chaussettes": 1, "a plat": 1}
# And sleep as what one slept like: "dormí como el orto", "dormi comme un loir".
_QUALITY_PHRASES |= {"como el orto": 1, "como el culo": 1, "como la mierda": 1}
_QUALITY_PHRASES |= {"como un tronco": 5, "comme un loir": 5, "comme un bebe": 5}
_QUALITY_PHRASES |= {"come un ghiro": 5, "come un sasso": 5, "wie ein stein": 5}
QUALITY: dict[str, int] = {w: v for v, words in _QUALITY_WORDS.items() for w in words.split()}
QUALITY |= _QUALITY_PHRASES
_QUALITY_FIRST = frozenset(q.split()[0] for q in QUALITY)
# "well" and "gut" after a bare "sleep" / "Schlaf" wish a good night: said of the sleep only
# with a verb, a degree or a negation between ("sleep was good", "Schlaf nicht so gut").
_WISHES = frozenset({"well", "gut", "bien", "bene"})

_THANKS = frozenset("thanks thank thx ty gracias merci grazie danke".split())
# "Stimmig" is the Swiss German "Stimmung".
_MOOD = "mood|moods|stimmung|stimmig|laune|animo|estado de animo|humor|humeur|moral|morale|umore"
# "energy's low", "sleep's been awful": the subject with its "'s" (apostrophes are dropped).
_ENERGY = "energy level|energy|energys|energielevel|energie|energia"
# The night in French, Italian and German is its sleep: "nuit pourrie", "la notte è stata
# pessima" (an English "good night" or a Spanish "la noche fue genial" is as often an evening
# out).
_SLEEP = (
    "sleep quality|sleep|sleeps(?= been)|schlaf|schlafqualitat|sueno|sommeil|sonno|nuit|notte|nacht"
)
_FEEL = (
    r"(?:i |im |i am |was |am )?(?:feel|feeling|felt|feels)|(?:ich )?fuhle? mich|mir gehts?"
    r"|mir geht es|es geht mir|me siento|me senti|me sentia|estoy|je (?:ne )?me sens|me sens"
    r"|je (?:ne )?me sentais|ca va|ca (?:ne )?va|je vais|mi sento|mi sentivo|sto"
)
_SLEPT = r"slept|dormi|he dormido|dormido|dormito|ho dormito"
_BETWEEN = (
    r":|=|is|was|has been|been|feels|ist|war|es|esta|estaba|fue|est|etait|e|era|stato|stata"
    r"|still|noch|immer noch|sigue|todavia|toujours|encore|ancora"
    r"|au|today|tonight|heute|hoy|aujourdhui|oggi|right now|now|jetzt|ahora|maintenant|ora"
)
_NEGATION = (
    r"not|dont|didnt|doesnt|isnt|wasnt|aint|nicht|kein|keine|pas|non|no|ne|nunca|never|nie"
    r"|dinnae|didnae|disnae|isnae|wasnae|cannae"  # Scots: "dinnae feel great"
)
_NOT_THAT = r"(?: (?:that|too|all that|so|tan|si|cosi|sehr|so richtig|wirklich))?"
_INTENSE = (
    r"very|really|so|super|extremely|incredibly|totally|sehr|richtig|echt|total|voll|muy|re"
    r"|tan|tres|vraiment|trop|molto|davvero|proprio|veramente|tanto|v"
)
_HEDGE = (
    r"pretty|quite|fairly|rather|kinda|kind of|sorta|sort of|a bit|a little|somewhat|much"
    r"|a lot|way|heaps|loads|ziemlich|recht|eher|etwas|ein bisschen|ein wenig|viel|bastante"
    r"|algo|un poco|mucho|assez|plutot|un peu|beaucoup|abbastanza|piuttosto|un po|molto piu"
)
_QUALITIES = "|".join(sorted(QUALITY, key=len, reverse=True))
_HOW = (
    rf"(?:(?P<neg2>{_NEGATION}){_NOT_THAT} )?(?:(?P<intense>{_INTENSE}) |(?:{_HEDGE}) )?"
    rf"(?P<quality>{_QUALITIES})"
)
_SUBJECT = rf"(?P<mood>{_MOOD}|{_FEEL})|(?P<energy>{_ENERGY})|(?P<sleep>{_SLEEP}|{_SLEPT})"
SAID_RATING_RE = rx(
    rf"(?:(?P<neg1>{_NEGATION}) )?(?:{_SUBJECT})(?P<between>(?: (?:{_BETWEEN})){{0,2}})"
    rf" {_HOW}"
)
# German says how before the word it is about: "gut drauf", "nicht so gut geschlafen".
SAID_BEFORE_RE = rx(rf"{_HOW} (?:(?P<mood>drauf|gelaunt)|(?P<sleep>ge?schlafe?n?|gepennt))")
# A message of how it was and nothing else is the mood: "not great today", "no muy bien hoy".
_DAY = r"today|heute|hoy|aujourdhui|oggi|right now|atm"
SAID_ALONE = (
    re.compile(rf"^{_HOW}(?: (?P<day>{_DAY}))?(?: [.!?,])*$"),
    re.compile(rf"^(?P<day>{_DAY}) {_HOW}(?: [.!?,])*$"),
)


@functools.cache
def said_rating_words() -> frozenset[str]:
    """The words these patterns read: known to the typo repair, never a repair's target."""
    sources = (SAID_RATING_RE.pattern, SAID_BEFORE_RE.pattern)
    return frozenset(w for s in sources for w in re.findall(r"[a-z]{3,}", s))


def _value(match: re.Match[str]) -> int:
    """The rating of a match: the quality word's, a step further for "very", turned by a
    negation ("not good": 2, "not bad": 3, French "pas terrible": 2)."""
    quality = match.group("quality")
    value = QUALITY[quality]
    negation = match.groupdict().get("neg1") or match.group("neg2")
    if negation:
        if negation == "pas" and quality == "terrible":
            return 2
        return 3 if value <= 2 else 2
    if match.group("intense") and value != 3:
        return 5 if value > 3 else 1
    return value


def _field(match: re.Match[str]) -> CheckinField:
    groups = match.groupdict()
    if groups.get("energy"):
        return "energy"
    if groups.get("sleep"):
        return "sleep_quality"
    return "mood"


def _a_wish(match: re.Match[str]) -> bool:
    """ "sleep well", "Schlaf gut": a good night wished, not a sleep rated."""
    groups = match.groupdict()
    plain = not any(groups.get(g) for g in ("neg1", "between", "neg2", "intense"))
    return bool(groups.get("sleep")) and plain and match.group("quality") in _WISHES


def _a_polite_reply(tokens: Tokens, match: re.Match[str], span: range) -> bool:
    """ "I'm fine, thanks", "ça va bien merci": how one is, said back to be polite."""
    felt = match.groupdict().get("mood")
    if not felt or felt in _MOOD.split("|"):
        return False  # "mood good, thanks" is a check-in
    after = [t.text for t in tokens.items[span.stop : span.stop + 2] if t.kind != "punct"]
    return bool(after) and after[0] in _THANKS


def find_said_ratings(tokens: Tokens) -> list[Found[tuple[CheckinField, int]]]:
    """Check-in ratings said as how it was ("Laune gut", "not feeling great"), claimed."""
    found: list[Found[tuple[CheckinField, int]]] = []
    if not any(t.text in _QUALITY_FIRST for t in tokens.items):
        return found  # no word of how it was: most messages, read at once
    for pattern in (SAID_RATING_RE, SAID_BEFORE_RE):
        for match, span in tokens.matches(pattern):
            if pattern is SAID_RATING_RE and _a_wish(match):
                continue
            if _a_polite_reply(tokens, match, span):
                tokens.claim(span)  # "estoy bien, gracias": a polite reply, not a check-in
                continue
            tokens.claim(span)
            found.append(Found(span.start, (_field(match), _value(match))))
    if not found:
        for pattern in SAID_ALONE:
            alone = pattern.match(tokens.joined)
            if alone is not None and (alone.group("neg2") or alone.group("day")):
                tokens.claim(range(len(tokens)))  # the day words too: it is the mood's day
                return [Found(0, ("mood", _value(alone)))]
    return found


_WISHING = frozenset({"have a", "enjoy your", "wish you", "wish you a", "enjoy the"})


# What "happy" or "feliz" wishes ("happy birthday", "happy canada day", "feliz navidad").
_OCCASIONS = frozenset(
    """
    birthday bday anniversary holidays holiday hour easter thanksgiving christmas xmas new
    hanukkah diwali halloween friday weekend cumpleanos cumple navidad ano pascua aniversario
    finde day dia
    """.split()
)


def wished(tokens: Tokens, span: range) -> bool:
    """ "have a good day", "enjoy your weekend", "happy canada day": a wish to someone else or
    a greeting, not how one's day was."""
    start = span.start
    before = [t.text for t in tokens.items[max(0, start - 2) : start]]
    if " ".join(before) in _WISHING or " ".join(before[-1:]) in _WISHING:
        return True
    said = [t.text for t in tokens.items[span.start : span.stop]]
    after: list[str] = []
    for t in tokens.items[span.stop : span.stop + 3]:
        if t.kind == "punct":
            break
        after.append(t.text)
    if said not in (["happy"], ["feliz"]) or not after or after[0] == "all":
        return False  # "happy all day": the mood
    return after[0] in _OCCASIONS or "day" in after or "dia" in after
