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
