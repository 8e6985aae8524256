"""A crowded message some of whose words no rule could place is offered as a draft (save /
fix / drop), not written: three foods or more, or a long story. Others are written."""

from __future__ import annotations

import pytest

from bot.agent_api.actions import CheckinUpsert, NutritionAddEntry, WeightLog
from tests.core.test_assistant import linked, plain
from tests.core.test_drafts import callbacks, tap, text_reply
from tests.fixtures.core import AssistantFactory
from tests.fixtures.sandbox import RunningSandbox
from tests.planner.test_offline import plan


@pytest.mark.parametrize(
    ("text", "unplaced"),
    [
        ("lunch with Kevin from accounting: a burger, fries and a milkshake", "Kevin"),
        ("Mittag mit Onkel Horst: Schnitzel, Pommes und ein Radler", "Horst"),
        ("comida con mi cuñado Paco: paella, pan y una cerveza", "Paco"),
        ("déjeuner avec tata Josiane : quiche, salade et un verre de cidre", "Josiane"),
        ("pranzo con zio Beppe: lasagne, pane e un bicchiere di vino", "Beppe"),
    ],
)
async def test_three_foods_beside_a_word_no_rule_placed_are_offered(
    text: str, unplaced: str
) -> None:
    p = await plan(text)
    assert p.actions == []
    assert sum(isinstance(a, NutritionAddEntry) for a in p.offer) == 3
    assert p.reply.startswith("That's a lot in one message") and unplaced in p.reply
    assert "Logged" not in p.reply


@pytest.mark.parametrize(
    ("text", "unplaced"),
    [
        (
            "meine Schwiegermutter war zu Besuch und wir haben stundenlang geplaudert, "
            "dann gab es einen Apfelstrudel",
            "Schwiegermutter",
        ),
        (
            "my brother in law dropped by with his new puppy and we chatted for hours "
            "over a slice of cheesecake",
            "puppy",
        ),
    ],
)
async def test_a_long_story_with_words_no_rule_placed_is_offered(text: str, unplaced: str) -> None:
    """What was read is shown, and what could not be placed is named, nothing claimed logged."""
    p = await plan(text)
    assert p.actions == [] and p.offer
    assert unplaced in p.reply and "Logged the rest" not in p.reply


@pytest.mark.parametrize(
    ("text", "foods"),
    [
        ("2 eggs and toast", 2),
        ("un café et un croissant", 2),
        ("zwei Brötchen mit Käse und ein Kaffee", 3),  # the cheese is an addition
        ("pasta al pomodoro e un'insalata", 2),
        ("for lunch i had a burger, fries, a milkshake and an apple pie", 4),
        ("a pranzo pasta, insalata, pane e una mela", 4),
        ("una arepa con queso y un jugo de mora", 2),
    ],
)
async def test_a_short_message_is_written_at_once(text: str, foods: int) -> None:
    p = await plan(text)
    assert p.offer == []
    assert sum(isinstance(a, NutritionAddEntry) for a in p.actions) == foods


async def test_an_offered_message_keeps_its_weight_and_check_in_for_the_save() -> None:
    """The draft holds the whole message: one tap saves all of it, or none."""
    p = await plan("82.4 kg, slept badly at aunt Trudi's, then eggs, bacon, toast and orange juice")
    assert p.actions == []
    kinds = {type(a) for a in p.offer}
    assert {WeightLog, CheckinUpsert, NutritionAddEntry} <= kinds


async def test_an_offered_list_is_saved_once_by_its_button(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    said = "lunch with Kevin: a burger, fries, a coke and an apple pie"
    reply = await text_reply(assistant, said)
    shown = plain(reply.html)
    assert shown.startswith("That's a lot in one message") and "Hamburger" in shown
    assert (await sandbox.counts(key))["nutrition"] == 0
    save = callbacks(reply)["save"]
    saved = await tap(assistant, save)
    assert saved.edit and "Hamburger" in plain(saved.html)
    assert (await sandbox.counts(key))["nutrition"] == 4
    await tap(assistant, save)  # a late second tap writes nothing more
    assert (await sandbox.counts(key))["nutrition"] == 4
