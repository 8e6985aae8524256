"""What a chart plots: one value per day of a range, read from the service.

A day with nothing logged in an area is None there, never 0: a chart leaves it empty and an
average skips it, so a forgotten day does not read as a fast.

The weight trend is the one of John Walker's "The Hacker's Diet": an exponentially weighted
moving average that smooths out the day-to-day swing of water and food in the gut,

    trend_t = trend_{t-1} + 0.1 * (w_t - trend_{t-1})

Such an average remembers about its last ten weighings (1 / 0.1), so over fewer it is mostly
whatever it started from: seeded by the first weighing, 83.0 -> 82.6 -> 82.1 -> 81.8 kg would
end at 82.8 kg, above the last three, "down 0.2 kg" while the scale says down 1.2. So until
there are `LINE_UNTIL` weighings the trend is the straight line that fits them best (least
squares, by date); from then on the average takes over, starting where the line ends. A
person with fewer weighings sees the line through them; a long series is smoothed.

Days without a weight leave the average where it was; the fitted line runs through them but
is not carried on past its last weighing (no weight is foretold: after it the trend stays
where the line ended). A weighing more than `OUTLIER_SHARE` away from the median of the
weights read (a slip such as 7.8 for 78) is still drawn but neither moves the trend nor
counts as a weighing.

So that the first days of a range do not rest on one noisy weighing, weights from
`WARMUP_DAYS` before the range feed the trend too (in the same request); the change the
caption reports is the trend's, from the range's first day with a trend to its last.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.agent_api.client import AgentApiClient
from bot.agent_api.views import TodayView, WeightPoint, lenient
from bot.kernel.readers import KG_PER_LB, KJ_PER_KCAL, Reader

TREND_SMOOTHING = 0.1  # the Hacker's Diet's 10 %
LINE_UNTIL = 10  # weighings fitted by a straight line before the average takes over
WARMUP_DAYS = 28  # weights before the range that seed the trend
MAX_DAYS = 366  # the longest range the service's histories serve
OUTLIER_SHARE = 0.2  # a weighing this far from the median is a slip, not a change
READS_AT_ONCE = 4  # day reads in flight together: quick, without flooding the service


@dataclass(frozen=True)
class Series:
    """Per-day values over `days` (ascending, the person's lived days); None: nothing logged."""

    days: tuple[dt.date, ...]
    calories: tuple[float | None, ...]
    protein: tuple[float | None, ...]
    carbs: tuple[float | None, ...]
    fat: tuple[float | None, ...]
    weight: tuple[float | None, ...]  # the day's weighing (the last one logged that day)
    trend: tuple[float | None, ...]  # the Hacker's Diet trend at the end of each day
    mood: tuple[int | None, ...]
    energy: tuple[int | None, ...]
    sleep: tuple[int | None, ...]
    supplements: tuple[tuple[str, int], ...]  # each stack item and the days it was taken
    logged: tuple[bool, ...]  # anything at all logged that day
    calorie_goal: float | None = None
    weight_goal: float | None = None

    @property
    def logged_days(self) -> int:
        return sum(self.logged)


def in_units(series: Series, reader: Reader) -> Series:
    """`series` with its energies (kcal) and body weights (kg) in the reader's units, as
    drawn for them; the macros stay grams (only their shares are drawn)."""
    energy = KJ_PER_KCAL if reader.energy == "kJ" else 1.0
    weight = 1 / KG_PER_LB if reader.weight == "lb" else 1.0
    if energy == 1.0 and weight == 1.0:
        return series

    def scaled(values: Sequence[float | None], factor: float) -> tuple[float | None, ...]:
        return tuple(None if v is None else v * factor for v in values)

    return replace(
        series,
        calories=scaled(series.calories, energy),
        weight=scaled(series.weight, weight),
        trend=scaled(series.trend, weight),
        calorie_goal=None if series.calorie_goal is None else series.calorie_goal * energy,
        weight_goal=None if series.weight_goal is None else series.weight_goal * weight,
    )


def trend_of(
    weights: Sequence[float | None], *, typical: float | None = None
) -> list[float | None]:
    """The trend at the end of each day of `weights` (one value a day, None: not weighed),
    as the module's docstring says; None before the first weighing. A weight further than
    `OUTLIER_SHARE` from `typical` (when given) is skipped."""
    kept = [
        (day, kg)
        for day, kg in enumerate(weights)
        if kg is not None and not (typical and abs(kg - typical) > OUTLIER_SHARE * typical)
    ]
    if not kept:
        return [None] * len(weights)
    counted = {day for day, _ in kept}
    fitted = kept[:LINE_UNTIL]
    if len(fitted) > 1:
        slope, intercept = statistics.linear_regression(
            [day for day, _ in fitted], [kg for _, kg in fitted]
        )
    else:
        slope, intercept = 0.0, fitted[0][1]
    first, line_ends = fitted[0][0], fitted[-1][0]
    trend: float | None = None
    out: list[float | None] = []
    for day, kg in enumerate(weights):
        if day >= first:
            if day <= line_ends:
                trend = intercept + slope * day
            elif kg is not None and day in counted and trend is not None:
                trend += TREND_SMOOTHING * (kg - trend)
        out.append(trend)
    return out


def _finite(value: float | None, *, low: float = 0.0) -> float | None:
    """A number a chart can draw: finite and not below `low`; anything else is missing."""
    if value is None or not math.isfinite(value) or value < low:
        return None
    return float(value)


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _rating(value: Any) -> int | None:
    """A check-in rating the strip can shade: an integer from 1 to 5, else missing."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 5:
        return value
    return None


def _weights_by_day(data: Any) -> tuple[dict[dt.date, float], float | None]:
    """The weight history as {day: the last weight logged that day}, and the goal."""
    records = data.get("records") if isinstance(data, dict) else None
    by_day: dict[dt.date, float] = {}
    for raw in records if isinstance(records, list) else []:
        point = lenient(WeightPoint, raw)
        kg = _finite(point.weight_kg)
        if point.date is not None and kg is not None and kg > 0:
            by_day[point.date] = kg  # records come by date, then as logged: the last one wins
    goal = data.get("goalKg") if isinstance(data, dict) else None
    goal_kg = _finite(_number(goal))
    return by_day, goal_kg if goal_kg else None


def _day_range(last_day: dt.date, days: int) -> list[dt.date]:
    days = max(1, min(days, MAX_DAYS))
    return [last_day - dt.timedelta(days=back) for back in range(days - 1, -1, -1)]


async def read_series(client: AgentApiClient, *, last_day: dt.date, days: int) -> Series:
    """The range's values: one `GET /today` a day (nutrition totals and goals, the check-in,
    the supplements' marks: the service has no range for nutrition or supplements) and one
    `GET /weight` for the whole range and its warm-up, `days + 1` requests in all."""
    dates = _day_range(last_day, days)
    gate = asyncio.Semaphore(READS_AT_ONCE)

    async def day_view(day: dt.date) -> TodayView:
        async with gate:
            return lenient(TodayView, await client.today_raw(day))

    views_and_weights = await asyncio.gather(
        asyncio.gather(*(day_view(day) for day in dates)),
        client.weight(dates[0] - dt.timedelta(days=WARMUP_DAYS), dates[-1]),
    )
    views: Sequence[TodayView] = views_and_weights[0]
    weights, weight_goal = _weights_by_day(views_and_weights[1])
    return series_from(dates, views, weights, weight_goal)


def series_from(
    dates: Sequence[dt.date],
    views: Sequence[TodayView],
    weights: dict[dt.date, float],
    weight_goal: float | None,
) -> Series:
    """The series of `dates` from their day views and the weight history (pure, for tests)."""
    eaten = [_eaten(view) for view in views]
    ratings = [_ratings(view) for view in views]
    taken: dict[str, int] = {}
    any_taken = [_count_taken(view, taken) for view in views]
    goals = [day.goal for day in eaten if day.goal]
    day_weights = [weights.get(day) for day in dates]
    logged = [
        day.ate or any(r is not None for r in rated) or took or kg is not None
        for day, rated, took, kg in zip(eaten, ratings, any_taken, day_weights, strict=True)
    ]
    return Series(
        days=tuple(dates),
        calories=tuple(day.calories for day in eaten),
        protein=tuple(day.protein for day in eaten),
        carbs=tuple(day.carbs for day in eaten),
        fat=tuple(day.fat for day in eaten),
        weight=tuple(day_weights),
        trend=tuple(_trend_over(dates, weights)),
        mood=tuple(rated[0] for rated in ratings),
        energy=tuple(rated[1] for rated in ratings),
        sleep=tuple(rated[2] for rated in ratings),
        supplements=tuple(taken.items()),
        logged=tuple(logged),
        calorie_goal=goals[-1] if goals else None,  # goals are per person: the latest day's wins
        weight_goal=weight_goal,
    )


@dataclass(frozen=True)
class _Eaten:
    """A day's food: whether anything was logged, its totals (None where nothing was eaten)
    and the calorie goal it was read with."""

    ate: bool
    calories: float | None
    protein: float | None
    carbs: float | None
    fat: float | None
    goal: float | None


def _eaten(view: TodayView) -> _Eaten:
    nutrition = view.nutrition
    goals = nutrition.goals if nutrition is not None else None
    goal = _finite(goals.calories) if goals is not None else None
    totals = nutrition.totals if nutrition is not None else None
    ate = bool(nutrition is not None and nutrition.entries)
    if not ate or totals is None:
        return _Eaten(ate, None, None, None, None, goal)
    return _Eaten(
        ate,
        calories=_finite(totals.calories),
        protein=_finite(totals.protein),
        carbs=_finite(totals.carbs),
        fat=_finite(totals.fat),
        goal=goal,
    )


def _ratings(view: TodayView) -> tuple[int | None, int | None, int | None]:
    """A day's mood, energy and sleep, as rated at its check-in."""
    checkin = view.checkin
    if checkin is None:
        return None, None, None
    return _rating(checkin.mood), _rating(checkin.energy), _rating(checkin.sleep_quality)


def _count_taken(view: TodayView, taken: dict[str, int]) -> bool:
    """Counts a day's supplements into `taken` (every one named, taken or not); whether any
    was taken that day."""
    items = view.supplements.items if view.supplements is not None else None
    any_taken = False
    for item in items or []:
        name = (item.name or "").strip()
        if not name:
            continue
        taken.setdefault(name, 0)
        if item.taken is True:
            taken[name] += 1
            any_taken = True
    return any_taken


def _trend_over(dates: Sequence[dt.date], weights: dict[dt.date, float]) -> list[float | None]:
    """The trend runs over every day from the first weighing read (the warm-up's, often) to
    the range's last, and the range keeps its own tail of it."""
    start = min([dates[0], *weights])
    every_day = [start + dt.timedelta(days=n) for n in range((dates[-1] - start).days + 1)]
    typical = statistics.median(weights.values()) if weights else None
    return trend_of([weights.get(day) for day in every_day], typical=typical)[-len(dates) :]
