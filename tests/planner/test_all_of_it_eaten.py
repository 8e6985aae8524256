"""All of a food said eaten after it ("a frozen pizza, ate the whole thing") is the whole of it,
not the table's portion of it, and the words are read, never named back; a correction back to
the whole ("half a sandwich, no, the whole thing") is still one."""

from __future__ import annotations

import pytest

from tests.planner.logged import context_at, understood_kcal


def logged(text: str) -> list[tuple[str, float]]:
    return understood_kcal(text, context_at("Europe/Berlin", 22))


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("frozen pizza, finished the whole thing", "a whole frozen pizza"),
        ("Tiefkühlpizza, alles aufgegessen", "eine ganze Tiefkühlpizza"),
        ("a pint of vanilla ice cream, the whole thing", "a pint of vanilla ice cream"),
    ],
)
def test_all_of_it_is_the_whole(text: str, whole: str) -> None:
    assert [kcal for _, kcal in logged(text)] == [kcal for _, kcal in logged(whole)]


def test_a_correction_back_to_the_whole_is_still_read_as_one() -> None:
    [(name, _)] = logged("half a bagel, no, the whole thing")
    assert "1 " in name and "1/2" not in name
