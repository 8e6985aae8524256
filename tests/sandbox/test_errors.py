"""Every error status is an RFC 9457 problem; no input gets a 500."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from tests.fixtures.sandbox import RunningSandbox
from tests.sandbox.conftest import DAY, MakeUser, User, add_entry, entry

ROUTES_GET = ["/me", "/today", "/nutrition", "/weight", "/checkins", "/supplements"]
ROUTES_GET += ["/recipes", "/support"]
ROUTES_POST = ["/nutrition", "/weight", "/checkins", "/supplements", "/recipes", "/support"]
ROUTES_POST += ["/ingest"]


def assert_problem(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    body: dict[str, Any] = response.json()
    assert body["status"] == status
    assert body["type"] == "about:blank"
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and body["detail"]
    return body


def pointers(response: httpx.Response) -> list[str]:
    return sorted(error["pointer"] for error in response.json()["errors"])


async def test_401_is_identical_for_missing_malformed_and_unknown_keys(
    shared_sandbox: RunningSandbox, anon: httpx.AsyncClient, alice: User
) -> None:
    headers: list[dict[str, str]] = [
        {},
        {"Authorization": ""},
        {"Authorization": alice.key},
        {"Authorization": f"Basic {alice.key}"},
        {"Authorization": f"Bearer {alice.key}x"},
        {"Authorization": "Bearer hk_unknown"},
        {"Authorization": "Bearer"},
        {"Authorization": "Bearer a b"},
    ]
    seen = set()
    for header in headers:
        for method, route in [("GET", r) for r in ROUTES_GET] + [("POST", r) for r in ROUTES_POST]:
            response = await anon.request(method, route, headers=header, json={"actions": []})
            body = assert_problem(response, 401)
            assert response.headers["www-authenticate"] == "Bearer"
            seen.add(json.dumps(body, sort_keys=True))
    assert seen == {
        json.dumps(
            {
                "type": "about:blank",
                "title": "Unauthorized",
                "status": 401,
                "detail": "Missing or invalid API key.",
            },
            sort_keys=True,
        )
    }
    # Writes without a valid key change nothing.
    assert set((await shared_sandbox.counts(alice.key)).values()) == {0}


async def test_bearer_scheme_is_case_insensitive(anon: httpx.AsyncClient, alice: User) -> None:
    response = await anon.get("/me", headers={"Authorization": f"bearer {alice.key}"})
    assert response.status_code == 200


async def test_404_for_unknown_routes(anon: httpx.AsyncClient, alice: User) -> None:
    for route in ("/nope", "/me/", "/api/v2/agent/me", "/"):
        assert_problem(await alice.http.get(route), 404)
    assert_problem(await anon.get("/api/v1/agent/unknown"), 404)


async def test_405_for_wrong_methods(alice: User) -> None:
    for method, route in [("POST", "/me"), ("POST", "/today"), ("GET", "/ingest")]:
        response = await alice.http.request(method, route, json={})
        assert_problem(response, 405)
        assert response.headers["allow"]
    assert_problem(await alice.http.delete("/nutrition"), 405)
    assert_problem(await alice.http.put("/checkins", json={}), 405)


async def test_400_for_malformed_json(alice: User) -> None:
    headers = {"Content-Type": "application/json"}
    for raw in (b"{", b"", b'{"actions": [NaN]}', b"\xff\xfe", b"[" * 100_000, b"1" * 5000):
        response = await alice.http.post("/ingest", content=raw, headers=headers)
        assert_problem(response, 400)


async def test_415_without_a_json_content_type(alice: User) -> None:
    body = json.dumps({"actions": [add_entry()]}).encode()
    for content_type in (None, "text/plain", "application/x-www-form-urlencoded", "json"):
        headers = {"Content-Type": content_type} if content_type else {}
        for route in ("/ingest", "/nutrition"):
            response = await alice.http.post(route, content=body, headers=headers)
            assert_problem(response, 415)
    ok = await alice.http.post(
        "/ingest", content=body, headers={"Content-Type": "Application/JSON; charset=utf-8"}
    )
    assert ok.status_code == 200


async def test_413_for_too_many_actions(shared_sandbox: RunningSandbox, alice: User) -> None:
    assert (await alice.http.post("/ingest", json={"actions": [add_entry()] * 100})).is_success
    response = await alice.http.post("/ingest", json={"actions": [add_entry()] * 101})
    assert_problem(response, 413)
    assert (await shared_sandbox.counts(alice.key))["nutrition"] == 100


async def test_413_for_a_body_over_256_kib(alice: User) -> None:
    big = {"actions": [add_entry(food="x" * 400)] * 99}
    filler = " " * (256 * 1024 - len(json.dumps(big)))
    exact = (json.dumps(big) + filler).encode()
    assert len(exact) == 256 * 1024
    headers = {"Content-Type": "application/json"}
    assert (await alice.http.post("/ingest", content=exact, headers=headers)).is_success
    response = await alice.http.post("/ingest", content=exact + b" ", headers=headers)
    assert_problem(response, 413)


async def test_413_also_for_a_chunked_body_without_length(alice: User) -> None:
    async def chunks() -> AsyncIterator[bytes]:
        yield b'{"actions": ['
        for _ in range(300):
            yield b" " * 1024
        yield b"]}"

    response = await alice.http.post(
        "/ingest", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert "content-length" not in response.request.headers
    assert_problem(response, 413)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ([], [""]),
        ({}, ["/actions"]),
        ({"actions": []}, ["/actions"]),
        ({"actions": {}}, ["/actions"]),
        ({"actions": [add_entry()], "dryRun": True}, ["/dryRun"]),
        ({"actions": [1]}, ["/actions/0"]),
        ({"actions": [{"date": DAY}]}, ["/actions/0/type"]),
        ({"actions": [{"type": "nutrition.delete_entry"}]}, ["/actions/0/type"]),
        ({"actions": [{"type": ["checkin.upsert"]}]}, ["/actions/0/type"]),
        ({"actions": [{**add_entry(), "note": "x"}]}, ["/actions/0/note"]),
        ({"actions": [add_entry(day="2026-11-31")]}, ["/actions/0/date"]),
        ({"actions": [add_entry(day="22-11-2026")]}, ["/actions/0/date"]),
        ({"actions": [add_entry(day="1800-01-01")]}, ["/actions/0/date"]),
        ({"actions": [add_entry(calories="300")]}, ["/actions/0/entry/calories"]),
        ({"actions": [add_entry(calories=True)]}, ["/actions/0/entry/calories"]),
        ({"actions": [add_entry(calories=-1)]}, ["/actions/0/entry/calories"]),
        ({"actions": [add_entry(calories=10**400)]}, ["/actions/0/entry/calories"]),
        ({"actions": [add_entry(food="  ")]}, ["/actions/0/entry/food"]),
        ({"actions": [add_entry(food="a\x00b")]}, ["/actions/0/entry/food"]),
        (
            {"actions": [{"type": "nutrition.add_entry", "date": DAY, "entry": {"food": "x"}}]},
            [f"/actions/0/entry/{key}" for key in ("calories", "carbs", "fat", "protein")],
        ),
        ({"actions": [{"type": "nutrition.add_entry", "date": DAY}]}, ["/actions/0/entry"]),
        ({"actions": [{"type": "nutrition.set_goals"}]}, ["/actions/0"]),
        ({"actions": [{"type": "checkin.upsert", "mood": 3}]}, ["/actions/0/date"]),
        (
            {"actions": [{"type": "checkin.upsert", "date": DAY, "mood": 0, "energy": 6}]},
            ["/actions/0/energy", "/actions/0/mood"],
        ),
        ({"actions": [{"type": "checkin.upsert", "date": DAY, "mood": 3.5}]}, ["/actions/0/mood"]),
        (
            {"actions": [{"type": "weight.log", "date": DAY, "weightKg": 0}]},
            ["/actions/0/weightKg"],
        ),
        ({"actions": [{"type": "weight.set_goal"}]}, ["/actions/0/goalKg"]),
        ({"actions": [{"type": "supplements.add_item", "name": ""}]}, ["/actions/0/name"]),
        (
            {"actions": [{"type": "recipes.upsert", "name": "x", "servings": 0}]},
            [
                f"/actions/0/{key}"
                for key in ("ingredients", "instructions", "perServing", "servings")
            ],
        ),
        (
            {
                "actions": [
                    {
                        "type": "recipes.upsert",
                        "name": "x",
                        "servings": 1,
                        "ingredients": ["oats", 3],
                        "instructions": "",
                        "perServing": {"calories": 1, "protein": 1, "carbs": 1},
                    }
                ]
            },
            ["/actions/0/ingredients/1", "/actions/0/perServing/fat"],
        ),
        ({"actions": [{"type": "support.create_ticket", "subject": "x"}]}, ["/actions/0/message"]),
        ({"actions": [{"type": "x", "a/b~c": 1}]}, ["/actions/0/type"]),
    ],
)
async def test_422_names_every_failing_field(
    shared_sandbox: RunningSandbox, alice: User, body: Any, expected: list[str]
) -> None:
    response = await alice.http.post("/ingest", json=body)
    assert_problem(response, 422)
    assert pointers(response) == sorted(expected)
    assert set((await shared_sandbox.counts(alice.key)).values()) == {0}


async def test_unknown_fields_are_escaped_as_json_pointers(alice: User) -> None:
    response = await alice.http.post("/ingest", json={"actions": [{**add_entry(), "a/b~c": 1}]})
    assert pointers(response) == ["/actions/0/a~1b~0c"]


async def test_one_bad_action_means_nothing_is_written(
    shared_sandbox: RunningSandbox, alice: User
) -> None:
    """Validation covers the whole bundle before anything is applied."""
    actions = [
        add_entry(),
        {"type": "checkin.upsert", "date": DAY, "mood": 4},
        {"type": "supplements.add_item", "name": "Iron"},
        add_entry(calories=-5),
        {"type": "weight.log", "date": DAY, "weightKg": "72"},
    ]
    response = await alice.http.post("/ingest", json={"actions": actions})
    assert_problem(response, 422)
    assert pointers(response) == ["/actions/3/entry/calories", "/actions/4/weightKg"]
    assert set((await shared_sandbox.counts(alice.key)).values()) == {0}


async def test_strange_inputs_never_cause_a_500(
    any_sandbox: RunningSandbox, make_user: MakeUser
) -> None:
    alice = await make_user(on=any_sandbox)
    long_text = "𝄞" * 300
    folds_long = "ß" * 101  # 101 characters, 202 once case is folded
    bodies: list[Any] = [
        None,
        "actions",
        12,
        {"actions": None},
        {"actions": [None, [], "x", {"type": None}]},
        {"actions": [{"type": "nutrition.add_entry", "date": 20261122, "entry": []}]},
        {"actions": [add_entry(food=long_text)]},
        {"actions": [{"type": "checkin.upsert", "date": DAY, "notes": "\ud800"}]},
        {"actions": [{"type": "supplements.toggle", "date": DAY, "name": {"x": 1}}]},
        {"actions": [{"type": "supplements.add_item", "name": folds_long}]},
        {"actions": [{"type": "supplements.mark_taken", "date": DAY, "name": "ﬃ" * 70}]},
        {"action": "add_item", "name": folds_long},
        {
            "action": "upsert",
            "name": folds_long,
            "servings": 1,
            "ingredients": [],
            "instructions": "",
            "perServing": {"calories": 1, "protein": 0, "carbs": 0, "fat": 0},
        },
        {"action": None},
        {"action": "add_entry", "entry": entry()},
    ]
    for body in bodies:
        for route in ("/ingest", "/nutrition", "/checkins", "/supplements", "/recipes"):
            raw = json.dumps(body).encode()
            response = await alice.http.post(
                route, content=raw, headers={"Content-Type": "application/json"}
            )
            assert response.status_code < 500, (route, body, response.text)
            if response.status_code >= 400:
                assert_problem(response, response.status_code)
    for params in ({"date": "\x00"}, {"from": "9999-99-99"}, {"to": "2026-11-22T00:00"}):
        for route in ("/today", "/weight", "/checkins"):
            response = await alice.http.get(route, params=params)
            assert response.status_code in (200, 422), (route, params)


async def test_numbers_beyond_float_range_are_refused(alice: User) -> None:
    raw = json.dumps({"actions": [add_entry()]}).replace('"fat": 5', '"fat": 1e999')
    response = await alice.http.post(
        "/ingest", content=raw.encode(), headers={"Content-Type": "application/json"}
    )
    assert_problem(response, 422)
    assert pointers(response) == ["/actions/0/entry/fat"]
