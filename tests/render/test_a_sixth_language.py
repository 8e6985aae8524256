"""A sixth language is a new catalog and nothing else: copied beside the code with a `.po`
for Portuguese, the bot offers it, answers in it and registers its command menu."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parents[2]

_PROBE = """
from bot.kernel.readers import reader_for
from bot.render import keyboards, language, telegram
from bot.render.words import LANGUAGES
reader = reader_for(LANGUAGES, telegram_language="pt-BR")
print(LANGUAGES)
print(language.language_set(reader))
print(dict(telegram.bot_commands(reader))["today"])
print([button.text for button in keyboards.language_keyboard(reader)[0]])
"""


def test_a_new_po_file_is_a_new_language(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "bot", tmp_path / "bot", ignore=shutil.ignore_patterns("__pycache__"))
    catalog = Catalog(locale="pt", domain="healthbot")
    catalog.add(
        "Done — I'll write to you in {language} from now on.",
        "Pronto — a partir de agora escrevo em {language}.",
        flags=("python-brace-format",),
    )
    catalog.add("Your day so far", "Seu dia até agora")
    folder = tmp_path / "bot" / "render" / "locales" / "pt" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "healthbot.po").open("wb") as file:
        write_po(file, catalog)
    result = subprocess.run(
        [sys.executable, "-c", _PROBE],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "('en', 'de', 'es', 'fr', 'it', 'pt')"
    assert lines[1] == "Pronto — a partir de agora escrevo em português."
    assert lines[2] == "Seu dia até agora"
    assert lines[3] == ["EN", "DE", "ES", "FR", "IT", "PT ✓"].__repr__()
