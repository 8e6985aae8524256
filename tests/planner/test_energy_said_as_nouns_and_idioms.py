"""Energy said without a rating: with no limit ("energy thru the roof", "Energie ohne Ende",
"energía por las nubes", "de l'énergie à revendre", "energia alle stelle") is high;
tiredness said as a noun ("tiredness all day", "Müdigkeit", "mucho cansancio", "grosse
fatigue", "stanchezza") is low, and a symptom said with it stays the note, without the word
joining them."""

from __future__ import annotations

import pytest

from bot.agent_api.actions import CheckinUpsert
from bot.planner.offline.planner import plan_text
from tests.planner.logged import context_at

CONTEXT = context_at("Europe/Madrid", 9)


def _checkin(text: str) -> CheckinUpsert:
    plan = plan_text(text, CONTEXT)
    (found,) = [a for a in plan.actions if isinstance(a, CheckinUpsert)]
    assert plan.understood, plan.said
    return found


@pytest.mark.parametrize(
    "text",
    [
        "feeling good, energy thru the roof",
        "energy through the roof today",
        "Energie ohne Ende heute",
        "energía por las nubes",
        "j'ai de l'énergie à revendre",
        "energia alle stelle",
    ],
)
async def test_energy_said_to_have_no_limit_is_high(text: str) -> None:
    assert (_checkin(text).energy or 0) >= 4


@pytest.mark.parametrize(
    "text",
    [
        "tiredness all day",
        "so much tiredness today",
        "Müdigkeit heute",
        "mucho cansancio hoy",
        "grosse fatigue aujourd'hui",
        "tanta stanchezza oggi",
    ],
)
async def test_tiredness_said_as_a_noun_is_low_energy(text: str) -> None:
    assert _checkin(text).energy in (1, 2)


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("headache and tiredness all day", "headache"),
        ("Kopfschmerzen und Müdigkeit", "Kopfschmerzen"),
        ("dolor de cabeza y cansancio", "dolor de cabeza"),
        ("mal de tête et grosse fatigue", "mal de tête"),
        ("mal di testa e stanchezza tutto il giorno", "mal di testa"),
    ],
)
async def test_a_symptom_with_tiredness_is_the_note_and_energy_is_low(text: str, note: str) -> None:
    found = _checkin(text)
    assert found.energy in (1, 2)
    assert found.notes == note
