"""The bot's core against a real model: one conversation, run once, judged by each test.

Needs `make test-llm` (the `llm-test` extra and HEALTHBOT_REAL_LLM=1); plain `make test`
skips every test here that needs the model (the judges' own tests run).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from sandbox.app import SandboxConfig
from tests.fixtures.sandbox import _run_in_thread, start_sandbox
from tests.llm_real.conversation import Conversation, converse
from tests.llm_real.proxy import recording_proxy
from tests.llm_real.server import RunningModel, ServerUnavailable, llama_server

ENABLE = "HEALTHBOT_REAL_LLM"


def enabled() -> bool:
    return os.environ.get(ENABLE, "") not in ("", "0")


@pytest.fixture(scope="session")
def real_model(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningModel]:
    """llama-cpp-python's server with SmolLM2-135M-Instruct, for the whole session."""
    if not enabled():
        pytest.skip(f"needs the real model: `make test-llm` (sets {ENABLE}=1)")
    try:
        with llama_server(tmp_path_factory.mktemp("llama")) as running:
            yield running
    except ServerUnavailable as exc:
        pytest.fail(str(exc))


@pytest.fixture(scope="session")
def conversation(
    real_model: RunningModel, tmp_path_factory: pytest.TempPathFactory
) -> Conversation:
    """The messages of MESSAGES, said in turn by one linked person; run once per session."""
    workdir = tmp_path_factory.mktemp("conversation")
    sandbox = start_sandbox(SandboxConfig(db_url=f"sqlite+aiosqlite:///{workdir / 'sb.db'}"))
    try:
        with recording_proxy(real_model.base_url) as proxy:
            through = RunningModel(proxy.base_url, real_model.model, real_model.log)
            result = _run_in_thread(lambda: converse(through, sandbox.url, sandbox.db_url, workdir))
            result.exchanges = proxy.exchanges
    finally:
        sandbox.stop()
    print(result.transcript())
    (workdir / "transcript.txt").write_text(result.transcript(), encoding="utf-8")
    return result
