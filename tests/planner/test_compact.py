"""The table files' compact reading: the same lines and figures as the plain reading."""

from __future__ import annotations

import io

import pytest

from bot.planner.offline.compact import number, text_lines
from bot.planner.offline.survey import survey_table
from bot.planner.offline.table import food_table


@pytest.mark.parametrize(
    "text", ["", "a,b\n", "a,b\n1,2", "a,b\r\n1,2\r\n", "\n\n", "a\rb\n", 'a,"x\ny"\n']
)
def test_lines_are_a_stringios(text: str) -> None:
    assert list(text_lines(text)) == list(io.StringIO(text))


def test_one_float_per_figure_text() -> None:
    seen: dict[str, float] = {}
    assert number("236.6", seen) is number("236.6", seen) == 236.6
    with pytest.raises(ValueError):
        number("many", seen)


def test_rows_share_their_repeated_values() -> None:
    survey = survey_table()
    assert survey is not None
    foods = survey.foods
    assert len({id(f.source) for f in foods}) == 1
    assert len({id(f.unit) for f in foods}) == len({f.unit for f in foods})
    measured = [pair for f in foods for pair in f.measures]
    assert len({id(pair) for pair in measured}) == len(set(measured))
    table = food_table()
    indexed = [alias for aliases in table.by_first.values() for alias in aliases]
    assert sorted(indexed) == sorted(table.by_alias)
