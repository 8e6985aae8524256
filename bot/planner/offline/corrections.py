"""A message that corrects itself: what the person settled on is logged, once.

"3 eggs, no wait 2", "mood 3 actually 4", "had a latte - oops, a cappuccino", "a burger and
fries - scratch the fries", "1 croissant (not 2)". What came before the correcting words is
read, and what comes after replaces its last number, its last item of the same kind, or
removes what it names. A correction of an earlier message ("actually it was 2 eggs not 3",
"that coffee was yesterday not today") has nothing before it to correct here: it is left to
the planner's refusal, because logging it again would count it twice.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.agent_api.actions import Action, CheckinUpsert, NutritionAddEntry
from bot.kernel.said import Notice
from bot.planner.base import Plan
from bot.planner.offline.corrected_numbers import NUMBER_WORDS as _NUMBER_WORDS
from bot.planner.offline.corrected_numbers import with_number
from bot.planner.offline.corrected_parts import eaten_share, said_share, with_part, with_share
from bot.planner.offline.earlier import without_opening
from bot.planner.offline.said_after import said_before
from bot.planner.offline.settled import AFTERTHOUGHT_RE, INLINE_NUMBER, SETTLED_ONE, settled_inline
from bot.planner.reader.quantities import SIZES
from bot.planner.reader.segment import CONJUNCTIONS

# Words that take back what was just said, in the five languages. Longest first, so "no
# wait" is one marker.
_REPLACE = (
    r"scratch that|forget that|no wait|wait no|no sorry|sorry|actually|i mean|i meant|make that"
    r"|make it|oops|correction|or rather|meant|korrektur|corrección|correccion|correzione"
    r"|ich meine|ich meinte|besser gesagt|oder besser|nee doch|ne doch|nein doch"
    r"|mejor dicho|no espera|quiero decir|perdón|perdon|o sea"
    r"|non plutôt|non plutot|ou plutôt|ou plutot|plutôt|plutot|je veux dire|en fait|pardon"
    r"|no aspetta|volevo dire|o meglio|anzi|cioè|cioe|scusa"
    r"|ah non|ah no|oh non|ach quatsch|na quatsch|quatsch"
    # "let's say", "make it": "mach 2 draus", "mejor dos", "que sean dos", "disons deux"
    r"|mach daraus|mach draus|mach|sagen wir|mejor|que sean|que sea|disons|mettons|facciamo"
)
# Words that take back only a number said just before ("sleep 2, no 3", "cake, ok 2"), or
# the same food said again with its settled amount ("a tim tam. ok 4 tim tams").
_WEAK = (
    r"no|wait|ok|okay|err|erm|um|rather|well|nein|nee|ne|doch|warte|espera|non|euh|attends"
    r"|aspetta|ehm|ähm|vabbè|vabbe|enfin|naja|bueno|beh|fine|bon"
)
_REMOVE = r"scratch|remove|minus|cancel|forget|delete|take off|without"
_MARKER_RE = re.compile(
    rf"(?:^|(?<=[\s,.;:!\-–(]))(?P<marker>{_REPLACE}|{_REMOVE}|{_WEAK})(?=[\s,.;:!\-–)]|$)",
    re.IGNORECASE,
)
# "it was" before the settled amount or food: "no espera, eran 3", "non, c'était un thé".
_SAID_WAS = (
    r"that was|it was|it's|its|was|were|es war|es waren|waren|war|eran|era|fueron|fue"
    r"|c'était|c'etait|c'étaient|c'etaient|erano|sono stati|sono state|nur|solo|sólo"
    r"|seulement|juste|soltanto|i ate|ate|i had|had|ich hatte|hatte|me comí|comí"
    r"|j'en ai mangé|j'en ai pris|ne ho mangiati|ne ho mangiate|ne ho presi|ne ho prese"
)
_NUMBER = rf"\d+/\d+|\d+(?:[.,]\d+)?|[½¼¾]|{_NUMBER_WORDS}|a|an|half"
_MARKERS_AFTER_RE = re.compile(
    rf"^(?:[\s,.;:!\-–]*(?:{_REPLACE}|no|nope|non|nein|wait|warte|espera|aspetta)"
    r"(?=[\s,.;:!\-–]|$))+",
    re.IGNORECASE,
)
# "no sugar", "sin azúcar" after the correcting words: a thing not had, no correction.
_NOT_HAD_RE = re.compile(
    r"^[\s,.;:!\-–]*(?:no|non|nein|kein|keine|sin|sans|senza|ohne|without)\s+"
    r"(?!(?:wait|espera|aspetta|warte|attends|sorry|scusa|perdón|perdon|pardon|doch|plutôt"
    r"|plutot|more|mejor|besser|meglio|ou|o|oder|or)\b)[^\W\d_]",
    re.IGNORECASE,
)
# ... and before it: "pizza intera, anzi no," is the pizza.
_MARKERS_BEFORE_RE = re.compile(
    rf"(?:(?<=[\s,.;:!\-–])(?:{_REPLACE}|{_WEAK})[\s,.;:!\-–]*)+$", re.IGNORECASE
)
_BARE_NUMBER_RE = re.compile(
    rf"^[\s,.;:!\-–]*(?:(?:{_SAID_WAS}|just|only|like|more like|then)\s+)*"
    r"(?:(?:a|an|ein|eine|einen|un|une|una|uno)\s+(?=\d))?"  # "it was a 12": a 12 oz one
    rf"(?P<num>{_NUMBER})(?:\s+(?:draus|daraus))?[\s.!)\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F]*$",
    re.IGNORECASE,
)
# "72.4 not 27.4 kg", "1 croissant (not 2)", "80.5 kg not lb": the figure after "not" is the
# one taken back.
_NOT_FIGURE_RE = re.compile(
    r"\(?\s*\b(?:not|instead of)\s+(?:\d+(?:[.,]\d+)?|one|two|three|four|five)\b\s*\)?"
    r"|\b(?:not|instead of)\s+(?:kg|kgs|kilos|lb|lbs|pounds)\b",
    re.IGNORECASE,
)
# Words that correct an earlier message: nothing here to apply them to.
_EARLIER_RE = re.compile(
    r"\b(?:actually|meant|correction|correct|wrong|undo|delete|remove|instead|should have been"
    r"|should be|not today|not yesterday|it was)\b",
    re.IGNORECASE,
)
# "not two bananas, just one": the corrected part first.
_NOT_FIRST_RE = re.compile(
    rf"^\s*(?:not|no)\s+(?P<said>.+?)[,;.]\s*(?:just|only|it was|it's|more like)?\s*"
    rf"(?P<num>{_NUMBER})\s*[.!]*$",
    re.IGNORECASE,
)


def amended(text: str, plan_part: Callable[[str], Plan]) -> list[Action]:
    """What a correction of an earlier message says was eaten, in full ("actually it was 3
    eggs" -> 3 eggs); none when that is not a plain food amount, or takes something back."""
    if re.search(rf"\b(?:{_REMOVE}|undo|wrong)\b", text, re.IGNORECASE):
        return []
    text = without_opening(text)
    said = _EARLIER_RE.sub(" ", _NOT_FIGURE_RE.sub(" ", text)).strip(" ,.;:!-–")
    plan = plan_part(said) if said else Plan()
    foods: list[Action] = [a for a in plan.actions if isinstance(a, NutritionAddEntry)]
    return foods if plan.understood and foods and len(foods) == len(plan.actions) else []


def corrected(text: str, plan_part: Callable[[str], Plan]) -> Plan | None:
    """The plan of a message that corrects itself, or None when it does not (or when the
    correction is of an earlier message). `plan_part` plans a piece of text as a log."""
    settled = settled_inline(text)
    if settled != text:  # "3 eggs, no wait 2, and a banana": what is left may correct again
        whole = corrected(settled, plan_part) or plan_part(settled)
        # "toast, 1... no wait 2. 2 slices of toast": a food named again with its settled amount
        whole.actions[:] = _once_each(whole.actions)
        return whole if whole.actions else None
    eaten = eaten_share(text)
    if eaten is not None:  # "a smoothie, drank half": the one food, at the share eaten
        before, share = eaten
        foods = [a for a in plan_part(before).actions if isinstance(a, NutritionAddEntry)]
        plan = with_share(before, share, plan_part, of_it=True) if len(foods) == 1 else None
        if plan is not None:
            return plan
    first = _NOT_FIRST_RE.match(text)
    if first is not None:
        return with_number(first.group("said"), first.group("num"), plan_part)
    stripped = _NOT_FIGURE_RE.sub(" ", text)
    if stripped != text and not _EARLIER_RE.search(stripped):
        kept = plan_part(stripped)
        if kept.actions:  # the figure taken back is never logged
            return kept
        return Plan(understood=False, said=[Notice.CANNOT_CHANGE_LOGGED])
    for match in reversed(list(_MARKER_RE.finditer(text))):
        before, after = text[: match.start()], text[match.end() :]
        plan = _apply(before, after, match.group("marker").lower(), plan_part)
        if plan is not None:
            return plan
    return None


def _apply(before: str, after: str, marker: str, plan_part: Callable[[str], Plan]) -> Plan | None:
    if _NOT_HAD_RE.match(after):  # "coffee, sorry, no sugar": what was not had
        return None
    said_after = after
    after = _MARKERS_AFTER_RE.sub("", after)  # "sorry no, it was ...": markers in a row
    before = _MARKERS_BEFORE_RE.sub("", before)  # "anzi no, metà", "no scusa, vuoto"
    if not before.strip(" ,.;:!-–(") or not after.strip(" ,.;:!-–)"):
        return None
    earlier = plan_part(before)
    if not earlier.actions:
        return None
    share = said_share(after)
    if share is not None:  # "pizza intera, anzi no, metà": the share of it eaten
        return with_share(before, share, plan_part)
    # A word left unread ("mcd large fries, sorry medium") still lets an amount or a size be
    # settled: it is named back as the whole message's would be.
    bare = _BARE_NUMBER_RE.match(after)
    if bare is not None:
        return with_number(before, bare.group("num"), plan_part)
    size = _BARE_SIZE_RE.match(
        _SAID_WAS_RE.sub("", AFTERTHOUGHT_RE.sub("", after.strip(" ,.;:!-–)")))
    )
    if size is not None:
        return _with_size(before, size.group("size"), plan_part)
    amount = _AMOUNT_RE.match(after)
    settled = amount and _with_amount(before, amount["num"], amount["unit"], plan_part)
    if settled:  # "1 cup of yogurt, sorry 3/4 cup"
        return settled
    if not earlier.understood:
        return None
    if re.fullmatch(_REMOVE, marker):
        return _removed(earlier, plan_part(re.sub(r"^\s*(?:the|that|those)\s+", "", after)))
    if re.match(rf"\s*[,.]?\s*(?:{_WITH})\s", after, re.IGNORECASE):  # "..., sorry, with water"
        head = re.split(rf"\s(?:{_WITH})\s", before, maxsplit=1, flags=re.IGNORECASE)[0]
        plan = plan_part(f"{head} {after.strip(' ,.')}")
        return plan if plan.actions and plan.understood else None
    if re.fullmatch(_WEAK, marker):
        again = _said_again(earlier, plan_part(_SAID_WAS_RE.sub("", after)))
        return again or _swapped(earlier, after, plan_part)
    if after == said_after:  # "oat milk, scratch that, regular milk"; not "sorry, no sugar"
        part = with_part(before, _SAID_WAS_RE.sub("", after), plan_part)
        if part is not None:
            return part
    later = _read_whole(_SAID_WAS_RE.sub("", after), plan_part)
    if not later.actions or not later.understood:
        return None
    if _added_after(after, plan_part):  # "a croissant, actually I was starving, and a coffee"
        return Plan(actions=earlier.actions + later.actions)
    return Plan(actions=_replaced(earlier.actions, later.actions))


def _read_whole(text: str, plan_part: Callable[[str], Plan]) -> Plan:
    """`text` planned, or read again with what was said after its food said before it
    ("chicken wrap, the grilled one") when that places every word."""
    plan = plan_part(text)
    if plan.understood:
        return plan
    for moved in said_before(text):
        again = plan_part(moved)
        if again.understood and again.actions:
            return again
    return plan


_WITH = r"with|w/?|mit|con|avec"
_AND_RE = re.compile(rf"[\s,;]+(?:{'|'.join(map(re.escape, sorted(CONJUNCTIONS)))})\s", re.I)


def _added_after(after: str, plan_part: Callable[[str], Plan]) -> bool:
    """Whether what follows the correcting word names no food until an "and": the words
    before it are an aside, and the food after the "and" is one more, not a replacement."""
    joined = _AND_RE.search(after)
    if joined is None:
        return False
    aside = plan_part(after[: joined.start()])
    return not any(isinstance(a, NutritionAddEntry) for a in aside.actions)


# "1 cup of yogurt, sorry 3/4 cup": an amount in the unit said before replaces that amount.
_SMALL_NUMBERS = (
    r"one|un|une|uno|una|ein|eine|einen|deux|trois|quatre|zwei|drei|vier|dos|tres|cuatro|due"
    r"|tre|quattro"
)
# A number said before a unit: a word ("two", "une") stands apart from the unit.
_SAID_NUMBER = rf"\d+/\d+|\d+(?:[.,]\d+)?|[½¼¾]|(?:{_NUMBER}|{_SMALL_NUMBERS})(?=\s)"
# "it was a 12oz can": the amount's container word after it says nothing more.
_AMOUNT_RE = re.compile(
    rf"^[\s,.;:!\-–]*(?:(?:{_SAID_WAS}|just|only|more like)\s+)*"
    r"(?:(?:a|an|ein|eine|einen|un|une|una|uno)\s+(?=\d))?"
    rf"(?P<num>\d+/\d+|\d+(?:[.,]\d+)?|[½¼¾]|(?:{_SMALL_NUMBERS})(?=\s))\s*"
    r"(?P<unit>[^\W\d_]+)(?:\s+(?:can|bottle|glass|cup|dose|flasche|lata|botella|canette"
    r"|bouteille|lattina|bottiglia))?[\s.!)]*$",
    re.IGNORECASE,
)
_SAID_WAS_RE = re.compile(rf"^[\s,.;:!\-–]*(?:(?:{_SAID_WAS})\s+)?", re.IGNORECASE)


def _with_amount(
    before: str, number: str, unit: str, plan_part: Callable[[str], Plan]
) -> Plan | None:
    """ "1 cup of yogurt" corrected to "3/4 cup": the last amount said in that unit is the one
    replaced; None when no amount before was said in it."""
    said = [
        at
        for at in re.finditer(rf"\b(?P<num>{_SAID_NUMBER})\s*(?P<unit>[^\W\d_]+)", before, re.I)
        if _same_unit(at["unit"], unit)
    ]
    if not said:
        return None
    at = said[-1]
    plan = plan_part(before[: at.start()] + number + before[at.start("num") + len(at["num"]) :])
    return plan if plan.actions else None


def _same_unit(one: str, other: str) -> bool:
    """ "wraps" and "wrap", "Scheiben" and "Scheibe", "cucchiai" and "cucchiaio": one unit,
    singular or plural, in the five languages."""
    short, long = sorted((one.lower(), other.lower()), key=len)
    if len(long) - len(short) > 2:
        return False
    return long.startswith(short[:-1] if len(short) >= 5 else short)


# "large fries, sorry medium": a size alone after the marker replaces the size said before.
_SIZE_ALT = "|".join(sorted(SIZES, key=len, reverse=True))
_BARE_SIZE_RE = re.compile(rf"^\s*(?:a\s+|an\s+)?(?P<size>{_SIZE_ALT})\s*(?:one)?\s*$", re.I)
_LAST_SIZE_RE = re.compile(rf"\b(?:{_SIZE_ALT})\b(?!.*\b(?:{_SIZE_ALT})\b)", re.I | re.S)


def _with_size(before: str, size: str, plan_part: Callable[[str], Plan]) -> Plan | None:
    """ "large fries" corrected to "medium": the last size said before is the one replaced."""
    match = _LAST_SIZE_RE.search(before)
    if match is None:
        return None
    plan = plan_part(before[: match.start()] + size + before[match.end() :])
    return plan if plan.actions else None


def _food_key(action: Action) -> str | None:
    """The food an entry logs, whatever its amount and however it was said: "Tim Tams, 4
    biscuits" and "Tim Tam, 1 biscuit" are one food, "Beer (cervezas)" and "Beer (cerveza)"
    too."""
    if not isinstance(action, NutritionAddEntry):
        return None
    name = re.sub(r"\s*\([^()]*\)", "", action.entry.food.split(",")[0]).strip().lower()
    return re.sub(r"(?<=o)es$|s$", "", name)  # "cookies": "cookie", "tomatoes": "tomato"


def _said_again(earlier: Plan, later: Plan) -> Plan | None:
    """ "had a tim tam. ok 4 tim tams": the same foods said again after a weak correcting
    word are their settled amounts; anything else after it is not a correction."""
    keys = {_food_key(a) for a in earlier.actions}
    foods = [a for a in later.actions if isinstance(a, NutritionAddEntry)]
    if not later.understood or not foods or len(foods) != len(later.actions):
        return None
    if any(_food_key(a) not in keys for a in foods):
        return None
    return Plan(actions=_replaced(earlier.actions, later.actions))


def _once_each(actions: list[Action]) -> list[Action]:
    """`actions` with a food logged twice kept once, as said the second time."""
    kept: list[Action] = []
    for action in actions:
        key = _food_key(action)
        kept = [a for a in kept if key is None or _food_key(a) != key]
        kept.append(action)
    return kept


def _swapped(earlier: Plan, after: str, plan_part: Callable[[str], Plan]) -> Plan | None:
    """ "a pear, no an orange", "due biscotti, vabbè 5 gocciole": one food
    said with its own amount after a weak correcting word replaces the last food said
    before. A bare word after it is no food said instead: "coffee, no sugar"."""
    said = _SAID_WAS_RE.sub("", after)
    if not _COUNTED_RE.match(said) or _ALSO_RE.search(said):
        return None
    later = plan_part(said)
    foods: list[Action] = [a for a in later.actions if isinstance(a, NutritionAddEntry)]
    if not later.understood or len(foods) != 1 or len(later.actions) != 1:
        return None
    if not any(isinstance(a, NutritionAddEntry) for a in earlier.actions):
        return None
    return Plan(actions=_replaced(earlier.actions, foods))


_COUNTED_RE = re.compile(rf"^\s*(?:{_NUMBER}|{INLINE_NUMBER}|{SETTLED_ONE})\s", re.IGNORECASE)
# Words that add a food rather than correct one: "ok 2 cookies too".
_ALSO_RE = re.compile(
    r"\b(?:too|also|as well|more|auch|noch|también|tambien|más|aussi|encore|anche|ancora)\b",
    re.IGNORECASE,
)


def _replaced(earlier: list[Action], later: list[Action]) -> list[Action]:
    """The earlier actions with the last of each kind the later ones name replaced by them
    (a food said again replaces itself, wherever it was); a check-in's fields are overridden
    one by one. A later food replaces one earlier food only: "a latte, sorry a flat white and
    a muffin" is the flat white and the muffin."""
    kept = list(earlier)
    settled: set[int] = set()  # the places a later food already took
    for action in later:
        same = [i for i, a in enumerate(kept) if type(a) is type(action) and i not in settled]
        key = _food_key(action)
        same = [i for i in same if _food_key(kept[i]) == key] or same
        if key is not None:
            settled.add(same[-1] if same else len(kept))
        if not same:
            kept.append(action)
            continue
        at = same[-1]
        if isinstance(action, CheckinUpsert):
            old = kept[at]
            assert isinstance(old, CheckinUpsert)
            fields = {k: v for k, v in action.model_dump().items() if v is not None}
            kept[at] = old.model_copy(update=fields)
        else:
            kept[at] = action
    return kept


def _removed(earlier: Plan, named: Plan) -> Plan | None:
    """ "a burger and fries - scratch the fries": the items named are taken out."""
    names = [
        a.entry.food.split(",")[0].lower()
        for a in named.actions
        if isinstance(a, NutritionAddEntry)
    ]
    if not names:
        return None
    kept = [
        a
        for a in earlier.actions
        if not (isinstance(a, NutritionAddEntry) and a.entry.food.split(",")[0].lower() in names)
    ]
    if len(kept) == len(earlier.actions) or not kept:
        return None
    return Plan(actions=kept)
