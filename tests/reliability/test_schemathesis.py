"""Schemathesis against the sandbox's own OpenAPI document: no request makes it answer 500,
and every status it answers is one the document lists for that operation.

Generated requests go over HTTP to a running sandbox with a real key, in both of
schemathesis' modes: valid ones (what the document allows, which is what the sandbox accepts)
and invalid ones (wrong types, missing and extra fields, odd strings, spoilt headers);
bounded (25 per operation and mode) and derandomized so the run is fast and repeats. The
document is the one the sandbox serves at /api/v1/agent/openapi.json.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error, status_code_conformance

from sandbox.app import SandboxConfig
from sandbox.openapi import openapi_document
from tests.fixtures.sandbox import RunningSandbox, _run_in_thread, start_sandbox

Fuzzed = tuple[RunningSandbox, str]
SCHEMA = schemathesis.openapi.from_dict(openapi_document())
OPERATIONS = {op.ok().label: op.ok() for op in SCHEMA.get_all_operations()}


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fuzzed]:
    path = tmp_path_factory.mktemp("fuzz") / "sandbox.db"
    running = start_sandbox(SandboxConfig(db_url=f"sqlite+aiosqlite:///{path}"))
    key = _run_in_thread(lambda: running.add_user("Fuzz"))
    yield running, key
    running.stop()


def test_the_sandbox_serves_the_document_without_a_key(fuzzed: Fuzzed) -> None:
    running, _ = fuzzed
    response = httpx.get(f"{running.api_url}/openapi.json")
    assert response.status_code == 200
    assert response.json() == openapi_document()
    assert len(OPERATIONS) == 15


@pytest.mark.parametrize("mode", list(GenerationMode), ids=lambda mode: mode.value)
@pytest.mark.parametrize("label", sorted(OPERATIONS))
def test_no_generated_request_makes_the_sandbox_fail(
    label: str, mode: GenerationMode, fuzzed: Fuzzed
) -> None:
    running, key = fuzzed
    headers = {"Authorization": f"Bearer {key}"}
    seen: list[int] = []

    @given(case=OPERATIONS[label].as_strategy(mode))
    @settings(
        max_examples=25, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck)
    )
    def run(case: Any) -> None:
        response = case.call(base_url=running.url, headers=headers)
        seen.append(response.status_code)
        assert response.status_code < 500, (case.path, case.query, case.body, response.text)
        case.validate_response(response, checks=[not_a_server_error, status_code_conformance])

    run()
    assert any(status != 401 for status in seen)  # the key was used: the handlers were reached
    if mode is GenerationMode.POSITIVE:
        assert 401 not in seen  # (negative data also spoils the Authorization header)
    print(f"{label}: {sorted(seen)}")


POSTS = sorted(label for label in OPERATIONS if label.startswith("POST "))
_REFUSED_BODIES = {
    415: ({"Content-Type": "text/plain"}, b'{"actions": []}'),
    400: ({"Content-Type": "application/json"}, b'{"actions": ['),
    413: ({"Content-Type": "application/json"}, b" " * (256 * 1024 + 1)),
}


@pytest.mark.parametrize("label", POSTS)
@pytest.mark.parametrize("status", sorted(_REFUSED_BODIES))
def test_the_bodies_a_generator_rarely_sends_get_documented_statuses(
    label: str, status: int, fuzzed: Fuzzed
) -> None:
    """A wrong media type, broken JSON and an oversized body: answered and documented."""
    running, key = fuzzed
    operation = OPERATIONS[label]
    headers, content = _REFUSED_BODIES[status]
    response = httpx.post(
        running.url + operation.path,
        content=content,
        headers={"Authorization": f"Bearer {key}", **headers},
    )
    assert response.status_code == status, response.text
    case = operation.Case(body={}, media_type="application/json")
    case.validate_response(response, checks=[status_code_conformance])
