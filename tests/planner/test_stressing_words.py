""" "Actually" that stresses what is said is no correction of an earlier message; "actually"
where a correction starts still is (and nothing is logged twice)."""

from __future__ import annotations

import pytest

from bot.kernel.said import Notice
from tests.planner.logged import context_at, plan_text


@pytest.mark.parametrize(
    "text",
    [
        "lunch was actually pretty good, a tuna sandwich",
        "we actually got a table outside, had a jacket potato",
        "heute Mittag eigentlich nur eine Suppe",
        "mood 4, the day went actually fine",
    ],
)
def test_a_word_that_stresses_is_no_correction(text: str) -> None:
    plan = plan_text(text, context_at("Europe/London", 13))
    assert plan.actions, plan.said
    assert Notice.CANNOT_CHANGE_LOGGED not in plan.said


@pytest.mark.parametrize(
    "text",
    [
        "actually it was 3 coffees not 2",
        "no, actually, the rice was brown rice",
        "i actually had 2 slices, not 3",
        "eigentlich war es nur ein Bier",
    ],
)
def test_a_correction_is_still_one(text: str) -> None:
    plan = plan_text(text, context_at("Europe/London", 13))
    assert not plan.actions, plan.actions
