"""Every action type, through /ingest and through its area's POST route, and their semantics."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fixtures.sandbox import RunningSandbox
from tests.sandbox.conftest import DAY, User, add_entry, entry

RECIPE = {
    "name": "Overnight oats",
    "servings": 2,
    "ingredients": ["oats", "milk"],
    "instructions": "Soak overnight.",
    "perServing": {"calories": 350, "protein": 12, "carbs": 55, "fat": 8},
}

# (area route, action type, fields, counts after applying it to a user who has "Vitamin D")
ACTIONS: list[tuple[str, str, dict[str, Any], dict[str, int]]] = [
    ("nutrition", "nutrition.add_entry", {"date": DAY, "entry": entry()}, {"nutrition": 1}),
    ("nutrition", "nutrition.set_goals", {"calories": 1800, "fat": 60}, {}),
    ("checkins", "checkin.upsert", {"date": DAY, "mood": 3, "notes": "fine"}, {"checkins": 1}),
    ("weight", "weight.log", {"date": DAY, "weightKg": 72.4}, {"weights": 1}),
    ("weight", "weight.set_goal", {"goalKg": 70}, {}),
    ("supplements", "supplements.add_item", {"name": "Zinc", "dose": "10 mg"}, {"supplements": 1}),
    ("supplements", "supplements.mark_taken", {"date": DAY, "name": "vitamin d"}, {"taken": 1}),
    ("supplements", "supplements.toggle", {"date": DAY, "name": "Vitamin D"}, {"taken": 1}),
    ("recipes", "recipes.upsert", RECIPE, {"recipes": 1}),
    ("support", "support.create_ticket", {"subject": "Hi", "message": "Help"}, {"tickets": 1}),
]
CREATES_ID = {"nutrition.set_goals", "weight.set_goal"}


async def _counts_with_vitamin_d(shared_sandbox: RunningSandbox, user: User) -> dict[str, int]:
    seeded = await user.http.post("/supplements", json={"action": "add_item", "name": "Vitamin D"})
    assert seeded.status_code == 200
    return await shared_sandbox.counts(user.key)


def _grown(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    return {k: after[k] - before[k] for k in after if after[k] != before[k]}


@pytest.mark.parametrize(("area", "kind", "fields", "grows"), ACTIONS, ids=[a[1] for a in ACTIONS])
async def test_action_through_ingest(
    shared_sandbox: RunningSandbox,
    alice: User,
    area: str,
    kind: str,
    fields: dict[str, Any],
    grows: dict[str, int],
) -> None:
    before = await _counts_with_vitamin_d(shared_sandbox, alice)
    response = await alice.http.post("/ingest", json={"actions": [{"type": kind, **fields}]})
    assert response.status_code == 200, response.text
    [result] = response.json()["results"]
    assert (result["index"], result["type"], result["status"]) == (0, kind, "applied")
    assert ("id" in result) is (kind not in CREATES_ID)
    assert _grown(before, await shared_sandbox.counts(alice.key)) == grows


@pytest.mark.parametrize(("area", "kind", "fields", "grows"), ACTIONS, ids=[a[1] for a in ACTIONS])
async def test_action_through_area_route(
    shared_sandbox: RunningSandbox,
    alice: User,
    area: str,
    kind: str,
    fields: dict[str, Any],
    grows: dict[str, int],
) -> None:
    before = await _counts_with_vitamin_d(shared_sandbox, alice)
    operation = kind.split(".", 1)[1]
    response = await alice.http.post(f"/{area}", json={"action": operation, **fields})
    assert response.status_code == 200, response.text
    result = response.json()["result"]
    assert (result["type"], result["status"]) == (kind, "applied")
    assert _grown(before, await shared_sandbox.counts(alice.key)) == grows


async def test_spec_example_of_the_nutrition_route(alice: User) -> None:
    body = {"action": "add_entry", "date": DAY, "entry": entry("salad", 250)}
    result = (await alice.http.post("/nutrition", json=body)).json()["result"]
    entries = (await alice.http.get("/nutrition", params={"date": DAY})).json()["entries"]
    assert [(e["id"], e["food"], e["calories"]) for e in entries] == [(result["id"], "salad", 250)]


async def test_area_route_refuses_other_areas_and_qualified_names(alice: User) -> None:
    for body in (
        {"action": "upsert", "date": DAY, "mood": 3},
        {"action": "nutrition.add_entry", "date": DAY, "entry": entry()},
        {"action": "log", "date": DAY, "weightKg": 70},
        {"date": DAY, "entry": entry()},
    ):
        response = await alice.http.post("/nutrition", json=body)
        assert response.status_code == 422, body
        assert response.json()["errors"] == [
            {"pointer": "/action", "detail": response.json()["errors"][0]["detail"]}
        ]


async def test_area_route_errors_point_into_the_body(alice: User) -> None:
    body = {"action": "add_entry", "date": DAY, "entry": entry(calories=-1)}
    response = await alice.http.post("/nutrition", json=body)
    assert response.status_code == 422
    assert [e["pointer"] for e in response.json()["errors"]] == ["/entry/calories"]


async def test_posts_are_not_idempotent(shared_sandbox: RunningSandbox, alice: User) -> None:
    body = {"actions": [add_entry(), {"type": "weight.log", "date": DAY, "weightKg": 70}]}
    first = (await alice.http.post("/ingest", json=body)).json()["results"]
    second = (await alice.http.post("/ingest", json=body)).json()["results"]
    assert first[0]["id"] != second[0]["id"]
    counts = await shared_sandbox.counts(alice.key)
    assert (counts["nutrition"], counts["weights"]) == (2, 2)


async def test_checkin_upsert_replaces_the_whole_day(alice: User) -> None:
    full = {"type": "checkin.upsert", "date": DAY, "mood": 4, "energy": 2, "notes": "tired"}
    first = (await alice.http.post("/ingest", json={"actions": [full]})).json()
    only_sleep = {"type": "checkin.upsert", "date": DAY, "sleepQuality": 5}
    second = (await alice.http.post("/ingest", json={"actions": [only_sleep]})).json()
    assert first["results"][0]["id"] == second["results"][0]["id"]
    checkin = (await alice.http.get("/checkins", params={"date": DAY})).json()["checkin"]
    assert (checkin["mood"], checkin["energy"], checkin["sleepQuality"], checkin["notes"]) == (
        None,
        None,
        5,
        None,
    )


async def test_set_goals_keeps_goals_not_sent(alice: User) -> None:
    await alice.http.post("/nutrition", json={"action": "set_goals", "protein": 140.5})
    goals = (await alice.http.get("/nutrition", params={"date": DAY})).json()["goals"]
    assert goals == {"calories": 2000, "protein": 140.5, "carbs": 250, "fat": 70}


async def test_weight_goal_can_be_cleared(alice: User) -> None:
    await alice.http.post("/weight", json={"action": "set_goal", "goalKg": 68.5})
    assert (await alice.http.get("/weight")).json()["goalKg"] == 68.5
    await alice.http.post("/weight", json={"action": "set_goal", "goalKg": None})
    assert (await alice.http.get("/weight")).json()["goalKg"] is None


async def test_supplement_names_are_unique_ignoring_case(
    shared_sandbox: RunningSandbox, alice: User
) -> None:
    for body in (
        {"action": "add_item", "name": "Vitamin D", "dose": "1000 IU"},
        {"action": "add_item", "name": "VITAMIN D", "dose": "2000 IU"},
        {"action": "add_item", "name": "vitamin d"},
    ):
        assert (await alice.http.post("/supplements", json=body)).status_code == 200
    items = (await alice.http.get("/supplements", params={"date": DAY})).json()["items"]
    assert [(i["name"], i["dose"]) for i in items] == [("Vitamin D", "2000 IU")]


async def test_mark_taken_is_a_state_and_toggle_flips_it(
    shared_sandbox: RunningSandbox, alice: User
) -> None:
    mark = {"type": "supplements.mark_taken", "date": DAY, "name": "Iron"}
    toggle = {"type": "supplements.toggle", "date": DAY, "name": "iron"}
    results = (
        await alice.http.post(
            "/ingest",
            json={"actions": [{"type": "supplements.add_item", "name": "Iron"}, mark, mark]},
        )
    ).json()["results"]
    assert [r.get("taken") for r in results] == [None, True, True]
    assert (await shared_sandbox.counts(alice.key))["taken"] == 1
    flips = (await alice.http.post("/ingest", json={"actions": [toggle, toggle, toggle]})).json()
    assert [r["taken"] for r in flips["results"]] == [False, True, False]
    assert (await shared_sandbox.counts(alice.key))["taken"] == 0


async def test_recipe_upsert_updates_by_name(shared_sandbox: RunningSandbox, alice: User) -> None:
    first = await alice.http.post("/recipes", json={"action": "upsert", **RECIPE})
    changed = {**RECIPE, "name": "OVERNIGHT OATS", "servings": 4}
    second = await alice.http.post("/recipes", json={"action": "upsert", **changed})
    assert first.json()["result"]["id"] == second.json()["result"]["id"]
    [recipe] = (await alice.http.get("/recipes")).json()["recipes"]
    assert (recipe["name"], recipe["servings"]) == ("OVERNIGHT OATS", 4)


async def test_mark_taken_of_an_unknown_item_rolls_back_the_bundle(
    shared_sandbox: RunningSandbox, alice: User
) -> None:
    response = await alice.http.post(
        "/ingest",
        json={
            "actions": [
                add_entry(),
                {"type": "supplements.add_item", "name": "Iron"},
                {"type": "supplements.mark_taken", "date": DAY, "name": "Zinc"},
            ]
        },
    )
    assert response.status_code == 422
    assert response.json()["errors"] == [
        {"pointer": "/actions/2/name", "detail": "no supplement with this name"}
    ]
    assert set((await shared_sandbox.counts(alice.key)).values()) == {0}
