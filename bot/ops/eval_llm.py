"""Recorded LLM evals: `--record FILE` keeps what the model answered to each case, `--replay
FILE` scores those answers again without a model.

A recording holds, per case, the model's raw Chat Completions responses in the order the
planner asked for them, with the tool calls they carry, the request count and the token
usage, one JSON object a line:

    {"id": "...", "text": "...", "model": "...", "requests": 1,
     "usage": {"prompt_tokens": 812, "completion_tokens": 64},
     "tool_calls": [[{"name": "log_food", "arguments": "{...}"}]],
     "responses": [{"status": 200, "body": {...}}]}

Replay serves the responses back through the planner's real OpenAI client (a transport in
place of the network), so the planner's validation, repairs and post-processing run again:
a change to them is measured on the same model output, offline and for free. A case whose
planner asks for more responses than were recorded fails with that said.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any, Protocol

import httpx2
import openai

from bot.config import Settings
from bot.core.planning import forced
from bot.kernel.answers import Answer
from bot.ops.eval_report import Case
from bot.planner.base import Plan, PlanContext, Planner, ReadResult
from bot.planner.llm import LlmPlanner, build_llm_planner
from bot.planner.offline.planner import OfflinePlanner
from bot.planner.transport import AiohttpTransport

_CHAT_PATH = "/chat/completions"
_REPLAY_URL = "http://recording.invalid/v1"


class ModelTape(Protocol):
    """Per-case hooks around the model: a recorder or a replayer."""

    def begin(self, case: Case) -> str | None:
        """Prepare for `case`; a text says why it cannot run."""

    def end(self, case: Case, plan: Plan | None) -> str | None:
        """After `case`; a text says why its result cannot count."""

    def close(self) -> None: ...


class _RecordingTransport(httpx2.AsyncBaseTransport):
    """Sends requests on, keeping each Chat Completions response body."""

    def __init__(self, inner: httpx2.AsyncBaseTransport) -> None:
        self.inner = inner
        self.responses: list[dict[str, Any]] = []

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        response = await self.inner.handle_async_request(request)
        if request.url.path.endswith(_CHAT_PATH):
            raw = await response.aread()
            try:
                body: Any = json.loads(raw)
            except ValueError:
                body = raw.decode("utf-8", "replace")
            self.responses.append({"status": response.status_code, "body": body})
            return httpx2.Response(response.status_code, headers=response.headers, content=raw)
        return response

    async def aclose(self) -> None:
        await self.inner.aclose()


class _ReplayTransport(httpx2.AsyncBaseTransport):
    """Answers each Chat Completions request with the next recorded response."""

    def __init__(self) -> None:
        self.queue: deque[dict[str, Any]] = deque()
        self.ran_out = False

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        if not self.queue:
            self.ran_out = True
            return httpx2.Response(404, json={"error": {"message": "no further recorded response"}})
        recorded = self.queue.popleft()
        body = recorded["body"]
        content = body.encode() if isinstance(body, str) else json.dumps(body).encode()
        return httpx2.Response(
            int(recorded.get("status", 200)),
            headers={"content-type": "application/json"},
            content=content,
        )


class Recorder:
    """Writes one line per case to the recording file as the eval goes."""

    def __init__(self, path: str | Path, transport: _RecordingTransport, model: str) -> None:
        self._file: IO[str] = Path(path).open("w", encoding="utf-8")
        self._transport = transport
        self._model = model

    def begin(self, case: Case) -> str | None:
        self._transport.responses = []
        return None

    def end(self, case: Case, plan: Plan | None) -> str | None:
        responses = self._transport.responses
        line = {
            "id": case.id,
            "text": case.text,
            "model": self._model,
            "requests": len(responses),
            "usage": _usage(responses),
            "tool_calls": [_tool_calls(r["body"]) for r in responses],
            "responses": responses,
        }
        self._file.write(json.dumps(line, ensure_ascii=False) + "\n")
        self._file.flush()
        return None

    def close(self) -> None:
        self._file.close()


class Replayer:
    """Feeds each case the responses recorded for it."""

    def __init__(self, path: str | Path, transport: _ReplayTransport) -> None:
        self._transport = transport
        self._recorded: dict[str, dict[str, Any]] = {}
        for number, line in enumerate(Path(path).read_text("utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                self._recorded[str(row["id"])] = row
            except (ValueError, KeyError, TypeError) as exc:
                raise ValueError(f"{path}:{number}: not a recorded case: {exc}") from exc

    def begin(self, case: Case) -> str | None:
        row = self._recorded.get(case.id)
        if row is None:
            return "not in the recording"
        if row.get("text") != case.text:
            return "its text changed since it was recorded"
        self._transport.queue = deque(row.get("responses") or [])
        self._transport.ran_out = False
        return None

    def end(self, case: Case, plan: Plan | None) -> str | None:
        if self._transport.ran_out:
            return "the planner asked the model more than the recording holds"
        return None

    def close(self) -> None:
        return None


class AsTheBotPlans:
    """The model as the bot uses it with OFFLINE_FAST_PATH off (`bot.core.planning.forced`):
    its plan checked against the rules' reading (a question never writes; a plan that writes
    nothing the rules read is dropped for theirs), the rules standing in where the model
    fails and they understood the whole message, repeats copied by the rules. Its questions
    are answered by the planner whose plan was used."""

    name = "llm"

    def __init__(self, model: LlmPlanner) -> None:
        self.model = model
        self.offline = OfflinePlanner()
        self._answered_by: dict[int, Planner] = {}

    async def plan(self, text: str, context: PlanContext) -> Plan:
        plan, planner = await forced(self.model, self.offline, text, context)
        self._answered_by = {id(plan): planner}
        return plan

    async def answer(
        self, text: str, context: PlanContext, plan: Plan, results: Sequence[ReadResult]
    ) -> Answer:
        planner = self._answered_by.get(id(plan), self.model)
        return await planner.answer(text, context, plan, results)

    async def aclose(self) -> None:
        await self.model.aclose()


def recording_planner(settings: Settings, path: str | Path) -> tuple[AsTheBotPlans, Recorder]:
    """The configured model's planner, its responses written to `path` case by case."""
    if settings.openai_api_key is None or not settings.llm_enabled:
        raise ValueError("OPENAI_API_KEY is not set; recording needs the model")
    transport = _RecordingTransport(AiohttpTransport())
    client = openai.AsyncOpenAI(
        api_key=settings.openai_api_key.get_secret_value(),
        base_url=settings.openai_base_url,
        timeout=settings.openai_timeout_seconds,
        max_retries=1,
        http_client=openai.DefaultAsyncHttpxClient(transport=transport),
    )
    planner = AsTheBotPlans(build_llm_planner(settings, client))
    return planner, Recorder(path, transport, settings.openai_model)


