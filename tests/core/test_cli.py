"""The newcomer's path from the README: a sandbox process, a key from add-user, curl-like calls."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "bot.cli", *args]


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_sandbox_serve_add_user_ingest_today_and_401(tmp_path: Path) -> None:
    db = str(tmp_path / "sandbox.db")
    created = subprocess.run(
        cli("sandbox", "add-user", "Alice", "--db", db),
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env(),
        timeout=60,
        check=True,
    )
    key = created.stdout.strip().splitlines()[-1]
    assert key and " " not in key

    port = free_port()
    server = subprocess.Popen(
        cli("sandbox", "--port", str(port), "--db", db),
        cwd=tmp_path,
        env=env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}/api/v1/agent"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(base + "/me", timeout=1)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "sandbox did not start"
                time.sleep(0.1)
        auth = {"Authorization": f"Bearer {key}"}
        body = {
            "actions": [
                {
                    "type": "nutrition.add_entry",
                    "date": "2026-11-22",
                    "entry": {
                        "food": "Oatmeal, 1 cup cooked",
                        "calories": 158,
                        "protein": 6,
                        "carbs": 27,
                        "fat": 3,
                    },
                },
                {"type": "checkin.upsert", "date": "2026-11-22", "sleepQuality": 2},
            ]
        }
        assert httpx.post(base + "/ingest", json=body, headers=auth).status_code == 200
        today = httpx.get(base + "/today", params={"date": "2026-11-22"}, headers=auth).json()
        assert today["nutrition"]["totals"]["calories"] == 158
        assert today["checkin"]["sleepQuality"] == 2
        assert httpx.get(base + "/today").status_code == 401
    finally:
        server.terminate()
        server.wait(timeout=10)
