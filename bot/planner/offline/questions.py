"""Questions the offline planner can answer: whether a message asks one, what it asks about
(topics, focus fields, the day or period) and which reads answer it.

A `Question` is kept in `Plan.state`; answers.py turns the read results into the answer to it.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from bot.planner.base import ReadRequest
from bot.planner.offline.dates import find_day_refs
from bot.planner.offline.feelings import FEELING_PHRASES, FEELINGS
from bot.planner.offline.periods import average_span, find_span, without_period
from bot.planner.offline.said_ratings import QUALITY
from bot.planner.offline.supplements import SUPPLEMENTS
from bot.planner.offline.table import food_table
from bot.planner.offline.text import Tokens, normalize, tokenize

QUESTION_STARTERS = frozenset(
    "how hows what whats when which show tell list did do have is are should does wie"
    " wieviel wieviele welche wann zeig cuanto cuanta cuantos cuantas que como cual dime"
    " muestrame combien quel quelle quels quelles quanto quanta quanti quante quale quali"
    " montre montrez mostrami dimmi".split()
)
# Verbs that ask only before who is asked about ("did I", "is my"): "did a 30 minute walk" is
# no question.
_VERB_STARTERS = frozenset("did do have".split())
_ASKED = frozenset("i you u we my it that this there ive im he she they your".split())
# "did my mounjaro jab", "did the ozempic shot": a dose given, told (asked, it ends in "?").
_DID_A_DOSE = re.compile(
    r"^did (?:my|the) (?:[a-z0-9]+ ){0,3}(?:shots?|jabs?|injections?|dose|pen|spritze|piqure)\b"
)
# Verbs that open a yes-no question, asked when the message ends in "?" even with a number in
# it: "es sano comer 3 huevos?", "posso mangiare 2 pizze?", "kann ich 3 Eier essen?" ("es
# gipfeli", Swiss for "a croissant", has no "?").
_ASKING_VERBS = frozenset(
    "is are can could should would es puedo puede deberia debo posso puoi dovrei devo kann"
    " darf soll sollte ist sind est peut puis devrais dois".split()
)
# Words that ask without a question word ("avg mood this week", "protein so far today"): a
# question when the message states no number. "I mean" takes back what was said, no average.
# German "total" is "very" before how one is ("total müde", "total gut"): no total asked.
_TOTAL_AS_VERY = "|".join(
    sorted({*QUALITY, "mude", "muede", "fertig", "kaputt", "platt", "im eimer", "erschopft"})
)
_ASKING = re.compile(
    rf"\b(?:avg|average|averages|(?<!\bi )mean|total(?! (?:{_TOTAL_AS_VERY})\b)|totals"
    r"|trend|trends|so far|lately|recently"
    r"|summary|overview|stats|statistics|progress|history|how much|how many|left|remaining"
    r"|im schnitt|durchschnitt\w*|insgesamt|promedio|en total|moyenne|en moyenne|au total"
    r"|in media|in totale|la media|de media)\b"
)
# "une poutine moyenne", "deux frites moyennes", "poutine moyenne à emporter": the size of
# what is counted or named first, no average; "énergie moyenne", "sommeil moyen": how it
# was, a check-in.
_SIZE_MOYENNE = re.compile(
    r"\b(?:un|une|des|\d+|deux|trois) (?:\w+ ){1,2}moyennes?\b"
    r"|^(?!(?:quelle?s?|ma|mon|mes|ta|ton|tes|sa|son|ses|la|le|les|notre|votre|en)\b)"
    r"\w+ moyennes?\b"
    r"|\b(?:energie|humeur|sommeil|moral|nuit|journee) (?:\w+ )?moyen(?:ne)?\b"
)
_NUTRITION_FOCUS = {
    "calories": "calories calorie kcal cal cals kalorien calorias energy",
    "protein": "protein proteins eiweiss proteina proteinas proteines proteine",
    "carbs": "carbs carb carbohydrates kohlenhydrate carbohidratos glucides carboidrati",
    "fat": "fat fats fett grasa grasas lipides graisses grassi",
}
_NUTRITION_WORDS = frozenset(
    " ".join(_NUTRITION_FOCUS.values()).split()
    + "eat eaten ate food macros essen gegessen comido comi nutrition intake mange manges"
    " mangiato".split()
)
# "what did I eat", in the five languages: the words asking which, and the words for eating.
_LIST_WORDS = frozenset(
    (
        "what whats which list show eat ate eaten had food foods was welche gegessen essen"
        " que cual comido comi quoi quels mange manges cosa che mangiato"
    ).split()
)
# "what did I have on monday", "what did I log yesterday": the food list, when nothing else
# was asked about.
_MEAL_LIST_WORDS = frozenset(
    "have had log logged breakfast lunch dinner supper snack snacks meal meals".split()
)
_REMAINING_WORDS = frozenset("left remaining budget ubrig uebrig quedan restantes more".split())
_WEIGHT_WORDS = frozenset(
    "weigh weight weighed gewicht wiege gewogen peso pese pesaba poids pesato".split()
)
_CHECKIN_FOCUS = {
    "sleep_quality": "sleep slept sleeping schlaf geschlafen dormi sueno sommeil sonno dormito",
    "mood": "mood stimmung laune animo feel felt humeur umore",
    "energy": "energie energia",
}
_CHECKIN_WORDS = frozenset([*" ".join(_CHECKIN_FOCUS.values()).split(), "checkin", "check"])
_SUPPLEMENT_WORDS = frozenset(
    "supplement supplements vitamins vitamin pills suplementos nahrungserganzung take took"
    " taken genommen tome complements integratori supplementi".split()
)
_SUMMARY_WORDS = frozenset("summary overview resumen zusammenfassung day doing tag dia".split())

# Asking to see a range rather than a figure: "how was my week?", "show my weight this month",
# "chart of the last 30 days". Answered with the /week or /month chart, not with words.
_CHART_RE = re.compile(
    r"^(?:(?:so|and|hey|ok|okay),? )?(?:"
    r"how (?:was|is|has been|did|s|was i doing) (?:my|this|the|last|past) (?P<how>week|month)"
    r"(?: (?:go|going|been|looking|doing))?"
    r"|(?:show|draw|plot|graph|chart|see)(?: me)?(?: (?:a|the|my))?"
    r"(?: (?:weight|calories|calorie|food|sleep|mood|macros|progress|chart|graph|trend|log)){0,2}"
    r"(?: (?:of|for|over|in|from))?(?: (?:this|the|my|last|past)){0,2}"
    r" (?P<show>week|month|7 days|30 days)"
    r"|my (?P<my>week|month))"
    r"(?: so far)?[ ?!.]*$"
)


def chart_days(text: str) -> int | None:
    """7 or 30 when the message asks to see its week or month as a chart; None otherwise."""
    words = " ".join(re.sub(r"[^\w' ?!.]", " ", normalize(text).replace("'", "")).split())
    found = _CHART_RE.match(words)
    if found is None:
        return None
    unit = found["how"] or found["show"] or found["my"]
    return 30 if unit in ("month", "30 days") else 7


@dataclass
class Question:
    """What was asked; kept in `Plan.state` so `answer` knows what to say about each read."""

    topics: list[str] = field(default_factory=list)  # nutrition, weight, checkin, ...
    nutrition_focus: list[str] = field(default_factory=list)
    remaining: bool = False
    list_foods: bool = False  # "what did I eat?": the foods, not the totals
    checkin_focus: list[str] = field(default_factory=list)
    supplements: list[str] = field(default_factory=list)  # the ones named ("vit d")
    day: dt.date | None = None
    start: dt.date | None = None
    end: dt.date | None = None


def looks_like_question(text: str, tokens: Tokens) -> bool:
    """A question word first, or a "?" on a message that states no number: "idk maybe 300g of
    rice?" is a hedged log, "calories yesterday?" a question."""
    words = [t.text for t in tokens.items if t.kind == "word"]
    if "¿" in text or (words and words[0] in _ASKING_VERBS and text.rstrip().endswith("?")):
        return True  # "¿...?" is asked in Spanish, whatever it holds
    if "?" not in text and _DID_A_DOSE.match(tokens.joined):
        return False
    if words and words[0] in _VERB_STARTERS and (len(words) < 2 or words[1] not in _ASKED):
        words = words[1:]  # "did a 30 minute walk", "have a coffee": not asked
    elif words and words[0] in QUESTION_STARTERS:
        return True
    unperiod = without_period(tokens.joined)
    if any(t.kind == "num" for t in Tokens(tokenize(unperiod)).items):
        return False  # "protein last 30 days": the 30 is the period's, not an amount
    if "?" in text or _ASKING.search(_SIZE_MOYENNE.sub(" ", tokens.joined)):
        return True
    # a period and no amount ("weight this month", "calories in november"): asked about; a
    # symptom since when ("headache since yesterday", "fiebre desde ayer") is told
    if (
        unperiod == tokens.joined
        or any(w in FEELINGS for w in words)
        or FEELING_PHRASES.search(tokens.joined)  # "mal au ventre depuis hier soir"
    ):
        return False
    unnamed = _without_food_names(tokens)  # "a mars bar" names no month
    return without_period(unnamed) != unnamed


