"""Numbers the offline rules cannot take as written: never logged as some other number.

A power of ten or a sign read digit by digit becomes another number ("1e309 kg" -> 309 kg,
"-500 kcal" -> 500 kcal); a number outside what can be logged ("mood 9", "60 eggs") is
answered with the allowed range. Either way nothing of the message is written.
"""

from __future__ import annotations

import pytest

from bot.agent_api.actions import NutritionAddEntry, WeightLog
from bot.planner.base import Plan
from tests.core.test_assistant import linked, say
from tests.fixtures.core import AssistantFactory
from tests.fixtures.sandbox import RunningSandbox
from tests.planner.test_offline import plan


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("weight 1e309 kg", "1e309"),
        ("banana -500 kcal", "-500"),
        ("-3 bananas", "-3"),
        ("1e309 kcal pizza", "1e309"),
        ("2.5E3 g rice", "2.5E3"),
        ("mood −4", "−4"),
        ("+2 eggs", "+2"),
    ],
)
async def test_powers_of_ten_and_signs_are_refused_not_rewritten(text: str, shown: str) -> None:
    p = await plan(text)
    assert p.actions == [] and not p.understood
    reply = p.reply or ""
    assert shown in reply and "nothing was saved" in reply
    assert "no minus or plus sign and no powers of ten" in reply


@pytest.mark.parametrize(
    "text",
    ["oatmeal - 300 kcal", "2-3 eggs", "took omega-3", "2 eggs - toast", "slept 7/10"],
)
async def test_a_dash_between_words_or_digits_is_no_sign(text: str) -> None:
    p = await plan(text)
    assert p.actions, p.reply
    assert "powers of ten" not in (p.reply or "")


def _refusal(p: Plan) -> str:
    assert p.actions == [] and not p.understood
    assert p.reply is not None and "couldn't place" not in p.reply
    assert "Nothing was saved" in p.reply
    return p.reply


@pytest.mark.parametrize(
    ("text", "quoted", "allowed"),
    [
        ("mood 9", "mood 9", "rated 1 to 5"),
        ("energy 0", "energy 0", "rated 1 to 5"),
        ("sleep 6", "sleep 6", "rated 1 to 5"),
        ("had 60 eggs", "60 eggs", "up to 50 pieces or portions, or up to 5,000 g"),
        ("6000 g rice", "6000 g rice", "up to 5,000 g"),
        ("1000000000000000000000 eggs", "1000000000000000000000 eggs", "up to 50 pieces"),
        ("weight 0 kg", "weight 0 kg", "from 25 to 350 kg"),
        ("weight 99999999999 kg", "weight 99999999999 kg", "from 25 to 350 kg"),
        ("I weigh 900 lb", "I weigh 900 lb", "from 25 to 350 kg"),
        ("protein bar 99999 kcal", "99999 kcal", "up to 10,000 kcal"),
        ("calorie goal 100", "calorie goal 100", "from 500 to 10,000 kcal"),
    ],
)
async def test_out_of_range_says_the_allowed_range(text: str, quoted: str, allowed: str) -> None:
    reply = _refusal(await plan(text))
    assert f"'{quoted}'" in reply and allowed in reply


async def test_nothing_of_a_message_with_an_out_of_range_number_is_written() -> None:
    """The rest may depend on the refused number: "banana 99999 kcal" is no 105 kcal banana."""
    for text in ("banana 99999 kcal", "mood 6 and 2 eggs", "had 60 eggs and a banana"):
        _refusal(await plan(text))


async def test_ranges_and_unknown_words_in_one_reply() -> None:
    p = await plan("mood 9 and moonberry")
    assert p.actions == [] and p.reply is not None
    assert "rated 1 to 5" in p.reply and "couldn't place 'moonberry'" in p.reply


async def test_numbers_inside_range_still_log() -> None:
    p = await plan("50 eggs, weight 25 kg")
    assert p.understood, p.reply
    assert [type(a) for a in p.actions] == [NutritionAddEntry, WeightLog]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("weight 1e309 kg", "powers of ten"),
        ("banana -500 kcal", "no minus or plus sign"),
        ("-3 bananas", "no minus or plus sign"),
        ("1e309 kcal pizza", "powers of ten"),
        ("mood 9", "rated 1 to 5"),
        ("had 60 eggs", "up to 50 pieces"),
        ("weight 0 kg", "from 25 to 350 kg"),
    ],
)
async def test_the_service_receives_nothing(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, text: str, expected: str
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    reply = await say(assistant, text)
    assert expected in reply and "nothing was saved" in reply.lower()
    counts = await sandbox.counts(key)
    assert counts["nutrition"] == counts["weights"] == counts["checkins"] == 0, counts
