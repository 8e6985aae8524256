"""What needs the person's own context, through the core against the sandbox over HTTP: when
their day ends, weights said without a unit, and "the usual" from their own days and recipes."""

from __future__ import annotations

import datetime as dt
import sqlite3
import zoneinfo
from typing import Any

from bot.agent_api.actions import Macros, RecipeUpsert
from bot.core.assistant import Assistant
from bot.kernel.readers import DEFAULT
from bot.render import accounts, usual
from bot.render import format as fmt
from tests.fixtures.core import AssistantFactory
from tests.fixtures.sandbox import RunningSandbox

USER = 4242
BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")
WEDNESDAY = dt.date(2026, 11, 25)
NIGHT = dt.datetime(2026, 11, 26, 1, 30, tzinfo=BERLIN)  # Thursday 01:30: Wednesday still lived
MORNING = dt.datetime(2026, 11, 25, 8, 15, tzinfo=BERLIN)


async def linked(
    factory: AssistantFactory,
    sandbox: RunningSandbox,
    zone: str = "Europe/Berlin",
    **kw: Any,
) -> tuple[Assistant, str]:
    key = await sandbox.add_user("Noor", zone)
    assistant = await factory(sandbox_url=sandbox.url, **kw)
    await assistant.connect(user_id=USER, chat_id=USER, api_key=key)
    await assistant.preferences.set_timezone(user_id=USER, name=zone)
    return assistant, key


async def say(assistant: Assistant, text: str, now: dt.datetime = MORNING) -> str:
    reply = await assistant.handle_text(user_id=USER, chat_id=USER, text=text, now=now)
    return fmt.to_plain(reply.html)


async def foods_of(assistant: Assistant, key: str, day: dt.date) -> list[str]:
    body = await assistant.resources.api(key).nutrition(day)
    return [e["food"] for e in body["entries"]]


async def weights_of(assistant: Assistant, key: str) -> list[tuple[str, float]]:
    body = await assistant.resources.api(key).weight(WEDNESDAY - dt.timedelta(days=30), WEDNESDAY)
    return [(r["date"], r["weightKg"]) for r in body["records"]]


def logged_at(sandbox: RunningSandbox, food: str, at: dt.datetime) -> None:
    """Say the entries named like `food` were logged at `at`: the sandbox stamps them with
    the wall clock, which a test cannot move."""
    path = sandbox.db_url.split("///", 1)[1]
    stamp = at.astimezone(dt.UTC).replace(tzinfo=None).isoformat(sep=" ")
    with sqlite3.connect(path) as db:
        changed = db.execute(
            "UPDATE sandbox_nutrition_entries SET created_at = ? WHERE food LIKE ?",
            (stamp, f"%{food}%"),
        ).rowcount
    assert changed, food


# --- the day boundary ----------------------------------------------------------------------


