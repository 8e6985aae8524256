"""GET routes: shapes, defaults and query parameters."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from tests.fixtures.sandbox import RunningSandbox
from tests.sandbox.conftest import DAY, MakeUser, User, add_entry


async def ingest(user: User, *actions: dict[str, object]) -> dict[str, object]:
    response = await user.http.post("/ingest", json={"actions": list(actions)})
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


async def test_me_resolves_the_user(make_user: MakeUser) -> None:
    user = await make_user("Alice", timezone="Europe/Berlin")
    body = (await user.http.get("/me")).json()
    assert body["id"].startswith("usr_")
    assert body == {"id": body["id"], "name": "Alice", "timezone": "Europe/Berlin"}


async def test_today_of_a_new_user_is_empty_with_default_goals(alice: User) -> None:
    body = (await alice.http.get("/today", params={"date": DAY})).json()
    assert body == {
        "date": DAY,
        "nutrition": {
            "entries": 0,
            "totals": {"calories": 0, "protein": 0, "carbs": 0, "fat": 0},
            "goals": {"calories": 2000, "protein": 100, "carbs": 250, "fat": 70},
        },
        "checkin": None,
        "weight": {"latest": None, "goalKg": None},
        "supplements": {"taken": 0, "total": 0, "items": []},
        "recipes": {"count": 0},
        "support": {"open": 0},
    }


async def test_today_defaults_to_the_users_local_day(make_user: MakeUser) -> None:
    """Kiritimati is UTC+14: its 'today' is often not the server's."""
    user = await make_user("Kiri", timezone="Pacific/Kiritimati")
    local = dt.datetime.now(ZoneInfo("Pacific/Kiritimati")).date().isoformat()
    for route in ("/today", "/nutrition", "/checkins", "/supplements"):
        assert (await user.http.get(route)).json()["date"] == local, route


async def test_today_summarizes_every_area(alice: User) -> None:
    await ingest(
        alice,
        add_entry(calories=300.5, protein=10.25),
        add_entry(food="flat white", calories=120),
        {"type": "checkin.upsert", "date": DAY, "mood": 4, "energy": 3, "notes": "ok"},
        {"type": "weight.log", "date": "2026-11-20", "weightKg": 73.0},
        {"type": "weight.log", "date": DAY, "weightKg": 72.4},
        {"type": "weight.log", "date": "2026-11-23", "weightKg": 99.0},
        {"type": "weight.set_goal", "goalKg": 70},
        {"type": "supplements.add_item", "name": "Vitamin D", "dose": "1000 IU"},
        {"type": "supplements.add_item", "name": "Magnesium"},
        {"type": "supplements.mark_taken", "date": DAY, "name": "vitamin d"},
        {"type": "support.create_ticket", "subject": "Export", "message": "CSV please"},
    )
    body = (await alice.http.get("/today", params={"date": DAY})).json()
    assert body["nutrition"]["entries"] == 2
    assert body["nutrition"]["totals"] == {
        "calories": 420.5,
        "protein": 20.25,
        "carbs": 100,
        "fat": 10,
    }
    assert body["checkin"]["mood"] == 4 and body["checkin"]["sleepQuality"] is None
    assert body["weight"] == {"latest": {"date": DAY, "weightKg": 72.4}, "goalKg": 70}
    assert body["supplements"] == {
        "taken": 1,
        "total": 2,
        "items": [
            {"name": "Vitamin D", "dose": "1000 IU", "taken": True},
            {"name": "Magnesium", "dose": None, "taken": False},
        ],
    }
    assert body["support"] == {"open": 1}


async def test_nutrition_day_lists_entries_in_order(alice: User) -> None:
    await ingest(alice, add_entry(food="oats"), add_entry(food="eggs"), add_entry("2026-11-21"))
    body = (await alice.http.get("/nutrition", params={"date": DAY})).json()
    assert [e["food"] for e in body["entries"]] == ["oats", "eggs"]
    first = body["entries"][0]
    assert set(first) == {"id", "food", "calories", "protein", "carbs", "fat", "createdAt"}
    assert first["id"].startswith("nut_") and first["createdAt"].endswith("Z")
    assert body["totals"]["calories"] == 600
    assert body["goals"]["calories"] == 2000


async def test_weight_history_is_ascending_within_range(alice: User) -> None:
    await ingest(
        alice,
        {"type": "weight.log", "date": "2026-11-10", "weightKg": 74},
        {"type": "weight.log", "date": "2026-11-01", "weightKg": 75},
        {"type": "weight.log", "date": "2026-10-01", "weightKg": 80},
    )
    body = (await alice.http.get("/weight", params={"from": "2026-11-01", "to": DAY})).json()
    assert [(r["date"], r["weightKg"]) for r in body["records"]] == [
        ("2026-11-01", 75),
        ("2026-11-10", 74),
    ]
    assert body["goalKg"] is None
    assert set(body["records"][0]) == {"id", "date", "weightKg"}


