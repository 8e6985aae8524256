"""Values that should not be written without a second look.

The planner may misread ("5 kg" of pasta as a weight) or a person may mistype ("weight 27");
the service accepts such values silently. These checks flag what a careful person would
question, and the assistant asks before writing (save / fix / drop). Negative numbers and
check-in values outside the scale never get this far: the action models refuse them.
"""

from __future__ import annotations

import datetime as dt
import re
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.agent_api.actions import Action, NutritionAddEntry, WeightLog
from bot.agent_api.views import TodayView

# What may be written at all: values outside these are never a reading of what was said (the
# rules drop them, the model's are refused). Above MAX_ENTRY_KCAL an entry is asked about.
MIN_KG, MAX_KG = 25.0, 350.0  # a body weight, or a goal weight
MIN_GOAL_KCAL, MAX_GOAL_KCAL, MAX_GOAL_GRAMS = 500.0, 10000.0, 1000.0  # a day's goals
MAX_STATED_KCAL = 10000.0  # the energy a person states for one item
MAX_ENTRY_KCAL = 5000
MAX_WEIGHT_JUMP_KG = 5.0
MACRO_TOLERANCE_KCAL = 100
MACRO_TOLERANCE_SHARE = 0.3
# Alcohol (7 kcal/g) explains energy that protein, carbs and fat do not.
_ALCOHOL = re.compile(
    r"beer|wine|vodka|whisk|gin\b|rum\b|cocktail|cider|prosecco|champagne|sake|spritz|"
    r"margarita|liqueur|bier|wein|cerveza|vino|sangria|mojito|tequila|brandy|cognac|"
    # beers, spirits and mixed drinks named by their own names: "a stout", "a negroni"
    r"\bale\b|\bipa\b|stout|porter|lager|radler|k[oö]lsch|zurito|clara\b|snakebite|alcopop|"
    r"seltzer|amaretto|amaro\b|spirit|baileys|j[aä]ger|schnap|limoncello|grappa|ouzo|raki|"
    r"pastis|mezcal|pisco|soju|sambuca|bourbon|scotch|fernet|campari|vermouth|sherry|"
    r"lambrusco|vin santo|mead\b|pulque|umqombothi|martini|negroni|bellini|mimosa|kir\b|"
    r"cosmopolitan|daiquiri|caipirinha|colada|mule\b|paloma|old fashioned|long island|"
    r"bloody mary|screwdriver|sex on the beach|white russian|pimm|lillet|aperol|hugo\b|"
    r"punch|ponche|coquito|rhum|carajillo|irish coffee|jagatee|kalimotxo|rebujito|"
    r"tinto de verano|agua de valencia|sgroppino|sidra|cava\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Concern:
    """One doubt about one action; bot/render/drafts.py words it."""

    index: int
    kind: str  # "kcal_high" | "macros_mismatch" | "weight_jump"
    value: float
    reference: float


def macro_kcal(protein: float, carbs: float, fat: float) -> float:
    return 4 * protein + 4 * carbs + 9 * fat


def check(
    actions: Sequence[Action],
    *,
    last_weight_kg: float | None,
    is_alcohol: Callable[[str], bool] | None = None,
) -> list[Concern]:
    """Every concern about `actions`; empty when all look sane. `is_alcohol` tells an
    alcoholic drink by its entry's text (bot/planner/drinks.py knows the food table's names
    in every language); by default the drink words of `alcoholic`."""
    is_alcohol = is_alcohol or alcoholic
    concerns: list[Concern] = []
    for index, action in enumerate(actions):
        if isinstance(action, NutritionAddEntry):
            e = action.entry
            if e.calories > MAX_ENTRY_KCAL:
                concerns.append(Concern(index, "kcal_high", e.calories, MAX_ENTRY_KCAL))
                continue
            if e.protein == e.carbs == e.fat == 0:
                continue  # only the energy is known ("a dumpling thing, 410 cal"): no macros
            computed = macro_kcal(e.protein, e.carbs, e.fat)
            tolerance = max(MACRO_TOLERANCE_KCAL, MACRO_TOLERANCE_SHARE * max(e.calories, computed))
            excess_is_alcohol = e.calories > computed and is_alcohol(e.food)
            if abs(e.calories - computed) > tolerance and not excess_is_alcohol:
                concerns.append(Concern(index, "macros_mismatch", e.calories, computed))
        elif isinstance(action, WeightLog) and last_weight_kg is not None:
            if abs(action.weight_kg - last_weight_kg) > MAX_WEIGHT_JUMP_KG:
                concerns.append(Concern(index, "weight_jump", action.weight_kg, last_weight_kg))
    return concerns


@dataclass(frozen=True)
class _Seen:
    day: dt.date
    weight_kg: float | None
    at: float


class RecentWeights:
    """The last weight each person's `GET /today` showed, so a weight message needs no read.

    Every logged message already ends with `GET /today`, whose `weight.latest` is the most
    recent record on or before that day: exactly what the weight-jump check compares with.
    An entry counts only for the same day and for `fresh_seconds`; otherwise the check reads
    `GET /weight` as before. It lives in this process's memory (bounded, least recently used
    first out): a weight changed meanwhile in the dashboard, or through another replica, can
    make the check ask about a jump once, and never changes what is written.
    """

    def __init__(
        self,
        *,
        fresh_seconds: float = 3600.0,
        size: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.fresh_seconds = fresh_seconds
        self.size = size
        self.clock = clock
        self._seen: OrderedDict[int, _Seen] = OrderedDict()

    def note(self, user_id: int, day: dt.date, today: TodayView | None) -> None:
        """Remember what `today` (the view of `day`) says of the person's latest weight."""
        if today is None or today.weight is None:
            self._seen.pop(user_id, None)  # the service did not say: nothing to rely on
            return
        latest = today.weight.latest
        self.note_kg(user_id, day, latest.weight_kg if latest is not None else None)

    def note_kg(self, user_id: int, day: dt.date, weight_kg: float | None) -> None:
        """Remember the person's latest weight on or before `day`, read some other way
        (`GET /weight`); None: they have none."""
        self._seen[user_id] = _Seen(day, weight_kg, self.clock())
        self._seen.move_to_end(user_id)
        while len(self._seen) > self.size:
            self._seen.popitem(last=False)

    def last(self, user_id: int, day: dt.date) -> tuple[bool, float | None]:
        """(known, kg): whether a fresh view of `day` was seen, and its latest weight."""
        seen = self._seen.get(user_id)
        if seen is None or seen.day != day or self.clock() - seen.at > self.fresh_seconds:
            return False, None
        return True, seen.weight_kg

    def forget(self, user_id: int) -> None:
        self._seen.pop(user_id, None)


def alcoholic(name: str) -> bool:
    """Whether a food's name is an alcoholic drink's, whose alcohol (7 kcal a gram) brings
    energy its protein, carbs and fat do not."""
    return _ALCOHOL.search(name) is not None