def _without_food_names(tokens: Tokens) -> str:
    """`tokens.joined` with the names of two or three words the food table knows blanked:
    a month or a day inside a food's name ("mars bar", "sunday roast") is no period."""
    aliases = food_table().by_alias
    words = [t.text for t in tokens.items]
    for i in range(len(words)):
        for n in (3, 2):
            if i + n <= len(words) and " ".join(words[i : i + n]) in aliases:
                words[i : i + n] = ["_"] * n
                break
    return " ".join(words)


def read_question(tokens: Tokens, today: dt.date) -> Question:
    """Topics, focus fields and the day or period asked about."""
    words = {t.text for t in tokens.items}
    joined = tokens.joined
    q = Question()
    q.supplements = [  # named as a whole: the "a" of "vitamin a" alone is no supplement
        name
        for name, aliases in SUPPLEMENTS.items()
        if any(re.search(rf"\b{re.escape(a)}\b", joined) for a in normalize(aliases).split("|"))
    ]
    if words & _SUPPLEMENT_WORDS or q.supplements:
        q.topics.append("supplements")
    if words & _WEIGHT_WORDS:
        q.topics.append("weight")
    if words & _CHECKIN_WORDS or ("energy" in words and not words & _NUTRITION_WORDS - {"energy"}):
        q.topics.append("checkin")
        q.checkin_focus = [f for f, ws in _CHECKIN_FOCUS.items() if words & set(ws.split())]
        if "energy" in words and "energy" not in q.checkin_focus:
            q.checkin_focus.append("energy")
    if words & (_NUTRITION_WORDS - {"energy"}) or words & _REMAINING_WORDS:
        q.topics.append("nutrition")
        q.nutrition_focus = [f for f, ws in _NUTRITION_FOCUS.items() if words & set(ws.split())]
        q.remaining = bool(words & _REMAINING_WORDS)
        q.list_foods = not q.nutrition_focus and not q.remaining and bool(words & _LIST_WORDS)
    if not q.topics and words & _MEAL_LIST_WORDS:
        q.topics.append("nutrition")
        q.list_foods = True
    if not q.topics and words & _SUMMARY_WORDS:
        q.topics.append("summary")
    q.day, q.start, q.end = _period(tokens, joined, today)
    return q


