"""A message three or more of whose parts no rule could place is offered as a draft (save /
fix / drop), not written; with fewer, what was read is written and the rest named."""

from __future__ import annotations

import pytest

from bot.agent_api.actions import CheckinUpsert, NutritionAddEntry, WeightLog
from tests.core.test_assistant import linked, plain
from tests.core.test_drafts import callbacks, tap, text_reply
from tests.fixtures.core import AssistantFactory
from tests.fixtures.sandbox import RunningSandbox
from tests.planner.test_offline import plan

LEAD = "I'm not sure I read all of that right"


@pytest.mark.parametrize(
    ("text", "unplaced"),
    [
        (
            "lunch with Kevin from accounting after the quarterly review: a burger and fries",
            "Kevin",
        ),
        (
            "Mittag mit Onkel Horst nach der Betriebsversammlung im Gasthof Sonne: Schnitzel",
            "Horst",
        ),
        ("comida con mi cuñado Paco después de la mudanza del piso: paella y una cerveza", "Paco"),
        ("déjeuner avec tata Josiane après le déménagement de Lucas : quiche et salade", "Josiane"),
        ("pranzo con zio Beppe dopo il trasloco del cugino Nando: lasagne e vino", "Beppe"),
        (
            "meine Schwiegermutter war zu Besuch und wir haben stundenlang geplaudert, "
            "dann gab es einen Apfelstrudel",
            "Schwiegermutter",
        ),
    ],
)
async def test_a_message_mostly_unplaced_is_offered_not_written(text: str, unplaced: str) -> None:
    p = await plan(text)
    assert p.actions == []
    assert any(isinstance(a, NutritionAddEntry) for a in p.offer)
    assert p.reply.startswith(LEAD) and unplaced in p.reply
    assert "Logged" not in p.reply


@pytest.mark.parametrize(
    ("text", "foods"),
    [
        ("lunch with Kevin: a burger, fries and a milkshake", 3),
        ("2 eggs and toast", 2),
        ("un café et un croissant chez Mamie", 2),
        ("pasta al pomodoro e un'insalata", 2),
        ("for lunch i had a burger, fries, a milkshake and an apple pie", 4),
        ("a pranzo pasta, insalata, pane e una mela", 4),
    ],
)
async def test_a_message_placed_but_for_a_word_or_two_is_written(text: str, foods: int) -> None:
    p = await plan(text)
    assert p.offer == [] and LEAD not in (p.reply or "")
    assert sum(isinstance(a, NutritionAddEntry) for a in p.actions) == foods


async def test_an_offered_message_keeps_its_weight_and_check_in_for_the_save() -> None:
    """The draft holds the whole message: one tap saves all of it, or none."""
    p = await plan(
        "82.4 kg, slept badly at aunt Trudi's after the Hendersons' barbecue with Wendell, "
        "then eggs and toast"
    )
    assert p.actions == []
    kinds = {type(a) for a in p.offer}
    assert {WeightLog, CheckinUpsert, NutritionAddEntry} <= kinds


async def test_an_offered_message_is_saved_once_by_its_button(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    said = "lunch with Kevin from accounting after the quarterly review: a burger and fries"
    reply = await text_reply(assistant, said)
    shown = plain(reply.html)
    assert shown.startswith(LEAD) and "Hamburger" in shown and "Kevin" in shown
    assert (await sandbox.counts(key))["nutrition"] == 0
    save = callbacks(reply)["save"]
    saved = await tap(assistant, save)
    assert saved.edit and "Hamburger" in plain(saved.html)
    assert (await sandbox.counts(key))["nutrition"] == 2
    await tap(assistant, save)  # a late second tap writes nothing more
    assert (await sandbox.counts(key))["nutrition"] == 2