async def test_a_meal_after_midnight_counts_for_the_evening_still_being_lived(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    text = await say(assistant, "a banana", now=NIGHT)
    assert "Today, Wed 25 Nov" in text
    assert await foods_of(assistant, key, WEDNESDAY) != []
    assert await foods_of(assistant, key, NIGHT.date()) == []

    # "yesterday" at 01:30 is the day before the day still lived
    await say(assistant, "yesterday I had an apple", now=NIGHT)
    assert any("Apple" in f for f in await foods_of(assistant, key, WEDNESDAY - dt.timedelta(1)))

    today = await assistant.today(user_id=USER, now=NIGHT)
    assert "Wed 25 Nov" in today.html


async def test_a_day_that_ends_at_midnight_dates_by_the_calendar(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    reply = await assistant.preferences.set_day_end(user_id=USER, spec="00:00")
    assert reply.html == accounts.day_end_set(dt.time(0), DEFAULT)
    await say(assistant, "a banana", now=NIGHT)
    assert await foods_of(assistant, key, WEDNESDAY) == []
    assert await foods_of(assistant, key, NIGHT.date()) != []


async def test_the_operator_default_and_a_persons_own_end(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox, day_ends_at=dt.time(1, 0))
    await say(assistant, "a banana", now=NIGHT)  # 01:30 is past the operator's 01:00
    assert await foods_of(assistant, key, NIGHT.date()) != []

    assert (
        await assistant.preferences.set_day_end(user_id=USER, spec="2am")
    ).html == accounts.day_end_set(dt.time(2, 0), DEFAULT)
    await say(assistant, "an apple", now=NIGHT)
    assert any("Apple" in f for f in await foods_of(assistant, key, WEDNESDAY))
    settings = fmt.to_plain((await assistant.preferences.settings_view(user_id=USER)).html)
    assert "My day ends at: 02:00" in settings


async def test_a_day_end_that_is_not_an_early_hour_is_refused_and_nothing_changes(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, _ = await linked(assistant_factory, sandbox)
    for spec in ("14:00", "7am", "soon", "25:00"):
        reply = await assistant.preferences.set_day_end(user_id=USER, spec=spec)
        assert reply.html == accounts.day_end_not_a_time(spec.lower(), DEFAULT)
    assert (
        await assistant.preferences.set_day_end(user_id=USER, spec="")
    ).html == accounts.day_end_usage(DEFAULT)
    settings = fmt.to_plain((await assistant.preferences.settings_view(user_id=USER)).html)
    assert "My day ends at: 03:00" in settings


# --- weights without a unit ----------------------------------------------------------------


async def test_a_number_near_the_last_weight_is_read_in_its_unit(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    await say(assistant, "80 kg", now=MORNING - dt.timedelta(days=2))
    text = await say(assistant, "I'm at 81.2 this morning")
    assert "81.2 kg" in text
    assert await weights_of(assistant, key) == [("2026-11-23", 80.0), ("2026-11-25", 81.2)]


async def test_a_number_near_the_last_weight_in_pounds_is_read_in_pounds(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    await say(assistant, "110 lb", now=MORNING - dt.timedelta(days=1))  # 49.9 kg
    await say(assistant, "weighed in at 112")  # 112 kg or 112 lb: the last weight says lb
    assert (await weights_of(assistant, key))[-1] == ("2026-11-25", 50.8)


async def test_the_last_weight_is_read_once_when_the_core_did_not_know_it(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    await say(assistant, "80 kg", now=MORNING - dt.timedelta(days=3))
    # a restart: the last weight seen is gone from memory, the service still has it
    restarted = await assistant_factory(
        sandbox_url=sandbox.url,
        db_url=assistant.resources.settings.database_url,
        bot_encryption_key=assistant.resources.settings.bot_encryption_key,
    )
    reply = await restarted.handle_text(
        user_id=USER, chat_id=USER, text="weighed in at 80.4", now=MORNING
    )
    assert reply.buttons == []
    assert (await weights_of(assistant, key))[-1] == ("2026-11-25", 80.4)


async def test_a_number_only_pounds_make_a_weight_is_pounds_and_one_both_do_is_asked(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    await say(assistant, "down to 176 today")
    assert await weights_of(assistant, key) == [("2026-11-25", 79.83)]

    # in London both units are on bathroom scales: only the person can tell
    other, other_key = await linked(assistant_factory, sandbox, zone="Europe/London")
    reply = await other.handle_text(user_id=USER, chat_id=USER, text="weight 95", now=MORNING)
    assert reply.html == usual.which_unit(95, DEFAULT)
    labels = [b.text for row in reply.buttons for b in row]
    assert labels == ["95 kg", "95 lb"]
    assert await weights_of(other, other_key) == []  # nothing until they tap


async def test_a_first_weight_both_units_allow_is_in_the_unit_of_where_the_person_lives(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    in_berlin, berlin_key = await linked(assistant_factory, sandbox)
    reply = await in_berlin.handle_text(
        user_id=USER, chat_id=USER, text="Gewicht heute 80,4", now=MORNING
    )
    assert reply.buttons == []
    assert await weights_of(in_berlin, berlin_key) == [("2026-11-25", 80.4)]

    in_chicago, chicago_key = await linked(assistant_factory, sandbox, zone="America/Chicago")
    await in_chicago.handle_text(user_id=USER, chat_id=USER, text="weight 150", now=MORNING)
    assert [kg for _day, kg in await weights_of(in_chicago, chicago_key)] == [68.04]


# --- "the usual" ---------------------------------------------------------------------------


async def test_same_breakfast_as_yesterday_copies_the_mornings_entries(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    yesterday = MORNING - dt.timedelta(days=1)
    await say(assistant, "oatmeal and a banana", now=yesterday)
    await say(assistant, "pasta", now=yesterday + dt.timedelta(hours=5))
    logged_at(sandbox, "Oatmeal", yesterday)
    logged_at(sandbox, "Banana", yesterday)
    logged_at(sandbox, "Pasta", yesterday + dt.timedelta(hours=5))  # 13:15: lunch

    text = await say(assistant, "same breakfast as yesterday")
    foods = await foods_of(assistant, key, WEDNESDAY)
    assert len(foods) == 2 and "Oatmeal" in foods[0] and "Banana" in foods[1]
    head, oatmeal, banana = text.split("\n")[:3]
    assert head.startswith("Logged the same breakfast as yesterday — ") and "kcal" in head
    assert oatmeal.startswith("🍽 Oatmeal") and banana.startswith("🍽 Banana")
    assert "Today, Wed 25 Nov" in text


async def test_same_lunch_as_monday_with_none_logged_says_so_and_writes_nothing(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    reply = await assistant.handle_text(
        user_id=USER, chat_id=USER, text="same lunch as monday", now=MORNING
    )
    assert reply.html == usual.nothing_of_meal("lunch", dt.date(2026, 11, 23), WEDNESDAY, DEFAULT)
    assert (await sandbox.counts(key))["nutrition"] == 0


async def test_again_repeats_the_last_message_and_my_usual_finds_yesterdays(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    nothing = await assistant.handle_text(user_id=USER, chat_id=USER, text="again", now=MORNING)
    assert nothing.html == usual.nothing_again(DEFAULT)

    await say(assistant, "a flat white", now=MORNING - dt.timedelta(days=1))
    await say(assistant, "2 eggs and toast")
    text = await say(assistant, "same again", now=MORNING + dt.timedelta(minutes=5))
    assert text.startswith("Logged the same again — ")
    foods = await foods_of(assistant, key, WEDNESDAY)
    assert len(foods) == 4 and foods[:2] == foods[2:]

    text = await say(assistant, "my usual flat white please")
    assert text.startswith("Logged your usual flat white (as yesterday) — ")
    assert "flat white" in (await foods_of(assistant, key, WEDNESDAY))[-1].lower()


async def test_servings_of_a_saved_recipe_log_its_per_serving_values(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    await assistant.resources.api(key).ingest(
        [
            RecipeUpsert(
                name="Chili con carne",
                servings=4,
                ingredients=["beans", "beef"],
                instructions="",
                per_serving=Macros(calories=450, protein=30, carbs=35, fat=18),
            )
        ]
    )
    text = await say(assistant, "a serving of my chili")
    assert text.startswith("Logged your chili — 450 kcal\n🍽 Chili con carne, 1 serving — 450 kcal")
    await say(assistant, "2 servings of my chili")
    body = await assistant.resources.api(key).nutrition(WEDNESDAY)
    assert [(e["food"], e["calories"], e["protein"]) for e in body["entries"]] == [
        ("Chili con carne, 1 serving", 450.0, 30.0),
        ("Chili con carne, 2 servings", 900.0, 60.0),
    ]
    reply = await assistant.handle_text(
        user_id=USER, chat_id=USER, text="a bowl of my lentil soup", now=MORNING
    )
    assert reply.html == usual.no_recipe("lentil soup", DEFAULT)


async def test_a_repeat_in_confirm_mode_is_a_draft_and_does_not_claim_it_was_logged(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    await say(assistant, "2 eggs and toast")
    await assistant.preferences.set_confirm_mode(user_id=USER, enabled=True)
    reply = await assistant.handle_text(
        user_id=USER, chat_id=USER, text="again", now=MORNING + dt.timedelta(minutes=5)
    )
    assert reply.buttons and not fmt.to_plain(reply.html).startswith("Logged")
    assert "Egg" in reply.html and (await sandbox.counts(key))["nutrition"] == 2
