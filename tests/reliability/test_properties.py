"""Property-based tests: odd input never crashes and never yields a reply Telegram would refuse.

Telegram refuses a message over 4,096 characters (UTF-16 units); the bot's own replies must
stay under that whatever the service returns, however many actions a message has, and
whatever a person types.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import zoneinfo
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from bot.agent_api.actions import (
    CheckinUpsert,
    Entry,
    Macros,
    NutritionAddEntry,
    NutritionSetGoals,
    RecipeUpsert,
    SupplementAddItem,
    SupplementMarkTaken,
    SupplementToggle,
    SupportCreateTicket,
    WeightLog,
    WeightSetGoal,
    parse_action,
    to_wire,
)
from bot.agent_api.views import TodayView, lenient
from bot.kernel.plausibility import check
from bot.kernel.readers import DEFAULT
from bot.planner.base import PlanContext
from bot.planner.offline.planner import OfflinePlanner
from bot.render import conversation, drafts
from bot.telegram.split import TELEGRAM_LIMIT, units
from tests.fixtures.worded import worded

DAY = dt.date(2026, 11, 22)
MACROS = ("calories", "protein", "carbs", "fat")
MORNING = dt.datetime(2026, 11, 22, 8, 15, tzinfo=zoneinfo.ZoneInfo("Europe/Berlin"))
PROFILE = settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=50),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=12), children, max_size=5)
    ),
    max_leaves=30,
)
names = st.text(min_size=1, max_size=100)
dates = st.dates(dt.date(1900, 1, 1), dt.date(2200, 12, 31))
amounts = st.floats(min_value=0, max_value=1e12, allow_nan=False)
ratings = st.none() | st.integers(1, 5)
kg = st.floats(min_value=0.001, max_value=699.9, allow_nan=False)
macros = st.builds(Macros, calories=amounts, protein=amounts, carbs=amounts, fat=amounts)

actions = st.one_of(
    st.builds(
        NutritionAddEntry,
        date=dates,
        entry=st.builds(
            Entry,
            food=st.text(min_size=1, max_size=200),
            calories=amounts,
            protein=amounts,
            carbs=amounts,
            fat=amounts,
        ),
    ),
    st.builds(
        NutritionSetGoals,
        calories=st.none() | amounts,
        protein=st.none() | amounts,
        carbs=st.none() | amounts,
        fat=st.none() | amounts,
    ),
    st.builds(
        CheckinUpsert,
        date=dates,
        mood=ratings,
        energy=ratings,
        sleepQuality=ratings,
        notes=st.none() | st.text(max_size=2000),
    ),
    st.builds(WeightLog, date=dates, weightKg=kg),
    st.builds(WeightSetGoal, goalKg=kg),
    st.builds(SupplementAddItem, name=names, dose=st.none() | st.text(max_size=100)),
    st.builds(SupplementMarkTaken, date=dates, name=names),
    st.builds(SupplementToggle, date=dates, name=names),
    st.builds(
        RecipeUpsert,
        name=st.text(min_size=1, max_size=200),
        servings=st.integers(1, 100),
        ingredients=st.lists(st.text(max_size=50), max_size=10),
        instructions=st.text(max_size=500),
        perServing=macros,
    ),
    st.builds(
        SupportCreateTicket,
        subject=st.text(min_size=1, max_size=200),
        message=st.text(min_size=1, max_size=5000),
    ),
)


def fits(html: str) -> bool:
    return 0 < units(html) <= TELEGRAM_LIMIT


@PROFILE
@given(json_values | st.dictionaries(st.sampled_from(["type", "date", "entry"]), json_values))
def test_parse_action_accepts_or_raises_validation_error_only(data: Any) -> None:
    try:
        action = parse_action(data)
    except ValidationError:
        return
    assert parse_action(to_wire(action)) == action


@PROFILE
@given(actions)
def test_to_wire_round_trips(action: BaseModel) -> None:
    wire = to_wire(action)
    assert parse_action(wire) == action
    assert all(value is not None for value in wire.values())


@PROFILE
@given(
    st.dictionaries(
        st.sampled_from(["date", "nutrition", "weight", "checkin", "supplements", "x"]),
        json_values
        | st.fixed_dictionaries(
            {},
            optional={
                "totals": st.dictionaries(st.sampled_from(["calories", "protein"]), json_values),
                "goals": st.dictionaries(st.sampled_from(["calories", "fat"]), json_values),
                "latest": st.dictionaries(st.sampled_from(["weightKg", "date"]), json_values),
                "goalKg": json_values,
                "mood": json_values,
                "taken": json_values,
                "total": json_values,
            },
        ),
    )
    | json_values
)
@example(
    {
        "nutrition": {
            "totals": dict.fromkeys(MACROS, 1e308),
            "goals": dict.fromkeys(MACROS, -1e308),
        },
        "weight": {"latest": {"weightKg": 1.7e308, "date": "2026-11-21"}, "goalKg": -1e308},
        "supplements": {"taken": 1e300, "total": 1e301},
        "checkin": {"mood": 10**400, "energy": -(10**400), "sleepQuality": 3},
    }
)
def test_any_today_body_renders_a_summary_that_fits(body: Any) -> None:
    summary = conversation.day_summary(lenient(TodayView, body), DAY, DEFAULT)
    assert fits(summary)


@PROFILE
@given(st.lists(actions, min_size=1, max_size=60), json_values)
@example(
    [
        NutritionAddEntry(
            date=DAY,
            entry=Entry(food="&<" * 100, calories=1e12, protein=1e12, carbs=1e12, fat=1e12),
        )
    ]
    * 60,
    None,
)
@example([SupportCreateTicket(subject="&" * 200, message="m")] * 60, {"x": 1})
def test_any_actions_render_a_reply_that_fits(batch: list[BaseModel], body: Any) -> None:
    today = lenient(TodayView, body)
    note = conversation.message_truncated(2000, DEFAULT)
    for html in (
        conversation.logged_and_summary(batch, today, DAY, note, DEFAULT),
        conversation.logged_and_summary(batch, None, DAY, None, DEFAULT),
        drafts.draft(batch, check(batch, last_weight_kg=70.0), DAY, reader=DEFAULT),
        conversation.synced(batch, DAY, DEFAULT),
        conversation.saved_will_sync(batch, DAY, None, DEFAULT),
        conversation.outbox_status([(DAY, batch, 3)] * 3, DAY, DEFAULT),
    ):
        assert fits(html), units(html)


unicode_text = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=300
) | st.sampled_from(["🍳🥑☕️", "😀" * 3000, "2 eggs " * 1500, "a" * 10_000, "\u202e72 kg", ""])


@pytest.fixture(scope="module")
def planner() -> OfflinePlanner:
    return OfflinePlanner()


@PROFILE
@given(text=unicode_text)
def test_the_offline_planner_never_crashes_and_its_reply_fits(
    planner: OfflinePlanner, text: str
) -> None:
    context = PlanContext(now=MORNING, timezone="Europe/Berlin")
    plan = worded(asyncio.run(planner.plan(text, context)))
    if plan.reply is not None:
        assert units(plan.reply) <= TELEGRAM_LIMIT
    if plan.actions:
        assert fits(conversation.logged_and_summary(plan.actions, None, DAY, plan.reply, DEFAULT))
