"""Contract: the bot's client against the sandbox on a loopback port, over real HTTP.

The sandbox is an independent reading of the spec (it imports nothing from bot/), so these
tests catch a client that speaks a dialect only it understands.
"""

from __future__ import annotations

import datetime as dt
import json
import time
from collections.abc import AsyncIterator, Awaitable

import aiohttp
import pytest
from pydantic import BaseModel

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
    to_wire,
)
from bot.agent_api.client import AgentApiClient, _error_for, new_http_client
from bot.agent_api.errors import (
    AgentApiError,
    BadKey,
    InvalidRequest,
    RateLimited,
    ServiceUnavailable,
)
from bot.agent_api.views import MeView, TodayView, lenient
from tests.fixtures.sandbox import RunningSandbox, SandboxFactory

DAY = dt.date(2026, 11, 22)
# Each action type's area and the route of that area's own write endpoint.
AREA_ROUTES = {
    "nutrition": "nutrition",
    "checkin": "checkins",
    "weight": "weight",
    "supplements": "supplements",
    "recipes": "recipes",
    "support": "support",
}


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with new_http_client(timeout_seconds=5) as client:
        yield client


async def answer(
    request: Awaitable[aiohttp.ClientResponse],
) -> tuple[aiohttp.ClientResponse, bytes]:
    """A response and its whole body, its connection back in the pool."""
    async with await request as response:
        return response, await response.read()


def oatmeal(day: dt.date = DAY) -> NutritionAddEntry:
    entry = Entry(food="Oatmeal, 1 cup cooked", calories=158, protein=6, carbs=27, fat=3.2)
    return NutritionAddEntry(date=day, entry=entry)


def every_action() -> list[BaseModel]:
    """One of each action type, in an order where each one's prerequisites come first."""
    return [
        oatmeal(),
        NutritionSetGoals(calories=1800, protein=120),
        CheckinUpsert(date=DAY, mood=4, sleep_quality=2, notes="slept badly"),
        WeightLog(date=DAY, weight_kg=72.4),
        WeightSetGoal(goal_kg=70),
        SupplementAddItem(name="Vitamin D", dose="1000 IU"),
        SupplementMarkTaken(date=DAY, name="vitamin d"),
        SupplementAddItem(name="Magnesium"),
        SupplementToggle(date=DAY, name="Magnesium"),
        RecipeUpsert(
            name="Overnight oats",
            servings=2,
            ingredients=["80 g oats", "200 ml milk"],
            instructions="Mix, chill overnight.",
            per_serving=Macros(calories=250, protein=10, carbs=35, fat=7),
        ),
        SupportCreateTicket(subject="Sync", message="My watch does not sync."),
    ]


async def user(sandbox: RunningSandbox, http: aiohttp.ClientSession, name: str) -> AgentApiClient:
    key = await sandbox.add_user(name, "Europe/Berlin")
    return AgentApiClient(sandbox.url, key, http=http)


def assert_everything_landed(counts: dict[str, int]) -> None:
    assert counts == {
        "nutrition": 1,
        "checkins": 1,
        "weights": 1,
        "supplements": 2,
        "taken": 2,
        "recipes": 1,
        "tickets": 1,
    }


async def test_every_action_through_ingest_shows_in_every_read(
    any_sandbox: RunningSandbox, http: aiohttp.ClientSession
) -> None:
    api = await user(any_sandbox, http, "Alice")
    me = await api.me()
    assert me.name == "Alice"
    assert me.timezone == "Europe/Berlin"

    result = await api.ingest(every_action())
    assert result.results is not None
    assert [r.index for r in result.results] == list(range(len(every_action())))
    assert_everything_landed(await any_sandbox.counts(api._headers["Authorization"][7:]))

    today = await api.today(DAY)
    assert today.nutrition and today.nutrition.totals and today.nutrition.goals
    assert today.nutrition.totals.calories == 158
    assert today.nutrition.goals.calories == 1800
    assert today.checkin and today.checkin.mood == 4 and today.checkin.sleep_quality == 2
    assert today.weight and today.weight.latest and today.weight.latest.weight_kg == 72.4
    assert today.weight.goal_kg == 70
    assert today.supplements and (today.supplements.taken, today.supplements.total) == (2, 2)

    nutrition = await api.nutrition(DAY)
    assert [e["food"] for e in nutrition["entries"]] == ["Oatmeal, 1 cup cooked"]
    weights = await api.weight(DAY - dt.timedelta(days=7), DAY)
    assert [r["weightKg"] for r in weights["records"]] == [72.4]
    day = await api.checkin_of(DAY)
    assert day.checkin and day.checkin.notes == "slept badly"
    history = await api.checkins(start=DAY - dt.timedelta(days=3), end=DAY)
    assert len(history["checkins"]) == 1
    supplements = await api.supplements_of(DAY)
    assert {i.name for i in supplements.items or []} == {"Vitamin D", "Magnesium"}
    recipes = await api.recipes()
    assert recipes["recipes"][0]["perServing"]["calories"] == 250
    tickets = await api.support()
    assert tickets["tickets"][0]["status"] == "open"


