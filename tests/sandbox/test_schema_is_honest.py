"""The sandbox's OpenAPI document says what its code enforces: a client that reads the
document and sends only what it allows is never refused for the shape of its request.

Schemathesis generates schema-valid requests only (positive mode) for every operation and
sends them with a real key; none may get a 4xx, except the refusals no schema can express,
each recognised by its exact problem detail (docs/agent-api.md lists them). Then requests
the code refuses are checked against the document with an independent JSON Schema validator
(jsonschema-rs, which schemathesis brings): the document must refuse them too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import jsonschema_rs
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode

from sandbox.app import SandboxConfig
from sandbox.openapi import PREFIX, openapi_document
from tests.fixtures.core import store_on_postgres
from tests.fixtures.sandbox import RunningSandbox, _run_in_thread, start_sandbox

DOCUMENT = openapi_document()
SCHEMA = schemathesis.openapi.from_dict(DOCUMENT)
OPERATIONS = {op.ok().label: op.ok() for op in SCHEMA.get_all_operations()}
MAX_BODY_BYTES = 256 * 1024
DAY = "2026-11-22"
ENTRY = {"food": "oatmeal", "calories": 300, "protein": 10, "carbs": 50, "fat": 5}

Served = tuple[RunningSandbox, str]

# The refusals a schema cannot express, by where they point and their exact detail:
# - a supplement marked or toggled must already be in the stack (state);
# - a name must fit in 200 characters also once case is folded ("ß" becomes "ss");
# - /weight and /checkins: `from` after `to`, a range over 366 days (the defaults depend on
#   today), and `date` together with `from`/`to` (one parameter excludes others).
_UNEXPRESSIBLE = [
    (re.compile(r"pointer:(/actions/\d+)?/name"), "no supplement with this name"),
    (
        re.compile(r"pointer:(/actions/\d+)?/name"),
        "must be at most 200 characters, also when compared regardless of case (ß counts as ss)",
    ),
    (re.compile(r"parameter:from"), "must not be after 'to'"),
    (re.compile(r"parameter:from"), "range must span at most 366 days"),
    (re.compile(r"parameter:date"), "cannot be combined with 'from' or 'to'"),
]


def _at(body: Any, pointer: str) -> Any:
    for part in pointer.split("/")[1:]:
        body = body[int(part)] if isinstance(body, list) else body[part]
    return body


def _unexpressible(error: dict[str, str], body: Any) -> bool:
    """One of the refusals above, or `3.0` where an integer is wanted: JSON Schema counts it
    as an integer, the sandbox does not."""
    if "parameter" in error:
        where = f"parameter:{error['parameter']}"
    else:
        where = f"pointer:{error['pointer']}"
        if error["detail"].startswith("must be an integer from "):
            value = _at(body, error["pointer"])
            return isinstance(value, float) and value.is_integer()
    return any(
        pattern.fullmatch(where) and error["detail"] == detail for pattern, detail in _UNEXPRESSIBLE
    )


@pytest.fixture(scope="module")
def served(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Served]:
    """A sandbox on SQLite, or on PostgreSQL under HEALTHBOT_TEST_DB=postgresql: what the
    document allows must also fit the other database's columns."""
    if store_on_postgres():
        db_url = str(request.getfixturevalue("pg_url"))
    else:
        db_url = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('honest') / 'sandbox.db'}"
    running = start_sandbox(SandboxConfig(db_url=db_url))
    key = _run_in_thread(lambda: running.add_user("Honest"))
    yield running, key
    running.stop()


@pytest.mark.parametrize("label", sorted(OPERATIONS))
def test_a_request_the_document_allows_is_not_refused_for_its_shape(
    label: str, served: Served
) -> None:
    running, key = served
    headers = {"Authorization": f"Bearer {key}"}
    answered: list[int] = []

    @given(case=OPERATIONS[label].as_strategy(GenerationMode.POSITIVE))
    @settings(
        max_examples=25, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck)
    )
    def run(case: Any) -> None:
        response = case.call(base_url=running.url, headers=headers)
        answered.append(response.status_code)
        if response.status_code == 413:  # the 256 KiB limit is on bytes, not on the schema
            assert len(response.request.body or b"") > MAX_BODY_BYTES, response.text
            return
        if response.status_code == 422:
            errors = response.json().get("errors", [])
            assert errors and all(_unexpressible(e, case.body) for e in errors), (
                case.query,
                case.body,
                response.text,
            )
            return
        assert response.status_code == 200, (case.query, case.body, response.text)

    run()
    assert answered and 401 not in answered


def _schema_of(method: str, path: str, parameter: str | None) -> dict[str, Any]:
    operation = DOCUMENT["paths"][PREFIX + path][method.lower()]
    if parameter is None:
        schema: dict[str, Any] = operation["requestBody"]["content"]["application/json"]["schema"]
        return schema
    [found] = [p for p in operation["parameters"] if p["name"] == parameter]
    return dict(found["schema"])


def _valid_for_document(method: str, path: str, where: str | None, value: Any) -> bool:
    return bool(jsonschema_rs.Draft202012Validator(_schema_of(method, path, where)).is_valid(value))


def _ingest(**fields: Any) -> dict[str, Any]:
    return {"actions": [fields]}