def _period(
    tokens: Tokens, joined: str, today: dt.date
) -> tuple[dt.date, dt.date | None, dt.date | None]:
    """The day asked about, and for histories the range; defaults to today."""
    span = find_span(joined, today)
    if span is not None:
        return today, span.start, span.end
    refs = find_day_refs(tokens, today)
    if refs:
        day = next(iter(refs.values())).for_item(today)
        return day, day, day
    span = average_span(joined, today)  # "average sleep?": the last days, not today alone
    if span is not None:
        return today, span.start, span.end
    return today, None, None


def reads_for(q: Question, today: dt.date) -> list[ReadRequest]:
    """One read per topic; histories use from/to, day views use date."""
    day = q.day or today
    single_day = q.start is None or q.start == q.end
    reads: list[ReadRequest] = []
    for topic in q.topics:
        if topic == "nutrition":
            if single_day:
                reads.append(ReadRequest(route="nutrition", date=day))
            else:  # the core reads each day of the range
                reads.append(ReadRequest(route="nutrition", from_=q.start, to=q.end))
        elif topic == "weight":
            if q.start is None:
                reads.append(ReadRequest(route="weight"))
            else:
                reads.append(ReadRequest(route="weight", from_=q.start, to=q.end))
        elif topic == "checkin":
            if single_day:
                reads.append(ReadRequest(route="checkins", date=day))
            else:
                reads.append(ReadRequest(route="checkins", from_=q.start, to=q.end))
        elif topic == "supplements":
            if not single_day:
                reads.append(ReadRequest(route="supplements", from_=q.start, to=q.end))
            elif day == today:  # the person's day, which may not be the service's yet
                reads.append(ReadRequest(route="today", date=day))
            else:
                reads.append(ReadRequest(route="supplements", date=day))
        elif topic == "summary":
            reads.append(ReadRequest(route="today", date=day))
    return reads
