"""German says a supplement and what it comes as in one word ("Eisentablette",
"Magnesiumkapseln", "Jodtabletten"): it is marked taken under the stack's name, as "Eisen
Tablette" would be, and a word that only starts like a supplement is none."""

from __future__ import annotations

import pytest

from bot.agent_api.actions import SupplementMarkTaken
from bot.planner.offline.planner import plan_text
from tests.planner.logged import context_at


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("heute früh ne Eisentablette genommen", "Iron"),
        ("2 Magnesiumkapseln vorm Schlafen", "Magnesium"),
        ("Zinktabletten genommen und Kaffee getrunken", "Zinc"),
        ("Jodtablette eingeworfen", "Iodine"),
        ("eine Magnesiumbrausetablette", "Magnesium"),
    ],
)
def test_a_supplement_said_with_its_form_in_one_word_is_marked(said: str, name: str) -> None:
    plan = plan_text(said, context_at("Europe/Berlin", 8))
    marked = [a.name for a in plan.actions if isinstance(a, SupplementMarkTaken)]
    assert marked == [name], plan.actions


def test_a_word_that_only_starts_like_a_supplement_marks_nothing() -> None:
    plan = plan_text("Eisenbahner-Frühstück: zwei Brötchen", context_at("Europe/Berlin", 8))
    assert not [a for a in plan.actions if isinstance(a, SupplementMarkTaken)], plan.actions
