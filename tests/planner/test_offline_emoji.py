"""A food emoji is a guess: offered with save / fix / drop, written only when saved."""

from __future__ import annotations

import pytest

from bot.agent_api.actions import NutritionAddEntry
from tests.core.test_assistant import linked, plain
from tests.core.test_drafts import callbacks, tap, text_reply
from tests.fixtures.core import AssistantFactory
from tests.fixtures.sandbox import RunningSandbox
from tests.planner.test_offline import plan


@pytest.mark.parametrize(
    ("text", "asked", "foods"),
    [
        ("🍕", "A slice of pizza?", ["Pizza, 1 slice"]),
        ("🍔🍺", "A burger and a beer?", ["Hamburger", "Beer"]),
        ("🥚🥚", "2 x egg?", ["Eggs, 2 large"]),
        ("😀🍕🍺", "A slice of pizza and a beer?", ["Pizza", "Beer"]),
        ("had 🍕", "A slice of pizza?", ["Pizza, 1 slice"]),
        ("🥗 for lunch", "A salad?", ["Salad"]),
        ("lunch: 🍣🍣🍣", "3 x sushi?", ["Sushi, 3 pieces"]),
        ("🍩🍩 lol", "2 x donut?", ["Donut"]),
        ("☕️🥐 haha", "A coffee and a croissant?", ["Coffee", "Croissant"]),
    ],
)
async def test_food_emoji_are_offered_not_written(text: str, asked: str, foods: list[str]) -> None:
    p = await plan(text)
    assert p.actions == []  # nothing is written unasked
    assert p.reply == asked
    offered = [a.entry.food for a in p.offer if isinstance(a, NutritionAddEntry)]
    assert len(offered) == len(foods)
    assert all(o.startswith(f) for o, f in zip(offered, foods, strict=True))


@pytest.mark.parametrize("text", ["🍕 at the pub with Sam", "2 🍕"])
async def test_food_emoji_beside_words_the_rules_cannot_place_are_not_offered(text: str) -> None:
    """The words may say what the emoji means (which day, how many): not guessed."""
    p = await plan(text)
    assert p.offer == [] and p.actions == [] and not p.understood


async def test_an_emoji_that_is_no_food_still_gets_the_words_reply() -> None:
    p = await plan("😀")
    assert p.offer == [] and p.actions == [] and not p.understood


async def test_an_offered_emoji_is_saved_by_its_button(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    reply = await text_reply(assistant, "🍕")
    assert plain(reply.html).startswith("A slice of pizza?")
    assert "Pizza, 1 slice" in plain(reply.html)
    assert (await sandbox.counts(key))["nutrition"] == 0
    saved = await tap(assistant, callbacks(reply)["save"])
    assert saved.edit and "Pizza" in plain(saved.html)
    assert (await sandbox.counts(key))["nutrition"] == 1


@pytest.mark.parametrize(
    ("text", "field", "rating"),
    [
        ("mood 😊", "mood", 4),
        ("mood: 😁", "mood", 5),
        ("Stimmung 😐", "mood", 3),
        ("energy 😩", "energy", 2),
        ("slept 😭", "sleep_quality", 1),
        ("80.1kg ✅ mood 🙂", "mood", 4),
    ],
)
async def test_a_face_after_a_check_in_word_is_its_rating(
    text: str, field: str, rating: int
) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    checkins = [a for a in p.actions if a.type == "checkin.upsert"]
    assert [getattr(c, field) for c in checkins] == [rating]


async def test_a_face_alone_is_no_rating() -> None:
    p = await plan("😊")
    assert p.actions == []
