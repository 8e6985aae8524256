"""Bad data never breaks a chart: odd days, missing goals, slips far out of range and answers
of the wrong shape all still give a picture of the documented size and a short caption."""

from __future__ import annotations

import datetime as dt
import statistics
import struct
from typing import Any

import pytest

from bot.agent_api.views import TodayView, lenient
from bot.insights.draw import HEIGHT_PX, WIDTH_PX, draw_png
from bot.insights.report import streak_of
from bot.insights.series import Series, series_from
from bot.kernel.readers import DEFAULT
from bot.render.charts import CAPTION_LIMIT, caption
from bot.render.format import to_plain, utf16_len

LAST = dt.date(2026, 11, 22)
DATES = [LAST - dt.timedelta(days=6 - n) for n in range(7)]


def today(
    kcal: float | None = None, *, goal: Any = 2000, checkin: dict[str, Any] | None = None
) -> TodayView:
    nutrition = {"entries": 0 if kcal is None else 1, "goals": {"calories": goal}}
    if kcal is not None:
        nutrition["totals"] = {"calories": kcal, "protein": 10, "carbs": 20, "fat": 5}
    return lenient(TodayView, {"nutrition": nutrition, "checkin": checkin})


def drawn(series: Series) -> str:
    """Draws the chart (it must come out whole) and returns the caption as a person reads it."""
    png = draw_png(series, title="t", zone="UTC", reader=DEFAULT)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == (WIDTH_PX, HEIGHT_PX)
    text = to_plain(caption(series, streak=streak_of(series), reader=DEFAULT))
    assert 0 < utf16_len(text) <= CAPTION_LIMIT
    return text


def test_a_week_with_only_one_weight() -> None:
    views = [today() for _ in DATES]
    series = series_from(DATES, views, {DATES[3]: 81.2}, None)
    assert series.calories == (None,) * 7
    assert series.trend == (None, None, None, 81.2, 81.2, 81.2, 81.2)
    assert series.logged_days == 1
    text = drawn(series)
    assert "No meals logged" in text and "81.2 kg" in text


def test_a_week_with_nothing() -> None:
    series = series_from(DATES, [today() for _ in DATES], {}, None)
    assert series.logged_days == 0 and streak_of(series) == 0
    assert "Nothing logged in these 7 days" in drawn(series)


def test_no_goals_at_all() -> None:
    views = [today(1800, goal=None) for _ in DATES]
    series = series_from(DATES, views, {DATES[0]: 70.0, DATES[6]: 69.0}, None)
    assert series.calorie_goal is None and series.weight_goal is None
    text = drawn(series)
    assert "1,800 kcal a day on average (every day)." in text
    assert "goal" not in text


def test_a_slip_far_out_of_range_neither_breaks_the_chart_nor_moves_the_trend() -> None:
    views = [today(k) for k in (1900, 2100, 100000, 2000, None, 1800, 2000)]
    weights = {DATES[0]: 80.0, DATES[2]: 8.0, DATES[4]: 79.0, DATES[6]: 650.0}
    series = series_from(DATES, views, weights, 75.0)
    assert series.calories[2] == 100000 and series.calories[4] is None
    assert series.weight[2] == 8.0  # drawn as it was logged...
    # ...but it does not drag the trend, which is the line through 80 and 79 (and stays at
    # the last real weighing after it)
    assert series.trend[2] == pytest.approx(79.5)
    assert series.trend[6] == series.trend[4] == pytest.approx(79.0)
    drawn(series)


def test_answers_of_the_wrong_shape_are_read_as_missing() -> None:
    views = [
        lenient(TodayView, {"nutrition": {"entries": 2, "totals": {"calories": "lots"}}}),
        lenient(TodayView, {"checkin": {"mood": 9, "energy": 3.5, "sleepQuality": "good"}}),
        lenient(TodayView, {"supplements": {"items": [{"name": None, "taken": True}, "x"]}}),
        lenient(TodayView, []),
        today(float("nan")),
        today(-5),
        today(1500, goal="none"),
    ]
    series = series_from(DATES, views, {}, None)
    assert series.calories == (None, None, None, None, None, None, 1500)
    assert series.mood[1] is None and series.energy[1] is None and series.sleep[1] is None
    assert series.supplements == ()
    drawn(series)


def test_a_month_with_one_sleep_rating() -> None:
    dates = [LAST - dt.timedelta(days=29 - n) for n in range(30)]
    views = [today() for _ in dates]
    views[10] = today(checkin={"sleepQuality": 4})
    series = series_from(dates, views, {}, None)
    assert "Sleep 4/5" in drawn(series)


def test_weights_before_the_range_seed_the_trend() -> None:
    """The trend at the range's start carries the weeks before it, not one noisy weighing:
    with so few weighings it is the straight line that fits all three."""
    earlier = LAST - dt.timedelta(days=20)
    weights = {earlier: 80.0, DATES[0]: 82.0, DATES[6]: 79.0}
    series = series_from(DATES, [today() for _ in DATES], weights, None)
    slope, intercept = statistics.linear_regression([0, 14, 20], [80.0, 82.0, 79.0])
    assert series.trend[0] == pytest.approx(intercept + 14 * slope)
    assert series.trend[6] == pytest.approx(intercept + 20 * slope)
    assert 80 < series.trend[0] < 81  # not the 82 weighed that day
    change = series.trend[6] - series.trend[0]
    assert f"−{abs(change):.1f} kg by the trend" in drawn(series)
