"""Markup a person types is text to ignore, never part of what is logged.

"a latte & <b>cake</b>" once wrote a food named "B cake": the tag's letter was read as a
word of the food's name. HTML tags and character references (`&amp;`, `&lt;`, `&#34;`, and
the malformed `&34;`) are dropped before the rules read a message, and from every name a plan
would write, whichever planner made it.
"""

from __future__ import annotations

import pytest

from bot.planner.sanity import clean_name
from tests.planner.test_offline import entries, plan


def _foods(names: list[str]) -> list[str]:
    return sorted(name.split(",")[0].lower() for name in names)


@pytest.mark.parametrize(
    "text",
    [
        "a latte & <b>cake</b>",
        "a latte &amp; <i>cake</i>",
        "a latte &amp; &lt;b&gt;cake&lt;/b&gt;",
        "<b>a latte</b> and <u>cake</u>",
        "a latte &#38; cake",
        "&#34;a latte&#34; and &34;cake&34;",
        "a latte and <span class='x'>cake</span>",
        "a latte and cake<br/>",
    ],
)
async def test_tags_and_entities_never_reach_a_food_name(text: str) -> None:
    p = await plan(text)
    names = [e.entry.food for e in entries(p)]
    assert _foods(names) == ["cake", "latte"], (names, p.reply)
    assert p.understood, p.reply
    for name in names:
        assert not any(bit in name.lower() for bit in ("<", ">", "&", "b cake", "#", "34")), name


@pytest.mark.parametrize(
    ("name", "clean"),
    [
        ("<b>Cake</b>, 1 slice", "Cake, 1 slice"),
        ("Latte &amp; cake", "Latte & cake"),
        ("&lt;i&gt;Cake&lt;/i&gt;", "Cake"),
        ("Cake &#34;homemade&#34;", "Cake"),
        ("Cake &34;", "Cake"),
    ],
)
def test_a_names_markup_is_dropped_whichever_planner_wrote_it(name: str, clean: str) -> None:
    assert clean_name(name) == clean