def replaying_planner(settings: Settings, path: str | Path) -> tuple[AsTheBotPlans, Replayer]:
    """A planner whose model is the recording at `path`: no server, no key, no cost."""
    transport = _ReplayTransport()
    replayer = Replayer(path, transport)
    client = openai.AsyncOpenAI(
        api_key="replay",
        base_url=_REPLAY_URL,
        max_retries=0,
        http_client=openai.DefaultAsyncHttpxClient(transport=transport),
    )
    return AsTheBotPlans(build_llm_planner(settings, client)), replayer


def _usage(responses: list[dict[str, Any]]) -> dict[str, int]:
    prompt = completion = 0
    for r in responses:
        usage = r["body"].get("usage") if isinstance(r["body"], dict) else None
        if isinstance(usage, dict):
            prompt += int(usage.get("prompt_tokens") or 0)
            completion += int(usage.get("completion_tokens") or 0)
    return {"prompt_tokens": prompt, "completion_tokens": completion}


def _tool_calls(body: Any) -> list[dict[str, Any]]:
    """The tool calls of one response, as the model wrote them (arguments unparsed)."""
    try:
        message = body["choices"][0]["message"]
    except (KeyError, IndexError, TypeError):
        return []
    calls = message.get("tool_calls") if isinstance(message, dict) else None
    out: list[dict[str, Any]] = []
    for call in calls or []:
        function = call.get("function") if isinstance(call, dict) else None
        if isinstance(function, dict):
            out.append({"name": function.get("name"), "arguments": function.get("arguments")})
    return out