async def test_weight_default_range_is_the_last_30_days(alice: User) -> None:
    today = dt.datetime.now(dt.UTC).date()
    await ingest(
        alice,
        {"type": "weight.log", "date": (today - dt.timedelta(days=45)).isoformat(), "weightKg": 1},
        {"type": "weight.log", "date": (today - dt.timedelta(days=5)).isoformat(), "weightKg": 2},
    )
    records = (await alice.http.get("/weight")).json()["records"]
    assert [r["weightKg"] for r in records] == [2]


async def test_checkins_day_and_history(alice: User) -> None:
    await ingest(
        alice,
        {"type": "checkin.upsert", "date": "2026-11-21", "mood": 2},
        {"type": "checkin.upsert", "date": "2026-11-20", "sleepQuality": 5},
    )
    day = (await alice.http.get("/checkins", params={"date": "2026-11-21"})).json()
    assert day["date"] == "2026-11-21"
    assert {k: day["checkin"][k] for k in ("mood", "energy", "sleepQuality", "notes")} == {
        "mood": 2,
        "energy": None,
        "sleepQuality": None,
        "notes": None,
    }
    empty = (await alice.http.get("/checkins", params={"date": DAY})).json()
    assert empty == {"date": DAY, "checkin": None}
    history = (await alice.http.get("/checkins", params={"from": "2026-11-01", "to": DAY})).json()
    assert [c["date"] for c in history["checkins"]] == ["2026-11-20", "2026-11-21"]


async def test_supplements_day_view(alice: User) -> None:
    await ingest(
        alice,
        {"type": "supplements.add_item", "name": "Zinc", "dose": "10 mg"},
        {"type": "supplements.mark_taken", "date": "2026-11-21", "name": "zinc"},
    )
    body = (await alice.http.get("/supplements", params={"date": "2026-11-21"})).json()
    assert body["date"] == "2026-11-21"
    [item] = body["items"]
    assert item["id"].startswith("sup_")
    assert {k: item[k] for k in ("name", "dose", "taken")} == {
        "name": "Zinc",
        "dose": "10 mg",
        "taken": True,
    }
    other_day = (await alice.http.get("/supplements", params={"date": DAY})).json()
    assert other_day["items"][0]["taken"] is False


async def test_recipes_and_support_lists(alice: User) -> None:
    recipe = {
        "name": "Overnight oats",
        "servings": 2,
        "ingredients": ["oats", "milk"],
        "instructions": "Soak overnight.",
        "perServing": {"calories": 350, "protein": 12, "carbs": 55, "fat": 8},
    }
    await ingest(
        alice,
        {"type": "recipes.upsert", **recipe},
        {"type": "support.create_ticket", "subject": "Hi", "message": "Hello"},
    )
    [stored] = (await alice.http.get("/recipes")).json()["recipes"]
    assert stored["id"].startswith("rcp_")
    assert {k: v for k, v in stored.items() if k != "id"} == recipe
    [ticket] = (await alice.http.get("/support")).json()["tickets"]
    assert ticket["status"] == "open" and ticket["createdAt"].endswith("Z")
    assert (ticket["subject"], ticket["message"]) == ("Hi", "Hello")


async def test_bad_query_parameters_are_named(alice: User) -> None:
    cases = [
        ("/today", {"date": "22.11.2026"}, "date"),
        ("/nutrition", {"date": "2026-02-30"}, "date"),
        ("/weight", {"from": "2026-11-23", "to": DAY}, "from"),
        ("/weight", {"from": "2020-01-01", "to": DAY}, "from"),
        ("/checkins", {"date": DAY, "from": "2026-11-01"}, "date"),
        ("/supplements", {"date": ""}, "date"),
    ]
    for route, params, name in cases:
        response = await alice.http.get(route, params=params)
        assert response.status_code == 422, (route, params)
        assert response.headers["content-type"] == "application/problem+json"
        assert response.json()["errors"][0]["parameter"] == name


async def test_users_never_see_each_others_data(
    shared_sandbox: RunningSandbox, make_user: MakeUser
) -> None:
    alice, bob = await make_user("Alice"), await make_user("Bob")
    await ingest(
        alice,
        add_entry(),
        {"type": "supplements.add_item", "name": "Iron"},
        {"type": "checkin.upsert", "date": DAY, "mood": 5},
    )
    bob_today = (await bob.http.get("/today", params={"date": DAY})).json()
    assert bob_today["nutrition"]["entries"] == 0
    assert bob_today["checkin"] is None
    assert bob_today["supplements"]["total"] == 0
    # Bob cannot mark Alice's item, and his upsert of the same day is his own.
    marked = await bob.http.post(
        "/ingest",
        json={"actions": [{"type": "supplements.mark_taken", "date": DAY, "name": "Iron"}]},
    )
    assert marked.status_code == 422
    await ingest(bob, {"type": "checkin.upsert", "date": DAY, "mood": 1})
    alice_day = (await alice.http.get("/checkins", params={"date": DAY})).json()
    assert alice_day["checkin"]["mood"] == 5
    assert (await shared_sandbox.counts(bob.key))["checkins"] == 1
    assert (await shared_sandbox.counts(alice.key))["nutrition"] == 1
    assert (await shared_sandbox.counts(bob.key))["nutrition"] == 0
