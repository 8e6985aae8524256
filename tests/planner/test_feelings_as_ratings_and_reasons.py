"""How a person feels, said in words, is the check-in rating it means; tiredness given as why
a meal was skipped, and a symptom given as what a food was had for, are neither a rating nor a
note. In the five languages."""

from __future__ import annotations

import pytest

from bot.agent_api.actions import CheckinUpsert, NutritionAddEntry
from bot.planner.offline.planner import plan_text
from tests.planner.logged import context_at

CONTEXT = context_at("Europe/Berlin", 21)


def _checkins(text: str) -> list[CheckinUpsert]:
    return [a for a in plan_text(text, CONTEXT).actions if isinstance(a, CheckinUpsert)]


@pytest.mark.parametrize(
    "text",
    [
        "feeling kinda flat this evening",
        "a bit down today",
        "heute eher niedergeschlagen",
        "estoy desanimada hoy",
        "j'ai pas trop la forme ce soir",
        "j'ai le cafard",
        "oggi sono un po' abbattuto",
    ],
)
def test_a_low_feeling_is_a_low_mood(text: str) -> None:
    [checkin] = _checkins(text)
    assert checkin.mood in (2, 3)


@pytest.mark.parametrize(
    "text",
    [
        "so sleepy after lunch",
        "bin heute schläfrig",
        "tengo mucho sueño",
        "j'ai sommeil",
        "ho sonno",
    ],
)
def test_sleepiness_is_low_energy(text: str) -> None:
    [checkin] = _checkins(text)
    assert checkin.energy in (1, 2)


def test_a_flat_white_is_no_mood() -> None:
    assert _checkins("a flat white and a croissant") == []
    assert _checkins("flat out busy all day") == []


@pytest.mark.parametrize(
    "text",
    [
        "skipped dinner, too tired",
        "kein Frühstück heute, zu müde",
        "no desayuné, demasiado cansado",
        "pas de déjeuner, trop fatigué",
        "niente pranzo oggi, troppo stanca",
    ],
)
def test_tiredness_given_as_why_a_meal_was_skipped_is_no_rating(text: str) -> None:
    plan = plan_text(text, CONTEXT)
    assert plan.actions == []


@pytest.mark.parametrize("text", ["too tired today", "zu müde heute", "troppo stanco oggi"])
def test_tiredness_said_with_too_alone_is_still_low_energy(text: str) -> None:
    [checkin] = _checkins(text)
    assert checkin.energy in (1, 2)


@pytest.mark.parametrize(
    "text",
    [
        "hot tea with honey for my sore throat",
        "Hühnersuppe gegen die Erkältung",
        "caldo de pollo para el resfriado",
        "une soupe pour la gueule de bois",
        "brodo per il raffreddore",
    ],
)
def test_a_symptom_a_food_was_had_for_is_no_note(text: str) -> None:
    plan = plan_text(text, CONTEXT)
    assert _checkins(text) == []
    assert any(isinstance(a, NutritionAddEntry) for a in plan.actions)


def test_a_symptom_said_plainly_is_still_noted() -> None:
    [checkin] = _checkins("sore throat since this morning")
    assert checkin.notes is not None and "throat" in checkin.notes


@pytest.mark.parametrize(
    "text", ["feeling strong this morning", "fühle mich heute stark", "hoy me siento fuerte"]
)
def test_feeling_strong_is_good_energy(text: str) -> None:
    [checkin] = _checkins(text)
    assert checkin.energy in (4, 5)


@pytest.mark.parametrize(
    ("text", "field", "rating"),
    [
        ("energy pretty low today, 2/5", "energy", 2),
        ("Laune eher mittel heute, 3 von 5", "mood", 3),
        ("estado de animo bueno, 4/5", "mood", 4),
        ("humeur pas terrible, 2 sur 5", "mood", 2),
        ("energia così così, 6/10", "energy", 3),
    ],
)
def test_a_rating_with_its_scale_after_words_about_it_is_the_rating(
    text: str, field: str, rating: int
) -> None:
    plan = plan_text(text, CONTEXT)
    [checkin] = [a for a in plan.actions if isinstance(a, CheckinUpsert)]
    assert getattr(checkin, field) == rating
    assert plan.understood


def test_a_count_after_a_mood_is_no_rating() -> None:
    [checkin] = _checkins("mood great, 2 coffees")
    assert checkin.mood in (4, 5)


@pytest.mark.parametrize("text", ["had a flat tyre on the way in", "kinda low carb day today"])
def test_flat_and_low_said_of_other_things_are_no_mood(text: str) -> None:
    assert _checkins(text) == []
