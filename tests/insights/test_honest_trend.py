"""The weight chart tells the truth: with a few weigh-ins the trend follows them (it does not
hover above every point while the text answer says the weight fell), long series are still
smoothed, the axes carry their units, the zone reads as people say it and /month names its
month. Through the real bot where a person would see it."""

from __future__ import annotations

import datetime as dt
import itertools
import re
import statistics
from typing import Any

import pytest

from bot.agent_api.actions import WeightLog
from bot.agent_api.client import AgentApiClient
from bot.agent_api.views import TodayView, lenient
from bot.insights.series import TREND_SMOOTHING, series_from
from bot.kernel.readers import DEFAULT
from bot.render import charts
from bot.render.format import to_plain
from tests.fixtures.sandbox import RunningSandbox

ADA = 4343
# 08:00 in Berlin on Sunday 22 Nov 2026: the week is Mon 16 to Sun 22.
SUNDAY_MORNING = dt.datetime(2026, 11, 22, 7, 0, tzinfo=dt.UTC)
SUNDAY = dt.date(2026, 11, 22)
WEEK = [SUNDAY - dt.timedelta(days=6 - n) for n in range(7)]
FALLING = {WEEK[3]: 83.0, WEEK[4]: 82.6, WEEK[5]: 82.1, WEEK[6]: 81.8}


def nothing_else(dates: list[dt.date]) -> list[TodayView]:
    return [lenient(TodayView, {}) for _ in dates]


def kg_in(text: str, before: str) -> float:
    """The signed number of kg written just before `before` ("−1.2 kg by the trend")."""
    found = re.search(r"([+−±])\s*([\d.]+) kg" + re.escape(before), text)
    assert found is not None, text
    sign = -1 if found.group(1) == "−" else 1
    return sign * float(found.group(2))


def test_four_falling_weighings_give_a_trend_that_falls_with_them() -> None:
    series = series_from(WEEK, nothing_else(WEEK), FALLING, None)
    points = [(t, w) for t, w in zip(series.trend, series.weight, strict=True) if w is not None]
    trend = [t for t in series.trend if t is not None]
    # the line goes through the weighings, not above every one of them
    assert not all(t > w for t, w in points)
    assert min(FALLING.values()) - 0.1 <= min(trend) <= max(trend) <= max(FALLING.values()) + 0.1
    assert trend[-1] == pytest.approx(81.8, abs=0.1)
    assert trend[-1] - trend[0] == pytest.approx(-1.2, abs=0.1)
    text = to_plain(charts.caption(series, streak=4, reader=DEFAULT))
    assert "−1.2 kg by the trend (now 81.8 kg)" in text


def test_a_long_series_is_still_smoothed_as_the_hackers_diet_does() -> None:
    """Past the first weighings the trend moves a tenth of the way to each new one."""
    dates = [SUNDAY - dt.timedelta(days=29 - n) for n in range(30)]
    swing = [0.8, -0.6, 0.3, -0.9, 0.5, 0.0, -0.4]
    weights = {
        SUNDAY - dt.timedelta(days=n): 80 + 0.05 * n + swing[n % len(swing)] for n in range(50)
    }
    series = series_from(dates, nothing_else(dates), weights, None)
    for before, after, kg in zip(series.trend, series.trend[1:], series.weight[1:], strict=False):
        assert kg is not None and before is not None
        assert after == pytest.approx(before + TREND_SMOOTHING * (kg - before))
    trend = [kg for kg in series.trend if kg is not None]
    weighed = [kg for kg in series.weight if kg is not None]
    moves = statistics.pstdev(b - a for a, b in itertools.pairwise(trend))
    swings = statistics.pstdev(b - a for a, b in itertools.pairwise(weighed))
    assert moves < swings / 5


def test_the_axes_carry_their_units_and_the_zone_reads_as_people_say_it() -> None:
    from bot.insights.draw import figure_of

    series = series_from(WEEK, nothing_else(WEEK), FALLING, 80.0)
    figure = figure_of(series, title="t", zone="Etc/UTC", reader=DEFAULT)
    calories, weight = figure.axes[0], figure.axes[1]
    assert "kcal" in calories.get_ylabel()
    assert "kg" in weight.get_ylabel()
    texts = [text.get_text() for text in figure.texts]
    assert not any("Etc/" in text for text in texts)
    assert any("UTC" in text for text in texts)
    assert "Etc" not in charts.days_in("Etc/UTC", DEFAULT) and "UTC" in charts.days_in(
        "Etc/UTC", DEFAULT
    )
    assert "Berlin time" in charts.days_in("Europe/Berlin", DEFAULT)
    assert "Buenos Aires time" in charts.days_in("America/Argentina/Buenos_Aires", DEFAULT)
    assert "UTC+02:00" in charts.days_in("Etc/GMT-2", DEFAULT)


async def test_week_and_month_through_the_bot_agree_with_the_text_answer(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    key = await sandbox.add_user("Ada", "Europe/Berlin")
    bot = await harness_factory(start=SUNDAY_MORNING, agent_api_base_url=sandbox.url)
    await bot.say(ADA, f"/connect {key}")
    await bot.say(ADA, "/timezone Europe/Berlin")
    client = AgentApiClient(sandbox.url, key, http=bot.assistant.resources.http)
    await client.ingest([WeightLog(date=day, weight_kg=kg) for day, kg in FALLING.items()])

    week = await bot.say(ADA, "/week")
    assert week.photo is not None
    caption = to_plain(week.text)
    assert "−1.2 kg by the trend (now 81.8 kg)" in caption

    answer = await bot.say(ADA, "what did I weigh this week?")
    assert answer.photo is None
    said = kg_in(to_plain(answer.text), " (")
    assert said == pytest.approx(-1.2, abs=0.05)
    assert kg_in(caption, " by the trend") == pytest.approx(said, abs=0.1)

    month = await bot.say(ADA, "/month")
    assert month.photo is not None
    assert "October" in month.text and "November 2026" in month.text
