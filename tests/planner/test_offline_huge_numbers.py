"""Huge, tiny and oddly written numbers in every kind of message the rules read.

A number is text until the rules read it: "mood 1" followed by 400 zeros once reached the
1-5 scale as infinity and raised, so the person was told to try again, which failed the same
way. Whatever the number, the offline planner answers, and what it would write is within the
bounds the service and the person expect.
"""

from __future__ import annotations

import math

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.agent_api.actions import (
    CheckinUpsert,
    NutritionAddEntry,
    NutritionSetGoals,
    WeightLog,
    WeightSetGoal,
)
from bot.kernel.plausibility import (
    MAX_GOAL_GRAMS,
    MAX_GOAL_KCAL,
    MAX_KG,
    MAX_STATED_KCAL,
    MIN_GOAL_KCAL,
    MIN_KG,
)
from bot.planner.base import Plan
from bot.planner.offline.planner import plan_text
from bot.planner.sanity import sane
from tests.core.test_assistant import linked, say
from tests.fixtures.core import AssistantFactory
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.worded import worded
from tests.planner.test_offline import context, plan

HUGE = "1" + "0" * 400

# Every kind of message in which the rules read a number; {n} is where it goes.
TEMPLATES = [
    "mood {n}",
    "energy {n}/10",
    "sleep {n} out of 10",
    "sleep 7/{n}",
    "mood: {n}, energy {n}",
    "slept {n} hours",
    "weight {n} kg",
    "weight {n} lb",
    "{n} st {n} lb",
    "I'm at {n}",
    "{n} this morning",
    "morning weigh-in {n}",
    "goal weight {n} kg",
    "weight 80 kg, goal {n}",
    "calorie goal {n}",
    "protein goal {n} g",
    "{n} eggs",
    "{n} g rice",
    "chicken breast {n} g",
    "coffee x{n}",
    "{n} to {n} crackers",
    "{n}-{n} crackers",
    "{n} {n}/{n} bananas",
    "{n}/{n} banana",
    "a {n} ml latte",
    "banana {n} kcal",
    "protein bar {n}k cal",
    "lunch {n} kJ",
    "salad {n} g protein {n} g carbs",
    "{n}p {n}c {n}f",
    "oatmeal, 2 bars, {n} kcal each",
    "{n} days ago 2 eggs",
    "same breakfast as {n} days ago",
    "{n} servings of my chili",
    "the usual x{n}",
    "how much protein {n} days ago?",
    "cals in {n} avocados?",
    "took {n} mg magnesium",
    "ran {n} km",
    "{n}",
]

_DIGITS = {
    "ascii": "0123456789",
    "arabic-indic": "٠١٢٣٤٥٦٧٨٩",
    "devanagari": "०१२३४५६७८९",
    "fullwidth": "０１２３４５６７８９",
}


def _in_script(number: str, script: str) -> str:
    return number.translate(str.maketrans("0123456789", _DIGITS[script]))


ODD_NUMBERS = [
    HUGE,
    "9" * 400,
    "1e400",
    "0." + "0" * 400 + "1",
    "9" * 400 + "." + "9" * 400,
    "1/" + "9" * 400,
    "9" * 400 + "/7",
    "½",
    "¾",
    "⅔",
    "²³",
    "١٢",
    "٤",
    "0",
    "00000",
    "1,5",
    "NaN",
    "inf",
]

numbers = st.one_of(
    st.sampled_from(ODD_NUMBERS),
    st.builds(
        _in_script,
        st.integers(min_value=0, max_value=10**420).map(str),
        st.sampled_from(sorted(_DIGITS)),
    ),
    st.decimals(allow_nan=False, allow_infinity=False, places=8).map(str),
    st.text(alphabet="0123456789.,/", min_size=1, max_size=30),
)

PROFILE = settings(
    max_examples=400,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def _within_bounds(p: Plan) -> None:
    """What the plan would write is a value a person could mean, never infinity or nonsense."""
    for action in [*p.actions, *p.offer]:
        numbers = [v for v in action.model_dump().values() if isinstance(v, float)]
        if isinstance(action, NutritionAddEntry):
            entry = action.entry
            numbers += [entry.calories, entry.protein, entry.carbs, entry.fat]
            assert 0 <= entry.calories <= MAX_STATED_KCAL, action
        if isinstance(action, WeightLog):
            assert MIN_KG <= action.weight_kg <= MAX_KG, action
        if isinstance(action, WeightSetGoal):
            assert MIN_KG <= action.goal_kg <= MAX_KG, action
        if isinstance(action, NutritionSetGoals):
            assert action.calories is None or MIN_GOAL_KCAL <= action.calories <= MAX_GOAL_KCAL
            grams = [action.protein, action.carbs, action.fat]
            assert all(g is None or 0 <= g <= MAX_GOAL_GRAMS for g in grams), action
        if isinstance(action, CheckinUpsert):
            ratings = [action.mood, action.energy, action.sleep_quality]
            assert all(r is None or 1 <= r <= 5 for r in ratings), action
        assert all(math.isfinite(n) for n in numbers), action


@PROFILE
@given(template=st.sampled_from(TEMPLATES), number=numbers)
@example(template="mood {n}", number=HUGE)
@example(template="{n} to {n} crackers", number="9" * 400)
@example(template="sleep {n} out of 10", number="1e400")
def test_no_number_in_any_message_makes_the_rules_raise(template: str, number: str) -> None:
    p = worded(sane(plan_text(template.replace("{n}", number), context())))
    assert p.reply or p.actions or p.reads or p.offer or p.repeat
    _within_bounds(p)


async def test_a_huge_mood_is_refused_with_the_scale() -> None:
    p = await plan("mood " + HUGE[:1] + "0" * 400)
    assert p.actions == [] and not p.understood
    assert p.reply is not None and "rated 1 to 5" in p.reply and "Nothing was saved" in p.reply


async def test_a_huge_mood_through_the_core_writes_nothing(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    reply = await say(assistant, "mood " + HUGE)
    assert "rated 1 to 5" in reply and "nothing was saved" in reply.lower(), reply
    assert "try again" not in reply.lower(), reply
    counts = await sandbox.counts(key)
    assert counts["nutrition"] == counts["weights"] == counts["checkins"] == 0, counts
    # The same person is still understood right after.
    assert "mood 4/5" in await say(assistant, "mood 4")
