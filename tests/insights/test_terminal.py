"""`healthbot demo`: /week writes the chart to a PNG file and prints its path and caption."""

from __future__ import annotations

import re
from pathlib import Path

from bot.insights.draw import HEIGHT_PX, WIDTH_PX
from tests.core.test_demo import run_cli
from tests.fixtures.telegram import png_size


def test_week_in_the_demo_writes_a_png_and_prints_its_path_and_caption(tmp_path: Path) -> None:
    result = run_cli("demo", stdin="had oatmeal, slept badly\n/week\n", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    saved = re.search(r"Chart saved to (\S+\.png)", out)
    assert saved is not None, out
    path = Path(saved.group(1))
    assert path.parent == tmp_path.resolve()  # where the demo was started
    assert png_size(path.read_bytes()) == (WIDTH_PX, HEIGHT_PX)
    caption = out[saved.end() :]
    assert "kcal a day on average (on 1 of 7 days)" in caption
    assert "Sleep 2/5" in caption
    assert "Traceback" not in out + result.stderr