async def test_every_action_through_its_area_route(
    sandbox: RunningSandbox, http: aiohttp.ClientSession
) -> None:
    """The service's per-area routes (`action: "<operation>"`), which the bot itself does not
    use (it sends every message's actions to /ingest), take each action too."""
    api = await user(sandbox, http, "Bea")
    for action in every_action():
        wire = to_wire(action)
        area, operation = str(wire.pop("type")).split(".", 1)
        await api._send("POST", "/" + AREA_ROUTES[area], body={"action": operation, **wire})
    key = api._headers["Authorization"][7:]
    assert_everything_landed(await sandbox.counts(key))


async def test_checkin_upsert_replaces_the_whole_day(
    sandbox: RunningSandbox, http: aiohttp.ClientSession
) -> None:
    """The harsh reading the assistant's merge exists for."""
    api = await user(sandbox, http, "Cid")
    await api.ingest([CheckinUpsert(date=DAY, mood=4, sleep_quality=2)])
    await api.ingest([CheckinUpsert(date=DAY, energy=3)])
    checkin = (await api.checkin_of(DAY)).checkin
    assert checkin is not None
    assert (checkin.mood, checkin.energy, checkin.sleep_quality) == (None, 3, None)


async def test_posts_are_not_idempotent(
    sandbox: RunningSandbox, http: aiohttp.ClientSession
) -> None:
    api = await user(sandbox, http, "Dee")
    await api.ingest([oatmeal()])
    await api.ingest([oatmeal()])
    assert (await sandbox.counts(api._headers["Authorization"][7:]))["nutrition"] == 2


async def test_one_bad_action_writes_nothing_and_names_the_field(
    sandbox: RunningSandbox, http: aiohttp.ClientSession
) -> None:
    api = await user(sandbox, http, "Eve")
    with pytest.raises(InvalidRequest) as caught:
        await api.ingest([oatmeal(), SupplementMarkTaken(date=DAY, name="Unknown pill")])
    assert caught.value.status == 422
    assert caught.value.maybe_applied is False
    assert any(p.pointer.startswith("/actions/1") for p in caught.value.problems)
    counts = await sandbox.counts(api._headers["Authorization"][7:])
    assert counts["nutrition"] == 0


async def test_bad_and_missing_keys_get_the_same_terse_401(
    sandbox: RunningSandbox, http: aiohttp.ClientSession
) -> None:
    secret = "hk_" + "x" * 40
    api = AgentApiClient(sandbox.url, secret, http=http)
    with pytest.raises(BadKey) as caught:
        await api.me()
    assert secret not in str(caught.value) and secret not in repr(api)
    assert caught.value.maybe_applied is False
    with pytest.raises(BadKey):
        await api.ingest([oatmeal()])
    missing, missing_body = await answer(http.get(sandbox.api_url + "/me"))
    wrong, wrong_body = await answer(
        http.get(sandbox.api_url + "/me", headers={"Authorization": f"Bearer {secret}"})
    )
    assert missing.status == wrong.status == 401
    assert json.loads(missing_body) == json.loads(wrong_body)


async def test_every_error_status_maps_to_one_error_class(
    sandbox: RunningSandbox, http: aiohttp.ClientSession
) -> None:
    key = await sandbox.add_user("Fay")
    auth = {"Authorization": f"Bearer {key}"}
    base = sandbox.api_url
    responses = {
        400: await answer(
            http.post(
                base + "/ingest",
                data=b"{not json",
                headers={**auth, "Content-Type": "application/json"},
            )
        ),
        404: await answer(http.get(base + "/nope", headers=auth)),
        405: await answer(http.delete(base + "/today", headers=auth)),
        413: await answer(
            http.post(
                base + "/ingest",
                json={"actions": [{"type": "support.create_ticket"}] * 101},
                headers=auth,
            )
        ),
        415: await answer(
            http.post(
                base + "/ingest", data=b"actions", headers={**auth, "Content-Type": "text/plain"}
            )
        ),
        422: await answer(http.post(base + "/ingest", json={"actions": []}, headers=auth)),
    }
    for status, (response, body) in responses.items():
        assert response.status == status, (status, body)
        assert response.headers["content-type"].startswith("application/problem+json")
        assert json.loads(body)["status"] == status
        error = _error_for(response, body, is_write=True)
        assert isinstance(error, InvalidRequest) and error.status == status
        assert error.maybe_applied is False


