"""The Python entry points: URL handling, config checks, user creation and the CLI output."""

from __future__ import annotations

from pathlib import Path

import pytest

from sandbox.app import SandboxConfig
from sandbox.cli import add_user_cli
from sandbox.db import normalize_url
from sandbox.inspect import counts
from sandbox.users import add_user


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("sandbox.db", "sqlite+aiosqlite:///sandbox.db"),
        ("/tmp/x.db", "sqlite+aiosqlite:////tmp/x.db"),
        ("sqlite:///x.db", "sqlite+aiosqlite:///x.db"),
        ("sqlite+aiosqlite:///x.db", "sqlite+aiosqlite:///x.db"),
        ("postgresql://u@h:5432/d", "postgresql+asyncpg://u@h:5432/d"),
        ("postgres://u@h/d", "postgresql+asyncpg://u@h/d"),
        ("postgresql+asyncpg://u@h/d", "postgresql+asyncpg://u@h/d"),
    ],
)
def test_db_argument_becomes_an_async_url(given: str, expected: str) -> None:
    assert normalize_url(given) == expected


@pytest.mark.parametrize(
    "bad", [{"latency_ms": -1}, {"fail_rate": 1.5}, {"fail_rate": -0.1}, {"rate_limit": -1}]
)
def test_config_refuses_nonsense(bad: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        SandboxConfig(db_url="x.db", **bad)  # type: ignore[arg-type]


async def test_add_user_works_on_a_fresh_file_and_checks_its_input(tmp_path: Path) -> None:
    path = str(tmp_path / "fresh.db")
    key = await add_user(path, "Alice", "Asia/Tokyo")
    assert key.startswith("hk_") and len(key) > 40
    assert await add_user(path, "Alice") != key
    assert set((await counts(path, key)).values()) == {0}
    with pytest.raises(ValueError):
        await add_user(path, "  ")
    with pytest.raises(ValueError):
        await add_user(path, "Bob", "Mars/Olympus")
    with pytest.raises(KeyError):
        await counts(path, "hk_nobody")


def test_add_user_cli_prints_the_key_alone_on_the_last_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    add_user_cli("Alice", db=str(tmp_path / "cli.db"))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Created user Alice. API key (shown once):"
    assert lines[-1].startswith("hk_") and " " not in lines[-1]
