"""Where the sandbox extra is not installed (the production image), the commands that serve
the sandbox say how to install it in one line, never with a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent

# A fresh interpreter in which the sandbox's server cannot be imported, as after
# `pip install healthbot` without the extra; then the command line as typed.
_WITHOUT_EXTRA = """
import sys
for name in ("fastapi", "starlette", "uvicorn"):
    sys.modules[name] = None
from bot.cli import main
sys.argv = ["healthbot", *sys.argv[1:]]
main()
"""


@pytest.mark.parametrize(
    "args", [["sandbox"], ["sandbox", "serve"], ["demo"], ["sandbox", "add-user", "Ana"]]
)
def test_a_sandbox_command_without_the_extra_says_how_to_install_it(
    args: list[str], tmp_path: Path
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT_EXTRA, *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT.parent)},
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "pip install 'healthbot[sandbox]'" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_the_bot_and_the_terminal_chat_run_without_the_extra() -> None:
    """`healthbot run` and `healthbot chat` (a real account) need no sandbox: their modules
    import where FastAPI and uvicorn cannot."""
    script = """
import sys
for name in ("fastapi", "starlette", "uvicorn"):
    sys.modules[name] = None
import bot.compose, bot.telegram.run, bot.terminal.demo, bot.ops.doctor
"""
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT.parent)},
    )
    assert done.returncode == 0, done.stderr
