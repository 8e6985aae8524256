"""What a message's plan says once every rule has run: its actions, or why it holds them (a
number out of range, with what is allowed), and the words no rule placed, quoted as the
person wrote them."""

from __future__ import annotations

from typing import Literal

from bot.agent_api.actions import Action
from bot.kernel.plausibility import (
    MAX_GOAL_GRAMS,
    MAX_GOAL_KCAL,
    MAX_KG,
    MAX_STATED_KCAL,
    MIN_GOAL_KCAL,
    MIN_KG,
)
from bot.kernel.said import (
    AmountLimit,
    EnergyLimit,
    ExerciseNotTracked,
    GoalRange,
    Limit,
    NotTaken,
    OutOfRange,
    RatingScale,
    Unplaced,
    WeightRange,
)
from bot.planner.base import CHECKIN_SCALE, Plan
from bot.planner.offline.fillers import FILLERS
from bot.planner.offline.rules import RangeKind
from bot.planner.offline.text import Tokens
from bot.planner.reader.nutrients import MAX_COUNT, MAX_GRAMS


def logged_plan(
    text: str,
    tokens: Tokens,
    actions: list[Action],
    refused: list[tuple[range, RangeKind | Literal["amount"]]],
    not_taken: list[str],
    exercise: list[str],
) -> Plan:
    """The plan once every rule has run: its actions, unless a number was refused or words
    were left over; supplements said not taken and exercise are answered in words."""
    unknown = unknown_phrases(text, tokens)
    if refused:
        allowed = [
            (tokens.raw_between(span.start, span.stop - 1, text), allowed_for(kind))
            for span, kind in sorted(refused, key=lambda r: r[0].start)
        ]
        # The rest may hang on the refused number ("banana 99999 kcal"): save none of it.
        return Plan(understood=False, said=[OutOfRange(tuple(allowed), tuple(unknown))])
    if not actions and not unknown and not_taken:
        return Plan(said=[NotTaken(tuple(not_taken))])
    if not actions and not unknown and exercise:
        return Plan(said=[ExerciseNotTracked(tuple(exercise))])  # said plainly, no write
    if unknown or not actions:
        plan = Plan(
            actions=actions,
            understood=False,
            said=[Unplaced(tuple(unknown), bool(actions))],
        )
    else:
        plan = Plan(actions=actions)
    if exercise:
        plan.said.append(ExerciseNotTracked(tuple(exercise)))
        plan.understood = False  # a model may make more of it; without one, this is said
    return plan


def allowed_for(kind: RangeKind | Literal["amount"]) -> Limit:
    """What the rules accept for one kind of number."""
    if kind == "rating":
        return RatingScale(CHECKIN_SCALE[1])
    if kind == "weight":
        return WeightRange(MIN_KG, MAX_KG)
    if kind == "energy":
        return EnergyLimit(MAX_STATED_KCAL)
    if kind == "goal":
        return GoalRange(MIN_GOAL_KCAL, MAX_GOAL_KCAL, MAX_GOAL_GRAMS, MIN_KG, MAX_KG)
    return AmountLimit(MAX_COUNT, MAX_GRAMS)


def unknown_phrases(text: str, tokens: Tokens) -> list[str]:
    """Runs of unclaimed, meaningful tokens, quoted from the original text."""
    phrases: list[str] = []
    run: list[int] = []
    for i, token in enumerate(tokens.items):
        meaningful = not tokens.used[i] and token.kind != "punct" and token.text not in FILLERS
        if meaningful:
            run.append(i)
            continue
        if run and (tokens.used[i] or token.kind == "punct" or token.text in FILLERS):
            phrases.append(tokens.raw_between(run[0], run[-1], text))
            run = []
    if run:
        phrases.append(tokens.raw_between(run[0], run[-1], text))
    return list(dict.fromkeys(phrases))
