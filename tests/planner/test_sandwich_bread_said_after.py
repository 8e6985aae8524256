"""The bread a sandwich is said on or in, after it and after where it came from, is that
sandwich's bread: one entry, never the bread beside it."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, named_kcal

AT_LUNCH = context_at("Europe/Madrid", 13)


@pytest.mark.parametrize(
    ("text", "dish"),
    [
        ("a fish sandwich from big joe's on raisin bread", "fish sandwich"),
        ("ham sandwich from tony's deli on sourdough", "sandwich"),
        ("un bocadillo de lomo en pan de pueblo", "bocadillo"),
        ("bocata de calamares en chapata", "bocadillo"),
        ("un bocadillo de queso en pan integral", "bocadillo"),
        ("Käsebrot auf Vollkorn", "cheese sandwich"),
        ("un panino al prosciutto su pane integrale", "panino"),
    ],
)
def test_the_bread_said_after_a_sandwich_is_its_bread(text: str, dish: str) -> None:
    got = named_kcal(text, AT_LUNCH, lower=True)
    assert len(got) == 1, got
    assert dish in got[0][0]
    assert 200 <= got[0][1] <= 800


def test_eggs_made_into_a_tortilla_are_still_read_as_before() -> None:
    assert len(named_kcal("2 huevos en tortilla", AT_LUNCH)) == 1