async def test_limits_100_actions_and_256_kib(
    sandbox: RunningSandbox, http: aiohttp.ClientSession
) -> None:
    api = await user(sandbox, http, "Gus")
    await api.ingest([oatmeal()] * 100)
    with pytest.raises(InvalidRequest) as too_many:
        await api.ingest([oatmeal()] * 101)
    assert too_many.value.status == 413
    big = SupportCreateTicket(subject="big", message="x" * 5000)
    with pytest.raises(InvalidRequest) as too_big:
        await api.ingest([big] * 60)
    assert too_big.value.status == 413
    assert (await sandbox.counts(api._headers["Authorization"][7:]))["nutrition"] == 100


async def test_a_key_never_sees_or_changes_another_users_data(
    any_sandbox: RunningSandbox, http: aiohttp.ClientSession
) -> None:
    alice = await user(any_sandbox, http, "Alice")
    bob = await user(any_sandbox, http, "Bob")
    await alice.ingest(every_action())
    bob_today = await bob.today(DAY)
    assert bob_today.nutrition and bob_today.nutrition.totals
    assert bob_today.nutrition.totals.calories == 0
    assert bob_today.checkin is None
    assert (await bob.recipes())["recipes"] == []
    assert (await bob.support())["tickets"] == []
    with pytest.raises(InvalidRequest):  # Bob's stack has no "Vitamin D" of Alice's
        await bob.ingest([SupplementMarkTaken(date=DAY, name="Vitamin D")])
    await bob.ingest([CheckinUpsert(date=DAY, mood=1)])
    alice_checkin = (await alice.checkin_of(DAY)).checkin
    assert alice_checkin is not None and alice_checkin.mood == 4


async def test_latency_flag_slows_every_request(
    sandbox_factory: SandboxFactory, http: aiohttp.ClientSession
) -> None:
    slow = sandbox_factory(latency_ms=150)
    api = await user(slow, http, "Hal")
    started = time.perf_counter()
    await api.me()
    assert time.perf_counter() - started >= 0.15


async def test_a_timed_out_write_may_have_landed(sandbox_factory: SandboxFactory) -> None:
    slow = sandbox_factory(latency_ms=400)
    async with new_http_client(timeout_seconds=0.1) as impatient:
        api = await user(slow, impatient, "Ida")
        with pytest.raises(ServiceUnavailable) as write:
            await api.ingest([oatmeal()])
        assert write.value.maybe_applied is True
        with pytest.raises(ServiceUnavailable) as read:
            await api.today(DAY)
        assert read.value.maybe_applied is False


async def test_fail_rate_injects_503_before_and_after_applying(
    sandbox_factory: SandboxFactory, http: aiohttp.ClientSession
) -> None:
    flaky = sandbox_factory(fail_rate=1.0, seed=7)
    api = await user(flaky, http, "Jo")
    key = api._headers["Authorization"][7:]
    landed = 0
    for _ in range(20):
        with pytest.raises(ServiceUnavailable) as caught:
            await api.ingest([oatmeal()])
        assert caught.value.maybe_applied is True  # the client cannot tell which kind it was
        now_landed = (await flaky.counts(key))["nutrition"]
        assert now_landed - landed in (0, 1), "a failed POST is never retried by the client"
        landed = now_landed
    assert 0 < landed < 20, "both kinds (before and after applying) must occur"
    assert (await api.me()).name == "Jo"  # reads are not failed by the write fault flag


async def test_rate_limit_answers_429_with_retry_after(
    sandbox_factory: SandboxFactory, http: aiohttp.ClientSession
) -> None:
    limited = sandbox_factory(rate_limit=2)
    api = await user(limited, http, "Kai")
    await api.ingest([oatmeal()])
    await api.ingest([oatmeal()])
    with pytest.raises(RateLimited) as caught:
        await api.ingest([oatmeal()])
    assert caught.value.retry_after is not None and caught.value.retry_after >= 1
    assert caught.value.maybe_applied is False
    assert isinstance(caught.value, AgentApiError)


def test_views_are_lenient_about_shapes() -> None:
    """A service answering with unexpected shapes yields views with gaps, not crashes."""
    today = lenient(TodayView, {"nutrition": {"totals": {"calories": "lots"}}, "new": 1})
    assert today.nutrition and today.nutrition.totals
    assert today.nutrition.totals.calories is None
    assert today.model_extra == {"new": 1}
    assert lenient(MeView, ["not", "an", "object"]).name is None
