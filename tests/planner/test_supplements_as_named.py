"""Supplements and medicines marked taken under the name the person gave them: the form they
named kept ("D3", "glycinate", "marine"), a medicine under its common name whatever the
brand, the words for what they come as and how many were taken read with them, one capsule named
twice one supplement, weekly injections and insulin marked when the dose is said given, and
one's usual medicines unnamed ("took my meds") marked as such; in the five languages."""

from __future__ import annotations

import pytest

from bot.agent_api.actions import SupplementMarkTaken
from bot.planner.base import Plan
from bot.planner.offline.planner import plan_text
from tests.planner.logged import context_at


def plan(text: str) -> Plan:
    return plan_text(text, context_at("Europe/Berlin", 9))


def marked(text: str) -> list[str]:
    """The names marked taken, the whole message understood."""
    p = plan(text)
    assert p.understood, p.said
    return [a.name for a in p.actions if isinstance(a, SupplementMarkTaken)]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("zinc picolinate after lunch", "Zinc picolinate"),
        ("citrato de magnesio antes de dormir", "Magnesium citrate"),
        ("bisglycinate de fer ce matin", "Iron bisglycinate"),
        ("magnesio treonato preso", "Magnesium threonate"),
        ("calcium carbonate", "Calcium carbonate"),
        ("colágeno marino en ayunas", "Marine collagen"),
        ("collagene marino", "Marine collagen"),
        ("liposomal vitamin c", "Liposomal vitamin C"),
        ("vit d3 5 gocce", "Vitamin D3"),
        ("D3 genommen", "Vitamin D3"),
    ],
)
def test_the_form_named_is_kept(text: str, name: str) -> None:
    assert name in marked(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("una bustina di magnesio", "Magnesium"),
        ("un sobre de electrolitos", "Electrolytes"),
        ("une gélule de fer", "Iron"),
        ("zinc effervescent tablet", "Zinc"),
        ("Brausetablette Vitamin C", "Vitamin C"),
        ("zwei Kapseln Omega 3 genommen", "Omega-3"),
        ("vitamina c masticable", "Vitamin C"),
        ("creatine scoop in water", "Creatine"),
    ],
)
def test_what_it_comes_as_is_read_with_it(text: str, name: str) -> None:
    assert marked(text) == [name]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("popped 2 advil", "Ibuprofen"),
        ("zwei Ibuprofen genommen", "Ibuprofen"),
        ("deux doliprane", "Paracetamol"),
        ("me tomé dos paracetamol", "Paracetamol"),
        ("presa una tachipirina", "Paracetamol"),
    ],
)
def test_a_count_of_pills_is_read_and_one_mark_made(text: str, name: str) -> None:
    assert marked(text) == [name]


@pytest.mark.parametrize(
    "text", ["fish oil omega 3 softgel", "huile de poisson oméga 3", "Omega 3 Fischöl Kapsel"]
)
def test_one_capsule_named_twice_is_one_supplement(text: str) -> None:
    assert marked(text) == ["Omega-3 fish oil"]


def test_two_supplements_said_as_two_stay_two() -> None:
    assert marked("omega 3 and fish oil") == ["Omega-3", "Fish oil"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("wegovy jab done", "Semaglutide"),
        ("took 12 units of insulin", "Insulin"),
        ("Mounjaro-Spritze gesetzt", "Tirzepatide"),
        ("me puse la inyección de Mounjaro", "Tirzepatide"),
        ("fatto la puntura di Wegovy", "Semaglutide"),
        ("piqûre de Mounjaro ce matin", "Tirzepatide"),
        ("did my saxenda injection", "Liraglutide"),
    ],
)
def test_an_injection_said_given_is_marked(text: str, name: str) -> None:
    assert marked(text) == [name]


@pytest.mark.parametrize(
    "text",
    [
        "insulin resistance runs in my family",
        "on semaglutide now, half a sandwich for lunch",
    ],
)
def test_living_on_an_injection_marks_no_dose(text: str) -> None:
    assert not [a for a in plan(text).actions if isinstance(a, SupplementMarkTaken)]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("took my medication", "Medication"),
        ("meine Medikamente genommen", "Medication"),
        ("ho preso le mie medicine", "Medication"),
        ("j'ai pris mes comprimés", "Medication"),
        ("ya tomé mis medicinas", "Medication"),
        ("j'ai pris ma pilule", "Pill"),
        ("tomé la píldora", "Pill"),
        ("die Pille genommen", "Pill"),
    ],
)
def test_usual_medicines_unnamed_are_marked_as_such(text: str, name: str) -> None:
    assert marked(text) == [name]


def test_pills_named_after_are_those() -> None:
    assert marked("took my pills: zinc and biotin") == ["Zinc", "Biotin"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("forgot my b12 today", "Vitamin B12"),
        ("ho dimenticato il magnesio", "Magnesium"),
        ("j'ai oublié ma vitamine c", "Vitamin C"),
        ("olvidé el zinc", "Zinc"),
        ("Selen vergessen", "Selenium"),
    ],
)
def test_said_not_taken_marks_nothing(text: str, name: str) -> None:
    p = plan(text)
    assert not [a for a in p.actions if isinstance(a, SupplementMarkTaken)]
    assert name in str(p.said)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("need to take my biotin later", "Biotin"),
        ("mounjaro jab tomorrow", "Tirzepatide"),
        ("muss noch mein Zink nehmen", "Zinc"),
        ("tengo que tomar la creatina", "Creatine"),
        ("je dois prendre mon magnésium plus tard", "Magnesium"),
        ("devo ancora prendere il selenio", "Selenium"),
    ],
)
def test_still_to_be_taken_marks_nothing(text: str, name: str) -> None:
    p = plan(text)
    assert p.understood, p.said
    assert not [a for a in p.actions if isinstance(a, SupplementMarkTaken)]
    assert name in str(p.said)
