"""A greeting ("happy birthday", "happy canada day", "feliz navidad") wishes someone well: no
mood is written from it, while "feeling happy" or "estoy feliz" still is."""

from __future__ import annotations

import pytest

from bot.agent_api.actions import CheckinUpsert
from bot.planner.offline.planner import plan_text
from tests.planner.logged import context_at

AT_NOON = context_at("America/Toronto", 12)


def checkins(text: str) -> list[CheckinUpsert]:
    return [a for a in plan_text(text, AT_NOON).actions if isinstance(a, CheckinUpsert)]


@pytest.mark.parametrize(
    "text",
    [
        "happy canada day!! burgers on the bbq",
        "happy birthday to my sister, had 2 slices of cake",
        "feliz navidad, turrón y polvorones",
        "happy new year everyone",
    ],
)
def test_a_greeting_writes_no_checkin(text: str) -> None:
    assert checkins(text) == []


@pytest.mark.parametrize(
    "text", ["feeling happy today", "estoy feliz, dia tranquilo", "happy all day"]
)
def test_a_happy_mood_is_still_written(text: str) -> None:
    got = checkins(text)
    assert got and got[0].mood == 4