# (method, path, query parameter or None for the body, the value, what makes it wrong)
REFUSED: list[tuple[str, str, str | None, Any, str]] = [
    ("GET", "/today", "date", "", "an empty date"),
    ("GET", "/nutrition", "date", "22.11.2026", "a date not written YYYY-MM-DD"),
    ("GET", "/supplements", "date", "2026-02-30", "a day the calendar does not have"),
    ("GET", "/weight", "from", "1899-12-31", "a year before 1900"),
    ("GET", "/checkins", "to", "2023-02-29", "February 29 of a common year"),
    ("POST", "/ingest", None, {"actions": []}, "an empty actions list"),
    ("POST", "/ingest", None, {}, "no actions at all"),
    (
        "POST",
        "/ingest",
        None,
        {"actions": [{"type": "weight.log", "date": DAY, "weightKg": 72}], "dryRun": True},
        "an extra field beside actions",
    ),
    (
        "POST",
        "/ingest",
        None,
        _ingest(type="weight.log", date=DAY, weightKg=72, unit="kg"),
        "an extra field in an action",
    ),
    (
        "POST",
        "/ingest",
        None,
        _ingest(type="nutrition.add_entry", date=DAY, entry={**ENTRY, "meal": "breakfast"}),
        "an extra field in an entry",
    ),
    ("POST", "/ingest", None, _ingest(type="weight.log", date="", weightKg=72), "an empty date"),
    ("POST", "/ingest", None, _ingest(type="weight.log", date=DAY, weightKg=0), "a weight of 0"),
    ("POST", "/ingest", None, _ingest(type="nutrition.set_goals"), "goals with no goal"),
    (
        "POST",
        "/ingest",
        None,
        _ingest(type="checkin.upsert", date=DAY, mood=6),
        "a mood off the 1-5 scale",
    ),
    ("POST", "/ingest", None, _ingest(type="supplements.add_item", name="  "), "a blank name"),
    (
        "POST",
        "/ingest",
        None,
        _ingest(type="support.create_ticket", subject="Hi", message="a\x00b"),
        "a NUL character in text",
    ),
    (
        "POST",
        "/ingest",
        None,
        _ingest(type="nutrition.add_entry", date=DAY, entry={**ENTRY, "calories": 100_001}),
        "calories over 100000",
    ),
    ("POST", "/weight", None, {"action": "log", "date": "", "weightKg": 72}, "an empty date"),
    (
        "POST",
        "/checkins",
        None,
        {"action": "upsert", "date": DAY, "mood": 3, "weather": "rain"},
        "an extra field",
    ),
    ("POST", "/nutrition", None, {"action": "set_goals"}, "goals with no goal"),
    (
        "POST",
        "/recipes",
        None,
        {
            "action": "upsert",
            "name": "Oats",
            "servings": 0,
            "ingredients": [],
            "instructions": "",
            "perServing": {"calories": 1, "protein": 1, "carbs": 1, "fat": 1},
        },
        "zero servings",
    ),
    (
        "POST",
        "/recipes",
        None,
        {
            "action": "upsert",
            "name": "Oats",
            "servings": 1,
            "ingredients": [""],
            "instructions": "",
            "perServing": {"calories": 1, "protein": 1, "carbs": 1, "fat": 1},
        },
        "an empty ingredient",
    ),
    ("POST", "/support", None, {"action": "create_ticket", "subject": "Hi"}, "no message"),
    ("POST", "/supplements", None, {"action": "mark", "name": "Zinc"}, "an unknown action"),
]


@pytest.mark.parametrize(
    ("method", "path", "where", "value", "why"), REFUSED, ids=[f"{r[1]}: {r[4]}" for r in REFUSED]
)
def test_what_the_code_refuses_the_document_refuses(
    method: str, path: str, where: str | None, value: Any, why: str, served: Served
) -> None:
    running, key = served
    assert not _valid_for_document(method, path, where, value), why
    headers = {"Authorization": f"Bearer {key}"}
    if where is None:
        response = httpx.post(running.url + PREFIX + path, json=value, headers=headers)
    else:
        response = httpx.get(running.url + PREFIX + path, params={where: value}, headers=headers)
    assert response.status_code == 422, response.text


# The examples of docs/agent-api.md: the document must not refuse what the code accepts.
ACCEPTED: list[tuple[str, str, str | None, Any]] = [
    ("GET", "/today", "date", DAY),
    ("GET", "/checkins", "to", "2024-02-29"),
    (
        "POST",
        "/ingest",
        None,
        {
            "actions": [
                {"type": "nutrition.add_entry", "date": DAY, "entry": ENTRY},
                {"type": "checkin.upsert", "date": DAY, "mood": 4, "sleepQuality": None},
                {"type": "supplements.add_item", "name": "Vitamin D", "dose": "1000 IU"},
                {"type": "supplements.mark_taken", "date": DAY, "name": "vitamin d"},
                {"type": "weight.set_goal", "goalKg": None},
                {"type": "nutrition.set_goals", "fat": 60.5},
            ]
        },
    ),
    (
        "POST",
        "/recipes",
        None,
        {
            "action": "upsert",
            "name": "Overnight oats",
            "servings": 2,
            "ingredients": ["oats", "milk"],
            "instructions": "",
            "perServing": {"calories": 350, "protein": 12, "carbs": 55, "fat": 8},
        },
    ),
    ("POST", "/checkins", None, {"action": "upsert", "date": DAY, "notes": ""}),
    ("POST", "/support", None, {"action": "create_ticket", "subject": " Hi ", "message": "x"}),
]


@pytest.mark.parametrize(("method", "path", "where", "value"), ACCEPTED)
def test_what_the_code_accepts_the_document_allows(
    method: str, path: str, where: str | None, value: Any, served: Served
) -> None:
    running, key = served
    assert _valid_for_document(method, path, where, value)
    headers = {"Authorization": f"Bearer {key}"}
    if where is None:
        response = httpx.post(running.url + PREFIX + path, json=value, headers=headers)
    else:
        response = httpx.get(running.url + PREFIX + path, params={where: value}, headers=headers)
    assert response.status_code == 200, response.text
