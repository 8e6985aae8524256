"""Which messages ask to see a week or a month (answered with the chart) and which stay
questions answered in words."""

from __future__ import annotations

import pytest

from bot.planner.offline.questions import chart_days


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("how was my week?", 7),
        ("How was my month", 30),
        ("hey, how was my week?", 7),
        ("how is my week going?", 7),
        ("show my weight this month", 30),
        ("Show me my week", 7),
        ("show my sleep this week", 7),
        ("plot my calories for the past month", 30),
        ("chart of the last 30 days", 30),
        ("my week", 7),
    ],
)
def test_asking_to_see_a_range_is_a_chart(text: str, days: int) -> None:
    assert chart_days(text) == days


@pytest.mark.parametrize(
    "text",
    [
        "what did I weigh last week?",
        "how much protein this week?",
        "I had a great week",
        "week",
        "avg mood this week",
        "show me what I ate yesterday",
        "2 eggs, my week starts now",
    ],
)
def test_other_messages_are_not(text: str) -> None:
    assert chart_days(text) is None
