"""`.env.example` is the settings' documentation: it must name every setting, and only those."""

from __future__ import annotations

import re
from pathlib import Path

from bot.config import Settings

EXAMPLE = Path(__file__).resolve().parents[2] / ".env.example"


def test_env_example_lists_every_setting_and_nothing_else() -> None:
    named = set(re.findall(r"^#?\s?([A-Z][A-Z0-9_]+)=", EXAMPLE.read_text(), re.MULTILINE))
    fields = {name.upper() for name in Settings.model_fields}
    assert fields - named == set(), "settings missing from .env.example"
    assert named - fields == set(), ".env.example names settings that do not exist"


def test_the_example_file_loads_as_settings() -> None:
    settings = Settings(_env_file=EXAMPLE)  # type: ignore[call-arg]
    assert settings.use_uvloop is True and settings.history_turns == 6


def test_the_service_url_is_its_root_whether_or_not_it_names_the_api_prefix() -> None:
    for given in ("http://svc:8787", "http://svc:8787/", "http://svc:8787/api/v1/agent/"):
        settings = Settings(_env_file=None, agent_api_base_url=given)  # type: ignore[call-arg]
        assert settings.agent_api_base_url == "http://svc:8787"
